package bench

import (
	"testing"

	"reuselab/bench/internal/benchtest"
	"reuselab/ir"
)

func TestTile(t *testing.T) {
	base := benchtest.RandomGraph("M_Base", 7)
	g := Tile(base, 10*base.Len())
	if g.Len() < 10*base.Len() || g.Len() > 12*base.Len() {
		t.Errorf("tiled %d nodes from a base of %d, want about 10 copies", g.Len(), base.Len())
	}
	for _, n := range g.Nodes {
		n.Inputs(func(r ir.Ref) {
			if r.Node >= n.ID {
				t.Fatalf("node %d reads %d: not in topological order", n.ID, r.Node)
			}
		})
	}
	// The base's sink reads three values: three FunctionOutputs per copy.
	if len(g.Outputs)%3 != 0 || len(g.Outputs) < 30 {
		t.Errorf("%d outputs", len(g.Outputs))
	}
	// Copies merge their parameters but not their constants, so a reuse
	// engine keeps roughly one survivor set per copy.
	r := benchtest.Dedupe("2.0").Run(g, ir.Limits{})
	one := benchtest.Dedupe("2.0").Run(Tile(base, 1), ir.Limits{})
	if r.Graph.Len() < 9*one.Graph.Len()-20 {
		t.Errorf("tiled graph reduced to %d nodes; one copy to %d", r.Graph.Len(), one.Graph.Len())
	}
}
