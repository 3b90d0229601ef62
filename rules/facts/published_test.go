package facts

import (
	"slices"
	"testing"

	"github.com/google/mangle/ast"

	"reuselab/ir/irgen"
)

// TestPublishedIsAdded: a fold published with PublishFold is served, to
// every query shape the rules ask, as the same facts the atoms it stands
// for would be once added, and it makes the node a constant for comp/3
// and IsConstant alike.
func TestPublishedIsAdded(t *testing.T) {
	g := irgen.Generate(irgen.Config{Seed: 3, Nodes: 40, DupRate: 0.4})
	pub, added := NewStore(g), NewStore(g)
	folds := map[int][]float64{5: {0.5}, 9: {1, 2, 3}, 17: {0, -1.5, 2, 4}}
	for id, vals := range folds {
		typ := []string{"", "float", "float2", "float3", "float4"}[len(vals)]
		pub.PublishFold(id, typ, vals)
		n := added.Num(id)
		added.Add(ast.Atom{Predicate: pFolded, Args: []ast.BaseTerm{n}})
		added.Add(ast.Atom{Predicate: pConstant, Args: []ast.BaseTerm{n, ast.String(typ)}})
		added.Add(ast.Atom{Predicate: pCWidth, Args: []ast.BaseTerm{n, added.Num(len(vals))}})
		for k, v := range vals {
			added.Add(ast.Atom{Predicate: pCVal, Args: []ast.BaseTerm{n, added.Num(k), ast.Float64(v)}})
		}
	}
	if pub.EstimateFactCount() != added.EstimateFactCount() {
		t.Errorf("counts %d facts published, %d added", pub.EstimateFactCount(), added.EstimateFactCount())
	}
	v := func(name string) ast.BaseTerm { return ast.Variable{Symbol: name} }
	var queries []ast.Atom
	for _, id := range []int{5, 9, 17, 2} {
		n := pub.Num(id)
		queries = append(queries,
			ast.Atom{Predicate: pFolded, Args: []ast.BaseTerm{n}},
			ast.Atom{Predicate: pConstant, Args: []ast.BaseTerm{n, v("T")}},
			ast.Atom{Predicate: pCWidth, Args: []ast.BaseTerm{n, v("W")}},
			ast.Atom{Predicate: pCVal, Args: []ast.BaseTerm{n, v("I"), v("V")}},
			ast.Atom{Predicate: pCVal, Args: []ast.BaseTerm{n, pub.Num(1), v("V")}},
			ast.Atom{Predicate: pComp, Args: []ast.BaseTerm{n, pub.Num(2), v("V")}},
			ast.Atom{Predicate: pMV, Args: []ast.BaseTerm{ast.String("Add"), n, n, pub.Num(-1), pub.Num(0), v("V")}})
	}
	queries = append(queries, ast.Atom{Predicate: pFolded, Args: []ast.BaseTerm{v("N")}},
		ast.Atom{Predicate: pCVal, Args: []ast.BaseTerm{v("N"), v("I"), v("V")}})
	served := 0
	for _, q := range queries {
		got, want := facts(t, pub, q), facts(t, added, q)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%v: published %v, added %v", q, got, want)
		}
		served += len(got)
	}
	if served == 0 {
		t.Fatal("no query was answered")
	}
	for id := range g.Nodes {
		if pub.IsConstant(id) != added.IsConstant(id) {
			t.Errorf("IsConstant(%d): published %v, added %v", id, pub.IsConstant(id), added.IsConstant(id))
		}
	}
}

func facts(t *testing.T, s *Store, q ast.Atom) []string {
	t.Helper()
	var out []string
	if err := s.GetFacts(q, func(a ast.Atom) error {
		out = append(out, a.String())
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return out
}
