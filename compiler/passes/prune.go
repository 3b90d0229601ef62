package passes

import (
	"reuselab/ir"
)

// prune drops every live node no root reaches. The roots are the statements
// (MaterialSink, FunctionOutput, custom-output nodes) and the FunctionInputs,
// which are part of a function's signature whether read or not (R7). It runs
// before the rounds so that a leftover nothing reads (a literal the builder
// folded into a constructor, say) can never be the survivor of a merge and
// lend a live node its span and name. It reports nothing.
func prune(g *ir.Graph, s *state) int {
	return sweep(g, s, false)
}

// pruneFinal is prune after the rounds: merges and folds leave nodes unread.
// Every Parameter or TextureParameter it removes is an info DSH4390.
func pruneFinal(g *ir.Graph, s *state) int {
	return sweep(g, s, true)
}

func sweep(g *ir.Graph, s *state, report bool) int {
	reached := make([]bool, len(g.Nodes))
	stack := s.stack[:0]
	push := func(i int) {
		i = s.resolve(i)
		if i >= 0 && i < len(g.Nodes) && s.alive[i] && !reached[i] {
			reached[i] = true
			stack = append(stack, int32(i))
		}
	}
	for i, n := range g.Nodes {
		if s.alive[i] && n.Role != ir.RoleValue {
			push(i)
		}
	}
	for len(stack) > 0 {
		n := g.Nodes[stack[len(stack)-1]]
		stack = stack[:len(stack)-1]
		for _, r := range n.Operands {
			if r.Valid() {
				push(r.Node)
			}
		}
		for _, p := range n.Pins {
			if p.Ref.Valid() {
				push(p.Ref.Node)
			}
		}
	}
	s.stack = stack

	removed := 0
	for i, n := range g.Nodes {
		if !s.alive[i] || reached[i] {
			continue
		}
		if report && (n.Op == ir.OpParameter || n.Op == ir.OpTextureParameter) {
			note := ir.UnreadParameterNote(n)
			note.Node = i
			s.notes = append(s.notes, note)
		}
		s.kill(i)
		removed++
	}
	return removed
}

// reindex compacts the live nodes in build order and points every operand,
// pin, the sink and the function's inputs and outputs at the new indices,
// following merges first. Its count is the number of dead slots dropped.
func reindex(g *ir.Graph, s *state) int {
	final := make([]int, len(g.Nodes))
	kept := make([]*ir.Node, 0, len(g.Nodes))
	for i, n := range g.Nodes {
		final[i] = -1
		if s.alive[i] {
			final[i] = len(kept)
			kept = append(kept, n)
		}
	}
	remap := func(i int) int {
		if i < 0 || i >= len(final) {
			return -1
		}
		return final[s.resolve(i)]
	}
	for k, n := range kept {
		n.ID = k
		n.MapRefs(remap)
	}
	dropped := len(g.Nodes) - len(kept)
	g.Nodes = kept
	if g.Sink >= 0 {
		g.Sink = remap(g.Sink)
	}
	g.Inputs = remapList(g.Inputs, remap)
	g.Outputs = remapList(g.Outputs, remap)
	s.final = final
	return dropped
}

func remapList(ids []int, remap func(int) int) []int {
	out := ids[:0]
	for _, id := range ids {
		if k := remap(id); k >= 0 {
			out = append(out, k)
		}
	}
	return out
}
