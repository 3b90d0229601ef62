package main

import (
	"fmt"

	"reuselab/compiler/dss"
	"reuselab/ir"
)

// Mode 1x (and the legacy-1x pack that mirrors it) replays how the 1.5
// generator shared nodes. 1.5 never read a `.dss`, so on a 2.0 source there
// is nothing to replay: the commands say so (DSH9058, a tool refusal, code
// and wording from ir.CodeNo1x and ir.MessageNo1x) instead of printing a guess.

// errNo1x is the refusal of a .dss named on the command line.
var errNo1x = fmt.Errorf("%s: %s", ir.CodeNo1x, ir.MessageNo1x)

// has1x reports whether mode 1x means something for path.
func has1x(path string) bool {
	ds := dss.CheckReuseMode(path, "1x")
	return !ds.HasErrors()
}
