package passes

import (
	"strings"

	"reuselab/ir"
)

// state is what the passes share besides the graph: which build nodes are
// alive, where a dead node's readers went, the provenance D4 asks for, and
// the reads of every node as the passes have rewritten them.
//
// The passes never write the build graph. s.g is a view of it: its own
// node array, whose entries point at the build's nodes until a pass
// rewrites one: a fold points it at a Constant shared by every fold of that
// value (fold.go), a composed swizzle at a fresh private copy (own). No
// node is written once in the view, and a rewritten node's span and debug
// name are read from the build. The reads a pass redirects (dedupe's
// canonicalisation) live in refs, one compact array over all nodes, not in
// the nodes: reading node i's k-th operand is operand(i, k). What the
// passes ask of every node (role, Constant, foldable…) is in flags, so
// that a pass reads a node only when it may change it; so are its op and,
// for a Swizzle, its mask. Only reindex makes a graph of its own, the
// compact copy of the survivors that Result.Graph is. Node ids stay build
// ids until then, because no pass adds or moves a node before it. The
// per-node arrays that do not outlive Run are scratch, handed from one Run
// to the next (scratch.go); the fates are the Result's.
type state struct {
	// fullRounds, smallKeys: Options' test settings of the same names.
	fullRounds, smallKeys bool
	g                     *ir.Graph // the view: g.Nodes[i] is build node i or what a pass rewrote it into
	build                 *ir.Graph // what Run was given; never written
	alive                 []bool
	live                  int // how many are
	// flags[i] is what the passes look up of node i for every node,
	// without reading the node: its role, whether it is a Constant, a
	// Swizzle, a parameter, or a node fold might fold.
	flags []nodeFlags
	ops   []ir.Op // ops[i] is node i's op as built; fold reads it instead of the node
	// canon[i] is the node i's readers were sent to when i died by a merge
	// (dedupe) or an identity-mask removal (swizzles); i itself otherwise.
	// Follow it with resolve: the chains form a forest.
	canon []int32
	// fates[i] is zero (Kept by no pass) until a pass decides node i's
	// fate; reindex, or finish when no pass ran, fills a live node's Final
	// and Into.
	fates []ir.Fate
	notes []ir.Note
	pass  ir.PassID // the pass running now
	round int       // the round running now; 0 outside the rounds

	// refs[readStart[i]:readStart[i+1]] are the nodes node i reads, in the order its
	// dedupe key lists them: its operands in order, then its named inputs
	// in ir.PinOrder (sorted by name, stably; pinOrder maps them back). An
	// absent slot is negative, as in ir.Ref. A folded node reads nothing:
	// its slots are -1. outs holds the output each read goes through, or
	// outWide for one that does not fit in 32 bits (then the node has it).
	refs      []int32
	outs      []int32
	readStart []int32

	// reindexed says reindex ran: s.g is then the compact graph, and a
	// live node's index in it is its fate's Final.
	reindexed bool
	// settled says reindex filled the dead nodes' fates on its way, as
	// finish does otherwise.
	settled bool

	// changed[i] is the tick (one per pass run) at which node i or its
	// reads last changed; fold and swizzles revisit in a later round only
	// a node that changed or reads one that did since their last visit.
	changed []int32
	tick    int32

	// backward says every read names an earlier node, as the IR contract
	// has it (a pass only ever moves a read further back). Then a node
	// below the lowest one that changed or died since a pass last looked
	// neither changed nor reads one that did, and the pass starts there:
	// fold and swizzles at their touchedSince (since they last began). Dedupe counts from when it last ended (what it changes
	// itself it settles in the same scan), and tells deaths from
	// rewrites: a rewritten node keeps its index, so only it is to be
	// keyed again (rekeyed), while a death moves the reads of every
	// later node that may read it (diedDedupe). A round that changes a
	// handful of nodes then costs the next round a scan from the first
	// of them, and nothing at all when it changed none.
	backward   bool
	diedDedupe int32
	rekeyed    []int32

	// What each pass keeps from round to round, owned by that pass.
	fold    foldState    // fold.go
	swizzle swizzleState // swizzle.go
	dedupe  *dedupeState // dedupe.go: its keys and tables, the scratch's (held, not copied: its coder is 70 KB)
	reached []uint8      // prune's marks, reused by both prunes
	slabs   slabs        // private nodes and the slices fold and swizzles write

	view    []*ir.Node // the view's node array, which reindex replaces
	scratch *scratch   // where the arrays came from, for release (scratch.go)
}

func newState(g *ir.Graph) *state { return newStateFor(g, true) }

// newStateFor is newState, interning the fixed parts of dedupe keys on the
// way when dedupe is to run.
func newStateFor(g *ir.Graph, dedupes bool) *state {
	n := len(g.Nodes)
	sc := getScratch()
	view := *g
	view.Nodes = append(emptied(sc.view, n), g.Nodes...)
	s := &state{g: &view, build: g, view: view.Nodes, scratch: sc, fates: make([]ir.Fate, n),
		alive: zeroed(sc.alive, n), flags: zeroed(sc.flags, n), ops: zeroed(sc.ops, n),
		swizzle: swizzleState{masks: zeroed(sc.masks, n), width0: zeroed(sc.width0, n), nodes: sc.swizzles[:0]},
		canon:   zeroed(sc.canon, n), readStart: zeroed(sc.readStart, n+1), changed: zeroed(sc.changed, n), reached: sc.reached,
		refs: emptied(sc.refs, 2*n), outs: emptied(sc.outs, 2*n),
		fold:    foldState{consts: sc.consts, protos: sc.protos, nodes: sc.foldables[:0]},
		rekeyed: sc.rekeyed[:0],
		slabs:   slabs{spare: sc.nodes[:len(sc.nodes):len(sc.nodes)], chunk: chunkFor(n)}}
	// The scratch's dedupe tables are used where they lie: a copy in and
	// out of the state cost a small asset more than its passes.
	s.dedupe = &sc.dedupe
	if !dedupes {
		// Not started for this graph: fold starts it if it folds (its
		// per-node entries are then new, the other tables the scratch's).
		s.dedupe.ent = nil
	}
	if dedupes {
		s.dedupe.start(n)
		s.fold.constIndex = zeroed(sc.constIndex, n)
		// On irgen's 100k-node graphs one node in six is a Constant as
		// built, one in eight a distinct value fold makes, and one in
		// twelve a distinct folded Constant; sizing for that spares the
		// tables' regrowth.
		s.fold.consts.reserve(n / 6)
		s.fold.protos.reserve(n / 10)
	}
	var order [16]int32
	backward := true
	for i, nd := range g.Nodes {
		s.alive[i] = true
		s.flags[i], s.swizzle.width0[i] = flagsOf(nd)
		s.ops[i] = nd.Op
		if s.flags[i]&flagFoldable != 0 {
			s.fold.nodes = append(s.fold.nodes, int32(i))
		}
		if s.flags[i]&flagSwizzle != 0 {
			s.swizzle.nodes = append(s.swizzle.nodes, int32(i))
			if m, ok := maskOf(nd); ok {
				s.swizzle.masks[i] = packMask(m)
			}
		}
		s.canon[i] = int32(i)
		s.readStart[i] = int32(len(s.refs))
		for _, r := range nd.Operands {
			backward = backward && r.Node < i
			s.refs = append(s.refs, clampID(r.Node))
			s.outs = append(s.outs, clampOut(r.Out))
		}
		for k := range nd.Pins {
			backward = backward && nd.Pins[k].Ref.Node < i
		}
		switch len(nd.Pins) {
		case 0:
		case 1:
			s.refs = append(s.refs, clampID(nd.Pins[0].Ref.Node))
			s.outs = append(s.outs, clampOut(nd.Pins[0].Ref.Out))
		default:
			for _, k := range ir.PinOrder(order[:0], nd) {
				s.refs = append(s.refs, clampID(nd.Pins[k].Ref.Node))
				s.outs = append(s.outs, clampOut(nd.Pins[k].Ref.Out))
			}
		}
		// The fixed part of a dedupe key is interned while the node is at
		// hand, even when fold may yet rewrite the node (a fold forgets
		// it): interning a foldable node later, in dedupe, read it again
		// long after it left the cache, and cost more than the folds'
		// wasted interning.
		if dedupes && s.flags[i]&flagValue != 0 {
			s.dedupe.ent[i].sig = s.dedupe.intern(s, i)
		}
		if dedupes && s.flags[i]&flagConstant != 0 { // what fold reads of it, read now
			s.fold.constIndex[i] = -1
			if c, ok := readConstant(nd); ok {
				s.fold.constIndex[i] = s.fold.consts.add(c)
			}
		}
	}
	s.readStart[n] = int32(len(s.refs))
	s.live = n
	s.backward = backward
	// Every value node's fixed part is interned: dedupe needs no loop of
	// its own to intern them (internAll), and keys on the way what fold
	// or swizzles rewrite before it.
	s.dedupe.interned = dedupes
	return s
}

// outWide stands in outs for an output index past 32 bits.
const outWide = -1 << 31

func clampOut(out int) int32 {
	if out <= outWide || out > 1<<31-1 {
		return outWide
	}
	return int32(out)
}

// outAt is the output node i's k-th read (in refs order) goes through.
func (s *state) outAt(i, k int) int {
	if o := s.outs[int(s.readStart[i])+k]; o != outWide {
		return int(o)
	}
	n := s.g.Nodes[i]
	if k < len(n.Operands) {
		return n.Operands[k].Out
	}
	var order [16]int32
	return n.Pins[pinOrder(order[:0], n)[k-len(n.Operands)]].Ref.Out
}

// pinOrder is the order refs holds n's named inputs in (ir.PinOrder).
func pinOrder(buf []int32, n *ir.Node) []int32 {
	if len(n.Pins) <= 1 {
		return append(buf[:0], 0)[:len(n.Pins)]
	}
	return ir.PinOrder(buf, n)
}

// nodeFlags are the node facts state.flags holds.
type nodeFlags uint8

const (
	flagValue    nodeFlags = 1 << iota // Role is RoleValue
	flagConstant                       // a Constant (as built or folded)
	flagFoldable                       // an op fold folds, with as many operands as it takes
	flagSwizzle                        // a Swizzle with an operand
	flagParam                          // a Parameter or TextureParameter (DSH4390 when pruned)
	flagPins                           // has named inputs: its operands are not all its reads
	flagBool                           // its first output is a bool type: a fold of it is bool
)

func flagsOf(n *ir.Node) (nodeFlags, uint8) {
	// What the op decides is one lookup in opFlags, not a switch over
	// ops and then over arities: newState asks this of every node, whose
	// ops come in no order a branch predictor learns.
	info := &opFlags[n.Op]
	f := info.always
	k := uint(len(n.Operands))
	if k-uint(info.folds.min) <= uint(info.folds.max-info.folds.min) {
		f |= info.folds.flag
	}
	if k-uint(info.swizzles.min) <= uint(info.swizzles.max-info.swizzles.min) {
		f |= info.swizzles.flag
	}
	if n.Role == ir.RoleValue {
		f |= flagValue
	}
	if len(n.Pins) > 0 {
		f |= flagPins
	}
	var width uint8
	if len(n.Outputs) > 0 {
		t := n.Outputs[0].Type
		width = uint8(ir.TypeWidth(t))
		if strings.HasPrefix(t, "bool") {
			f |= flagBool
		}
	}
	return f, width
}

// opFlag is what an op decides of a node's flags: always, and each
// counted flag when the node has min to max operands.
type opFlag struct {
	always          nodeFlags
	folds, swizzles countedFlag
}

type countedFlag struct {
	flag     nodeFlags // 0: none
	min, max uint32
}

// opFlags are the ops' opFlag, made from the rules fold and swizzles keep
// (foldable, arity): a foldable op with as many operands as it takes, a
// Swizzle with one at least.
var opFlags = func() (t [256]opFlag) {
	for op := range t {
		o := ir.Op(op)
		switch o {
		case ir.OpConstant:
			t[op].always = flagConstant
		case ir.OpParameter, ir.OpTextureParameter:
			t[op].always = flagParam
		case ir.OpSwizzle:
			t[op].swizzles = countedFlag{flagSwizzle, 1, 1<<32 - 1}
		}
		if foldable(o) {
			ar := arity(o)
			t[op].folds = countedFlag{flagFoldable, uint32(max(ar.min, 1)), uint32(ar.max)}
		}
	}
	return t
}()

func (s *state) has(i int, f nodeFlags) bool { return s.flags[i]&f != 0 }

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
func (s *state) reads(i int) []int32 { return s.refs[s.readStart[i]:s.readStart[i+1]] }

// operand is node i's k-th operand as the passes have left it.
func (s *state) operand(i, k int) ir.Ref {
	at := int(s.readStart[i]) + k
	if o := s.outs[at]; o != outWide {
		return ir.Ref{Node: int(s.refs[at]), Out: int(o)}
	}
	return ir.Ref{Node: int(s.refs[at]), Out: s.g.Nodes[i].Operands[k].Out}
}

// own gives node i a fresh private copy before a pass changes it: the
// build's node is never written, and neither is a node once in the view
// (dedupe keeps nodes as the representatives of their fixed parts). The
// copy shares the old node's slices; whoever changes one replaces it first.
func (s *state) own(i int) *ir.Node {
	c := s.slabs.node()
	*c = *s.g.Nodes[i]
	s.g.Nodes[i] = c
	return c
}

// resolve follows i's merge chain to the live node (or the last node) it ends
// at, compressing the path on the way.
func (s *state) resolve(i int) int {
	if i < 0 || i >= len(s.canon) {
		return i
	}
	// A live node, and a node merged once into one that lives: nearly
	// every call, whichever of the two (a loop's first test would be a
	// branch on which).
	root := int(s.canon[i])
	if int(s.canon[root]) == root {
		return root
	}
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
//
// canon[r] is r itself for a live node (and a pruned one) and the survivor
// for a node merged once, so every read takes one load and no branch on
// whether it names a dead node: after a first round's merges half the
// reads do, in no order a branch predictor learns (issue 16). A chain of
// merges, rare, goes to resolve.
func (s *state) canonicalise(i int) bool {
	rs := s.reads(i)
	canon := s.canon
	var moved int32
	for k, r := range rs {
		if uint32(r) >= uint32(len(canon)) {
			continue
		}
		to := canon[r]
		if canon[to] != to {
			to = int32(s.resolve(int(r)))
		}
		rs[k] = to
		moved |= to ^ r
	}
	if moved != 0 {
		s.changed[i] = s.tick
		s.touch(i)
	}
	return moved != 0
}

// touch records that node i died or its reads moved, for the passes'
// starts (backward).
func (s *state) touch(i int) {
	t := int32(i)
	s.fold.touchedSince = min(s.fold.touchedSince, t)
	s.swizzle.touchedSince = min(s.swizzle.touchedSince, t)
	s.diedDedupe = min(s.diedDedupe, t)
}

// revisitFrom is the first node a pass must look at again, given the
// lowest node touched since it last looked (0 when the reads are not all
// backward, or when every round visits every node).
func (s *state) revisitFrom(touched int32) int {
	if s.fullRounds || !s.backward {
		return 0
	}
	return int(touched)
}

// noneTouched is a pass's touched mark when nothing changed since.
const noneTouched = 1<<31 - 1

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
	s.died(i)
	s.dedupe.forget(i)
	s.touch(i)
	s.canon[i] = int32(into)
	s.fates[i] = ir.Fate{Kind: ir.Merged, Final: -1, Into: int32(into), Pass: s.pass, Round: fateRound(s.round)}
}

// mark records that the current pass changed live node i in place, which
// changes its dedupe key.
func (s *state) mark(i int, kind ir.FateKind) {
	s.fates[i] = ir.Fate{Kind: kind, Final: int32(i), Into: int32(i), Pass: s.pass, Round: fateRound(s.round)}
	s.changed[i] = s.tick
	s.fold.touchedSince = min(s.fold.touchedSince, int32(i))
	s.swizzle.touchedSince = min(s.swizzle.touchedSince, int32(i))
	s.rekeyed = append(s.rekeyed, int32(i))
	s.dedupe.forget(i)
}

// kill drops i: nothing reaches it.
func (s *state) kill(i int) {
	s.died(i)
	s.dedupe.forget(i)
	s.touch(i)
	s.fates[i] = ir.Fate{Kind: ir.Pruned, Final: -1, Into: int32(i), Pass: s.pass, Round: fateRound(s.round)}
}

// died marks i dead, counting the living for reindex.
func (s *state) died(i int) {
	if s.alive[i] {
		s.alive[i] = false
		s.live--
	}
}

// fateRound is a round as a Fate holds it: rounds past 65535 (a limit
// nobody sets) all read as the last.
func fateRound(r int) uint16 { return uint16(min(r, 1<<16-1)) }

// finish fills the provenance of res (D4): the survivor of every merge and
// its final index (reindex gave the live nodes theirs), and the notes. The
// spans of each survivor follow from the fates (ir.Result.SpanLists).
func (s *state) finish(res *ir.Result) {
	res.Graph = s.g
	res.Notes = s.notes
	res.Fates = s.fates
	if s.settled {
		return
	}
	for i := range res.Fates {
		switch {
		case !s.alive[i]:
			s.settle(i)
		case !s.reindexed: // no pass ran: a live node is where it was
			s.fates[i].Final, s.fates[i].Into = int32(i), int32(i)
		}
	}
}

// settle fills dead node i's fate: no Final of its own, and for a merge
// the survivor at the end of its chain and that one's Final, which must
// be known already (reindex settles in build order, where the survivor
// comes first).
func (s *state) settle(i int) {
	f := &s.fates[i]
	f.Final = -1
	if f.Kind == ir.Merged {
		into := s.resolve(i)
		f.Into = int32(into)
		if s.alive[into] {
			f.Final = s.fates[into].Final
		}
	}
}

// slabs hands out the private nodes and the small slices fold and swizzles
// write, from chunks, so that changing a node allocates nothing per node.
// The nodes are scratch: reindex copies every survivor, so no Result points
// at one, and their chunks go to the next Run (spare, used). The slices
// are not: a survivor shares its properties and outputs with the node it
// was copied from.
type slabs struct {
	nodes       []ir.Node   // what is left of the chunk in use
	used, spare [][]ir.Node // the chunks this Run took; those it may take
	props       []ir.Prop
	nums        []float64
	outs        []ir.Output
	ops         []ir.Ref
	// chunk is how many elements a chunk of props, nums, outs or ops
	// holds: slabChunk, or fewer for a graph of fewer nodes, whose Run
	// would otherwise allocate (and the collector scan) chunks many times
	// what it writes.
	chunk int
}

const slabChunk = 256

// chunkFor is the chunk size for at most n elements: n, within 1 and
// slabChunk.
func chunkFor(n int) int { return min(max(n, 1), slabChunk) }

func (sl *slabs) node() *ir.Node {
	if len(sl.nodes) == 0 {
		if k := len(sl.spare); k > 0 {
			sl.nodes, sl.spare = sl.spare[k-1], sl.spare[:k-1]
		} else {
			sl.nodes = make([]ir.Node, slabChunk)
		}
		sl.used = append(sl.used, sl.nodes)
	}
	n := &sl.nodes[0]
	sl.nodes = sl.nodes[1:]
	return n
}

// chunks empties the node chunks of their pointers and gives every one of
// them, for the next Run's slabs.spare.
func (sl *slabs) chunks() [][]ir.Node {
	for k, c := range sl.used {
		if k == len(sl.used)-1 { // the one in use: only what was handed out (a small graph's few nodes)
			c = c[:len(c)-len(sl.nodes)]
		}
		clear(c)
	}
	return append(sl.used, sl.spare...)
}

// copyInto copies xs into elements cut off *pool (take); nil stays nil,
// and empty stays empty (the JSON of a node tells them apart).
func copyInto[T any](pool *[]T, xs []T, chunk int) []T {
	if len(xs) == 0 {
		return xs[:0:0]
	}
	out := take(pool, len(xs), chunk)
	copy(out, xs)
	return out
}

// take cuts k fresh elements off *pool (capacity = length, so an append
// reallocates instead of writing over a neighbour), refilling it in chunks
// of chunk elements (k when more).
func take[T any](pool *[]T, k, chunk int) []T {
	if len(*pool) < k {
		*pool = make([]T, max(chunk, k))
	}
	xs := (*pool)[:k:k]
	*pool = (*pool)[k:]
	return xs
}
