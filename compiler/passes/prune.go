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
	if cap(s.reached) < len(g.Nodes) {
		s.reached = make([]uint8, len(g.Nodes))
	}
	reached := s.reached[:len(g.Nodes)]
	if !markInOrder(g, s, reached) {
		markAnyOrder(g, s, reached)
	}

	removed := 0
	for i := range g.Nodes {
		// One test of "alive and not reached", not a branch on each: after
		// the merges half the nodes are dead, in no order a branch
		// predictor learns, and the sweep kills a few percent.
		if bit(s.alive[i])&^reached[i] == 0 {
			continue
		}
		if report && s.has(i, flagParam) {
			note := ir.UnreadParameterNote(g.Nodes[i])
			note.Node = i
			s.notes = append(s.notes, note)
		}
		s.kill(i)
		removed++
	}
	return removed
}

// markInOrder marks in reached the live nodes the roots reach, in one scan
// from the last node to the first with no work list: every read names an
// earlier node (the graph is in build order, and merges and composed masks
// only point further back), so a node's readers have all been scanned when
// the scan gets to it. It reports false, its marks unfinished, at a read of
// a later node (a graph outside the IR contract, which only tests build).
func markInOrder(g *ir.Graph, s *state, reached []uint8) bool {
	clear(reached)
	for i := len(g.Nodes) - 1; i >= 0; i-- {
		if !s.alive[i] || reached[i] == 0 && s.has(i, flagValue) {
			continue
		}
		reached[i] = 1
		for _, r := range s.reads(i) {
			if r < 0 {
				continue
			}
			to := int(r)
			if int(r) < len(s.alive) && !s.alive[r] { // merged: its readers go where it went
				to = s.resolve(to)
			}
			if to >= i {
				return false
			}
			reached[to] = 1
		}
	}
	return true
}

// bit is b as 0 or 1, which the compiler makes without a branch.
func bit(b bool) uint8 {
	var x uint8
	if b {
		x = 1
	}
	return x
}

// markAnyOrder marks in reached the live nodes the roots reach, whatever
// the order of the reads, by a search with a work list.
func markAnyOrder(g *ir.Graph, s *state, reached []uint8) {
	clear(reached)
	var stack []int32
	push := func(i int) {
		i = s.resolve(i)
		if i >= 0 && i < len(g.Nodes) && s.alive[i] && reached[i] == 0 {
			reached[i] = 1
			stack = append(stack, int32(i))
		}
	}
	for i := range g.Nodes {
		if s.alive[i] && !s.has(i, flagValue) {
			push(i)
		}
	}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, r := range s.reads(int(i)) {
			if r >= 0 {
				push(int(r))
			}
		}
	}
}

// reindex makes the graph Run returns: the live nodes, copied in build
// order into one slab (the one copy Run makes; the build graph is never
// written), every operand, pin, the sink and the function's inputs and
// outputs pointed at the new indices, following merges first. A node's
// properties and outputs are not copied: the new node shares them with
// the node it was made from (ir.Result: nothing writes them). A live
// node's new index is its fate's Final. Its count is the number of dead
// slots dropped.
func reindex(g *ir.Graph, s *state) int {
	// When every read names an earlier node, one scan numbers the live
	// nodes, copies them and settles the dead ones' fates (what finish
	// would do): a read's node has its number before its reader is copied.
	// Otherwise the numbers come first.
	if !s.backward {
		kept := 0
		for i := range g.Nodes {
			if s.alive[i] {
				s.fates[i].Final = int32(kept)
				kept++
			}
		}
	}
	s.settled = s.backward
	remap := s.newIndex
	out := *g
	out.Settings = append([]ir.Setting(nil), g.Settings...)
	out.Regions = append([]ir.Region(nil), g.Regions...)
	out.Layout = append([]ir.LayoutHint(nil), g.Layout...)
	nodes := make([]ir.Node, s.live)
	// The operands and pins go into chunks, not one exact slab: counting
	// them first would read every node with pins twice.
	var ops []ir.Ref
	var pins []ir.Pin
	chunk := chunkFor(len(s.refs)) // the build's reads: at least the survivors' operands and pins
	out.Nodes = make([]*ir.Node, s.live)
	kept := int32(0)
	for i, n := range g.Nodes {
		if !s.alive[i] {
			if s.backward {
				s.settle(i)
			}
			continue
		}
		// A live node's fate may be as newState left it (zero: Kept by no
		// pass), so its Into is set here too.
		s.fates[i].Final, s.fates[i].Into = kept, int32(i)
		k := kept
		kept++
		m := &nodes[k]
		*m = *n
		if b := s.build.Nodes[i]; b != n { // a folded or rewritten node: the build's span and name
			m.Span, m.Debug = b.Span, b.Debug
		}
		m.ID = int(k)
		rs := s.reads(i)
		if len(n.Operands) == 0 {
			m.Operands = n.Operands[:0:0]
		} else {
			m.Operands = take(&ops, len(n.Operands), chunk)
			for j, r := range n.Operands {
				if to := int(rs[j]); to >= 0 { // an absent slot stays as the build wrote it
					if to < len(s.alive) && s.alive[to] { // as nearly every read is once the rounds are done
						r.Node = int(s.fates[to].Final)
					} else {
						r.Node = s.newIndex(to)
					}
				}
				m.Operands[j] = r
			}
		}
		// A named input's slot in refs only ever moves along its merge
		// chain (canonicalise), so the pin maps as it was built: no need
		// to find its slot in ir.PinOrder.
		m.Pins = copyInto(&pins, n.Pins, chunk)
		for p := range m.Pins {
			if r := m.Pins[p].Ref.Node; r >= 0 {
				m.Pins[p].Ref.Node = s.newIndex(r)
			}
		}
		out.Nodes[k] = m
	}
	dropped := len(g.Nodes) - int(kept)
	if out.Sink >= 0 {
		out.Sink = remap(out.Sink)
	}
	out.Inputs = remapList(g.Inputs, remap)
	out.Outputs = remapList(g.Outputs, remap)
	s.g = &out
	s.reindexed = true
	return dropped
}

// newIndex is the index in reindex's graph of what build node i has
// become: itself, the survivor it was merged into, or none (-1).
func (s *state) newIndex(i int) int {
	if i < 0 || i >= len(s.alive) {
		return -1
	}
	if r := s.resolve(i); s.alive[r] {
		return int(s.fates[r].Final)
	}
	return -1
}

// remapList is ids through remap, into a new list, without the ids that
// remap drops.
func remapList(ids []int, remap func(int) int) []int {
	if ids == nil {
		return nil
	}
	out := make([]int, 0, len(ids))
	for _, id := range ids {
		if k := remap(id); k >= 0 {
			out = append(out, k)
		}
	}
	return out
}
