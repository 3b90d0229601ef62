package emit

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"reuselab/internal/shared"
	"slices"
	"strconv"
	"strings"
	"testing"
)

var corpusRoot = shared.Corpus()

func TestReuseExampleT3D(t *testing.T) {
	res := dedupeForTest(reuseBuild())
	a := FromGraph(res.Graph, res, Options{File: "M_Reuse.dsm"})
	if err := CheckT3D(a); err != nil {
		t.Fatal(err)
	}
	var b1, b2 bytes.Buffer
	WriteT3D(&b1, []*Asset{a})
	WriteT3D(&b2, []*Asset{FromGraph(res.Graph, res, Options{File: "M_Reuse.dsm"})})
	if b1.String() != b2.String() {
		t.Error("T3D output is not deterministic")
	}
	// Output 0 is RGB, so the link carries its mask (see t3d_real_test.go).
	const tint = "=(Expression=\"/Script/Engine.MaterialExpressionVectorParameter'MaterialGraphNode_5.MaterialExpressionVectorParameter_0'\",Mask=1,MaskR=1,MaskG=1,MaskB=1)"
	if !strings.Contains(b1.String(), "B"+tint) && !strings.Contains(b1.String(), "A"+tint) {
		t.Errorf("Tint's RGB pin (output 0) should feed the final Multiply:\n%s", b1.String())
	}
}

// notGraphKinds are the product kinds whose dump holds no material graph
// (a material instance's overrides, a pass pipeline's passes): the emitter
// has nothing to write for them, and their entry points are issue 34's.
var notGraphKinds = map[string]bool{"MaterialInstance": true, "PassPipeline": true}

// goldenIRs yields the `ir` text of every golden that has one and whose
// products are material graphs.
func goldenIRs(t *testing.T) map[string]string {
	root := filepath.Join(corpusRoot, "TypeDreamMoon__DreamShader", "Tests", "Corpus")
	if _, err := os.Stat(root); err != nil {
		t.Skipf("corpus not present (%v)", err)
	}
	out := map[string]string{}
	skipped := 0
	defer func() {
		t.Logf("%d goldens of instances or pass pipelines skipped: no material graph to emit", skipped)
	}()
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".expected.json") || strings.Contains(p, "_versions") {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return nil
		}
		var gj struct {
			IR     string `json:"ir"`
			Module struct {
				ProductKinds []string `json:"productKinds"`
			} `json:"module"`
		}
		if json.Unmarshal(data, &gj) == nil && gj.IR != "" {
			if slices.ContainsFunc(gj.Module.ProductKinds, func(k string) bool { return notGraphKinds[k] }) {
				skipped++
				return nil
			}
			rel, _ := filepath.Rel(root, p)
			out[rel] = gj.IR
		}
		return nil
	})
	return out
}

// Every asset of every IR golden: emitted, written as T3D and read back,
// the same nodes, edges and output indices.
func TestGoldenIRT3DRoundTrip(t *testing.T) {
	irs := goldenIRs(t)
	assets, warned := 0, 0
	for name, text := range irs {
		m, err := parseIRDump(text)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		for _, a := range FromModule(m.Leaf, m, nil, Options{}) {
			assets++
			if len(a.Warnings) > 0 {
				warned++
				t.Logf("%s: %s", name, strings.Join(a.Warnings, "; "))
			}
			if err := CheckT3D(a); err != nil {
				t.Errorf("%s %s: %v", name, a.Name, err)
			}
		}
	}
	t.Logf("%d goldens, %d assets round-tripped, %d with emitter warnings", len(irs), assets, warned)
}

func writeT3DText(t *testing.T, a *Asset) string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteT3D(&b, []*Asset{a}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// pinLine is the CustomProperties line of the pin named name on the graph
// node graph.
func pinLine(t *testing.T, text, graph, name string) string {
	t.Helper()
	in := false
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, "Begin Object ") {
			in = strings.Contains(l, `Name="`+graph+`"`)
		}
		if in && strings.Contains(l, "CustomProperties Pin ") && strings.Contains(l, `PinName="`+name+`"`) {
			return l
		}
	}
	t.Fatalf("%s has no pin %q:\n%s", graph, name, text)
	return ""
}

// A paste is objects only: no header line before the first Begin Object
// (the editor and ueblueprint reject the whole text), none after.
func TestT3DIsObjectsOnly(t *testing.T) {
	res := dedupeForTest(reuseBuild())
	text := writeT3DText(t, FromGraph(res.Graph, res, Options{File: "M_Reuse.dsm"}))
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if !strings.HasPrefix(lines[0], "Begin Object ") || lines[len(lines)-1] != "End Object" {
		t.Fatalf("text starts %q and ends %q", lines[0], lines[len(lines)-1])
	}
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "//") {
			t.Errorf("line %d is a comment: %q", i+1, l)
		}
	}
}

// Unreal's float spelling: %f, never an exponent; more digits only when %f
// would lose the float; no inf or nan.
func TestT3DFloatSpelling(t *testing.T) {
	for _, c := range []struct {
		v         float64
		prop, pin string
	}{
		{1e-06, "0.000001", "0.000001"},
		{2, "2.000000", "2.0"},
		{123.2, "123.199997", "123.199997"},
		{0.1, "0.100000", "0.1"},
		{1e-07, "0.0000001", "0.0000001"},
		{-0.5, "-0.500000", "-0.5"},
		{math.Inf(1), "340282346638528859811704183484516925440.000000", "340282346638528859811704183484516925440.0"},
		{math.Inf(-1), "-340282346638528859811704183484516925440.000000", "-340282346638528859811704183484516925440.0"},
		{math.NaN(), "0.000000", "0.0"},
	} {
		if got := t3dFloat(c.v); got != c.prop {
			t.Errorf("t3dFloat(%v) = %q, want %q", c.v, got, c.prop)
		}
		if got := t3dShortFloat(c.v); got != c.pin {
			t.Errorf("t3dShortFloat(%v) = %q, want %q", c.v, got, c.pin)
		}
	}
	bad := 0
	if got := t3dNumberText("Constant", "(R=1e-06,G=inf,B=nan,A=1)", &bad); got != "(R=0.000001,G=340282346638528859811704183484516925440.000000,B=0.000000,A=1.000000)" || bad != 2 {
		t.Errorf("struct value written %q with %d replaced", got, bad)
	}
	if got := t3dNumberText("CoordinateIndex", "2", &bad); got != "2" {
		t.Errorf("an int property is written %q", got)
	}
}

// A node set by hand: each class's pins as a real UE5 paste lists them.
func pinAsset() *Asset {
	return &Asset{Kind: "Material", Name: "M_Pins", Nodes: []AssetNode{
		{ID: 0, Class: "Constant", Props: []Prop{{Name: "R", Value: "1e-06"}}, Outs: []string{""}, Decl: -1},
		{ID: 1, Class: "ComponentMask", Props: []Prop{{Name: "G", Value: "True"}}, Pins: []string{"Input"}, Outs: []string{""}, Decl: -1,
			Inputs: []Input{{Pin: "Input", From: 0}}},
		{ID: 2, Class: "Subtract", Pins: []string{"A", "B"}, Outs: []string{""}, Decl: -1, Inputs: []Input{{Pin: "A", From: 1}}},
		{ID: 3, Class: "TextureSample", Props: []Prop{{Name: "Texture", Value: `Path(Engine, "EngineResources/Black")`, Quoted: true}},
			Pins: []string{"Coordinates", "TextureObject", "MipValue", "AutomaticViewMipBiasValue", "CoordinatesDX", "CoordinatesDY"},
			Outs: []string{"RGB", "R", "G", "B", "A", "RGBA"}, Decl: -1},
		{ID: 4, Class: "Constant3Vector", Props: []Prop{{Name: "Constant", Value: "(R=1,G=0.5,B=inf,A=1)"}}, Outs: []string{"", "", "", ""}, Decl: -1},
	}}
}

func TestT3DPinsAsUnrealListsThem(t *testing.T) {
	a := pinAsset()
	text := writeT3DText(t, a)
	if err := CheckT3D(a); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ graph, pin, want string }{
		{"MaterialGraphNode_0", "Value", `PinType.PinSubCategory="red"`},
		{"MaterialGraphNode_0", "Value", `DefaultValue="0.000001"`},
		{"MaterialGraphNode_0", "Value", "bNotConnectable=True"},
		{"MaterialGraphNode_1", "G", `DefaultValue="true"`},
		{"MaterialGraphNode_1", "R", `DefaultValue="false"`},
		{"MaterialGraphNode_1", "A", "bAdvancedView=True"},
		{"MaterialGraphNode_1", "Input", `PinType.PinCategory="required"`},
		{"MaterialGraphNode_2", "A", `DefaultValue="1.0"`},
		{"MaterialGraphNode_2", "B", `PinType.PinCategory="optional",PinType.PinSubCategory="red"`},
		{"MaterialGraphNode_3", "UVs", `PinType.PinCategory="optional"`},
		{"MaterialGraphNode_3", "Tex", `PinType.PinCategory="optional"`},
		{"MaterialGraphNode_3", "Apply View MipBias", `PinType.PinCategory="optional"`},
		{"MaterialGraphNode_3", "Sampler Type", `DefaultValue="Color"`},
		{"MaterialGraphNode_3", "MipValueMode", `DefaultValue="None (use computed mip level)"`},
		{"MaterialGraphNode_3", "R", `PinType.PinCategory="mask",PinType.PinSubCategory="red"`},
		{"MaterialGraphNode_3", "RGBA", `PinType.PinSubCategory="rgba"`},
		{"MaterialGraphNode_4", "Constant", `DefaultValue="1.0,0.5,340282346638528859811704183484516925440.0"`},
		{"MaterialGraphNode_4", "Output2", `PinType.PinCategory="mask",PinType.PinSubCategory="red"`},
	} {
		if l := pinLine(t, text, c.graph, c.pin); !strings.Contains(l, c.want) {
			t.Errorf("%s pin %s lacks %s:\n%s", c.graph, c.pin, c.want, l)
		}
	}
	for _, want := range []string{
		"      R=0.000001\n",
		"      G=True\n",
		`Texture="/Script/Engine.Texture2D'/Engine/EngineResources/Black.Black'"`,
		"      Constant=(R=1.000000,G=0.500000,B=340282346638528859811704183484516925440.000000,A=1.000000)\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("T3D lacks %q", want)
		}
	}
	// The mip pins of a sampler without a mip mode are not on the node.
	if strings.Contains(text, `PinName="MipLevel"`) || strings.Contains(text, `PinName="DDX(UVs)"`) {
		t.Error("a TextureSample with no mip mode shows mip pins")
	}
	for _, bad := range []string{"e-06", "inf", "nan", "NaN"} {
		if strings.Contains(text, bad) {
			t.Errorf("T3D contains %q", bad)
		}
	}
	if s := strings.Join(T3DSummary(a), "\n"); !strings.Contains(s, "1 non-finite numbers") {
		t.Errorf("the summary does not report the replaced infinity:\n%s", s)
	}
}

// A function call names the function by object path and carries, per
// input and output, the GUID the function's own FunctionInput and
// FunctionOutput write as their Id.
func TestT3DFunctionCallGUIDs(t *testing.T) {
	fn := &Asset{Kind: "MaterialFunction", Name: "Functions/MF_Tint", Nodes: []AssetNode{
		{ID: 0, Class: "FunctionInput", Props: []Prop{{Name: "InputName", Value: "Color", Quoted: true}, {Name: "InputType", Value: "FunctionInput_Vector3"}},
			Pins: []string{"Preview"}, Outs: []string{""}, Decl: -1},
		{ID: 1, Class: "FunctionOutput", Props: []Prop{{Name: "OutputName", Value: "Result", Quoted: true}}, Pins: []string{"A"}, Decl: -1,
			Inputs: []Input{{Pin: "A", From: 0}}},
	}}
	call := &Asset{Kind: "Material", Name: "M_Call", Nodes: []AssetNode{
		{ID: 0, Class: "Constant", Props: []Prop{{Name: "R", Value: "1"}}, Outs: []string{""}, Decl: -1},
		{ID: 1, Class: "MaterialFunctionCall", Props: []Prop{{Name: "MaterialFunction", Value: "/Game/Functions/MF_Tint.MF_Tint", Quoted: true}},
			Pins: []string{"Color", "Unused"}, Outs: []string{"Result"}, Decl: -1, Inputs: []Input{{Pin: "Color", From: 0}}},
	}}
	fnText, callText := writeT3DText(t, fn), writeT3DText(t, call)
	for _, want := range []string{
		"Id=" + guid("MF_Tint", "function-input", 0, "Color"),
		"Id=" + guid("MF_Tint", "function-output", 0, "Result"),
	} {
		if !strings.Contains(fnText, want) {
			t.Errorf("function lacks %s:\n%s", want, fnText)
		}
	}
	for _, want := range []string{
		`MaterialFunction="/Script/Engine.MaterialFunction'/Game/Functions/MF_Tint.MF_Tint'"`,
		"FunctionInputs(0)=(ExpressionInputId=" + guid("MF_Tint", "function-input", 0, "Color") + ",Input=(Expression=",
		"FunctionInputs(1)=(ExpressionInputId=" + guid("MF_Tint", "function-input", 0, "Unused") + `,Input=(OutputIndex=-1,InputName="Unused"))`,
		"FunctionOutputs(0)=(ExpressionOutputId=" + guid("MF_Tint", "function-output", 0, "Result") + `,Output=(OutputName="Result"))`,
		`Outputs(0)=(OutputName="Result")`,
	} {
		if !strings.Contains(callText, want) {
			t.Errorf("call lacks %s:\n%s", want, callText)
		}
	}
	if err := CheckT3D(call); err != nil {
		t.Error(err)
	}
}

// Whatever the text, the reader returns nodes or an error; it never
// panics.
func FuzzReadT3D(f *testing.F) {
	var b bytes.Buffer
	WriteT3D(&b, []*Asset{pinAsset()})
	f.Add(b.String())
	f.Add("Begin Object Name=\"A\"\n   CustomProperties Pin (LinkedTo=(,PinId=\nEnd Object\nEnd Object\n")
	f.Fuzz(func(t *testing.T, text string) {
		ReadT3D(text)
	})
}

// A number property is written without an exponent, inf or nan, whatever
// the IR number.
func FuzzT3DNumberText(f *testing.F) {
	for _, s := range []string{"1e-06", "inf", "-inf", "nan", "2", "(R=1e+30,G=-inf,B=0,A=nan)", "3.4e39"} {
		f.Add("R", s)
		f.Add("CoordinateIndex", s)
	}
	f.Fuzz(func(t *testing.T, name, value string) {
		bad := 0
		out := t3dNumberText(name, value, &bad)
		if _, isNum := parseNumber(value); !isNum {
			return
		}
		if strings.ContainsAny(out, "eEIiNn") {
			t.Errorf("%s=%s written %q", name, value, out)
		}
		if _, err := strconv.ParseFloat(out, 32); err != nil {
			t.Errorf("%s=%s written %q, which Unreal cannot read as a float: %v", name, value, out, err)
		}
	})
}

// A Break or Make with a FrontMaterial pin (UE5 has none on those classes
// since Displacement joined them) is named in the summary; one without is
// not.
func TestT3DSummaryNamesFrontMaterialPins(t *testing.T) {
	a := &Asset{Kind: "MaterialFunction", Name: "MF_Layer", Nodes: []AssetNode{
		{ID: 0, Class: "BreakMaterialAttributes", Pins: []string{"MaterialAttributes"}, Outs: append(append([]string(nil), maPins...), "FrontMaterial"), IR: -1, Decl: -1},
		{ID: 1, Class: "BreakMaterialAttributes", Pins: []string{"MaterialAttributes"}, Outs: maPins, IR: -1, Decl: -1},
		{ID: 2, Class: "MakeMaterialAttributes", Pins: append(append([]string(nil), maPins...), "FrontMaterial"), Outs: []string{""}, IR: -1, Decl: -1},
	}}
	s := strings.Join(T3DSummary(a), "\n")
	for _, want := range []string{"MaterialGraphNode_0 (BreakMaterialAttributes) has a FrontMaterial pin", "MaterialGraphNode_2 (MakeMaterialAttributes) has a FrontMaterial pin"} {
		if !strings.Contains(s, want) {
			t.Errorf("summary lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "MaterialGraphNode_1 ") {
		t.Errorf("summary names the Break without FrontMaterial:\n%s", s)
	}
}
