package main

import (
	"errors"
	"fmt"

	"reuselab/compiler/dss"
	"reuselab/ir"
)

// Mode 1x (and the legacy-1x pack that mirrors it) replays how the 1.5
// generator shared nodes. 1.5 never read a `.dss`, so on a 2.0 source there
// is nothing to replay: the commands say so (DSH9058, a tool refusal, code
// and wording from dss.CheckReuseMode) instead of printing a guess.

// errNo1x is the refusal for a graph that did not come from a 1.x block.
var errNo1x = errors.New("DSH9058: --reuse 1x replays the 1.5 generator, which never read a .dss")

// check1xGraph refuses mode 1x on g unless g was built from a 1.x block
// (compiler/outputs.go marks every such product Legacy; a `.dss` product
// never is). The bench's per-graph variants have no path to go by.
func check1xGraph(g *ir.Graph) error {
	if g.Legacy {
		return nil
	}
	return fmt.Errorf("asset %q: %w", g.Name, errNo1x)
}

// has1x reports whether mode 1x means something for path.
func has1x(path string) bool {
	ds := dss.CheckReuseMode(path, "1x")
	return !ds.HasErrors()
}
