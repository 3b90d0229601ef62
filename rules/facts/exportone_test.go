package facts

import (
	"testing"

	"github.com/google/mangle/ast"

	"reuselab/ir/irgen"
)

// TestExportOneIsExportNode: the fast path of a schema lookup serves
// exactly the facts the full export writes for that predicate, in order.
func TestExportOneIsExportNode(t *testing.T) {
	fast := 0
	for seed := uint64(0); seed < 40; seed++ {
		g := irgen.Generate(irgen.Config{Seed: seed, Nodes: 30, DupRate: 0.4, Function: seed%3 == 0})
		c := newConsts()
		for _, n := range g.Nodes {
			key := StaticKey(n)
			for _, p := range SchemaPredicates {
				var want, got []ast.Atom
				exportNode(n, c, key, &p, func(a ast.Atom) { want = append(want, a) })
				if !exportOne(n, c, key, p, func(a ast.Atom) { got = append(got, a) }) {
					continue
				}
				fast++
				if len(got) != len(want) {
					t.Fatalf("seed %d node %d %s: %v, want %v", seed, n.ID, p.Symbol, got, want)
				}
				for i := range got {
					if !got[i].Equals(want[i]) {
						t.Fatalf("seed %d node %d %s: %v, want %v", seed, n.ID, p.Symbol, got, want)
					}
				}
			}
		}
	}
	if fast == 0 {
		t.Fatal("exportOne served no predicate")
	}
}
