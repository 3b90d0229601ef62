package syntax

import (
	"strings"
	"testing"
)

// FuzzParseDSS parses arbitrary text: no internal error (a recovered
// panic), every diagnostic placed, and every region and declaration span
// inside the text.
func FuzzParseDSS(f *testing.F) {
	for _, s := range []string{
		"export void M(inout material m) { m.Opacity = a ? b : c; }",
		"/// @custom\nfloat C() { return \"}\"; }\n#pragma region A\nuniform float U = 1;\n#pragma endregion",
		"struct S { float a; };\nvoid F() { for (int i = 0; i < 4; ++i) { if (i) continue; } do { } while (0); }",
		"Function F() {}\nNamespace(Name=\"N\") { Function G() {} }",
	} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, src string, header bool) {
		path := "t.dss"
		if header {
			path = "t.dsh"
		}
		p, ds := Parse(path, src)
		for _, d := range ds.Items {
			if strings.Contains(d.Message, "internal") {
				t.Fatalf("internal error: %s", d)
			}
			if d.Pos.Line < 1 || d.Pos.Col < 1 {
				t.Fatalf("unplaced: %s", d)
			}
		}
		for _, lb := range p.Legacy {
			if lb.Start < 0 || lb.End > len(src) || lb.Start > lb.End {
				t.Fatalf("legacy block %+v outside the text", lb)
			}
		}
		for _, d := range p.Decls {
			if fd, ok := d.(*FuncDecl); ok && fd.Opaque {
				FindLiftedCalls(src, fd.RawOpen, fd.Raw)
			}
		}
	})
}
