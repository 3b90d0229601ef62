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
	res.Spans = make([][]ir.Span, len(s.g.Nodes))
	for k, n := range s.g.Nodes {
		res.Spans[k] = []ir.Span{n.Span}
	}
	for i, f := range res.Fates {
		if f.Kind == ir.Merged && f.Final >= 0 {
			res.Spans[f.Final] = append(res.Spans[f.Final], res.Build.Nodes[i].Span)
		}
	}
}
