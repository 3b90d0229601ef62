package emit

import (
	"bytes"
	"encoding/json"
	"errors"
	"os/exec"
	"strings"
	"testing"

	"reuselab/ir"
)

func classes(a *Asset) map[string]int {
	m := map[string]int{}
	for _, n := range a.Nodes {
		m[n.Class]++
	}
	return m
}

// R8: a negation's −1, a truthy if's 0 and a comparison's 1/0 belong to
// their node; one merged Negate has one −1, two Negates have two.
func TestFreshConstants(t *testing.T) {
	b := newBuild(ir.Material, "M_Fresh")
	x := b.node(ir.OpParameter, "", "float", "X", 1, 1, nil, ir.Prop{Name: "ParameterName", Value: ir.Str("X")})
	y := b.node(ir.OpParameter, "", "float", "Y", 2, 1, nil, ir.Prop{Name: "ParameterName", Value: ir.Str("Y")})
	n1 := b.node(ir.OpNegate, "", "float", "A", 3, 1, refs(x))
	n2 := b.node(ir.OpNegate, "", "float", "B", 4, 1, refs(x)) // the same -x: merged
	n3 := b.node(ir.OpNegate, "", "float", "C", 5, 1, refs(y))
	sum := b.node(ir.OpAdd, "", "float", "S", 6, 1, refs(b.node(ir.OpAdd, "", "float", "S", 6, 1, refs(n1, n2)), n3))
	sel := b.node(ir.OpSelect, "", "float", "", 7, 1, refs(x, sum, y))
	gt := b.node(ir.OpGreater, "", "float", "G", 8, 1, refs(sel, y))
	conv := b.node(ir.OpConvert, "", "float", "G", 8, 1, refs(gt))
	b.sink(ir.Pin{Name: "Opacity", Ref: conv})
	res := dedupeForTest(b.g)
	a := FromGraph(res.Graph, res, Options{})
	c := classes(a)
	// Multiply ×2 (two negations), If ×2 (Select, Greater), Constant: −1 ×2,
	// Select's 0, Greater's 1 and 0 = 5; no node for Convert.
	if c["Multiply"] != 2 || c["If"] != 2 || c["Constant"] != 5 || c["Convert"] != 0 {
		t.Errorf("classes %v", c)
	}
	fresh := 0
	for _, n := range a.Nodes {
		if n.Role == RoleFresh {
			fresh++
			if len(n.Names) == 0 && n.IR < 0 {
				t.Errorf("fresh constant %d has no owner", n.ID)
			}
		}
	}
	if fresh != 5 {
		t.Errorf("%d fresh constants, want 5", fresh)
	}
	if err := CheckT3D(a); err != nil {
		t.Error(err)
	}
}

// §2.5: a leading-prefix swizzle of a whole value reads a named output;
// anything else is a ComponentMask.
func TestSwizzlePins(t *testing.T) {
	b := newBuild(ir.Material, "M_Swizzle")
	v := b.node(ir.OpParameter, "", "float4", "V", 1, 1, nil, ir.Prop{Name: "ParameterName", Value: ir.Str("V")},
		ir.Prop{Name: "DefaultValue", Value: ir.Tuple(1, 2, 3, 4)})
	sw := func(src ir.Ref, mask, typ string) ir.Ref {
		return b.node(ir.OpSwizzle, "", typ, mask, 2, 1, refs(src), ir.Prop{Name: "Mask", Value: ir.Str(mask)})
	}
	rgb, r, rg, a := sw(v, "xyz", "float3"), sw(v, "x", "float"), sw(v, "xy", "float2"), sw(v, "w", "float")
	b.sink(ir.Pin{Name: "BaseColor", Ref: rgb}, ir.Pin{Name: "Metallic", Ref: r},
		ir.Pin{Name: "Refraction", Ref: rg}, ir.Pin{Name: "Opacity", Ref: a}, ir.Pin{Name: "EmissiveColor", Ref: v})
	as := FromGraph(b.g, nil, Options{})
	if c := classes(as); c["ComponentMask"] != 2 || c["VectorParameter"] != 1 {
		t.Errorf("classes %v: want a mask for .rg and .a only", c)
	}
	want := map[string]int{"DS_BaseColor_5": 0, "DS_Metallic_6": 1, "DS_Opacity_1": 0, "DS_EmissiveColor_0": 5}
	for _, n := range as.Nodes {
		name, _ := n.Prop("Name")
		if k, ok := want[name]; ok && n.Inputs[0].OutputIndex != k {
			t.Errorf("%s reads output %d, want %d", name, n.Inputs[0].OutputIndex, k)
		}
	}
	if CountAssetNodes(b.g) != 3+10 {
		t.Errorf("CountAssetNodes = %d, want 3 + 5 reroute pairs", CountAssetNodes(b.g))
	}
}

func TestJSONAndDOTDeterministic(t *testing.T) {
	res := dedupeForTest(reuseBuild())
	render := func() (string, string) {
		a := []*Asset{FromGraph(res.Graph, res, Options{File: "M_Reuse.dsm"})}
		var j, d bytes.Buffer
		if err := WriteJSON(&j, "M_Reuse.dsm", a, nil); err != nil {
			t.Fatal(err)
		}
		if err := WriteDOT(&d, a); err != nil {
			t.Fatal(err)
		}
		return j.String(), d.String()
	}
	j1, d1 := render()
	j2, d2 := render()
	if j1 != j2 || d1 != d2 {
		t.Error("JSON or DOT output is not deterministic")
	}
	var doc struct {
		File   string `json:"file"`
		Assets []struct {
			Kind, Name string
			Nodes      []struct {
				ID     int               `json:"id"`
				Class  string            `json:"class"`
				Props  map[string]string `json:"props"`
				Inputs []struct {
					Pin    string `json:"pin"`
					From   int    `json:"from"`
					Output int    `json:"output"`
				} `json:"inputs"`
				Pos []string `json:"pos"`
			} `json:"nodes"`
			Outputs []struct {
				Target string `json:"target"`
				Node   int    `json:"node"`
				Pin    int    `json:"pin"`
			} `json:"outputs"`
			Stats struct {
				Built, Final, Rounds int
			} `json:"stats"`
		} `json:"assets"`
		Diagnostics []any `json:"diagnostics"`
	}
	if err := json.Unmarshal([]byte(j1), &doc); err != nil {
		t.Fatal(err)
	}
	a := doc.Assets[0]
	if doc.File != "M_Reuse.dsm" || a.Nodes[0].Class != "TextureCoordinate" || a.Nodes[0].Props["CoordinateIndex"] != "0" ||
		len(a.Nodes[0].Pos) != 2 || a.Outputs[0].Target != "EmissiveColor" || a.Stats.Built != 17 || a.Stats.Final != 11 {
		t.Errorf("JSON does not follow the ARCHITECTURE contract:\n%s", j1)
	}
	if !strings.Contains(d1, `label="A"`) || !strings.Contains(d1, "material root") {
		t.Errorf("DOT lacks pin labels or the root:\n%s", d1)
	}
	var svg bytes.Buffer
	err := WriteSVG(&svg, []*Asset{FromGraph(res.Graph, res, Options{})})
	if _, lookErr := exec.LookPath("dot"); lookErr != nil {
		if !errors.Is(err, ErrNoGraphviz) {
			t.Errorf("without Graphviz WriteSVG should say so, got %v", err)
		}
	} else if err != nil || !strings.Contains(svg.String(), "<svg") {
		t.Errorf("svg: %v", err)
	}
}

func TestAssetPath(t *testing.T) {
	for in, want := range map[string]string{
		`Path(Game, "Functions/MF_X")`:             "/Game/Functions/MF_X.MF_X",
		`Path(Plugins.MoonToon, "Materials/MF_A")`: "/MoonToon/Materials/MF_A.MF_A",
		`/MoonToon/MaterialFunctions/Utils/MF_UV`:  "/MoonToon/MaterialFunctions/Utils/MF_UV.MF_UV",
		`/Engine/Functions/Substrate/SMF.SMF`:      "/Engine/Functions/Substrate/SMF.SMF",
	} {
		if got := assetPath(in); got != want {
			t.Errorf("assetPath(%s) = %s, want %s", in, got, want)
		}
	}
}
