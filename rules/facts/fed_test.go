package facts

import (
	"testing"

	"github.com/google/mangle/ast"
)

// TestFedLookups: fed facts are found by node, by a scan that binds a later
// argument, and a phase cannot derive one again as new.
func TestFedLookups(t *testing.T) {
	cur := ast.PredicateSym{Symbol: "cur", Arity: 3}
	tee := NewTee(NewStore(nil))
	for i, op := range []string{"Add", "Sin", "Add"} {
		tee.Fed.Add(ast.Atom{Predicate: cur, Args: []ast.BaseTerm{ast.Number(int64(10 + i)), ast.String(op), ast.Number(2)}})
	}
	count := func(q ast.Atom) int {
		n := 0
		_ = tee.GetFacts(q, func(ast.Atom) error { n++; return nil })
		return n
	}
	v := func(s string) ast.BaseTerm { return ast.Variable{Symbol: s} }
	if n := count(ast.Atom{Predicate: cur, Args: []ast.BaseTerm{ast.Number(11), v("O"), v("K")}}); n != 1 {
		t.Errorf("cur(11, O, K): %d facts, want 1", n)
	}
	if n := count(ast.Atom{Predicate: cur, Args: []ast.BaseTerm{v("N"), ast.String("Add"), v("K")}}); n != 2 {
		t.Errorf(`cur(N, "Add", K): %d facts, want 2`, n)
	}
	if n := count(ast.Atom{Predicate: cur, Args: []ast.BaseTerm{ast.Number(99), v("O"), v("K")}}); n != 0 {
		t.Errorf("cur(99, O, K): %d facts, want 0", n)
	}
	again := ast.Atom{Predicate: cur, Args: []ast.BaseTerm{ast.Number(12), ast.String("Add"), ast.Number(2)}}
	if !tee.Contains(again) || tee.Add(again) {
		t.Errorf("a fed fact is not contained, or is added again as new")
	}
	if tee.Out.EstimateFactCount() != 0 || tee.Fed.Count() != 3 {
		t.Errorf("derived %d, fed %d; want 0 and 3", tee.Out.EstimateFactCount(), tee.Fed.Count())
	}
}
