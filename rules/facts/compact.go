package facts

import (
	"github.com/google/mangle/ast"
	"github.com/google/mangle/factstore"
)

// Compact is the store a level evaluation (and the pre and post
// phases) writes to: the facts the pack derives and the driver feeds.
//
// Why not Mangle's MultiIndexedArrayInMemoryStore: it files every fact in
// nested hash maps under every argument, about 1 KB a fact, and the pre
// phase derives live/1 for every node of the graph in one evaluation — at
// 100k nodes that alone was 100 MB, the peak of the whole run. Here a fact
// is one ast.Atom in a slice (its arguments are the engine's, shared), a
// hash chain for duplicates, and a chain per argument position, built the
// first time a query binds that position first (as Mangle's own store
// looks a query up by its first bound argument): about 100-150 bytes a
// fact. Chains are int32 links through parallel slices, not maps of slices.
type Compact struct {
	preds map[ast.PredicateSym]*compactPred
	order []ast.PredicateSym
	count int
}

type compactPred struct {
	facts  []ast.Atom
	byHash map[uint64]int32 // atom hash → newest fact with it (+1; 0 ends)
	next   []int32          // the older fact with the same atom hash (+1)
	args   []*argIndex      // per position; nil until a query needs it
}

type argIndex struct {
	head map[uint64]int32 // argument hash → newest fact with it (+1)
	next []int32
}

func newCompact() *Compact {
	return &Compact{preds: map[ast.PredicateSym]*compactPred{}}
}

func (s *Compact) pred(p ast.PredicateSym) *compactPred {
	c := s.preds[p]
	if c == nil {
		c = &compactPred{byHash: map[uint64]int32{}, args: make([]*argIndex, p.Arity)}
		s.preds[p] = c
		s.order = append(s.order, p)
	}
	return c
}

func (c *compactPred) index(i int) *argIndex {
	if x := c.args[i]; x != nil {
		return x
	}
	x := &argIndex{head: make(map[uint64]int32, len(c.facts)), next: make([]int32, 0, len(c.facts))}
	for k := range c.facts {
		h := c.facts[k].Args[i].Hash()
		x.next = append(x.next, x.head[h])
		x.head[h] = int32(k + 1)
	}
	c.args[i] = x
	return x
}

// Add files a fact; it reports whether the fact is new.
func (s *Compact) Add(a ast.Atom) bool {
	c := s.pred(a.Predicate)
	h := a.Hash()
	for k := c.byHash[h]; k != 0; k = c.next[k-1] {
		if c.facts[k-1].Equals(a) {
			return false
		}
	}
	c.facts = append(c.facts, a)
	n := int32(len(c.facts))
	c.next = append(c.next, c.byHash[h])
	c.byHash[h] = n
	for i, x := range c.args {
		if x != nil {
			ah := a.Args[i].Hash()
			x.next = append(x.next, x.head[ah])
			x.head[ah] = n
		}
	}
	s.count++
	return true
}

// GetFacts streams the facts that match a, by the index of its first bound
// argument (built on first use), or all of the predicate's.
func (s *Compact) GetFacts(a ast.Atom, cb func(ast.Atom) error) error {
	c := s.preds[a.Predicate]
	if c == nil {
		return nil
	}
	for i, t := range a.Args {
		if _, ok := t.(ast.Constant); !ok {
			continue
		}
		x := c.index(i)
		for k := x.head[t.Hash()]; k != 0; k = x.next[k-1] {
			if f := c.facts[k-1]; factstore.Matches(a.Args, f.Args) {
				if err := cb(f); err != nil {
					return err
				}
			}
		}
		return nil
	}
	for k := 0; k < len(c.facts); k++ {
		if f := c.facts[k]; factstore.Matches(a.Args, f.Args) {
			if err := cb(f); err != nil {
				return err
			}
		}
	}
	return nil
}

func (s *Compact) Contains(a ast.Atom) bool {
	c := s.preds[a.Predicate]
	if c == nil {
		return false
	}
	for k := c.byHash[a.Hash()]; k != 0; k = c.next[k-1] {
		if c.facts[k-1].Equals(a) {
			return true
		}
	}
	return false
}

func (s *Compact) ListPredicates() []ast.PredicateSym {
	return append([]ast.PredicateSym(nil), s.order...)
}

func (s *Compact) EstimateFactCount() int { return s.count }

func (s *Compact) Merge(o factstore.ReadOnlyFactStore) {
	for _, p := range o.ListPredicates() {
		_ = o.GetFacts(ast.NewQuery(p), func(a ast.Atom) error { s.Add(a); return nil })
	}
}
