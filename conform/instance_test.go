package conform

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"reuselab/internal/shared"
)

const parentDSS = `uniform float Gain = 0.5;
/// @static
uniform bool UseWarm = true;
uniform float3 Tint = float3(1, 0.5, 0.25);
export void M_P(inout material m)
{
    float3 c = UseWarm ? Tint : Tint * 2;
    m.EmissiveColor = c * Gain;
}
`

// writeCase writes a parent, an instance and its golden; it returns the
// golden's path.
func writeInstanceCase(t *testing.T, dsi string, gd map[string]any) string {
	t.Helper()
	dir := t.TempDir()
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.WriteFile(filepath.Join(dir, "M_P.dss"), []byte(parentDSS), 0o644))
	must(os.WriteFile(filepath.Join(dir, "I_Case.dsi"), []byte(dsi), 0o644))
	b, err := json.Marshal(gd)
	must(err)
	g := filepath.Join(dir, "I_Case.expected.json")
	must(os.WriteFile(g, b, 0o644))
	return g
}

// An ok instance golden passes when its dump agrees, and a golden whose
// dump or codes disagree fails with the reason.
func TestInstanceGoldens(t *testing.T) {
	src := "#pragma instance(Parent = \"M_P\", TwoSided = true)\nuniform float Gain = 2 * 1.5;\n/// @static\nuniform bool UseWarm = false;\n"
	dump := "module \"I_Case.dsi\"\n\nproduct 0 MaterialInstance \"I_Case\"\n  parent \"M_P\" schema=ir params=3\n  setting TwoSided true\n  override \"Gain\" Scalar float 3\n  override \"UseWarm\" StaticSwitch bool false\n"
	for _, tc := range []struct {
		name   string
		src    string
		golden map[string]any
		want   Status
		detail string
	}{
		{"dump agrees", src, map[string]any{"entryPoint": "ir", "outcome": "ok", "ir": dump}, Pass, "ok"},
		{"dump differs", src, map[string]any{"entryPoint": "ir", "outcome": "ok", "ir": strings.Replace(dump, "float 3", "float 2", 1)}, Fail, "ir differs"},
		{"unknown name", "#pragma instance(Parent = \"M_P\")\nuniform float Nope = 1;\n", map[string]any{"entryPoint": "ir", "outcome": "error", "errorContains": []string{"DSH7258"}}, Pass, "ok"},
		{"wrong code", "#pragma instance(Parent = \"M_P\")\nuniform float Nope = 1;\n", map[string]any{"entryPoint": "ir", "outcome": "error", "errorContains": []string{"DSH7259"}}, Fail, "missing error DSH7259"},
		{"static mismatch", "#pragma instance(Parent = \"M_P\")\nuniform bool UseWarm = false;\n", map[string]any{"entryPoint": "ir", "outcome": "error", "errorContains": []string{"DSH7260"}}, Pass, "ok"},
		{"no schema", "#pragma instance(Parent = \"/Game/X/M_Gone\")\nuniform float4 Any = 1;\n", map[string]any{"entryPoint": "ir", "outcome": "ok", "infosContain": []string{"DSH7263"},
			"ir": "module \"I_Case.dsi\"\n\nproduct 0 MaterialInstance \"I_Case\"\n  parent \"/Game/X/M_Gone\" schema=none\n  override \"Any\" Vector float4 (1, 1, 1, 1)\n"}, Pass, "ok"},
		{"compile assets", src, map[string]any{"entryPoint": "compile", "outcome": "ok", "assets": []map[string]any{
			{"name": "I_Case", "kind": "MaterialInstance", "nodeCount": 0}, {"name": "M_P", "kind": "Material", "nodeCount": 99}}}, Fail, "M_P:"},
	} {
		r := RunOne(writeInstanceCase(t, tc.src, tc.golden), Options{})
		if r.Status != tc.want || !strings.Contains(r.Detail, tc.detail) {
			t.Errorf("%s: %v %q, want %v containing %q", tc.name, r.Status, r.Detail, tc.want, tc.detail)
		}
		if !r.Instance {
			t.Errorf("%s: not counted as an instance", tc.name)
		}
	}
}

// The corpus's instance, pipeline and `.dss` compile goldens: outcome and codes on
// at least 95% and every ok instance dump, with floors at what runs today.
func TestCorpusInstancesAndCompile(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus sweep: not in -short")
	}
	root := filepath.Join(shared.CorpusOrSkip(t), "TypeDreamMoon__DreamShader", "Tests", "Corpus")
	var paths []string
	for _, d := range []string{"IR/Instances", "IR/Pipeline", "Instance", "Compile"} {
		paths = append(paths, filepath.Join(root, d))
	}
	rs, err := Run(paths, Options{})
	if err != nil {
		t.Fatal(err)
	}
	f := Summarise(rs)
	for _, r := range rs {
		if r.Status == Fail && strings.Contains(r.Detail, "panic") {
			t.Errorf("%s: %s", r.Stem, r.Detail)
		}
	}
	if f.InstCodesTotal < 39 || f.InstCodesOK*100 < f.InstCodesTotal*95 {
		t.Errorf(".dsi outcome+codes %d of %d, want ≥95%% of ≥39", f.InstCodesOK, f.InstCodesTotal)
	}
	if f.InstIRTotal < 13 || f.InstIROK != f.InstIRTotal {
		t.Errorf(".dsi dumps %d of %d, want all of ≥13", f.InstIROK, f.InstIRTotal)
	}
	if f.InstAssetsTotal < 8 || f.InstAssetsOK < 8 {
		t.Errorf(".dsi compile assets %d of %d, want ≥8", f.InstAssetsOK, f.InstAssetsTotal)
	}
	if f.PipeCodesTotal < 16 || f.PipeCodesOK*100 < f.PipeCodesTotal*95 || f.PipeIRTotal < 11 || f.PipeIROK*100 < f.PipeIRTotal*90 {
		t.Errorf(".dsp outcome+codes %d of %d, dumps %d of %d: want ≥95%% of ≥16 and ≥90%% of ≥11", f.PipeCodesOK, f.PipeCodesTotal, f.PipeIROK, f.PipeIRTotal)
	}
	if f.DSSCodesTotal < 14 || f.DSSCodesOK != f.DSSCodesTotal {
		t.Errorf(".dss outcome+codes %d of %d, want all of ≥14", f.DSSCodesOK, f.DSSCodesTotal)
	}
	if f.DSSAssetsTotal < 9 || f.DSSAssetsOK < 5 || f.DSSGraphOK < 4 {
		t.Errorf(".dss compile node counts %d of %d, graphs %d: want ≥5 of ≥9 and ≥4", f.DSSAssetsOK, f.DSSAssetsTotal, f.DSSGraphOK)
	}
}

// A pipeline golden passes when its codes and dump agree and fails on a
// dump or a code it does not give.
func TestPipelineGoldens(t *testing.T) {
	src := "buffer Out : RGBA8(Export = true);\npass Copy : copy { read SceneColor; write Out; }\n"
	dump := "module \"P_Case.dsp\"\n\nproduct 0 PassPipeline \"P_Case\"\n  pipeline order=0 injection=BeforePostProcess views=Game|Editor requires=- enabled=-\n  buffer \"Out\" RGBA8 resolution=Render scale=1 (inferred) clear=(0, 0, 0, 0) mips=1 export\n  pass \"Copy\" copy injection=BeforePostProcess\n    read SceneColor = SceneColor\n    write Out = Out\n"
	for _, tc := range []struct {
		name   string
		golden map[string]any
		want   Status
		detail string
	}{
		{"agrees", map[string]any{"entryPoint": "ir", "outcome": "ok", "infosContain": []string{"DSH7354", "DSH7360"}, "ir": dump}, Pass, "ok"},
		{"dump differs", map[string]any{"entryPoint": "ir", "outcome": "ok", "ir": strings.Replace(dump, "RGBA8", "R8", 1)}, Fail, "ir differs"},
		{"code absent", map[string]any{"entryPoint": "ir", "outcome": "ok", "warningsContain": []string{"DSH7357"}}, Fail, "missing warning DSH7357"},
		{"outcome differs", map[string]any{"entryPoint": "ir", "outcome": "error"}, Fail, "expected an error"},
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "P_Case.dsp"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(tc.golden)
		g := filepath.Join(dir, "P_Case.expected.json")
		if err := os.WriteFile(g, b, 0o644); err != nil {
			t.Fatal(err)
		}
		r := RunOne(g, Options{})
		if r.Status != tc.want || !strings.Contains(r.Detail, tc.detail) || !r.Pipeline {
			t.Errorf("%s: %v %q (pipeline %v), want %v containing %q", tc.name, r.Status, r.Detail, r.Pipeline, tc.want, tc.detail)
		}
	}
}
