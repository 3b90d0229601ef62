// Package corpus embeds the default benchmark corpus, so that `reuselab
// bench` with no argument works on a fresh machine: hand-written examples
// (examples/, each showing one reuse rule, including the node-reuse page's
// M_Reuse.dsm and the same example in 2.0 as M_Reuse.dss) and a set written
// by `reuselab gen` at fixed seeds, each program in 1.x (.dsm) and in 2.0
// (.dss) (generated/; regenerate with `go generate ./bench/corpus`).
package corpus

import "embed"

//go:generate go run ../../cmd/reuselab gen --preset embedded --out generated

// FS holds examples/ and generated/.
//
//go:embed examples generated
var FS embed.FS
