package facts

import (
	"slices"
	"testing"

	"github.com/google/mangle/ast"

	"reuselab/ir/irgen"
)

// TestTablesAreAdded: a store that reads a pack's tables from a shared
// Tables answers every query as a store that added the same atoms, counts
// and lists them alike, refuses them as added again, and still takes a
// new fact of a table's predicate. Atoms a store files by its graph's
// size are left for each store to add.
func TestTablesAreAdded(t *testing.T) {
	g := irgen.Generate(irgen.Config{Seed: 3, Nodes: 40, DupRate: 0.4})
	s := func(x string) ast.BaseTerm { return ast.String(x) }
	n := func(x int64) ast.BaseTerm { return ast.Number(x) }
	fold1, tname, idx, neg := ast.PredicateSym{Symbol: "fold1", Arity: 1}, ast.PredicateSym{Symbol: "tname", Arity: 3},
		ast.PredicateSym{Symbol: "idx", Arity: 2}, ast.PredicateSym{Symbol: "neg", Arity: 1}
	atoms := []ast.Atom{
		{Predicate: fold1, Args: []ast.BaseTerm{s("Abs")}},
		{Predicate: fold1, Args: []ast.BaseTerm{s("Sin")}},
		{Predicate: tname, Args: []ast.BaseTerm{s("float"), n(2), s("float2")}},
		{Predicate: tname, Args: []ast.BaseTerm{s("bool"), n(1), s("bool")}},
		{Predicate: idx, Args: []ast.BaseTerm{n(4), n(0)}},   // filed under node 4
		{Predicate: idx, Args: []ast.BaseTerm{n(400), n(1)}}, // past the graph: in the Mangle store
		{Predicate: neg, Args: []ast.BaseTerm{n(-1)}},
		{Predicate: fold1, Args: []ast.BaseTerm{s("Abs")}}, // twice
	}
	tables, rest := NewTables(atoms)
	if len(rest) != 2 || rest[0].Predicate != idx || rest[1].Predicate != idx {
		t.Fatalf("left for each store: %v, want the two idx/2 facts", rest)
	}
	shared, added := NewStore(g), NewStore(g)
	shared.UseTables(tables)
	for _, a := range rest {
		shared.Add(a)
	}
	for _, a := range atoms {
		added.Add(a)
	}
	if shared.EstimateFactCount() != added.EstimateFactCount() {
		t.Errorf("counts %d facts shared, %d added", shared.EstimateFactCount(), added.EstimateFactCount())
	}
	preds := func(st *Store) []string {
		var out []string
		for _, p := range st.ListPredicates() {
			out = append(out, p.String())
		}
		slices.Sort(out)
		return out
	}
	if a, b := preds(shared), preds(added); !slices.Equal(a, b) {
		t.Errorf("lists %v shared, %v added", a, b)
	}
	v := func(name string) ast.BaseTerm { return ast.Variable{Symbol: name} }
	queries := []ast.Atom{
		{Predicate: fold1, Args: []ast.BaseTerm{v("X")}},
		{Predicate: fold1, Args: []ast.BaseTerm{s("Sin")}},
		{Predicate: fold1, Args: []ast.BaseTerm{s("Cos")}},
		{Predicate: tname, Args: []ast.BaseTerm{v("K"), n(2), v("T")}},
		{Predicate: tname, Args: []ast.BaseTerm{s("bool"), v("W"), v("T")}},
		{Predicate: idx, Args: []ast.BaseTerm{v("W"), v("I")}},
		{Predicate: idx, Args: []ast.BaseTerm{n(4), v("I")}},
		{Predicate: neg, Args: []ast.BaseTerm{v("X")}},
	}
	answered := 0
	for _, q := range queries {
		a, b := facts(t, shared, q), facts(t, added, q)
		slices.Sort(a)
		slices.Sort(b)
		if !slices.Equal(a, b) {
			t.Errorf("%v: shared %v, added %v", q, a, b)
		}
		answered += len(a)
	}
	if answered < 8 {
		t.Errorf("only %d facts answered", answered)
	}
	if shared.Add(atoms[0]) {
		t.Error("a table fact added again")
	}
	cos := ast.Atom{Predicate: fold1, Args: []ast.BaseTerm{s("Cos")}}
	if !shared.Add(cos) || !shared.Contains(cos) {
		t.Error("a new fact of a table's predicate was not taken")
	}
	if got := facts(t, shared, ast.Atom{Predicate: fold1, Args: []ast.BaseTerm{v("X")}}); len(got) != 3 {
		t.Errorf("fold1/1 after a new fact: %v", got)
	}
}
