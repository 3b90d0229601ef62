package dss_test

import (
	"os"
	"strings"
	"testing"

	"reuselab/compiler/dss"
	"reuselab/compiler/passes"
	"reuselab/internal/shared"
	"reuselab/ir"
)

// FuzzCompileDSS compiles arbitrary text as a `.dss` (with the passes on
// what compiles): no panic (CompileFile turns one into DSH4350, which
// fails here), every diagnostic placed, a module without errors keeps the
// IR contract (ir.Check), and the same input gives the same dump. Seeds are the corpus's `.dss` files, read when ../shared exists.
func FuzzCompileDSS(f *testing.F) {
	f.Add("export void M(inout material m) { m.Opacity = 1; }")
	f.Add("uniform float3 C = float3(1, 0, 0);\nexport void M(inout material m) { float3 x = C.zyx; if (C.x > 0) x = 1; m.BaseColor = x; }")
	f.Add("/// @custom\nfloat P(float2 UV) { return UE.Time() * UV.x; }\nexport void M(inout material m) { m.Opacity = P(UE.TexCoord(Index = 0)); }")
	if c := shared.Corpus(); c != "" {
		for _, p := range dssFiles(c) {
			if b, err := os.ReadFile(p); err == nil {
				f.Add(string(b))
			}
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		dump := func(cat dss.Catalog) (string, bool) {
			read := func(p string) ([]byte, error) {
				if p == "/fuzz/F.dss" {
					return []byte(src), nil
				}
				return nil, os.ErrNotExist
			}
			m, ds := dss.CompileFile("/fuzz/F.dss", dss.Options{ReadFile: read, Catalog: cat})
			for _, d := range ds.Items {
				if d.Code == "DSH4350" || strings.Contains(d.Message, "internal") {
					t.Fatalf("internal error: %s", d)
				}
				if d.Pos.Line < 1 || d.Pos.Col < 1 {
					t.Fatalf("unplaced diagnostic: %s", d)
				}
			}
			if m == nil {
				return "", false
			}
			if !ds.HasErrors() {
				for _, g := range m.Products {
					if err := ir.Check(g); err != nil {
						t.Fatalf("a module that compiled breaks the IR contract: %v", err)
					}
				}
				m, _ = passes.RunModule(m, passes.Options{Mode: "2.0"})
			}
			return ir.Dump(m), true
		}
		for _, cat := range []dss.Catalog{dss.TestCatalog, dss.EngineCatalog} {
			a, okA := dump(cat)
			b, okB := dump(cat)
			if okA != okB || a != b {
				t.Fatalf("two compiles of one input differ")
			}
		}
	})
}

func dssFiles(root string) []string {
	var out []string
	walk(root, func(p string) {
		if strings.HasSuffix(p, ".dss") {
			out = append(out, p)
		}
	})
	return out
}

func walk(dir string, f func(string)) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		p := dir + string(os.PathSeparator) + e.Name()
		if e.IsDir() {
			walk(p, f)
		} else {
			f(p)
		}
	}
}
