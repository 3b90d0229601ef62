package facts

import (
	"strings"
	"testing"

	"github.com/google/mangle/ast"
	"github.com/google/mangle/parse"

	"reuselab/ir"
	"reuselab/ir/irgen"
)

// The printed facts are Mangle source: they parse back to the same atoms,
// floats included (6.0 must not come back as the int 6).
func TestWriteFactsReparses(t *testing.T) {
	for s := uint64(0); s < 20; s++ {
		g := irgen.Generate(irgen.Config{Seed: s, Nodes: 60, Function: s%2 == 1})
		g.Nodes[0].Props = append(g.Nodes[0].Props, ir.Prop{Name: "Code", Value: ir.Str("a \"q\"\n\tb\\")})
		var b strings.Builder
		if err := WriteFacts(&b, g); err != nil {
			t.Fatal(err)
		}
		u, err := parse.Unit(strings.NewReader(b.String()))
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", s, err, b.String())
		}
		var want []ast.Atom
		Export(g, func(a ast.Atom) { want = append(want, a) })
		if len(u.Clauses) != len(want) {
			t.Fatalf("seed %d: %d facts back, %d written", s, len(u.Clauses), len(want))
		}
		for i, c := range u.Clauses {
			if !c.Head.Equals(want[i]) {
				t.Fatalf("seed %d: fact %d: %s came back as %s", s, i, want[i], c.Head)
			}
		}
	}
}

func TestStaticKeyIsDedupeKeyPrefix(t *testing.T) {
	g := irgen.Generate(irgen.Config{Seed: 5, Nodes: 200})
	for _, n := range g.Nodes {
		if k := ir.DedupeKey(n, nil); !strings.HasPrefix(k, StaticKey(n)+"|") {
			t.Fatalf("%s: key %q, static %q", ir.NodeLine(n), k, StaticKey(n))
		}
		// appended to a buffer in use (the level feed's), the key follows
		// what is there, whole
		if got := string(AppendStaticKey([]byte("prefix||"), n)); got != "prefix||"+StaticKey(n) {
			t.Fatalf("%s: appended %q, static %q", ir.NodeLine(n), got, StaticKey(n))
		}
	}
}
