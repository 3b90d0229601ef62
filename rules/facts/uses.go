package facts

import (
	"math"

	"reuselab/ir"
)

// Uses is the nodes node x of g reads, as uses/2 serves them (operands,
// then named inputs, each node once), from an index the store builds on
// first use in one pass over the nodes in id order: the prune's walk from
// the roots reads nodes in no order, and a node, its operands and its
// named inputs were three cache misses a node of a large graph. ok is
// false when g is not the store's graph or x not its node.
func (s *Store) Uses(g *ir.Graph, x int) (nodes []int32, ok bool) {
	if s == nil || g == nil || g != s.g || x < 0 || x >= s.n || s.n >= math.MaxInt32 {
		return nil, false
	}
	if s.usesAt == nil {
		s.indexUses()
	}
	return s.usesTo[s.usesAt[x]:s.usesAt[x+1]], true
}

func (s *Store) indexUses() {
	at := make([]int32, s.n+1)
	edges := 0
	for _, n := range s.g.Nodes[:s.n] {
		edges += len(n.Operands) + len(n.Pins)
	}
	to := make([]int32, 0, edges)
	for i, n := range s.g.Nodes[:s.n] {
		at[i] = int32(len(to))
		readNodes(n, func(x int) {
			if x >= 0 && x <= math.MaxInt32 {
				to = append(to, int32(x))
			}
		})
	}
	at[s.n] = int32(len(to))
	s.usesAt, s.usesTo = at, to
}
