package conform

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A compile golden is run: the node count and the graphDump are compared,
// and a wrong count fails the fixture.
func TestCompileEntryPoint(t *testing.T) {
	dir := t.TempDir()
	src := `Shader(Name="T/M_Count") {
  Properties { float P = 0.5; }
  Settings { Domain = "UI"; ShadingModel = "Unlit"; }
  Outputs { float O; Base.Opacity = O; }
  Graph { O = P * 2; }
}`
	if err := os.WriteFile(filepath.Join(dir, "M_Count.dsm"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	// ScalarParameter, Constant, Multiply and the Opacity reroute pair.
	dump := "=== M_Count (ThinCustomInstance) ===\n" + `{
  "nodes": [
    {"class": "/Script/Engine.MaterialExpressionScalarParameter", "id": "n0", "inputs": [], "props": {"ParameterName": "P", "DefaultValue": 0.5}},
    {"class": "/Script/Engine.MaterialExpressionConstant", "id": "n1", "inputs": [], "props": {"R": 2}},
    {"class": "/Script/Engine.MaterialExpressionMultiply", "id": "n2", "inputs": [
      {"from": "n0", "name": "A", "output": 0}, {"from": "n1", "name": "B", "output": 0}], "props": {}},
    {"class": "/Script/Engine.MaterialExpressionNamedRerouteDeclaration", "id": "n3", "inputs": [
      {"from": "n2", "name": "Input", "output": 0}], "props": {"Name": "DS_Opacity_1"}},
    {"class": "/Script/Engine.MaterialExpressionNamedRerouteUsage", "id": "n4", "inputs": [], "props": {}}
  ],
}
`
	for _, tc := range []struct {
		count int
		want  Status
	}{{5, Pass}, {6, Fail}} {
		g := map[string]any{"entryPoint": "compile", "outcome": "ok",
			"assets": []map[string]any{{"name": "M_Count", "kind": "ThinCustomInstance", "nodeCount": tc.count}}, "graphDump": dump}
		data, _ := json.Marshal(g)
		golden := filepath.Join(dir, "M_Count.expected.json")
		if err := os.WriteFile(golden, data, 0o644); err != nil {
			t.Fatal(err)
		}
		r := RunOne(golden, Options{})
		// The hand-written dump holds the classes and edges only, so the
		// whole-dump comparison (graphdump_test.go) fails it either way.
		if r.AssetsOK != (tc.want == Pass) || !r.AssetsCompared || !r.GraphCompared || !r.GraphOK || r.DumpFieldsOK {
			t.Errorf("nodeCount %d: %v %q (assets compared %v ok %v, graph compared %v ok %v)",
				tc.count, r.Status, r.Detail, r.AssetsCompared, r.AssetsOK, r.GraphCompared, r.GraphOK)
		}
		if tc.want == Fail && !strings.Contains(r.Detail, "want nodeCount 6") {
			t.Errorf("detail %q", r.Detail)
		}
	}
	// A reroute named otherwise than upstream names it fails the graph.
	g := map[string]any{"entryPoint": "compile", "outcome": "ok",
		"assets":    []map[string]any{{"name": "M_Count", "kind": "ThinCustomInstance", "nodeCount": 5}},
		"graphDump": strings.Replace(dump, "DS_Opacity_1", "DS_Opacity_2", 1)}
	data, _ := json.Marshal(g)
	golden := filepath.Join(dir, "M_Count.expected.json")
	if err := os.WriteFile(golden, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if r := RunOne(golden, Options{}); r.Status != Fail || r.GraphOK || !strings.Contains(r.Detail, "reroute names DS_Opacity_1, want DS_Opacity_2") {
		t.Errorf("renamed reroute: %v %q (graph ok %v)", r.Status, r.Detail, r.GraphOK)
	}
}
