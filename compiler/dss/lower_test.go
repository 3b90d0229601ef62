package dss_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"reuselab/compiler/dss"
	"reuselab/compiler/passes"
	"reuselab/diag"
	"reuselab/ir"
)

// compileText compiles src as /mem/T.dss with the passes; it returns the
// dump ("" when there is no module) and the diagnostics.
func compileText(t *testing.T, src string) (string, diag.List) {
	t.Helper()
	read := func(p string) ([]byte, error) {
		if p == "/mem/T.dss" {
			return []byte(src), nil
		}
		return nil, os.ErrNotExist
	}
	m, ds := dss.CompileFile("/mem/T.dss", dss.Options{ReadFile: read})
	if m == nil {
		return "", ds
	}
	if !ds.HasErrors() {
		m, _ = passes.RunModule(m, passes.Options{Mode: "2.0"})
	}
	return ir.Dump(m), ds
}

func TestLoweringBeyondTheCorpus(t *testing.T) {
	cases := []struct {
		name, body string
		want       []string // substrings of the dump
	}{
		{"negate", "m.Opacity = -U;", []string{"Negate(%0) : float"}},
		{"cast broadcasts", "m.BaseColor = (float3)U;", []string{"Broadcast(%0) : float3"}},
		{"declaration width broadcasts", "float3 c = U; m.BaseColor = c;", []string{"Broadcast(%0) : float3 @L8:C12"}},
		{"swizzle write rebuilds", "float3 v = float3(U, U, U); v.xz = float2(U, 1); m.BaseColor = v;", []string{"Append("}},
		{"while false runs nothing", "float s = U; while (false) { s = s + 1; } m.Opacity = s;", []string{"MaterialSink(Opacity=%0)"}},
		{"do while false runs once", "float s = U; do { s = s * 2; } while (false); m.Opacity = s;", []string{"Multiply(%0, %1)"}},
		{"logic over numbers", "m.Opacity = (U > 0.5 && U < 2) ? 1 : 0;", []string{"LogicalAnd(", "Select("}},
		{"core math builtin", "m.Opacity = saturate(U * 2);", []string{"Saturate(%2) : float"}},
		{"early return selects", "m.Opacity = Pick(U);", []string{"Compare(%0, %1, %2, %3, %3)"}},
		{"constant texture", "m.BaseColor = Noise.Sample(float2(0, 0)).rgb;", []string{`Reflected[TextureObject](SamplerType="Normal", Texture="/Game/T_Noise") : Texture`, "TextureSample(%0,"}},
		{"else if nests", "float x = 0; if (U > 1) x = 1; else if (U > 0) x = 2; else x = 3; m.Opacity = x;", []string{"Compare("}},
	}
	for _, tc := range cases {
		src := "uniform float U = 0.5;\n/// @default /Game/T_Noise\n/// @sampler Normal\nstatic const Texture2D Noise;\nfloat Pick(float x) { if (x > 0.25) return 1; return 2; }\nexport void M(inout material m)\n{\n    " + tc.body + "\n}\n"
		dump, ds := compileText(t, src)
		if ds.HasErrors() {
			t.Errorf("%s: %s", tc.name, ds.String())
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(dump, w) {
				t.Errorf("%s: dump lacks %q:\n%s", tc.name, w, dump)
			}
		}
	}
}

// TestLongChainsLowerIteratively: a sum of 20000 terms is a left-deep tree
// as long as the input; it lowers (and folds) in a loop.
func TestLongChainsLowerIteratively(t *testing.T) {
	src := "static const float K = 1" + strings.Repeat(" + 1", 20000) + ";\nexport void M(inout material m)\n{\n    m.Opacity = K + U" + strings.Repeat(" + U", 20000) + ";\n}\nuniform float U = 1;\n"
	dump, ds := compileText(t, src)
	if ds.HasErrors() {
		t.Fatalf("%.500s", ds.String())
	}
	if !strings.Contains(dump, "Constant(Value=(20001))") {
		t.Errorf("the constant chain did not fold to 20001")
	}
	if n := strings.Count(dump, "= Add("); n != 20001 {
		t.Errorf("%d Add nodes, want 20001", n)
	}
}

func TestRefusals(t *testing.T) {
	cases := []struct{ body, code string }{
		{"break;", "DSH4363"},
		{"for (int i = 0; i < 100; i++) { m.Opacity = U; }", "DSH4360"},
		{"for (int i = 0; i < 4; i++) { if (U > 0) break; }", "DSH4360"},
		{"while (U > 0) { }", "DSH4360"},
		{"S s; m.Opacity = U;", "DSH4364"},
		{"float a[4]; m.Opacity = U;", "DSH4364"},
		{"float x = U | 1; m.Opacity = x;", "DSH4243"},
		{"m.Opacity = Nope;", "DSH4200"},
		{"U = 1;", "DSH4229"},
		{"m.Opacity = float3(1, 2, 3, 4, 5).x;", "DSH4374"},
		{"float2 v = float2(U, U); m.Opacity = v.z;", "DSH4230"},
		{"float2 v = float2(U, U); v.xx = float2(1, 2);", "DSH4230"},
		{"m.Opacity = UE.texcoord().x;", "DSH5210"},
		{"m.BaseColor = Helper(U);", "DSH6220"},
		{"float s = 0; for (int a = 0; a < 64; a++) for (int b = 0; b < 64; b++) for (int c = 0; c < 64; c++) for (int d = 0; d < 64; d++) s += 1; m.Opacity = s;", "DSH4365"},
		{"H1(); m.Opacity = 1;", "DSH4365"},
		{"float x = H24(); m.Opacity = x;", "DSH4231"},
		{"m.Opacity = H24();", "DSH4231"},
	}
	prelude := "uniform float U = 0.5;\nstruct S { float a; };\nfloat Helper(float x) { return Helper(x); }\n"
	// Helpers that each call the next twice: 2^24 empty calls.
	for i := 1; i < 24; i++ {
		prelude += fmt.Sprintf("void H%d() { H%d(); H%d(); }\n", i, i+1, i+1)
	}
	prelude += "void H24() { }\n"
	for _, tc := range cases {
		src := prelude + "export void M(inout material m)\n{\n    " + tc.body + "\n}\n"
		_, ds := compileText(t, src)
		found := false
		for _, d := range ds.Items {
			if d.Code == tc.code && d.Severity == diag.Error {
				found = true
			}
		}
		if !found {
			t.Errorf("%q: want %s, got:\n%s", tc.body, tc.code, ds.String())
		}
	}
}

// TestBadInputNeverPanics feeds broken and pathological sources through the
// whole front end: each must come back with an error, not an internal one.
func TestBadInputNeverPanics(t *testing.T) {
	srcs := []string{
		"", "export", "export void", "export void M(", "export void M(inout material m) {",
		"export void M(inout material m) { m. = 1; }",
		"export void M(inout material m) { m.Opacity = " + strings.Repeat("(", 5000) + "1" + strings.Repeat(")", 5000) + "; }",
		"export void M(inout material m) { m.Opacity = UE.Time()[UE.Time()]; }",
		"export void M(inout material m) { Substrate S = Substrate.Slab(); S.Roughness += 1; m.FrontMaterial = S; }",
		"export void M(inout material m) { m.FrontMaterial = Substrate.Slab() + 1; }",
		"export void M(inout material m) { material a; m = a; m.Opacity = a.Roughness; }",
		"/// @custom\nfloat C(material x) { return 1; }\nexport void M(inout material m) { m.Opacity = C(m); }",
		"/// @custom\nfloat C(float x) { return UE.Time(; }\nexport void M(inout material m) { m.Opacity = C(1); }",
		"extern float F(float x);\nexport void M(inout material m) { m.Opacity = F(1); }",
		"#pragma material(Substrate = )\nexport void M(inout material m) { m.Opacity = 1; }",
		"export void M(inout material m) { for (int i = 0; i < 3; i++) for (int j = 0; j < 3; j++) m.Opacity = i * j; }",
	}
	for _, src := range srcs {
		dump, ds := compileText(t, src)
		for _, d := range ds.Items {
			if d.Code == "DSH4350" {
				t.Errorf("%.60q: internal error %s", src, d)
			}
		}
		if !ds.HasErrors() && dump == "" {
			t.Errorf("%.60q: no error and no module", src)
		}
	}
}

func TestCheckReuseMode(t *testing.T) {
	if ds := dss.CheckReuseMode("a/M.dss", "1x"); !ds.HasErrors() || ds.Items[0].Code != "DSH9058" {
		t.Errorf("--reuse 1x on a .dss: %v", ds.Items)
	}
	if ds := dss.CheckReuseMode("a/M.dss", "2.0"); ds.HasErrors() {
		t.Errorf("--reuse 2.0 refused")
	}
	if ds := dss.CheckReuseMode("a/M.dsm", "1x"); ds.HasErrors() {
		t.Errorf("--reuse 1x on a .dsm refused")
	}
}

// TestEngineAttributeFromSource: under the engine catalog an attribute
// outside the test table's eight (Metallic) read off a material input is a
// ninth output of its GetMaterialAttributes; the test catalog refuses it.
func TestEngineAttributeFromSource(t *testing.T) {
	src := "/// @layerblend\nexport void B(material Bottom, material Top, inout material R)\n{\n    R.Metallic = Bottom.Metallic;\n    R.BaseColor = Top.BaseColor;\n}\n"
	dump, ds := compileText(t, src)
	if ds.HasErrors() {
		t.Fatal(ds.String())
	}
	if !strings.Contains(dump, "MaterialAttributes:material, Metallic:float] @L4:C18") || !strings.Contains(dump, "Metallic=%2#8") {
		t.Errorf("Metallic is not a ninth output read as #8:\n%s", dump)
	}
	read := func(p string) ([]byte, error) { return []byte(src), nil }
	if _, ds := dss.CompileFile("/mem/T.dss", dss.Options{ReadFile: read, Catalog: dss.TestCatalog}); !hasCode(ds, diag.Error, "DSH5200") {
		t.Errorf("the test catalog accepted m.Metallic:\n%s", ds.String())
	}
}

// TestPreviewPin: a parameter default that is a graph expression is
// lowered after the inputs and wired to the FunctionInput's Preview pin; a
// constant one stays a PreviewValue.
func TestPreviewPin(t *testing.T) {
	src := "export float2 F(float2 UV = UE.TexCoord(CoordinateIndex = 1), float S = 2)\n{\n    return UV * S;\n}\n"
	dump, ds := compileText(t, src)
	if ds.HasErrors() {
		t.Fatal(ds.String())
	}
	for _, w := range []string{`%0 = FunctionInput(Preview=%2, InputName="UV"`, `PreviewValue=(2, 2, 2, 2)`, `%2 = Reflected[TextureCoordinate](CoordinateIndex=1) : float2 @L1:C29`} {
		if !strings.Contains(dump, w) {
			t.Errorf("dump lacks %q:\n%s", w, dump)
		}
	}
}
