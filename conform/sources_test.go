package conform

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"reuselab/emit"
	"reuselab/internal/shared"
)

// A golden without a source beside it is skipped, and run from an extra
// source folder when one holds a source of its name.
func TestSourceDirs(t *testing.T) {
	goldens, elsewhere := t.TempDir(), t.TempDir()
	src := "#pragma instance(Parent = \"/Game/M_X\")\nuniform float G = 2;\n"
	if err := os.WriteFile(filepath.Join(elsewhere, "I_Far.dsi"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	g := filepath.Join(goldens, "I_Far.expected.json")
	if err := os.WriteFile(g, []byte(`{"entryPoint": "ir", "outcome": "ok", "infosContain": ["DSH7263"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := RunOne(g, Options{}); r.Status != Skip || r.Detail != "source file absent" {
		t.Errorf("without SourceDirs: %v %q, want a skip", r.Status, r.Detail)
	}
	r := RunOne(g, Options{SourceDirs: []string{t.TempDir(), elsewhere}})
	if r.Status != Pass || !strings.Contains(r.Detail, "(source: "+filepath.Join(elsewhere, "I_Far.dsi")+")") {
		t.Errorf("with SourceDirs: %v %q, want a pass naming the source", r.Status, r.Detail)
	}
}

// The seven Legacy/Compile goldens upstream's index has no source for run
// from the fork's Generate/Material copies, and agree.
func TestLegacyCompileFromForkSources(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus sweep: not in -short")
	}
	real := shared.CorpusOrSkip(t)
	dir := filepath.Join(real, "TypeDreamMoon__DreamShader", "Tests", "Corpus", "Legacy", "Compile")
	fork := filepath.Join(real, "ioOvOoi__DreamShader", "Tests", "Corpus", "Generate", "Material")
	rs, err := Run([]string{dir}, Options{SourceDirs: []string{fork}})
	if err != nil {
		t.Fatal(err)
	}
	fromFork := 0
	for _, r := range rs {
		if r.Status != Pass {
			t.Errorf("%s: %v %s", r.Stem, r.Status, r.Detail)
		}
		if strings.Contains(r.Detail, "(source: "+fork) {
			fromFork++
		}
	}
	if fromFork < 7 {
		t.Errorf("%d goldens ran from the fork's sources, want ≥7", fromFork)
	}
}

// The 2.0 Graph backend's reroutes: a function output reads its value
// through DS_<Output>_<k>, and a variable leaving a region for another
// expression through DS_<variable>; the sink reads it directly.
func TestGraphBackendReroutes(t *testing.T) {
	dir := t.TempDir()
	srcs := map[string]string{
		"MF_Two.dss": "export float2 MF_Two(float2 UV)\n{\n    return UV * 2;\n}\n",
		"M_Reg.dss": `export void M_Reg(inout material m)
{
    #pragma region Maths
    float Scaled = UE.Time() * 0.5;
    #pragma endregion
    m.Opacity = Scaled;
    m.EmissiveColor = float3(Scaled, Scaled, 1);
}
`,
	}
	var assets []*emit.Asset
	for _, name := range []string{"MF_Two.dss", "M_Reg.dss"} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(srcs[name]), 0o644); err != nil {
			t.Fatal(err)
		}
		_, ds, as := compileDSS(p, Golden{}, func(s string) string { return s })
		if ds.HasErrors() || len(as) != 1 {
			t.Fatalf("%s: %d assets, %v", name, len(as), ds.Items)
		}
		assets = append(assets, as[0])
	}
	names := func(a *emit.Asset) string { return declNames(a) }
	if got := names(assets[0]); got != "DS_Result_0" {
		t.Errorf("function reroutes %q, want DS_Result_0", got)
	}
	if got := names(assets[1]); got != "DS_EmissiveColor_0,DS_Opacity_1,DS_Scaled" {
		t.Errorf("material reroutes %q, want the two outputs' and DS_Scaled", got)
	}
	var opacityDecl *emit.AssetNode
	for i := range assets[1].Nodes {
		n := &assets[1].Nodes[i]
		if v, _ := n.Prop("Name"); v == "DS_Opacity_1" {
			opacityDecl = n
		}
	}
	if opacityDecl == nil || len(opacityDecl.Inputs) != 1 || assets[1].Nodes[opacityDecl.Inputs[0].From].Class != "Multiply" {
		t.Errorf("the Opacity reroute should read the Multiply itself, not the region's usage")
	}
}

// A Lang/Examples golden whose source the corpus keeps only as its
// IR/Examples copy runs from the copy; no other stem does.
func TestLangExampleSource(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "IR", "Examples"), 0o755); err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(root, "IR", "Examples", "MF_X.dss")
	if err := os.WriteFile(want, []byte("// x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := langExampleSource(root, "Lang/Examples/MF_X"); got != want {
		t.Errorf("Lang/Examples/MF_X: %q, want %q", got, want)
	}
	for _, stem := range []string{"Lang/Examples/MF_Y", "Lang/Other/MF_X", "Lang/Examples/sub/MF_X", "Parity/MF_X"} {
		if got := langExampleSource(root, stem); got != "" {
			t.Errorf("%s: %q, want none", stem, got)
		}
	}
}
