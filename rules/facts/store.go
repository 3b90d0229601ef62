package facts

import (
	"slices"

	"github.com/google/mangle/ast"
	"github.com/google/mangle/factstore"

	"reuselab/ir"
)

// Store is the driver's base store: the exported graph, the static tables
// of the pack, what lower levels published, and the virtual predicates
// (fnstore.go).
//
// Why not Mangle's MultiIndexedArrayInMemoryStore: it indexes every column
// of every fact in nested hash maps, about 1 KB a fact, and the schema has
// about fifteen facts a node — 15 KB a node, far over the 2 KB budget. The
// packs look schema facts up by node id (rules start from cur/3 and bind N
// first; MANGLE.md's index cliff is avoided by that order), so facts whose
// first argument is a node id are kept in one slice per predicate and node:
// an O(1) lookup, no maps, and the atoms share their boxed constants. One
// row per node holds all its facts (a dozen or two; a lookup filters them by
// predicate), which costs one slice header a node instead of one per
// predicate. The rest (static tables, graph/3) go to a Mangle store.
//
// The schema facts themselves are not stored at all: they are served from
// the graph, node by node, when a rule asks (exportNode), so the store only
// keeps what the driver publishes and the pack's tables. That is what keeps
// the evaluation near 2 KB a node: stored, the schema alone was 1.7 KB.
type Store struct {
	rows   [][]ast.Atom
	keyed  map[ast.PredicateSym]bool
	other  *factstore.MultiIndexedArrayInMemoryStore
	tables *Tables // the pack's, shared (tables.go); nil: none
	n      int
	count  int
	g      *ir.Graph
	holds  map[ast.PredicateSym]uint8 // where a predicate's facts are: holdsSchema…
	keys   map[int]string             // StaticKey of a node of the level being read, on first use
	consts *consts
	foldAt []int32 // per node, its entry in folds (+1); nil until a fold is published
	swzAt  []int32 // per node, its entry in swzs (+1); nil until a swizzle is published
	swzs   []swizzling
	// per node: bitConstant and its role<<roleShift; nil until first asked
	graphBits []uint8
	folds     []folding
	// uses/2 of every node (uses.go): node x reads usesTo[usesAt[x]:usesAt[x+1]];
	// nil until first asked
	usesAt, usesTo []int32
}

// Where the base store finds a predicate's facts (bits of Store.holds).
const (
	holdsSchema    = 1 << iota // served from the graph
	holdsKeyed                 // in rows, by node id
	holdsOther                 // in the Mangle store
	holdsVirtual               // computed (fnstore.go)
	holdsPublished             // published folds and swizzles (published.go)
)

// NewStore is the base store of one evaluation over g (nil: no graph, only
// the virtual predicates and what is added).
func NewStore(g *ir.Graph) *Store {
	n := 0
	if g != nil {
		n = len(g.Nodes)
	}
	s := &Store{keyed: map[ast.PredicateSym]bool{},
		other: factstore.NewMultiIndexedArrayInMemoryStore(), n: n, g: g,
		holds: map[ast.PredicateSym]uint8{}, keys: map[int]string{}, consts: newConsts()}
	for _, p := range VirtualPredicates {
		s.holds[p] |= holdsVirtual
	}
	if g != nil {
		for _, p := range SchemaPredicates {
			if p != pGraph {
				s.holds[p] |= holdsSchema
			}
		}
		legacy := 0
		if g.Legacy {
			legacy = 1
		}
		s.holds[pGraph] |= holdsOther
		s.other.Add(ast.Atom{Predicate: pGraph, Args: []ast.BaseTerm{ast.String(g.Kind.String()), ast.String(g.Name), ast.Number(int64(legacy))}})
	}
	return s
}

// Num is node id (or count) i as a boxed constant, shared by every fact
// that names it.
func (s *Store) Num(i int) ast.BaseTerm { return s.consts.n(i) }

// Str is str as a boxed constant, shared by every fact that holds it.
func (s *Store) Str(str string) ast.BaseTerm { return s.consts.s(str) }

// serveSchema answers a schema query from the graph.
func (s *Store) serveSchema(a ast.Atom, id int, cb func(ast.Atom) error) error {
	var err error
	pred := a.Predicate
	key := s.keys[id]
	if key == "" && pred == pKey {
		key = StaticKey(s.g.Nodes[id])
		s.keys[id] = key
	}
	emit := func(f ast.Atom) {
		if err == nil && factstore.Matches(a.Args, f.Args) {
			err = cb(f)
		}
	}
	if !exportOne(s.g.Nodes[id], s.consts, key, pred, emit) {
		exportNode(s.g.Nodes[id], s.consts, key, &pred, emit)
	}
	return err
}

// Forget drops the cached static keys of nodes whose level is done: a pack
// reads key/2 of the level's own nodes, and a later read recomputes it.
func (s *Store) Forget(ids []int) {
	for _, i := range ids {
		delete(s.keys, i)
	}
}

// rowsOf is the facts filed under node x: none until a fact is (a
// graph's evaluation rarely files any, and a slice per node was most of
// the store's heap and a cache miss per operand a level asks about).
func (s *Store) rowsOf(x int) []ast.Atom {
	if x >= 0 && x < len(s.rows) {
		return s.rows[x]
	}
	return nil
}

// nodeKey returns the node id a fact is filed under, if it has one.
func (s *Store) nodeKey(a ast.Atom) (int, bool) {
	if len(a.Args) == 0 || a.Predicate == pGraph {
		return 0, false
	}
	c, ok := a.Args[0].(ast.Constant)
	if !ok || c.Type != ast.NumberType || c.NumValue < 0 || c.NumValue >= int64(s.n) {
		return 0, false
	}
	return int(c.NumValue), true
}

func (s *Store) getStored(a ast.Atom, cb func(ast.Atom) error) error {
	k := s.holds[a.Predicate]
	if k == 0 {
		return nil // one map lookup for a predicate the base does not hold
	}
	if k&holdsSchema != 0 {
		if id, ok := s.nodeKey(a); ok {
			if err := s.serveSchema(a, id, cb); err != nil {
				return err
			}
		} else if _, ok := a.Args[0].(ast.Variable); ok {
			for id := range s.g.Nodes {
				if err := s.serveSchema(a, id, cb); err != nil {
					return err
				}
			}
		}
	}
	if k&holdsPublished != 0 {
		if err := s.servePublished(a, cb); err != nil {
			return err
		}
	}
	if k&holdsKeyed == 0 {
		if k&holdsOther == 0 {
			return nil
		}
		return s.otherFacts(a, cb)
	}
	if id, ok := s.nodeKey(a); ok {
		for _, f := range s.rowsOf(id) {
			if f.Predicate == a.Predicate && factstore.Matches(a.Args, f.Args) {
				if err := cb(f); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if _, ok := a.Args[0].(ast.Variable); !ok {
		return s.otherFacts(a, cb) // a first argument that is not a node id
	}
	for _, row := range s.rows {
		for _, f := range row {
			if f.Predicate == a.Predicate && factstore.Matches(a.Args, f.Args) {
				if err := cb(f); err != nil {
					return err
				}
			}
		}
	}
	return s.otherFacts(a, cb)
}

// Add files a fact; it reports whether the fact is new.
func (s *Store) Add(a ast.Atom) bool {
	if s.inTables(a) {
		return false
	}
	id, ok := s.nodeKey(a)
	if !ok {
		if s.other.Add(a) {
			s.holds[a.Predicate] |= holdsOther
			s.count++
			return true
		}
		return false
	}
	s.keyed[a.Predicate] = true
	s.holds[a.Predicate] |= holdsKeyed
	if id >= len(s.rows) {
		// as far as the highest node a fact is filed under: the pack's
		// tables name small numbers, and published facts are not rows
		s.rows = slices.Grow(s.rows, id+1-len(s.rows))[:id+1]
	}
	for _, f := range s.rows[id] {
		if f.Predicate == a.Predicate && f.Equals(a) {
			return false
		}
	}
	s.rows[id] = append(s.rows[id], a)
	s.count++
	return true
}

// Contains reports whether the fact is stored (virtual predicates answer too).
func (s *Store) Contains(a ast.Atom) bool {
	found := false
	_ = s.GetFacts(a, func(f ast.Atom) error {
		if f.Equals(a) {
			found = true
			return errStop
		}
		return nil
	})
	return found
}

type stopErr struct{}

func (stopErr) Error() string { return "stop" }

var errStop error = stopErr{}

func (s *Store) ListPredicates() []ast.PredicateSym {
	ps := s.other.ListPredicates()
	if s.tables != nil {
		for p := range s.tables.preds {
			if !slices.Contains(ps, p) {
				ps = append(ps, p)
			}
		}
	}
	for p := range s.keyed {
		ps = append(ps, p)
	}
	if s.foldAt != nil {
		for _, p := range []ast.PredicateSym{pFolded, pConstant, pCWidth, pCVal} {
			if !s.keyed[p] {
				ps = append(ps, p)
			}
		}
	}
	if s.swzAt != nil && !s.keyed[pESwz] {
		ps = append(ps, pESwz)
	}
	return ps
}

func (s *Store) EstimateFactCount() int { return s.count }

func (s *Store) Merge(o factstore.ReadOnlyFactStore) {
	for _, p := range o.ListPredicates() {
		_ = o.GetFacts(ast.NewQuery(p), func(a ast.Atom) error { s.Add(a); return nil })
	}
}

// Tee reads the base and a phase's own store (Out) and writes only the
// latter, like factstore.TeeingStore, whose base field cannot be given a
// store of ours and whose Add says "new" for a fact the base holds
// (MANGLE.md pitfall 10).
//
// What the driver feeds the phase goes to Fed, what the phase derives to
// Out: Out's count is then what the phase derived.
type Tee struct {
	base *Store
	Fed  *Fed
	Out  *Compact
}

// NewTee is a phase's store over base, with an empty Fed and Out.
func NewTee(base *Store) *Tee {
	return &Tee{base: base, Fed: newFed(), Out: newCompact()}
}

func (t *Tee) GetFacts(a ast.Atom, cb func(ast.Atom) error) error {
	if err := t.base.GetFacts(a, cb); err != nil {
		return err
	}
	if t.base.holds[a.Predicate]&(holdsSchema|holdsVirtual) != 0 {
		return nil // served by the base alone: a phase never derives them
	}
	if t.Fed.preds[a.Predicate] {
		return t.Fed.GetFacts(a, cb) // never derived (the pack loader refuses it)
	}
	return t.Out.GetFacts(a, cb)
}

func (t *Tee) Contains(a ast.Atom) bool {
	return (t.base.holds[a.Predicate] != 0 && t.base.Contains(a)) ||
		(t.Fed.preds[a.Predicate] && t.Fed.Contains(a)) || t.Out.Contains(a)
}

func (t *Tee) Add(a ast.Atom) bool {
	if t.base.holds[a.Predicate] != 0 && t.base.Contains(a) {
		return false
	}
	if t.Fed.preds[a.Predicate] && t.Fed.Contains(a) {
		return false
	}
	return t.Out.Add(a)
}

func (t *Tee) ListPredicates() []ast.PredicateSym {
	ps := append(t.base.ListPredicates(), t.Fed.ListPredicates()...)
	return append(ps, t.Out.ListPredicates()...)
}

func (t *Tee) EstimateFactCount() int {
	return t.base.EstimateFactCount() + t.Fed.Count() + t.Out.EstimateFactCount()
}

func (t *Tee) Merge(o factstore.ReadOnlyFactStore) { t.Out.Merge(o) }

// IsConstant reports whether constant(X, _) holds: X is a Constant as
// built, or a node of a lower level the driver published as folded. The
// driver feeds constop/3 from it without a query (and an atom) per operand.
func (s *Store) IsConstant(x int) bool {
	if x < 0 || x >= s.n {
		return false
	}
	if s.nodeBits()[x]&bitConstant != 0 {
		return true
	}
	if _, _, ok := s.Published(x); ok {
		return true
	}
	for _, f := range s.rowsOf(x) {
		if f.Predicate == pConstant {
			return true
		}
	}
	return false
}

// Per node, what a level asks of the graph's nodes most (IsConstant of
// every operand, role/2 and root/1): a byte a node, read from the nodes
// once, in id order, where they lie (mostly in order) instead of a
// node at a time, wherever it is, a cache miss apiece in a large graph.
const (
	bitConstant = 1 << iota // a Constant of the graph, with a value
	roleShift   = iota
	// a role too large for the byte: NodeRole leaves it to the node
	roleUnread = 1<<(8-roleShift) - 1
)

func (s *Store) nodeBits() []uint8 {
	if s.graphBits == nil {
		s.graphBits = make([]uint8, s.n)
		for i, n := range s.g.Nodes[:s.n] {
			b := uint8(roleUnread) << roleShift
			if n.Role < roleUnread {
				b = uint8(n.Role) << roleShift
			}
			if n.Op == ir.OpConstant {
				if v, ok := n.Prop("Value"); ok && (v.Kind == ir.KindTuple || v.Kind == ir.KindNumber) {
					b |= bitConstant
				}
			}
			s.graphBits[i] = b
		}
	}
	return s.graphBits
}

// NodeRole is node x's role in g, read from a byte a node; ok is false
// when g is not the store's graph, x is not its node, or the role does
// not fit the byte (read the node then).
func (s *Store) NodeRole(g *ir.Graph, x int) (ir.Role, bool) {
	if g == nil || g != s.g || x < 0 || x >= s.n {
		return 0, false
	}
	role := s.nodeBits()[x] >> roleShift
	return ir.Role(role), role != roleUnread
}
