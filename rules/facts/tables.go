package facts

import (
	"github.com/google/mangle/ast"
	"github.com/google/mangle/factstore"
)

// Tables is a pack's table facts that no store files by node: indexed
// once in a Mangle store and read, never written, by the base stores of
// every evaluation of the pack. Indexing them again for each evaluation
// (Mangle's store indexes every column of every fact) cost a few
// milliseconds, most of what a small graph's evaluation costs on the
// compiled evaluator.
type Tables struct {
	store *factstore.MultiIndexedArrayInMemoryStore
	preds map[ast.PredicateSym]bool
	count int
}

// NewTables indexes the atoms of the predicates none of whose facts has a
// non-negative integer first argument: where a store files those depends
// on its graph's size (by node under it, in the Mangle store over it), so
// they are returned in rest, in order, for each store to Add.
func NewTables(atoms []ast.Atom) (t *Tables, rest []ast.Atom) {
	numbered := map[ast.PredicateSym]bool{}
	for _, a := range atoms {
		if len(a.Args) == 0 {
			numbered[a.Predicate] = true // a proposition: Mangle's store keeps them apart
			continue
		}
		if c, ok := a.Args[0].(ast.Constant); ok && c.Type == ast.NumberType && c.NumValue >= 0 {
			numbered[a.Predicate] = true
		}
	}
	t = &Tables{store: factstore.NewMultiIndexedArrayInMemoryStore(), preds: map[ast.PredicateSym]bool{}}
	for _, a := range atoms {
		if numbered[a.Predicate] || a.Predicate == pGraph {
			rest = append(rest, a)
			continue
		}
		t.preds[a.Predicate] = true
		if t.store.Add(a) {
			t.count++
		}
	}
	return t, rest
}

// UseTables makes t's facts the store's: it reads them from t, and adds
// none of them again. Call it before anything is added.
func (s *Store) UseTables(t *Tables) {
	if t == nil || t.count == 0 {
		return
	}
	s.tables = t
	for p := range t.preds {
		s.holds[p] |= holdsOther
	}
	s.count += t.count
}

// otherFacts answers a query of the predicates the Mangle stores hold:
// the pack's tables, then the store's own.
func (s *Store) otherFacts(a ast.Atom, cb func(ast.Atom) error) error {
	if s.tables != nil && s.tables.preds[a.Predicate] {
		if err := s.tables.store.GetFacts(a, cb); err != nil {
			return err
		}
	}
	return s.other.GetFacts(a, cb)
}

// inTables reports whether a is one of the pack's table facts.
func (s *Store) inTables(a ast.Atom) bool {
	return s.tables != nil && s.tables.preds[a.Predicate] && s.tables.store.Contains(a)
}
