package conform

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"reuselab/emit"
	"reuselab/internal/shared"
	"reuselab/ir"
)

// handGraph is a material by hand: a scalar parameter times a constant
// into EmissiveColor through its reroute pair, and a vertex colour nothing
// reads, listed first so that only the traversal can put it last.
func handGraph() (*ir.Module, []*emit.Asset) {
	g := ir.NewGraph(ir.Material, "M_Hand")
	g.Settings = []ir.Setting{{Key: "ShadingModel", Value: "Unlit"}, {Key: "TwoSided", Value: "true"}}
	a := &emit.Asset{Kind: "Material", Name: "M_Hand", Nodes: []emit.AssetNode{
		{ID: 0, Class: "VertexColor"},
		{ID: 1, Class: "ScalarParameter", Props: []emit.Prop{{Name: "ParameterName", Value: "Gain"}, {Name: "DefaultValue", Value: "0.1"}, {Name: "Desc", Value: "not content"}}},
		{ID: 2, Class: "Constant", Props: []emit.Prop{{Name: "R", Value: "2"}}},
		{ID: 3, Class: "Multiply", Pins: []string{"A", "B"}, Inputs: []emit.Input{{Pin: "B", From: 2}, {Pin: "A", From: 1}}},
		{ID: 4, Class: "NamedRerouteDeclaration", Pins: []string{"Input"}, Props: []emit.Prop{{Name: "Name", Value: "DS_EmissiveColor_0"}}, Inputs: []emit.Input{{Pin: "Input", From: 3}}},
		{ID: 5, Class: "NamedRerouteUsage", Decl: 4},
	}, Outputs: []emit.Output{{Target: "EmissiveColor", Node: 5}}}
	return &ir.Module{Products: []*ir.Graph{g}}, []*emit.Asset{a}
}

// The writer numbers nodes in post-order from the sinks (a usage's
// declaration after its inputs, the unreached node last), writes every
// property at its class default unless the node sets it (floats as the
// engine's float32 at %.9g, Desc left out), names the pins, and drops the
// root keys the golden runner drops, leaving their comma.
func TestGraphDumpWriterOnHandGraph(t *testing.T) {
	m, assets := handGraph()
	got := GraphDumpText(m, assets, DumpOptions{})
	for _, want := range []string{
		"=== M_Hand (Material) ===\n{\n  \"backend\": \"Graph\",\n  \"kind\": \"Material\",\n",
		`"class": "/Script/Engine.MaterialExpressionScalarParameter",
      "id": "n0",`,
		`"DefaultValue": 0.100000001,`,
		`"SortPriority": 32,`,
		`"class": "/Script/Engine.MaterialExpressionConstant",
      "id": "n1",`,
		`{
          "from": "n0",
          "index": 0,
          "mask": null,
          "name": "A",
          "output": 0
        },
        {
          "from": "n1",
          "index": 1,`,
		`"props": {
        "ConstA": 0,
        "ConstB": 1
      }`,
		`"reroute": {
        "declaration": "DS_EmissiveColor_0"
      }`,
		`"class": "/Script/Engine.MaterialExpressionVertexColor",
      "id": "n5",`,
		`"MP_EmissiveColor": {
      "from": "n4",
      "mask": null,
      "output": 0
    }`,
		`"ShadingModel": "Unlit",`, `"TwoSided": true,`, `"bCastRayTracedShadows": true,`,
		"  },\n}\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("dump lacks %q; it is:\n%s", want, got)
		}
	}
	for _, absent := range []string{"Desc", `"asset"`, `"plugin"`, `"source"`} {
		if strings.Contains(got, absent) {
			t.Errorf("dump holds %s", absent)
		}
	}
	if body := splitDump(got)[0].body; !json.Valid([]byte(danglingTail.ReplaceAllString(strings.TrimSpace(body), "}"))) {
		t.Errorf("body is no JSON once its dangling comma goes:\n%s", body)
	}
	m2, assets2 := handGraph()
	if again := GraphDumpText(m2, assets2, DumpOptions{}); again != got {
		t.Error("two writes of one graph differ")
	}
}

// The field-by-field comparison names the first field that differs, with
// the node's class; equal dumps compare equal whatever their spacing.
func TestDumpFieldComparison(t *testing.T) {
	m, assets := handGraph()
	want := GraphDumpText(m, assets, DumpOptions{})
	if d := compareDumpFields(want, want); d != "" {
		t.Fatalf("a dump differs from itself: %s", d)
	}
	assets[0].Nodes[2].Props[0].Value = "3"
	got := GraphDumpText(m, assets, DumpOptions{})
	if d := compareDumpFields(got, want); d != "M_Hand: nodes[1](Constant).props.R: got 3, want 2" {
		t.Errorf("difference %q", d)
	}
	if d := compareDumpFields(strings.Replace(want, "  ", "    ", -1), want); d != "" {
		t.Errorf("re-indented dump differs: %s", d)
	}
	if d := compareDumpFields(want, strings.Replace(want, "M_Hand (Material)", "M_Hand (ThinCustomInstance)", 1)); !strings.Contains(d, "want M_Hand (ThinCustomInstance)") {
		t.Errorf("kind difference %q", d)
	}
}

// writeCompileGolden writes M_Hand's source and a compile golden whose
// graphDump is dump.
func writeCompileGolden(t *testing.T, dir, dump string) string {
	t.Helper()
	src := "#pragma material(ShadingModel = Unlit, BlendMode = Opaque)\nuniform float Gain = 0.5;\nexport void M_Hand(inout material m)\n{\n    m.Opacity = Gain;\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "M_Hand.dss"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	g := map[string]any{"entryPoint": "compile", "outcome": "ok",
		"assets": []map[string]any{{"name": "M_Hand", "kind": "Material", "nodeCount": 3}}, "graphDump": dump}
	data, _ := json.Marshal(g)
	golden := filepath.Join(dir, "M_Hand.expected.json")
	if err := os.WriteFile(golden, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return golden
}

// The byte mode fails a dump that agrees with its golden field by field
// but not byte for byte; the default mode passes it and both record the
// verdicts.
func TestGraphBytesMode(t *testing.T) {
	dir := t.TempDir()
	golden := writeCompileGolden(t, dir, "")
	gd, err := ReadGolden(golden)
	if err != nil {
		t.Fatal(err)
	}
	m, ds, assets := compileDSS(filepath.Join(dir, "M_Hand.dss"), gd, compileMarker("M_Hand"))
	if ds.HasErrors() || len(assets) != 1 {
		t.Fatalf("build: %v", ds)
	}
	exact := GraphDumpText(m, assets, DumpOptions{})
	// Same fields, other spacing: what only the byte mode can tell.
	respaced := strings.Replace(exact, "\": ", "\":  ", -1)
	for _, tc := range []struct {
		dump              string
		bytes             bool
		want              Status
		fieldsOK, bytesOK bool
	}{
		{exact, false, Pass, true, true},
		{exact, true, Pass, true, true},
		{respaced, false, Pass, true, false},
		{respaced, true, Fail, true, false},
		{strings.Replace(exact, `"ParameterName": "Gain"`, `"ParameterName": "Gain2"`, 1), false, Fail, false, false},
	} {
		golden := writeCompileGolden(t, dir, tc.dump)
		r := RunOne(golden, Options{GraphBytes: tc.bytes})
		if r.Status != tc.want || !r.DumpCompared || r.DumpFieldsOK != tc.fieldsOK || r.DumpBytesOK != tc.bytesOK {
			t.Errorf("bytes mode %v: %v %q (fields %v, bytes %v)", tc.bytes, r.Status, r.Detail, r.DumpFieldsOK, r.DumpBytesOK)
		}
		if tc.want == Fail && tc.fieldsOK && !strings.Contains(r.Detail, "not byte-identical: line") {
			t.Errorf("byte failure detail %q", r.Detail)
		}
		if !tc.fieldsOK && !strings.Contains(r.Detail, `nodes[0](ScalarParameter).props.ParameterName: got "Gain", want "Gain2"`) {
			t.Errorf("field failure detail %q", r.Detail)
		}
	}
}

// The compile entry point on upstream's goldens: node counts agree on
// every `ok` golden, the graphDump written from the emitted assets on at
// least 90% field by field and byte for byte, the Parity goldens run from
// the Examples' sources and the Substrate layer blend builds upstream's
// eighteen nodes.
func TestCompileEntryPointFigures(t *testing.T) {
	root := filepath.Join(shared.CorpusOrSkip(t), "TypeDreamMoon__DreamShader", "Tests", "Corpus")
	var paths []string
	for _, d := range []string{"Compile", "Parity", "Instance", "Legacy/Compile"} {
		paths = append(paths, filepath.Join(root, d))
	}
	rs, err := Run(paths, Options{GraphBytes: true})
	if err != nil {
		t.Fatal(err)
	}
	f := Summarise(rs)
	t.Logf("legacy nodes %d/%d, .dss nodes %d/%d, .dsi nodes %d/%d, dumps fields %d bytes %d of %d; %d passed %d failed %d skipped",
		f.AssetsOK, f.AssetsTotal, f.DSSAssetsOK, f.DSSAssetsTotal, f.InstAssetsOK, f.InstAssetsTotal,
		f.DumpFieldsOK, f.DumpBytesOK, f.DumpTotal, f.Passed, f.Failed, f.Skipped)
	if f.AssetsTotal < 9 || f.AssetsOK != f.AssetsTotal || f.DSSAssetsTotal < 11 || f.DSSAssetsOK != f.DSSAssetsTotal ||
		f.InstAssetsTotal < 8 || f.InstAssetsOK != f.InstAssetsTotal {
		t.Errorf("node counts: 1.x %d of %d, .dss %d of %d, .dsi %d of %d; want all of ≥9, ≥11, ≥8",
			f.AssetsOK, f.AssetsTotal, f.DSSAssetsOK, f.DSSAssetsTotal, f.InstAssetsOK, f.InstAssetsTotal)
	}
	if f.DumpTotal < 27 || f.DumpFieldsOK*10 < f.DumpTotal*9 || f.DumpBytesOK*10 < f.DumpTotal*9 {
		t.Errorf("graphDump %d field by field, %d byte-identical of %d: want ≥90%% of ≥27", f.DumpFieldsOK, f.DumpBytesOK, f.DumpTotal)
	}
	if f.GraphOK != f.GraphTotal || f.DSSGraphOK != f.DSSGraphTotal {
		t.Errorf("classes+edges: 1.x %d of %d, .dss %d of %d", f.GraphOK, f.GraphTotal, f.DSSGraphOK, f.DSSGraphTotal)
	}
	status := map[string]Result{}
	for _, r := range rs {
		status[r.Stem] = r
	}
	for _, stem := range []string{"Parity/MF_ToonUV", "Parity/M_TeleportGlow", "Compile/Function/C_SubstrateLayerBlend", "Legacy/Compile/Material/M_Surface"} {
		if r := status[stem]; r.Status != Pass || !r.DumpBytesOK {
			t.Errorf("%s: %v %q (dump bytes %v)", stem, r.Status, r.Detail, r.DumpBytesOK)
		}
	}
	if r := status["Parity/MF_ToonUV"]; !strings.HasSuffix(filepath.ToSlash(r.Source), "IR/Examples/MF_ToonUV.dss") {
		t.Errorf("Parity source %q", r.Source)
	}
}

// The 2.0 Graph backend's attribute nodes: a Substrate FrontMaterial is
// read with a GetMaterialAttributes of its own (output 1) and written by
// a SetMaterialAttributes after the MakeMaterialAttributes, each written
// attribute through DS_<attribute>; a named call result goes through
// DS_<variable>.
func TestGraphBackendAttributeNodes(t *testing.T) {
	dir := t.TempDir()
	srcs := map[string]string{
		"MLB_Mix.dss": "/// @layerblend\nexport void MLB_Mix(material Bottom, material Top, float Alpha, inout material R)\n{\n" +
			"    R.FrontMaterial = lerp(Bottom.FrontMaterial, Top.FrontMaterial, Alpha);\n    R.Opacity = Bottom.Opacity;\n}\n",
		"MF_Call.dss": "/// @asset /Game/MF_Ext\nextern float2 MF_Ext(float I);\n\nexport float2 MF_Call(float X)\n{\n" +
			"    float2 Picked = MF_Ext(X);\n    return Picked * 2;\n}\n",
	}
	built := map[string]*emit.Asset{}
	for name, src := range srcs {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		_, ds, as := compileDSS(p, Golden{}, func(s string) string { return s })
		if ds.HasErrors() || len(as) != 1 {
			t.Fatalf("%s: %d assets, %v", name, len(as), ds.Items)
		}
		built[name] = as[0]
	}
	mix := built["MLB_Mix.dss"]
	classes := map[string]int{}
	for _, n := range mix.Nodes {
		classes[n.Class]++
		if n.Class == "SubstrateHorizontalMixing" {
			for _, in := range n.Inputs {
				if in.Pin != "Mix" && (mix.Nodes[in.From].Class != "GetMaterialAttributes" || in.OutputIndex != 1) {
					t.Errorf("%s reads %s#%d, want a GetMaterialAttributes' output 1", in.Pin, mix.Nodes[in.From].Class, in.OutputIndex)
				}
			}
		}
		if n.Class == "SetMaterialAttributes" {
			if in, ok := n.Input("MaterialAttributes"); !ok || mix.Nodes[in.From].Class != "MakeMaterialAttributes" {
				t.Errorf("the Set does not read the Make")
			}
		}
	}
	if classes["GetMaterialAttributes"] != 2 || classes["BreakMaterialAttributes"] != 1 || classes["SetMaterialAttributes"] != 1 {
		t.Errorf("classes %v: want two Gets, one Break (Bottom.Opacity), one Set", classes)
	}
	if got := declNames(mix); got != "DS_FrontMaterial,DS_Opacity,DS_R_0" {
		t.Errorf("layer blend reroutes %q", got)
	}
	if got := declNames(built["MF_Call.dss"]); got != "DS_Picked,DS_Result_0" {
		t.Errorf("call reroutes %q, want DS_Picked and the output's", got)
	}
}

// A golden nested far deeper than any dump is compared without walking
// every level, and a difference deep inside is still found.
func TestDumpFieldComparisonDeepGolden(t *testing.T) {
	deep := strings.Repeat("[", 5000) + "1" + strings.Repeat("]", 5000)
	other := strings.Repeat("[", 5000) + "2" + strings.Repeat("]", 5000)
	wrap := func(v string) string { return "=== M (Material) ===\n{\"nodes\": " + v + "}\n" }
	if d := compareDumpFields(wrap(deep), wrap(deep)); d != "" {
		t.Errorf("equal deep dumps differ: %s", d)
	}
	if d := compareDumpFields(wrap(deep), wrap(other)); d == "" {
		t.Error("a deep difference went unseen")
	}
}
