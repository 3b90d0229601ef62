package passes

import "reuselab/ir"

// state is what the passes share besides the graph: which build nodes are
// alive, where a dead node's readers went, and the provenance D4 asks for.
// Node ids stay build ids until reindex runs, because no pass adds or moves a
// node before it.
type state struct {
	g     *ir.Graph
	alive []bool
	// canon[i] is the node i's readers were sent to when i died by a merge
	// (dedupe) or an identity-mask removal (swizzles); i itself otherwise.
	// Follow it with resolve: the chains form a forest.
	canon []int32
	fates []ir.Fate
	notes []ir.Note
	pass  string // the pass running now
	round int    // the round running now; 0 outside the rounds

	// final maps a build id to its index in the re-indexed graph (-1 when
	// dead); nil until reindex runs.
	final []int

	keys  keyTable // dedupe's table, reused from round to round
	buf   []byte   // dedupe's key buffer
	stack []int32  // prune's work list
}

// cloneGraph deep-copies g as ir.Graph.Clone does, but into a few slabs (one
// array of nodes, one of operands, one of properties…) instead of five or
// six allocations per node: the passes then walk memory in order, and a
// 100k-node graph costs a dozen allocations instead of half a million. Every
// slice is cut with its capacity equal to its length, so an append to one
// node's slice reallocates instead of writing over the next node's.
func cloneGraph(g *ir.Graph) *ir.Graph {
	c := *g
	c.Settings = append([]ir.Setting(nil), g.Settings...)
	c.Regions = append([]ir.Region(nil), g.Regions...)
	c.Layout = append([]ir.LayoutHint(nil), g.Layout...)
	c.Inputs = append([]int(nil), g.Inputs...)
	c.Outputs = append([]int(nil), g.Outputs...)
	var nOps, nPins, nProps, nNums, nOuts int
	for _, n := range g.Nodes {
		nOps += len(n.Operands)
		nPins += len(n.Pins)
		nProps += len(n.Props)
		nOuts += len(n.Outputs)
		for _, p := range n.Props {
			nNums += len(p.Value.Nums)
		}
	}
	nodes := make([]ir.Node, len(g.Nodes))
	ops := make([]ir.Ref, 0, nOps)
	pins := make([]ir.Pin, 0, nPins)
	props := make([]ir.Prop, 0, nProps)
	nums := make([]float64, 0, nNums)
	outs := make([]ir.Output, 0, nOuts)
	c.Nodes = make([]*ir.Node, len(g.Nodes))
	for i, n := range g.Nodes {
		m := &nodes[i]
		*m = *n
		m.Operands = slab(&ops, n.Operands)
		m.Pins = slab(&pins, n.Pins)
		m.Outputs = slab(&outs, n.Outputs)
		m.Props = slab(&props, n.Props)
		for k := range m.Props {
			m.Props[k].Value.Nums = slab(&nums, m.Props[k].Value.Nums)
		}
		c.Nodes[i] = m
	}
	return &c
}

// slab appends xs to *pool and returns the copy, with capacity = length; nil
// stays nil.
func slab[T any](pool *[]T, xs []T) []T {
	if xs == nil {
		return nil
	}
	start := len(*pool)
	*pool = append(*pool, xs...)
	return (*pool)[start:len(*pool):len(*pool)]
}

func newState(g *ir.Graph) *state {
	n := len(g.Nodes)
	s := &state{g: g, alive: make([]bool, n), canon: make([]int32, n), fates: make([]ir.Fate, n)}
	for i := range n {
		s.alive[i] = true
		s.canon[i] = int32(i)
		s.fates[i] = ir.Fate{Kind: ir.Kept, Final: i, Into: i}
	}
	return s
}

// isAlive reports whether i is a live node (a live node is its own
// canonical node).
func (s *state) isAlive(i int) bool { return i >= 0 && i < len(s.alive) && s.alive[i] }

// resolve follows i's merge chain to the live node (or the last node) it ends
// at, compressing the path on the way.
func (s *state) resolve(i int) int {
	if i < 0 || i >= len(s.canon) {
		return i
	}
	root := i
	for int(s.canon[root]) != root {
		root = int(s.canon[root])
	}
	for int(s.canon[i]) != root {
		next := int(s.canon[i])
		s.canon[i] = int32(root)
		i = next
	}
	return root
}

// canonicalise points every operand and pin of n that reads a dead node at
// the node it resolves to (dedupe and dedupe-1x key nodes by their
// operands' ids, so those must be the survivors').
func (s *state) canonicalise(n *ir.Node) {
	for k, r := range n.Operands {
		if r.Valid() && !s.isAlive(r.Node) {
			n.Operands[k].Node = s.resolve(r.Node)
		}
	}
	for k, p := range n.Pins {
		if p.Ref.Valid() && !s.isAlive(p.Ref.Node) {
			n.Pins[k].Ref.Node = s.resolve(p.Ref.Node)
		}
	}
}

// merge kills i and sends its readers to into (R6: into is the survivor).
func (s *state) merge(i, into int) {
	s.alive[i] = false
	s.canon[i] = int32(into)
	s.fates[i] = ir.Fate{Kind: ir.Merged, Final: -1, Into: into, Pass: s.pass, Round: s.round}
}

// mark records that the current pass changed live node i in place.
func (s *state) mark(i int, kind ir.FateKind) {
	s.fates[i] = ir.Fate{Kind: kind, Final: i, Into: i, Pass: s.pass, Round: s.round}
}

// kill drops i: nothing reaches it.
func (s *state) kill(i int) {
	s.alive[i] = false
	s.fates[i] = ir.Fate{Kind: ir.Pruned, Final: -1, Into: i, Pass: s.pass, Round: s.round}
}

// finish fills the provenance of res: every build node's final index, the
// survivor of every merge, the spans of every survivor (D4), the notes.
func (s *state) finish(res *ir.Result) {
	if s.final == nil { // mode "off": nothing ran, nothing moved
		s.final = make([]int, len(s.alive))
		for i := range s.final {
			s.final[i] = i
		}
	}
	res.Graph = s.g
	res.Notes = s.notes
	res.Fates = s.fates
	for i := range res.Fates {
		f := &res.Fates[i]
		switch {
		case s.alive[i]:
			f.Final = s.final[i]
		case f.Kind == ir.Merged:
			f.Into = s.resolve(i)
			f.Final = -1
			if s.alive[f.Into] {
				f.Final = s.final[f.Into]
			}
		default:
			f.Final = -1
		}
	}
	// Spans[k]: the survivor's own span first, then the spans of every build
	// node merged into it (by dedupe, or an identity mask into its source),
	// in build order.
	count := make([]int, len(s.g.Nodes)) // spans per final node, one slab for all
	for _, f := range res.Fates {
		if f.Final >= 0 {
			count[f.Final]++
		}
	}
	slabSpans := make([]ir.Span, 0, len(res.Fates))
	res.Spans = make([][]ir.Span, len(s.g.Nodes))
	for k, n := range s.g.Nodes {
		start := len(slabSpans)
		slabSpans = append(slabSpans, n.Span)
		res.Spans[k] = slabSpans[start : start+1 : start+count[k]]
		slabSpans = slabSpans[:start+count[k]]
	}
	for i, f := range res.Fates {
		if f.Kind == ir.Merged && f.Final >= 0 {
			res.Spans[f.Final] = append(res.Spans[f.Final], res.Build.Nodes[i].Span)
		}
	}
}
