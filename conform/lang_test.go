package conform

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeCase writes a source and its golden into dir and returns the
// golden's path.
func writeCase(t *testing.T, dir, name, ext, src string, golden map[string]any) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if src != "" {
		if err := os.WriteFile(filepath.Join(dir, name+ext), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data, err := json.Marshal(golden)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name+".expected.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// A lang golden's module summary is compared key by key: a grouped
// declaration counts once per name, and a wrong count fails the golden.
func TestLangEntryPoint(t *testing.T) {
	dir := t.TempDir()
	src := `#pragma material(ShadingModel = Unlit)
#pragma region Look
uniform float2 TileA = float2(1, 1), TileB;
static const float One = 1.0, Two = 2.0;
const float NotAConstant = 3.0;
#pragma endregion
/// @custom
float3 Raw() { return float3(1, "}", 0); }
export void M_Lang(inout material m) { m.EmissiveColor = Raw(); }
`
	module := map[string]any{"declarations": 10, "pragmas": 3, "uniforms": 2, "constants": 2,
		"functions": 2, "exports": 1, "opaqueBodies": 1, "entry": "M_Lang", "roundtrip": true}
	golden := writeCase(t, dir, "L_Summary", ".dss", src, map[string]any{"entryPoint": "lang", "outcome": "ok", "module": module})
	r := RunOne(golden, Options{})
	if r.Status != Pass || r.Figure != "lang" || !r.CodesOK {
		t.Fatalf("summary golden: %v %q (figure %q)", r.Status, r.Detail, r.Figure)
	}
	if !strings.Contains(r.Detail, "roundtrip not compared") {
		t.Errorf("a passing golden with roundtrip does not say it was not compared: %q", r.Detail)
	}
	module["declarations"] = 8
	module["entry"] = "Raw"
	golden = writeCase(t, dir, "L_Summary", ".dss", "", map[string]any{"entryPoint": "lang", "outcome": "ok", "module": module})
	r = RunOne(golden, Options{})
	if r.Status != Fail || !strings.Contains(r.Detail, "module.declarations 10, want 8") || !strings.Contains(r.Detail, `module.entry "M_Lang", want "Raw"`) {
		t.Errorf("wrong summary: %v %q", r.Status, r.Detail)
	}
}

// A lang error golden passes on its code and fails on another; a 1.x
// source is answered with DSH2199 as the one golden of the case has it.
func TestLangErrorGoldens(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, ext, src, code string
		want                 Status
	}{
		{"D_Positional.bad", ".dsi", "#pragma instance(Foo)\n", "DSH3202", Pass},
		{"D_Positional2.bad", ".dsi", "#pragma instance(Foo)\n", "DSH3203", Fail},
		{"D_Legacy.bad", ".dsm", "Shader(Name=\"X\") { Graph = { } }\n", "DSH2199", Pass},
		{"P_NoColon.bad", ".dsp", "buffer Mask R8;\n", "DSH3301", Pass},
		{"D_Fine.bad", ".dss", "uniform float A, B = 2, C;\n", "DSH3200", Fail},
	} {
		golden := writeCase(t, dir, tc.name, tc.ext, tc.src, map[string]any{"entryPoint": "lang", "outcome": "error", "errorContains": []string{tc.code}})
		r := RunOne(golden, Options{})
		if r.Status != tc.want || r.CodesOK != (tc.want == Pass) {
			t.Errorf("%s%s want %s: %v %q", tc.name, tc.ext, tc.code, r.Status, r.Detail)
		}
	}
}

// A parse golden runs the 1.x front end and compares the definition.
func TestParseEntryPoint(t *testing.T) {
	dir := t.TempDir()
	src := `Shader(Name="T/M_Parse")
{
    Settings = { Domain = "Surface"; ShadingModel = "Unlit"; }
    Outputs = {
        vec3 Color;
        float Cover;
        Base.EmissiveColor = Color;
        Expression(Class="ThinTranslucentMaterialOutput") { Pin[0] = Color; Pin[1] = Cover; }
    }
    Graph = { Color = vec3(1.0, 0.0, 0.0); Cover = 1.0; }
}
`
	def := map[string]any{"name": "T/M_Parse", "outputDeclarations": 2, "outputs": 3, "materialFunctions": 0,
		"virtualFunctions": 0, "codeNotEmpty": true, "settings": map[string]string{"ShadingModel": "Unlit"}}
	golden := writeCase(t, dir, "S_Parse", ".dsm", src, map[string]any{"entryPoint": "parse", "outcome": "ok", "definition": def})
	if r := RunOne(golden, Options{}); r.Status != Pass || r.Figure != "parse" {
		t.Fatalf("definition golden: %v %q", r.Status, r.Detail)
	}
	def["outputs"] = 2
	def["settings"] = map[string]string{"ShadingModel": "DefaultLit"}
	golden = writeCase(t, dir, "S_Parse", ".dsm", "", map[string]any{"entryPoint": "parse", "outcome": "ok", "definition": def})
	r := RunOne(golden, Options{})
	if r.Status != Fail || !strings.Contains(r.Detail, "definition.outputs 3, want 2") || !strings.Contains(r.Detail, "definition.settings.ShadingModel") {
		t.Errorf("wrong definition: %v %q", r.Status, r.Detail)
	}
	bad := strings.Replace(src, "Expression(Class=\"ThinTranslucentMaterialOutput\")", "Color", 1)
	golden = writeCase(t, dir, "S_Brace.bad", ".dsm", bad, map[string]any{"entryPoint": "parse", "outcome": "error", "errorContains": []string{"DSH3133"}})
	if r := RunOne(golden, Options{}); r.Status != Pass {
		t.Errorf("a block after an output name: %v %q", r.Status, r.Detail)
	}
}

// A migrate golden: a Root= the host gave no answer for is DSH9094, and
// an answer in productNames takes the warning away.
func TestMigrateEntryPoint(t *testing.T) {
	dir := t.TempDir()
	src := `Shader(Name="Folder/M_Root", Root="Game")
{
    Settings = { Backend = "Instance"; }
    Outputs = { vec3 Color; Base.EmissiveColor = Color; }
    Graph = { Color = vec3(0.0, 1.0, 0.0); }
}
`
	g := map[string]any{"entryPoint": "migrate", "outcome": "ok", "warningsContain": []string{"DSH9094", "DSH7204"}, "text": "not compared"}
	golden := writeCase(t, dir, "M_Root", ".dsm", src, g)
	r := RunOne(golden, Options{})
	if r.Status != Pass || r.Figure != "migrate" || !strings.Contains(r.Detail, "text not compared") {
		t.Fatalf("unanswered root: %v %q", r.Status, r.Detail)
	}
	g["productNames"] = map[string]string{"M_Root": ""}
	golden = writeCase(t, dir, "M_Root", ".dsm", "", g)
	if r := RunOne(golden, Options{}); r.Status != Fail || !strings.Contains(r.Detail, "missing warning DSH9094") {
		t.Errorf("answered root: %v %q", r.Status, r.Detail)
	}
}

// The new entry points are counted apart: the 1.x and .dss figures do not
// move, and a golden without a source anywhere is skipped with its reason.
func TestEntryFiguresApart(t *testing.T) {
	real := t.TempDir()
	corpus := filepath.Join(real, "A", "Tests", "Corpus")
	fork := filepath.Join(real, "B", "Tests", "Corpus")
	writeCase(t, filepath.Join(corpus, "Lang"), "L_Ok", ".dss", "uniform float G;\n", map[string]any{"entryPoint": "lang", "outcome": "ok", "module": map[string]any{"uniforms": 1}})
	writeCase(t, filepath.Join(corpus, "Lang"), "L_Gone", "", "", map[string]any{"entryPoint": "lang", "outcome": "ok"})
	writeCase(t, filepath.Join(corpus, "Parse"), "P_Forked", "", "", map[string]any{"entryPoint": "parse", "outcome": "ok", "definition": map[string]any{"name": "F/M"}})
	if err := os.MkdirAll(filepath.Join(fork, "Parse"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(fork, "Parse", "P_Forked.dsm"), []byte("Shader(Name=\"F/M\") { Outputs = { vec3 C; Base.EmissiveColor = C; } Graph = { C = vec3(1.0, 1.0, 1.0); } }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rs, err := Run([]string{corpus}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	f := Summarise(rs)
	if f.CodesTotal != 0 || f.DSSCodesTotal != 0 {
		t.Errorf("new entry points counted in the old figures: %+v", f)
	}
	lang, parse := f.PerEntry["lang"], f.PerEntry["parse"]
	if lang == nil || parse == nil {
		t.Fatalf("per-entry figures missing: %+v", f.PerEntry)
	}
	if lang.Run != 1 || lang.CodesOK != 1 || lang.Skipped != 1 || parse.Passed != 1 {
		t.Errorf("lang %+v, parse %+v", *lang, *parse)
	}
	for _, r := range rs {
		switch r.Stem {
		case "Lang/L_Gone":
			if r.Status != Skip || r.Detail != "source file absent" {
				t.Errorf("%s: %v %q", r.Stem, r.Status, r.Detail)
			}
		case "Parse/P_Forked":
			if r.Fork != "B" || !strings.Contains(r.Detail, "source from the fork B") {
				t.Errorf("%s: fork %q, %q", r.Stem, r.Fork, r.Detail)
			}
		}
	}
	var out strings.Builder
	Print(&out, rs)
	if !strings.Contains(out.String(), "lang outcome+codes: 1 of 1 (passed 1, skipped 1)") {
		t.Errorf("summary lines:\n%s", out.String())
	}
}
