package decompile_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"reuselab/compiler/dss"
	"reuselab/compiler/dss/syntax"
	"reuselab/diag"

	"reuselab/compiler/passes"
	"reuselab/decompile"
	"reuselab/decompile/raiserules"
	"reuselab/ir"
	"reuselab/ir/irgen"
)

// FuzzDecompile prints random merged graphs as `.dss`: the printer must not
// panic on any graph the IR contract admits, must print the same graph to
// the same text, and the text must parse. It need not compile: irgen makes
// graphs no source builds (engine classes of no catalog, one function
// called with two shapes, implicit widenings the checker refuses), see
// TestIrgenTextCompiles; conform's FuzzRoundTrip recompiles the text of
// graphs that came from source, to an equivalent module.
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
		if _, ds := syntax.Parse("Fuzz.dss", text); ds.HasErrors() {
			t.Fatalf("the decompiled text does not parse:\n%s\n%s", ds.Report(), text)
		}

	})
}

// TestIrgenTextCompiles: the text of 200 irgen graphs compiles for at
// least the measured share (96 of 200); the codes of the rest are logged,
// each from a graph no source builds (UE.DreamPassOutput is in no catalog,
// DSH5210, most of them).
func TestIrgenTextCompiles(t *testing.T) {
	raise, err := raiserules.Options(ir.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	codes := map[string]int{}
	ok := 0
	for k := range 200 {
		cfg := irgen.ConfigFromBytes([]byte{byte(k), byte(k / 3), byte(k * 7), byte(k % 8)})
		cfg.Legacy = false
		m, _ := passes.RunModule(&ir.Module{Leaf: "Fuzz.dss", Products: []*ir.Graph{irgen.Generate(cfg)}}, passes.Options{Mode: "2.0"})
		text, _, err := decompile.Module(m, raise)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), "Fuzz.dss")
		_, ds := dss.CompileFile(path, dss.Options{ReadFile: func(p string) ([]byte, error) {
			if p == path {
				return []byte(text), nil
			}
			return nil, fmt.Errorf("no file %s", p)
		}})
		if !ds.HasErrors() {
			ok++
			continue
		}
		codes[ds.Codes(diag.Error)[0]]++
	}
	t.Logf("irgen graphs whose text compiles: %d of 200; first error of the rest: %v", ok, codes)
	if ok < 90 {
		t.Errorf("%d of 200 irgen texts compile, below the floor 90", ok)
	}
}
