package decompile_test

import (
	"testing"

	"reuselab/compiler/passes"
	"reuselab/decompile"
	"reuselab/decompile/raiserules"
	"reuselab/ir"
	"reuselab/ir/irgen"
)

// FuzzDecompile prints random merged graphs as `.dss`: the printer must not
// panic on any graph the IR contract admits, and must print the same
// graph to the same text.
func FuzzDecompile(f *testing.F) {
	for _, seed := range [][]byte{{1}, {40, 1, 30, 0}, {90, 2, 200, 1}, {7, 0, 0, 4}, {120, 3, 128, 5}} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg := irgen.ConfigFromBytes(data)
		cfg.Legacy = false
		g := irgen.Generate(cfg)
		m, _ := passes.RunModule(&ir.Module{Leaf: "Fuzz.dss", Products: []*ir.Graph{g}}, passes.Options{Mode: "2.0"})
		raise, err := raiserules.Options(ir.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		text, _, err := decompile.Module(m, raise)
		if err != nil {
			t.Fatal(err)
		}
		if again, _, _ := decompile.Module(m, raise); again != text {
			t.Fatalf("two prints of one graph differ:\n%s\n---\n%s", text, again)
		}
		if len(text) == 0 {
			t.Fatal("empty text for a graph with a product")
		}
	})
}
