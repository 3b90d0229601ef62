package syntax

import (
	"strings"
	"testing"
)

// Each malformed `.dsp` form gets upstream's code (Lang/Pipeline).
func TestPipelineCodes(t *testing.T) {
	for _, tc := range []struct{ src, code string }{
		{"buffer : R8;", "DSH3300"},
		{"buffer Mask R8;", "DSH3301"},
		{"buffer Mask : ;", "DSH3302"},
		{"buffer Mask : R8(= 1);", "DSH2308"},
		{"buffer Mask : R8(Scale 0.5);", "DSH2309"},
		{"buffer Mask : R8(Scale = 0.5 Mips = 2);", "DSH2310"},
		{"buffer Mask : R8\nbuffer Soft : R8;", "DSH2311"},
		{"pass : clear {}", "DSH3303"},
		{"pass Fill clear {}", "DSH3304"},
		{"pass Fill : {}", "DSH3305"},
		{"pass Fill : clear\n Value = 1.0;\n write Mask;\n}", "DSH2300"},
		{"pass Fill : clear { 42; write Mask; }", "DSH2301"},
		{"pass Fill : clear { Value 1.0; }", "DSH2302"},
		{"pass Fill : clear { Value = 1.0; write Mask\n}", "DSH2303"},
		{"pass Keep : copy { read; }", "DSH2304"},
		{"pass Keep : copy { read Source = ; }", "DSH2304"},
		{"pass Keep : copy { read Mask.Current; }", "DSH2305"},
		{"pass Keep : copy { read A.Previous = B; }", "DSH2303"},
		{"pass Blur : compute { param; }", "DSH2306"},
		{"pass Blur : compute { param Gain 2.0; }", "DSH2307"},
		{"pass Fill : clear {\n#pragma region In\n write Mask; }", "DSH2312"},
		{"pass Fill : compute { hlsl; }", "DSH2313"},
		{"pass First : clear {\n write Mask;\npass Second : clear { write Mask; }", "DSH2314"},
		{"pass Fill : clear { write Mask;", "DSH2150"},
		{"hlsl {\n float F() { return 1; }\n", "DSH2150"},
	} {
		_, ds := Parse("t.dsp", tc.src)
		got := codes(ds.String())
		if len(got) == 0 || got[0] != tc.code {
			t.Errorf("%q: codes %v, want %s first", tc.src, got, tc.code)
		}
	}
}

// The well-formed pipeline: every declaration and statement form, with
// the pipeline words as ordinary names where they begin nothing.
func TestPipelineForms(t *testing.T) {
	src := `#pragma pipeline(Order = -5, Views = Game | SceneCapture)
uniform float buffer = 1.0;
static const float read = 0.5;
/// @desc the mask
buffer Mask : R8();
buffer Field : RG16F(Size = int2(64, 32), History = true);
hlsl
{
    // a } in a comment, a "}" in a string
    #define HALF 0.5
}
pass Draw : mesh
{
    Filter = (Layer(Highlight | "Other Layer") | List(Enemies)) & Stencil(4, 0x0F);
    read Previous = Field.Previous;
    read write;
    write param = Mask;
    param Gain = read * 2.0 - 1.0;
    hlsl
    {
#if 1
        Result[Id.xy] = 1;
#endif
    }
}
`
	p, ds := Parse("t.dsp", src)
	if len(ds.Items) != 0 {
		t.Fatalf("diagnostics:\n%s", ds.String())
	}
	var buffers []*BufferDecl
	var pass *PassDecl
	var blocks int
	for _, d := range p.Decls {
		switch d := d.(type) {
		case *BufferDecl:
			buffers = append(buffers, d)
		case *PassDecl:
			pass = d
		case *HlslBlock:
			blocks++
		case *VarDecl:
			// the span the pipeline binder folds: the initializer as written
			if v := d.Vars[0]; src[v.InitOff:v.InitEnd] != map[string]string{"buffer": "1.0", "read": "0.5"}[v.Name] {
				t.Errorf("initializer of %s: %q", v.Name, src[v.InitOff:v.InitEnd])
			}
		}
	}
	if len(buffers) != 2 || buffers[0].Doc == nil || len(buffers[0].Args) != 0 || len(buffers[1].Args) != 2 ||
		buffers[1].Args[0].Value != "int2(64, 32)" || buffers[1].Format != "RG16F" {
		t.Fatalf("buffers: %+v", buffers)
	}
	if blocks != 1 || pass == nil || pass.Kind != "mesh" || pass.Hlsl == nil {
		t.Fatalf("pass %+v, %d file hlsl blocks", pass, blocks)
	}
	want := []PassStmt{
		{Word: "", Name: "Filter", Value: `(Layer(Highlight | "Other Layer") | List(Enemies)) & Stencil(4, 0x0F)`},
		{Word: "read", Name: "Previous", Value: "Field", Previous: true},
		{Word: "read", Value: "write"},
		{Word: "write", Name: "param", Value: "Mask"},
		{Word: "param", Name: "Gain", Value: "read * 2.0 - 1.0"},
	}
	if len(pass.Stmts) != len(want) {
		t.Fatalf("statements %+v", pass.Stmts)
	}
	for i, w := range want {
		g := pass.Stmts[i]
		if g.Word != w.Word || g.Name != w.Name || g.Value != w.Value || g.Previous != w.Previous {
			t.Errorf("statement %d: %+v, want %+v", i, g, w)
		}
	}
	// In a .dss the same words begin nothing.
	if _, ds := Parse("t.dss", "uniform float pass = 0.5;\nfloat Mix(float read, float write) { float param = read * write; return param; }"); len(ds.Items) != 0 {
		t.Errorf(".dss with pipeline words:\n%s", ds.String())
	}
}

// FuzzParseDSP: a `.dsp` of any text parses without a panic or an
// internal error, every diagnostic placed, and every kept value and raw
// block a piece of the text (an initializer's span, which the pipeline
// binder reads, inside it).
func FuzzParseDSP(f *testing.F) {
	for _, s := range []string{
		"#pragma pipeline(Order = 1, Views = Game | Editor)\nbuffer Mask : R8(Scale = 0.5, Export = true);\npass Fill : clear { Value = 1.0; write Mask; }",
		"hlsl { float F() { return \"}\"; } }\npass P : compute { read A = B.Previous; param G = -1; hlsl { #if 1\n#endif\n } }",
		"buffer M : R8(Scale 0.5\npass First : clear {\n write M;\npass Second : x {",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		p, ds := Parse("t.dsp", src)
		for _, d := range ds.Items {
			if strings.Contains(d.Message, "internal") {
				t.Fatalf("internal error: %s", d)
			}
			if d.Pos.Line < 1 || d.Pos.Col < 1 {
				t.Fatalf("unplaced: %s", d)
			}
		}
		for _, d := range p.Decls {
			switch d := d.(type) {
			case *HlslBlock:
				if !strings.Contains(src, d.Raw) {
					t.Fatalf("hlsl block %q is not in the text", d.Raw)
				}
			case *VarDecl:
				for _, v := range d.Vars {
					if v.Init != nil && (v.InitOff > v.InitEnd || v.InitEnd > len(src)) {
						t.Fatalf("initializer of %s placed at %d:%d in %d bytes", v.Name, v.InitOff, v.InitEnd, len(src))
					}
				}
			case *PassDecl:
				for _, st := range d.Stmts {
					if !strings.Contains(src, st.Value) {
						t.Fatalf("value %q is not in the text", st.Value)
					}
				}
			}
		}
	})
}
