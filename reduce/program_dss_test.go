package reduce

import (
	"strings"
	"testing"
)

const dssAliasSample = `uniform float A = 0.5;
uniform float B = 0.25;
/// @desc nothing reads it
uniform float C = 1.0;

float Twice(float a)
{
    float b = a;
    return b * 2.0;
}

export void M_SubDSS(inout material m)
{
    float ab = A - B;
    float ba = 0.0;
    ba = B - A;
    float unused = C * 2.0;
    float3 t = float3(1, 2, 3);
    if (unused > 0.5) {
        t.x = unused;
    }
    m.Opacity = Twice(ab) + ba;
}
`

// TestDSSModel: in a .dss, dead locals, the if that only writes them and
// the unread uniform (with its doc block) go; a helper's local is its own
// (b, scoped to Twice, is inlined there, not confused with the material's
// names); a declaration and its one assignment join; the material's
// parameter is never cut or inlined; and every edit compiles cleanly.
func TestDSSModel(t *testing.T) {
	const path = "M_SubDSS.dss"
	if _, ds := compile(path, []byte(dssAliasSample)); len(ds.Items) > 0 {
		t.Fatalf("the sample does not compile cleanly:\n%s", ds.String())
	}
	dead := string(deadCode(path, []byte(dssAliasSample)))
	for _, gone := range []string{"unused", "float3 t", "nothing reads it", "uniform float C"} {
		if strings.Contains(dead, gone) {
			t.Errorf("%q kept:\n%s", gone, dead)
		}
	}
	for _, kept := range []string{"float ab = A - B;", "ba = B - A;", "return b * 2.0;", "m.Opacity = Twice(ab) + ba;"} {
		if !strings.Contains(dead, kept) {
			t.Errorf("%q deleted:\n%s", kept, dead)
		}
	}
	src := []byte(dead)
	what := map[string]string{}
	var all []localEdit
	for _, list := range [][]localEdit{inlineEdits(path, src), joinEdits(path, src), cutEdits(path, src)} {
		for _, e := range list {
			what[e.what] = string(e.out)
			all = append(all, e)
		}
	}
	if out, ok := what["b = a"]; !ok || !strings.Contains(out, "return a * 2.0;") {
		t.Errorf("the helper's alias not inlined: %v", what)
	}
	if out, ok := what["ab = (A - B)"]; !ok || !strings.Contains(out, "Twice((A - B))") {
		t.Errorf("ab not inlined: %v", what)
	}
	if out, ok := what["ba"]; !ok || !strings.Contains(out, "    float ba = B - A;") || strings.Contains(out, "0.0") {
		t.Errorf("ba not joined: %v", what)
	}
	for w := range what {
		if strings.HasPrefix(w, "m ") || strings.HasPrefix(w, "a ") {
			t.Errorf("a parameter edited: %s", w)
		}
	}
	for _, e := range all {
		if _, ds := compile(path, e.out); len(ds.Items) > 0 {
			t.Errorf("%s: does not compile cleanly:\n%s\n%s", e.what, ds.String(), e.out)
		}
	}
}

// TestDSSExprCandidates: the extents the token walk finds are whole
// expressions (a call with its arguments, an index with its bracket).
func TestDSSExprCandidates(t *testing.T) {
	src := []byte("uniform float A = 0.5;\nexport void M(inout material m)\n{\n    float3 v = float3(A, 1, 2);\n    m.Opacity = v[1] + saturate(A * 2.0) + v.x++;\n}\n")
	got := map[string]bool{}
	for _, c := range exprCandidates("m.dss", src) {
		got[string(src[c.at.start:c.at.end])] = true
	}
	for _, want := range []string{"v[1] + saturate(A * 2.0) + v.x++", "v[1]", "saturate(A * 2.0)", "A * 2.0", "v.x++", "float3(A, 1, 2)"} {
		if !got[want] {
			t.Errorf("no candidate for %q: %v", want, got)
		}
	}
}

// FuzzModelEdits: any text, read as 1.x or as 2.0, builds a model and
// its edits without a panic; every candidate range lies inside the text,
// and deleting the dead code never makes the text longer.
func FuzzModelEdits(f *testing.F) {
	f.Add(dssAliasSample, true)
	f.Add(dssSample, true)
	f.Add(aliasSample, false)
	f.Add(sample, false)
	f.Add("export void M(inout material m) { float a = (b; m.X = a[1]++ ? : ; }", true)
	f.Fuzz(func(t *testing.T, src string, dss bool) {
		path := "f.dsm"
		if dss {
			path = "f.dss"
		}
		if out := deadCode(path, []byte(src)); len(out) > len(src) {
			t.Fatalf("deleting the dead code grew the text")
		}
		for _, c := range exprCandidates(path, []byte(src)) {
			if c.at.start < 0 || c.at.end > len(src) || c.at.end < c.at.start {
				t.Fatalf("candidate %v outside %d bytes", c.at, len(src))
			}
		}
		for _, list := range [][]localEdit{inlineEdits(path, []byte(src)), joinEdits(path, []byte(src)), cutEdits(path, []byte(src)), readSwaps(path, []byte(src))} {
			for _, e := range list {
				if e.out == nil || e.key == "" {
					t.Fatalf("an empty edit %+v", e)
				}
			}
		}
	})
}
