package facts

import (
	"github.com/google/mangle/ast"
	"github.com/google/mangle/factstore"
)

// Fed holds the facts the driver feeds one phase (cur/3, arg/5, argstr/2,
// edge/2), filed by node: every one of them names a node first, and the
// rules look them up by that node or scan them all. Compact would hash
// each into a map and build an index per argument on first use; fed facts
// are never duplicated and never derived, so a slice per node does (with
// the nodes in the order fed, for scans).
type Fed struct {
	at    map[int32]int32 // node → its row in rows (+1)
	ids   []int32         // nodes in the order first fed
	rows  [][]ast.Atom
	preds map[ast.PredicateSym]bool
	count int
}

func newFed() *Fed {
	return &Fed{at: map[int32]int32{}, preds: map[ast.PredicateSym]bool{}}
}

// Add files a fact the driver feeds; its first argument must be a node id
// (an int), and the driver feeds each fact once.
func (f *Fed) Add(a ast.Atom) {
	id, _ := IntArg(a.Args[0])
	r := f.at[int32(id)]
	if r == 0 {
		f.rows = append(f.rows, nil)
		f.ids = append(f.ids, int32(id))
		r = int32(len(f.rows))
		f.at[int32(id)] = r
	}
	f.rows[r-1] = append(f.rows[r-1], a)
	f.preds[a.Predicate] = true
	f.count++
}

// Count is how many facts were fed.
func (f *Fed) Count() int { return f.count }

// GetFacts streams the fed facts that match a.
func (f *Fed) GetFacts(a ast.Atom, cb func(ast.Atom) error) error {
	if !f.preds[a.Predicate] {
		return nil
	}
	scan := func(row []ast.Atom) error {
		for _, fact := range row {
			if fact.Predicate == a.Predicate && factstore.Matches(a.Args, fact.Args) {
				if err := cb(fact); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if c, ok := a.Args[0].(ast.Constant); ok {
		if c.Type != ast.NumberType || c.NumValue < -1<<31 || c.NumValue >= 1<<31 {
			return nil
		}
		if r := f.at[int32(c.NumValue)]; r != 0 {
			return scan(f.rows[r-1])
		}
		return nil
	}
	for _, row := range f.rows {
		if err := scan(row); err != nil {
			return err
		}
	}
	return nil
}

// Contains reports whether the fact was fed.
func (f *Fed) Contains(a ast.Atom) bool {
	found := false
	_ = f.GetFacts(a, func(g ast.Atom) error {
		if g.Equals(a) {
			found = true
			return errStop
		}
		return nil
	})
	return found
}

// ListPredicates lists the fed predicates.
func (f *Fed) ListPredicates() []ast.PredicateSym {
	var ps []ast.PredicateSym
	for p := range f.preds {
		ps = append(ps, p)
	}
	return ps
}
