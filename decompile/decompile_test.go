package decompile

import (
	"strings"
	"testing"

	"reuselab/ir"
)

// TestCompareSugar: a Compare prints as the comparison and select its
// sugar names, arms by slot; without sugar it prints as its own op.
func TestCompareSugar(t *testing.T) {
	m := material(
		constant(1, ""), constant(2, ""), constant(3, ""), constant(4, ""),
		&ir.Node{Op: ir.OpCompare, Operands: []ir.Ref{{Node: 0}, {Node: 1}, {Node: 2}, {Node: 2}, {Node: 3}}, Outputs: []ir.Output{{Type: "float"}}},
		&ir.Node{Op: ir.OpMaterialSink, Role: ir.RoleStatement, Pins: []ir.Pin{{Name: "Opacity", Ref: ir.Ref{Node: 4}}}},
	)
	raise := Options{Raise: func(*ir.Graph) ([]Sugar, error) { return []Sugar{{N: 4, Form: "<", I: 4, J: 2}}, nil }}
	got, _, err := Module(m, raise)
	if want := "    m.Opacity = 1.0 < 2.0 ? 4.0 : 3.0;\n"; err != nil || !strings.Contains(got, want) {
		t.Errorf("with sugar: %v\n%s\nwant a line %q", err, got, want)
	}
	got, _, _ = Module(m, Options{})
	if want := "    m.Opacity = Compare(1.0, 2.0, 3.0, 3.0, 4.0);\n"; !strings.Contains(got, want) {
		t.Errorf("without sugar:\n%s\nwant a line %q", got, want)
	}
}

func material(nodes ...*ir.Node) *ir.Module {
	g := ir.NewGraph(ir.Material, "M_T")
	for _, n := range nodes {
		g.Add(n)
	}
	g.Sink = len(g.Nodes) - 1
	return &ir.Module{Leaf: "T.dss", Products: []*ir.Graph{g}}
}

func constant(v float64, debug string) *ir.Node {
	return &ir.Node{Op: ir.OpConstant, Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(v)}}, Outputs: []ir.Output{{Type: "float"}}, Debug: debug}
}

// TestNamedLocals: the value a statement named becomes a local, the
// values inside it print inline, and the attribute assignments follow a
// blank line; precedence keeps `(a + b) * c` parenthesised.
func TestNamedLocals(t *testing.T) {
	m := material(
		constant(1, "Sum"),
		constant(2, "Sum"),
		&ir.Node{Op: ir.OpAdd, Operands: []ir.Ref{{Node: 0}, {Node: 1}}, Outputs: []ir.Output{{Type: "float"}}, Debug: "Sum"},
		&ir.Node{Op: ir.OpAdd, Operands: []ir.Ref{{Node: 0}, {Node: 1}}, Outputs: []ir.Output{{Type: "float"}}, Debug: "Opacity"},
		&ir.Node{Op: ir.OpMultiply, Operands: []ir.Ref{{Node: 3}, {Node: 2}}, Outputs: []ir.Output{{Type: "float"}}, Debug: "Opacity"},
		&ir.Node{Op: ir.OpMaterialSink, Role: ir.RoleStatement, Pins: []ir.Pin{{Name: "Opacity", Ref: ir.Ref{Node: 4}}}},
	)
	got, _, _ := Module(m, Options{})
	want := "export void M_T(inout material m)\n{\n    float Sum = 1.0 + 2.0;\n\n    m.Opacity = (1.0 + 2.0) * Sum;\n}\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestEquivalent: renumbering and debug names do not matter, a changed
// constant does.
func TestEquivalent(t *testing.T) {
	build := func(first, second float64, swap bool) *ir.Module {
		c0, c1 := constant(first, "A"), constant(second, "B")
		if swap {
			c0, c1 = c1, c0
			c0.Debug, c1.Debug = "X", "Y"
		}
		return material(c0, c1,
			&ir.Node{Op: ir.OpMaterialSink, Role: ir.RoleStatement, Pins: []ir.Pin{{Name: "Opacity", Ref: ir.Ref{Node: 0}}, {Name: "Roughness", Ref: ir.Ref{Node: 1}}}})
	}
	if d := Equivalent(build(1, 2, false), build(1, 2, false)); d != "" {
		t.Errorf("a module differs from itself: %s", d)
	}
	if d := Equivalent(build(1, 2, false), build(1, 3, false)); d == "" {
		t.Error("a changed constant went unnoticed")
	}
	if d := Equivalent(build(1, 2, false), build(1, 2, true)); d == "" || !strings.Contains(d, "MaterialSink") {
		t.Errorf("sink pins read swapped values but compare equal (or differ elsewhere): %q", d)
	}
}

// TestUniformDocs: a uniform out of its dense place gets `@sort`, a vector
// uniform comes back at its declared width, a static bool with `@static`.
func TestUniformDocs(t *testing.T) {
	p0 := &ir.Node{Op: ir.OpParameter, Props: []ir.Prop{{Name: "ParameterName", Value: ir.Str("Tint")}, {Name: "DefaultValue", Value: ir.Tuple(1, 0.5, 0)}, {Name: "SortPriority", Value: ir.Num(0)}}, Outputs: []ir.Output{{Type: "float4"}}, Debug: "Tint"}
	p1 := &ir.Node{Op: ir.OpParameter, Props: []ir.Prop{{Name: "ParameterName", Value: ir.Str("On")}, {Name: "DefaultValue", Value: ir.Tuple(1)}, {Name: "IsStatic", Value: ir.Bool(true)}, {Name: "SortPriority", Value: ir.Num(7)}}, Outputs: []ir.Output{{Type: "bool"}}, Debug: "On"}
	sw := &ir.Node{Op: ir.OpSwizzle, Operands: []ir.Ref{{Node: 0}}, Props: []ir.Prop{{Name: "Mask", Value: ir.Str("xyz")}}, Outputs: []ir.Output{{Type: "float3"}}}
	sel := &ir.Node{Op: ir.OpStaticSwitch, Operands: []ir.Ref{{Node: 1}, {Node: 2}, {Node: 2}}, Outputs: []ir.Output{{Type: "float3"}}}
	sink := &ir.Node{Op: ir.OpMaterialSink, Role: ir.RoleStatement, Pins: []ir.Pin{{Name: "EmissiveColor", Ref: ir.Ref{Node: 3}}}}
	got, _, _ := Module(material(p0, p1, sw, sel, sink), Options{})
	for _, want := range []string{"uniform float3 Tint = float3(1.0, 0.5, 0.0);\n", "/// @sort 7\n/// @static\nuniform bool On = true;\n", "m.EmissiveColor = On ? Tint : Tint;\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
}

// TestEngineCallForms: an engine call is written as the source that builds
// it again: a Substrate-namespace class with float outputs under
// `Substrate.`, a pin given under the name the node shows by that name, a
// node built through `UE.Expression(Class = …)` that way, and a Substrate
// Select of a converted bool as the conditional it came from.
func TestEngineCallForms(t *testing.T) {
	f3 := []ir.Output{{Type: "float3"}}
	conv := &ir.Node{Op: ir.OpReflected, Class: "MetalnessToDiffuseAlbedoF0", Pins: []ir.Pin{{Name: "Metallic", Ref: ir.Ref{Node: 0}}},
		Outputs: []ir.Output{{Name: "DiffuseAlbedo", Type: "float3"}, {Name: "F0", Type: "float3"}}}
	lerp := &ir.Node{Op: ir.OpReflected, Class: "LinearInterpolate", Pins: []ir.Pin{{Name: "A", Ref: ir.Ref{Node: 1, Out: 1}}},
		Props: []ir.Prop{{Name: "ClassSpecifier", Value: ir.Str("LinearInterpolate")}}, Outputs: f3}
	mod := &ir.Node{Op: ir.OpReflected, Class: "MoonToonModifier", Pins: []ir.Pin{{Name: "ChannelW", Ref: ir.Ref{Node: 0}}},
		Props: []ir.Prop{{Name: "WrittenPins", Value: ir.Str("[ChannelW=Intensity]")}}, Outputs: []ir.Output{{Name: "Payload", Type: "float4"}, {Name: "Id", Type: "float"}}}
	slab := func(r int) *ir.Node {
		return &ir.Node{Op: ir.OpReflected, Class: "Slab", Pins: []ir.Pin{{Name: "Roughness", Ref: ir.Ref{Node: r}}}, Outputs: []ir.Output{{Type: "Substrate"}}}
	}
	m := material(
		constant(0.5, ""), conv, lerp, mod, // 0-3
		slab(0), slab(0), // 4, 5
		&ir.Node{Op: ir.OpGreater, Operands: []ir.Ref{{Node: 3, Out: 1}, {Node: 0}}, Outputs: []ir.Output{{Type: "bool"}}},                                                                                                          // 6
		&ir.Node{Op: ir.OpConvert, Operands: []ir.Ref{{Node: 6}}, Outputs: []ir.Output{{Type: "float"}}},                                                                                                                            // 7
		&ir.Node{Op: ir.OpReflected, Class: "Select", Pins: []ir.Pin{{Name: "A", Ref: ir.Ref{Node: 4}}, {Name: "B", Ref: ir.Ref{Node: 5}}, {Name: "SelectValue", Ref: ir.Ref{Node: 7}}}, Outputs: []ir.Output{{Type: "Substrate"}}}, // 8
		&ir.Node{Op: ir.OpMaterialSink, Role: ir.RoleStatement, Pins: []ir.Pin{{Name: "EmissiveColor", Ref: ir.Ref{Node: 2}}, {Name: "FrontMaterial", Ref: ir.Ref{Node: 8}}}},
	)
	got, _, err := Module(m, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`UE.Expression(Class = "LinearInterpolate", A = Substrate.MetalnessToDiffuseAlbedoF0(Metallic = 0.5).F0)`,
		"Substrate.MoonToonModifier(Intensity = 0.5).Id > 0.5 ? Substrate.Slab(Roughness = 0.5) : Substrate.Slab(Roughness = 0.5)",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	if strings.Contains(got, "UE.MetalnessToDiffuseAlbedoF0") || strings.Contains(got, "Substrate.Select") || strings.Contains(got, "ChannelW") {
		t.Errorf("an engine call printed as its node, not its source:\n%s", got)
	}
}

// TestStaticInputDoc: a function input the graph holds as a static bool
// (made so by an `if` on it, or `@static`) is declared `@static` again,
// since the conditional printed for its switch would not make it one.
func TestStaticInputDoc(t *testing.T) {
	g := ir.NewGraph(ir.MaterialFunction, "MF_T")
	in := g.Add(&ir.Node{Op: ir.OpFunctionInput, Props: []ir.Prop{{Name: "InputName", Value: ir.Str("Use")}, {Name: "InputType", Value: ir.Str("StaticBool")},
		{Name: "IsOptional", Value: ir.Bool(false)}, {Name: "SortPriority", Value: ir.Num(0)}}, Outputs: []ir.Output{{Type: "bool"}}})
	one, two := g.Add(constant(1, "")), g.Add(constant(2, ""))
	sw := g.Add(&ir.Node{Op: ir.OpStaticSwitch, Operands: []ir.Ref{{Node: in}, {Node: one}, {Node: two}}, Outputs: []ir.Output{{Type: "float"}}})
	out := g.Add(&ir.Node{Op: ir.OpFunctionOutput, Role: ir.RoleStatement, Operands: []ir.Ref{{Node: sw}},
		Props: []ir.Prop{{Name: "OutputName", Value: ir.Str("Result")}, {Name: "SortPriority", Value: ir.Num(0)}}})
	g.Inputs, g.Outputs = []int{in}, []int{out}
	got, _, err := Module(&ir.Module{Leaf: "T.dss", Products: []*ir.Graph{g}}, Options{})
	if err != nil || !strings.Contains(got, "/// @static Use\n") {
		t.Errorf("%v: no `/// @static Use` line in\n%s", err, got)
	}
}

// TestCommentLayoutColor: a Comment layout hint keeps its colour in the
// printed pragma; one without prints none.
func TestCommentLayoutColor(t *testing.T) {
	m := material(constant(1, ""), &ir.Node{Op: ir.OpMaterialSink, Role: ir.RoleStatement, Pins: []ir.Pin{{Name: "Opacity", Ref: ir.Ref{Node: 0}}}})
	m.Products[0].Layout = []ir.LayoutHint{{Comment: true, Name: "A", W: 4, H: 2, Color: "0.1 0.2 0.3 0.4"}, {Comment: true, Name: "B"}}
	got, _, _ := Module(m, Options{})
	for _, want := range []string{
		`#pragma layout(Comment, Name = "A", X = 0, Y = 0, W = 4, H = 2, Color = "0.1 0.2 0.3 0.4")`,
		`#pragma layout(Comment, Name = "B", X = 0, Y = 0, W = 0, H = 0)` + "\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
}
