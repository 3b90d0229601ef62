package passes

import "reuselab/ir"

// state is what the passes share besides the graph: which build nodes are
// alive, where a dead node's readers went, the provenance D4 asks for, and
// the reads of every node as the passes have rewritten them.
//
// The passes never write the build graph. s.g is a view of it: its own
// node array, whose entries point at the build's nodes until a pass changes
// one in place (fold, a composed swizzle), which first gets a private copy
// (own). The reads a pass redirects (dedupe's canonicalisation) live in
// refs, one compact array over all nodes, not in the nodes: reading node i's
// k-th operand is operand(i, k). Only reindex makes a graph of its own, the
// compact copy of the survivors that Result.Graph is. Node ids stay build ids
// until then, because no pass adds or moves a node before it.
type state struct {
	g     *ir.Graph // the view: g.Nodes[i] is build node i or its private copy
	build *ir.Graph // what Run was given; never written
	alive []bool
	// canon[i] is the node i's readers were sent to when i died by a merge
	// (dedupe) or an identity-mask removal (swizzles); i itself otherwise.
	// Follow it with resolve: the chains form a forest.
	canon []int32
	fates []ir.Fate
	notes []ir.Note
	pass  string // the pass running now
	round int    // the round running now; 0 outside the rounds

	// refs[lo[i]:lo[i+1]] are the nodes node i reads: its operands in
	// order, then its named inputs in stored order (the Out of each read
	// stays in the node). An absent slot is negative, as in ir.Ref. A
	// folded node reads nothing: its slots are -1.
	refs []int32
	lo   []int32

	// final maps a build id to its index in the re-indexed graph (-1 when
	// dead); nil until reindex runs.
	final []int32

	// changed[i] is the tick (one per pass run) at which node i or its
	// reads last changed; fold and swizzles revisit in a later round only
	// a node that changed or reads one that did since their last visit.
	changed   []int32
	konst     []bool // konst[i]: node i is a Constant (fold reads it first)
	tick      int32
	foldSeen  int32 // the tick of the last fold; 0 = none yet
	swizzSeen int32 // the tick of the last swizzles

	dd      dedupeState // dedupe's keys and tables, kept from round to round
	reached []bool      // prune's marks, reused by both prunes
	stack   []int32     // prune's work list
	slabs   slabs       // private nodes and the slices fold and swizzles write
}

func newState(g *ir.Graph) *state {
	n := len(g.Nodes)
	view := *g
	view.Nodes = append([]*ir.Node(nil), g.Nodes...)
	s := &state{g: &view, build: g, alive: make([]bool, n), canon: make([]int32, n), fates: make([]ir.Fate, n),
		lo: make([]int32, n+1), changed: make([]int32, n), konst: make([]bool, n)}
	nrefs := 0
	for i, nd := range g.Nodes {
		s.alive[i] = true
		s.canon[i] = int32(i)
		s.fates[i] = ir.Fate{Kind: ir.Kept, Final: i, Into: i}
		s.lo[i] = int32(nrefs)
		s.konst[i] = nd.Op == ir.OpConstant
		nrefs += len(nd.Operands) + len(nd.Pins)
	}
	s.lo[n] = int32(nrefs)
	s.refs = make([]int32, 0, nrefs)
	for _, nd := range g.Nodes {
		for _, r := range nd.Operands {
			s.refs = append(s.refs, clampID(r.Node))
		}
		for _, p := range nd.Pins {
			s.refs = append(s.refs, clampID(p.Ref.Node))
		}
	}
	return s
}

// clampID keeps a node id in int32: an id past it names no node either
// way (ir.Check reports it), and a negative one stays absent.
func clampID(id int) int32 {
	switch {
	case id < 0:
		return -1
	case id > 1<<31-2:
		return 1<<31 - 1
	}
	return int32(id)
}

// reads are the slots of node i in refs.
func (s *state) reads(i int) []int32 { return s.refs[s.lo[i]:s.lo[i+1]] }

// operand is node i's k-th operand as the passes have left it.
func (s *state) operand(i, k int) ir.Ref {
	return ir.Ref{Node: int(s.refs[int(s.lo[i])+k]), Out: s.g.Nodes[i].Operands[k].Out}
}

// own gives node i a private copy, once, before a pass changes it in
// place: the build's node is never written. The copy shares the build's
// slices; whoever changes one replaces it first.
func (s *state) own(i int) *ir.Node {
	n := s.g.Nodes[i]
	if n != s.build.Nodes[i] {
		return n
	}
	c := s.slabs.node()
	*c = *n
	s.g.Nodes[i] = c
	return c
}

func (s *state) isAlive32(i int32) bool { return i >= 0 && int(i) < len(s.alive) && s.alive[i] }

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

// canonicalise points every read of node i that names a dead node at the
// node it resolves to (dedupe and dedupe-1x key nodes by their operands'
// ids, so those must be the survivors'), and reports whether it moved any.
func (s *state) canonicalise(i int) bool {
	moved := false
	rs := s.reads(i)
	for k, r := range rs {
		if r >= 0 && !s.isAlive32(r) {
			if to := int32(s.resolve(int(r))); to != r {
				rs[k] = to
				moved = true
				s.changed[i] = s.tick
			}
		}
	}
	return moved
}

// unchangedSince reports whether neither node i nor any node it reads has
// changed since the pass run at tick since began (0: everything has). A
// change made by that run counts: a composed mask may compose again.
func (s *state) unchangedSince(i int, since int32) bool {
	if since == 0 || s.changed[i] >= since {
		return false
	}
	for _, r := range s.reads(i) {
		if r >= 0 && int(r) < len(s.changed) && s.changed[r] >= since {
			return false
		}
	}
	return true
}

// merge kills i and sends its readers to into (R6: into is the survivor).
func (s *state) merge(i, into int) {
	s.alive[i] = false
	s.dd.forget(i)
	s.canon[i] = int32(into)
	s.fates[i] = ir.Fate{Kind: ir.Merged, Final: -1, Into: into, Pass: s.pass, Round: s.round}
}

// mark records that the current pass changed live node i in place, which
// changes its dedupe key.
func (s *state) mark(i int, kind ir.FateKind) {
	s.fates[i] = ir.Fate{Kind: kind, Final: i, Into: i, Pass: s.pass, Round: s.round}
	s.changed[i] = s.tick
	s.dd.forget(i)
}

// kill drops i: nothing reaches it.
func (s *state) kill(i int) {
	s.alive[i] = false
	s.dd.forget(i)
	s.fates[i] = ir.Fate{Kind: ir.Pruned, Final: -1, Into: i, Pass: s.pass, Round: s.round}
}

// finish fills the provenance of res: every build node's final index, the
// survivor of every merge, the spans of every survivor (D4), the notes.
func (s *state) finish(res *ir.Result) {
	if s.final == nil { // mode "off": nothing ran, nothing moved
		s.final = make([]int32, len(s.alive))
		for i := range s.final {
			s.final[i] = int32(i)
		}
	}
	res.Graph = s.g
	res.Notes = s.notes
	res.Fates = s.fates
	for i := range res.Fates {
		f := &res.Fates[i]
		switch {
		case s.alive[i]:
			f.Final = int(s.final[i])
		case f.Kind == ir.Merged:
			f.Into = s.resolve(i)
			f.Final = -1
			if s.alive[f.Into] {
				f.Final = int(s.final[f.Into])
			}
		default:
			f.Final = -1
		}
	}
	// Spans[k]: the survivor's own span first, then the spans of every build
	// node merged into it (by dedupe, or an identity mask into its source),
	// in build order; one slab, exactly as long as all of them.
	count := make([]int32, len(s.g.Nodes))
	total := 0
	for _, f := range res.Fates {
		if f.Final >= 0 {
			count[f.Final]++
			total++
		}
	}
	slabSpans := make([]ir.Span, 0, total)
	res.Spans = make([][]ir.Span, len(s.g.Nodes))
	for k, n := range s.g.Nodes {
		start := len(slabSpans)
		slabSpans = append(slabSpans, n.Span)
		res.Spans[k] = slabSpans[start : start+1 : start+int(count[k])]
		slabSpans = slabSpans[:start+int(count[k])]
	}
	for i, f := range res.Fates {
		if f.Kind == ir.Merged && f.Final >= 0 {
			res.Spans[f.Final] = append(res.Spans[f.Final], res.Build.Nodes[i].Span)
		}
	}
}

// slabs hands out the private nodes and the small slices fold and swizzles
// write, from chunks, so that changing a node allocates nothing per node.
type slabs struct {
	nodes []ir.Node
	props []ir.Prop
	nums  []float64
	outs  []ir.Output
	ops   []ir.Ref
}

const slabChunk = 256

func (sl *slabs) node() *ir.Node {
	if len(sl.nodes) == 0 {
		sl.nodes = make([]ir.Node, slabChunk)
	}
	n := &sl.nodes[0]
	sl.nodes = sl.nodes[1:]
	return n
}

// take cuts k fresh elements off *pool (capacity = length, so an append
// reallocates instead of writing over a neighbour), refilling it in chunks.
func take[T any](pool *[]T, k int) []T {
	if len(*pool) < k {
		*pool = make([]T, max(slabChunk, k))
	}
	xs := (*pool)[:k:k]
	*pool = (*pool)[k:]
	return xs
}
