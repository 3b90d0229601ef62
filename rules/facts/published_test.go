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

// TestPublishedSwizzleIsAdded: a swizzle published with PublishSwizzle is
// served as the eswz/4 atom it stands for would be once added, to a query
// by node, by a bound column and by none, in id order; it is counted and
// listed, and a node is published once.
func TestPublishedSwizzleIsAdded(t *testing.T) {
	g := irgen.Generate(irgen.Config{Seed: 3, Nodes: 40, DupRate: 0.4})
	pub, added := NewStore(g), NewStore(g)
	type swz struct {
		src, out int
		mask     string
	}
	// published out of id order, as levels publish them
	order := []int{21, 4, 33}
	swizzles := map[int]swz{21: {3, 0, "xy"}, 4: {1, 2, "zzz"}, 33: {21, 0, "x"}}
	for _, id := range order {
		w := swizzles[id]
		pub.PublishSwizzle(id, w.src, w.out, w.mask)
		added.Add(ast.Atom{Predicate: pESwz, Args: []ast.BaseTerm{added.Num(id), added.Num(w.src), added.Num(w.out), ast.String(w.mask)}})
	}
	pub.PublishSwizzle(4, 7, 0, "w") // a node is published once
	if got, want := pub.EstimateFactCount(), added.EstimateFactCount(); got != want || got == 0 {
		t.Errorf("counts %d facts published, %d added", got, want)
	}
	if !slices.Contains(pub.ListPredicates(), pESwz) || !pub.OnlyServed(pESwz) {
		t.Errorf("eswz/4 listed %v, only served %v", slices.Contains(pub.ListPredicates(), pESwz), pub.OnlyServed(pESwz))
	}
	v := func(name string) ast.BaseTerm { return ast.Variable{Symbol: name} }
	all := ast.Atom{Predicate: pESwz, Args: []ast.BaseTerm{v("N"), v("R"), v("Q"), v("M")}}
	queries := []ast.Atom{all,
		{Predicate: pESwz, Args: []ast.BaseTerm{v("N"), pub.Num(21), v("Q"), v("M")}},
		{Predicate: pESwz, Args: []ast.BaseTerm{v("N"), v("R"), v("Q"), ast.String("zzz")}}}
	for _, id := range []int{4, 21, 33, 5} {
		queries = append(queries, ast.Atom{Predicate: pESwz, Args: []ast.BaseTerm{pub.Num(id), v("R"), v("Q"), v("M")}})
	}
	for _, q := range queries {
		if got, want := facts(t, pub, q), facts(t, added, q); !slices.Equal(got, want) {
			t.Errorf("%v: published %v, added %v", q, got, want)
		}
	}
	if got := facts(t, pub, all); len(got) != 3 || got[0] != `eswz(4,1,2,"zzz")` {
		t.Errorf("every eswz/4 fact: %v, want three from node 4 on", got)
	}
	if src, out, mask, ok := pub.PublishedSwizzle(4); !ok || src != 1 || out != 2 || mask != "zzz" {
		t.Errorf("PublishedSwizzle(4) = %d, %d, %q, %v", src, out, mask, ok)
	}
	if _, _, _, ok := pub.PublishedSwizzle(5); ok {
		t.Error("PublishedSwizzle(5): node 5 was never published")
	}
}
