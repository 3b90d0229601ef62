package facts

import (
	"slices"
	"testing"

	"reuselab/ir"
	"reuselab/ir/irgen"
)

// Uses serves each node's uses/2 as the schema does from the node
// (operands, then named inputs, each node once), and nothing for a graph
// that is not the store's or a node out of range.
func TestUsesIsWhatTheNodeReads(t *testing.T) {
	g := irgen.Generate(irgen.Config{Seed: 3, Nodes: 400, DupRate: 0.3})
	// a node that reads one node twice, through an operand and a pin
	n := g.Nodes[len(g.Nodes)-1]
	n.Pins = append(n.Pins, ir.Pin{Name: "Again", Ref: ir.Ref{Node: 0}}, ir.Pin{Name: "Twice", Ref: ir.Ref{Node: 0}})
	s := NewStore(g)
	for i, n := range g.Nodes {
		var want []int32
		readNodes(n, func(x int) { want = append(want, int32(x)) })
		got, ok := s.Uses(g, i)
		if !ok || !slices.Equal(got, want) {
			t.Fatalf("node %d: Uses %v, %v; the node reads %v", i, got, ok, want)
		}
	}
	got, _ := s.Uses(g, len(g.Nodes)-1)
	zeros := 0
	for _, x := range got {
		if x == 0 {
			zeros++
		}
	}
	if zeros != 1 {
		t.Errorf("node 0, read through two pins, is used %d times: %v", zeros, got)
	}
	if _, ok := s.Uses(&ir.Graph{Nodes: g.Nodes}, 0); ok {
		t.Error("Uses answered for a graph that is not the store's")
	}
	if _, ok := s.Uses(g, len(g.Nodes)); ok {
		t.Error("Uses answered for a node out of range")
	}
	var none *Store
	if _, ok := none.Uses(g, 0); ok {
		t.Error("a nil store answered")
	}
}
