package dss_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"reuselab/compiler/dss"
	"reuselab/compiler/dss/syntax"
	"reuselab/diag"
	"reuselab/internal/shared"
)

// memRead serves files from a map.
func memRead(files map[string]string) func(string) ([]byte, error) {
	return func(p string) ([]byte, error) {
		if s, ok := files[p]; ok {
			return []byte(s), nil
		}
		return nil, os.ErrNotExist
	}
}

func codes(ds diag.List, sev diag.Severity) string {
	var out []string
	for _, d := range ds.Items {
		if d.Severity == sev {
			out = append(out, d.Code)
		}
	}
	return strings.Join(out, ",")
}

// A pipeline's defaults are filled in (resolution from the first writer in
// frame order, thread group, dispatch), `param` folds to Source * a + b,
// and the frame order finds a read of an uncleared buffer before its
// writer.
func TestPipelineBind(t *testing.T) {
	src := `uniform float W = 2.0;
buffer A : RGBA8(Export = true);
buffer B : R16F(Clear = None);
pass Late : copy { Injection = PostProcess.AfterTonemap; read SceneColor; write A; }
pass Use : copy { Injection = AfterOpaque; read B; write SceneColor; }
pass Fill : compute { Shader = "/P/F.usf"; Entry = CS; write Result = B; param K = (W - 1) * 4; }
`
	dump, ds := dss.CompilePipeline("/m/P.dsp", dss.Options{Root: "/m", ReadFile: memRead(map[string]string{"/m/P.dsp": src})})
	for _, want := range []string{
		`buffer "A" RGBA8 resolution=Output scale=1 (inferred)`,
		`shader "/P/F.usf" virtual="/P/F.usf" entry=CS`,
		`threads=(8, 8, 1) (from the shader) dispatch=B * 1`,
		`param K = W * 4 + -4`,
	} {
		if !strings.Contains(dump, want) {
			t.Errorf("dump lacks %q:\n%s", want, dump)
		}
	}
	if got := codes(ds, diag.Error); got != "DSH7331" {
		t.Errorf("errors %q, want DSH7331 (B read at AfterOpaque, written at BeforePostProcess)", got)
	}
	if got := codes(ds, diag.Info); !strings.Contains(got, "DSH7354") || !strings.Contains(got, "DSH7360") {
		t.Errorf("infos %q, want DSH7354 and DSH7360", got)
	}
}

// A mesh filter comes out in its normal form, `&` distributed over `|`.
func TestPipelineFilterNormalForm(t *testing.T) {
	src := "buffer M : R8(Export = true);\npass D : mesh { Injection = AfterOpaque; Filter = (Layer(X) | List(L)) & Stencil(0x10); write Output0 = M; }\n"
	dump, ds := dss.CompilePipeline("/m/P.dsp", dss.Options{Root: "/m", ReadFile: memRead(map[string]string{"/m/P.dsp": src})})
	if ds.HasErrors() {
		t.Fatalf("errors: %v", ds.Items)
	}
	if want := "filter Layer(X) & Stencil(16, 255) | List(L) & Stencil(16, 255)"; !strings.Contains(dump, want) {
		t.Errorf("dump lacks %q:\n%s", want, dump)
	}
	if !strings.Contains(dump, "nanite=StencilMask naniteValue=(1, 0, 0, 0)") {
		t.Errorf("a Stencil term should default Nanite to StencilMask:\n%s", dump)
	}
}

// An instance binds against the parent beside it: names, types, static
// switches and constant values are checked, and the chain of an instance
// of an instance reaches the material.
func TestInstanceBind(t *testing.T) {
	files := map[string]string{
		"/m/M_P.dss": "uniform float G = 1;\n/// @static\nuniform bool S = true;\nexport void M_P(inout material m) { m.Opacity = S ? G : 0; }\n",
		"/m/I_A.dsi": "#pragma instance(Parent = \"M_P\")\nuniform float G = 3;\n",
		"/m/I_B.dsi": "#pragma instance(Parent = \"/Game/I_A.I_A\", BlendMode = Masked)\nuniform float G = -(1 + 1);\n/// @static\nuniform bool S = false;\n",
		"/m/I_C.dsi": "#pragma instance(Parent = \"M_P\")\nuniform float g = 1;\nuniform float3 G = 1;\nuniform bool S = true;\n",
		"/m/I_D.dsi": "#pragma instance(Parent = \"I_D\")\nuniform float G = 1;\n",
		"/m/I_E.dsi": "uniform float G = G * 2;\n",
		"/m/M_Q.dss": "uniform float G = 1;\nuniform float U = 1;\nexport void M_Q(inout material m) { m.Opacity = G; }\n",
		"/m/I_F.dsi": "#pragma instance(Parent = \"M_Q\")\nuniform float U = 2;\nuniform float G = 2;\n",
	}
	run := func(p string) (*dss.Instance, diag.List) {
		return dss.CompileInstance(p, dss.Options{Root: "/m", ReadFile: memRead(files)})
	}
	in, ds := run("/m/I_B.dsi")
	want := "module \"I_B.dsi\"\n\nproduct 0 MaterialInstance \"I_B\"\n  parent \"/Game/I_A.I_A\" schema=ir params=2\n  setting BlendMode Masked\n  override \"G\" Scalar float -2\n  override \"S\" StaticSwitch bool false\n"
	if ds.HasErrors() || in.Dump() != want {
		t.Errorf("I_B: %v\n%s", ds.Items, in.Dump())
	}
	for path, wantErrs := range map[string]string{
		"/m/I_C.dsi": "DSH7264,DSH7259,DSH7260",
		"/m/I_D.dsi": "DSH8263",
		"/m/I_E.dsi": "DSH7250,DSH7265",
		// U is declared and never read: the material has no such parameter.
		"/m/I_F.dsi": "DSH7258",
	} {
		_, ds := run(path)
		if got := codes(ds, diag.Error); got != wantErrs {
			t.Errorf("%s: errors %q, want %q: %v", path, got, wantErrs, ds.Items)
		}
	}
}

// Upstream's Lang/Pipeline goldens, parsed alone: every `.bad.` file gets
// an error, its golden's codes among them, and every other file parses
// clean.
func TestPipelineParseCorpus(t *testing.T) {
	dir := filepath.Join(shared.CorpusOrSkip(t), "TypeDreamMoon__DreamShader", "Tests", "Corpus", "Lang", "Pipeline")
	files, _ := filepath.Glob(filepath.Join(dir, "*.dsp"))
	if len(files) < 30 {
		t.Fatalf("%d .dsp files under %s, want ≥30", len(files), dir)
	}
	withCodes := 0
	for _, f := range files {
		ds := dss.ParsePipeline(f, dss.Options{})
		bad := strings.Contains(filepath.Base(f), ".bad.")
		if ds.HasErrors() != bad {
			t.Errorf("%s: errors %v, want %v: %v", filepath.Base(f), ds.HasErrors(), bad, ds.Items)
		}
		data, err := os.ReadFile(strings.TrimSuffix(f, ".dsp") + ".expected.json")
		if err != nil {
			continue
		}
		var gd struct {
			ErrorContains []string `json:"errorContains"`
		}
		if err := json.Unmarshal(data, &gd); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		got := codes(ds, diag.Error)
		for _, c := range gd.ErrorContains {
			withCodes++
			if !strings.Contains(got, c) {
				t.Errorf("%s: errors %q lack %s", filepath.Base(f), got, c)
			}
		}
	}
	if withCodes < 23 {
		t.Errorf("%d golden codes checked, want ≥23", withCodes)
	}
}

// The binder reads the 2.0 parser's tree: a syntax error of a `.dsp` is
// exactly what the parser reports (one parser, one message), grouped
// declarators and a multi-line doc block bind, and a declaration a
// pipeline does not hold is refused.
func TestPipelineBindsTheParsersTree(t *testing.T) {
	for _, src := range []string{
		"buffer Mask R8;\n",
		"pass Fill : clear { Value = 1.0; write Mask\n}\n",
		"pass Keep : copy { read Mask.Current; }\n",
		"hlsl {\n float F() { return 1; }\n",
	} {
		_, ds := dss.CompilePipeline("/m/P.dsp", dss.Options{Root: "/m", ReadFile: memRead(map[string]string{"/m/P.dsp": src})})
		_, want := syntax.Parse("/m/P.dsp", src)
		if !ds.HasErrors() || ds.String() != want.String() {
			t.Errorf("%q: binder says\n%s\nparser says\n%s", src, ds.String(), want.String())
		}
	}
	src := "static const float K = 2, L = K * 3;\n/// First line.\n/// Second line.\nuniform float2 U = float2(L, 1), V;\nbuffer M : R8(Export = true);\npass C : clear { Value = K; write M; }\n"
	dump, ds := dss.CompilePipeline("/m/P.dsp", dss.Options{Root: "/m", ReadFile: memRead(map[string]string{"/m/P.dsp": src})})
	if ds.HasErrors() {
		t.Fatalf("errors: %s", ds.String())
	}
	for _, want := range []string{
		`parameter "U" float2 default=(6, 1) desc="First line.\nSecond line."`,
		`parameter "V" float2 default=(0, 0)`,
		"value=(2, 2, 2, 2)",
	} {
		if !strings.Contains(dump, want) {
			t.Errorf("dump lacks %q:\n%s", want, dump)
		}
	}
	for src, what := range map[string]string{
		"float Helper() { return 1; }\n":       "Function 'Helper'",
		"float Loose = 1;\n":                   "neither 'uniform' nor 'static const'",
		"#pragma material(Domain = Surface)\n": "'#pragma material'",
	} {
		_, ds := dss.CompilePipeline("/m/P.dsp", dss.Options{Root: "/m", ReadFile: memRead(map[string]string{"/m/P.dsp": src})})
		if got := codes(ds, diag.Error); got != "DSH2301" || !strings.Contains(ds.String(), what) {
			t.Errorf("%q: errors %q, want DSH2301 naming %s: %s", src, got, what, ds.String())
		}
	}
}
