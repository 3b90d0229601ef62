//go:build tools

// Package tools pins the Jupyter Go kernel (GoNB) and the helpers it needs
// (goimports, gopls) so notebooks/run can build them with `go build` from
// this module; `go install pkg@version` is not usable here.
package tools

import (
	_ "github.com/janpfeifer/gonb"
	_ "golang.org/x/tools/cmd/goimports"
	_ "golang.org/x/tools/gopls"
)
