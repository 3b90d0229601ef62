package syntax

import (
	"strings"
	"testing"
)

// parseCodes parses src as path and returns its diagnostic codes in order.
func parseCodes(t *testing.T, path, src string) (*Parsed, string) {
	t.Helper()
	p, ds := ParseLang(path, src)
	return p, strings.Join(codes(ds.String()), " ")
}

// Upstream's Lang/ surface: each case is the smallest source that shows a
// form, with the codes upstream's parser gives it ("" for none).
func TestLangSurfaceCodes(t *testing.T) {
	for _, tc := range []struct{ path, src, codes string }{
		// Keyed pragmas: a positional argument, a key without a value and a
		// '|' with no name after it are refused; layout takes bare words.
		{"t.dsi", "#pragma instance(Foo)", "DSH3202"},
		{"t.dsi", `#pragma instance(Parent = "/Game/M", BlendMode = Translucent)`, ""},
		{"t.dss", "#pragma material(ShadingModel = , BlendMode = Additive)", "DSH3202"},
		{"t.dsp", "#pragma pipeline(Views = Game |)", "DSH3202"},
		{"t.dsp", "#pragma pipeline(Views = Game | Editor, Order = -5)", ""},
		{"t.dss", `#pragma layout(Node, Var = "Sum", X = 120, Y = -40)`, ""},
		// Input pins by engine index: a literal index, else DSH2158.
		{"t.dss", `void F() { float3 x = UE.Expression(Class = "LinearInterpolate", Pin[0] = 1, Pin[2] = 0.5); }`, ""},
		{"t.dss", `void F() { float i = 1; float3 x = UE.Expression(Class = "LinearInterpolate", Pin[i] = 1); }`, "DSH2158"},
		// Grouped declarators.
		{"t.dss", "uniform float a, b = 2, c;", ""},
		// Statements and files that end early.
		{"t.dss", "float F(float A) { float L = A\n return L; }", "DSH2154"},
		{"t.dss", "float F(float A) { if (A > 0) { A += 1;", "DSH2150 DSH2150"},
		// A stray closer at file scope, and the declaration after it.
		{"t.dss", "uniform float G;\n}\nuniform float H;", "DSH3200"},
		// Headers export nothing; buffers belong in a .dsp.
		{"t.dsh", "export void M(inout material m) { }", "DSH3210"},
		{"t.dsh", "float3 Shared(float3 C) { return C; }", ""},
		{"t.dss", "buffer Mask : R8;", "DSH3310"},
		{"t.dss", "pass Fill : clear { }", "DSH3310"},
		// Struct fields with array dimensions parse.
		{"t.dss", "struct S { float2 UV[4]; int F[2][3]; };", ""},
		{"t.dss", "float F(float A, ) { return A; }", "DSH3204"},
		// A 1.x file is not read by the 2.0 parser.
		{"t.dsm", "Shader(Name=\"X\") { }", "DSH2199"},
	} {
		if _, got := parseCodes(t, tc.path, tc.src); got != tc.codes {
			t.Errorf("%s %q: codes %q, want %q", tc.path, tc.src, got, tc.codes)
		}
	}
}

// Grouped declarators are one declaration per name, each with its own
// initializer; region lines at file scope are counted, those in a body
// are not.
func TestGroupedDeclaratorsAndRegionMarks(t *testing.T) {
	p, got := parseCodes(t, "t.dss", "#pragma region A\nuniform float a, b = 2, c;\n#pragma endregion\nvoid F() {\n#pragma region In\n#pragma endregion\n}")
	if got != "" {
		t.Fatalf("codes %q", got)
	}
	vd, ok := p.Decls[0].(*VarDecl)
	if !ok || len(vd.Vars) != 3 || vd.Vars[0].Init != nil || vd.Vars[1].Init == nil || vd.Vars[2].Name != "c" {
		t.Fatalf("declarators: %#v", p.Decls[0])
	}
	if p.RegionMarks != 2 {
		t.Errorf("file-scope region marks %d, want 2", p.RegionMarks)
	}
	p, _ = parseCodes(t, "t.dss", "struct S { float2 UV[4]; float W; };")
	sd := p.Decls[0].(*StructDecl)
	if len(sd.Fields) != 2 || !sd.Fields[0].Array || sd.Fields[1].Array {
		t.Errorf("struct fields: %+v", sd.Fields)
	}
}
