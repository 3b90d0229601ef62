package decompile

import (
	"strings"
	"testing"

	"reuselab/ir"
)

// TestRaiseCompare: each two-valued arm pattern of a Compare is raised to
// a comparison that picks the same arm when A>B, A==B and A<B; three
// distinct arms are not raised (no single operator says them).
func TestRaiseCompare(t *testing.T) {
	a, b, x, y, z := ir.Ref{Node: 0}, ir.Ref{Node: 1}, ir.Ref{Node: 2}, ir.Ref{Node: 3}, ir.Ref{Node: 4}
	cases := []struct {
		gt, eq, lt ir.Ref
		op         string
	}{
		{x, y, y, ">"}, {y, y, x, "<"}, {x, x, y, ">="}, {y, x, x, "<="}, {y, x, y, "=="}, {x, y, x, "!="},
	}
	for _, c := range cases {
		n := &ir.Node{Op: ir.OpCompare, Operands: []ir.Ref{a, b, c.gt, c.eq, c.lt}}
		got, ok := raiseCompare(n)
		if !ok {
			t.Errorf("arms of %s not raised", c.op)
			continue
		}
		holds := map[string][3]bool{">": {true, false, false}, "<": {false, false, true}, ">=": {true, true, false}, "<=": {false, true, true}, "==": {false, true, false}, "!=": {true, false, true}}[got.op]
		for k, arm := range []ir.Ref{c.gt, c.eq, c.lt} {
			picked := got.y
			if holds[k] {
				picked = got.x
			}
			if picked != arm {
				t.Errorf("pattern of %s raised to %s picks %v in case %d, want %v", c.op, got.op, picked, k, arm)
			}
		}
	}
	if _, ok := raiseCompare(&ir.Node{Op: ir.OpCompare, Operands: []ir.Ref{a, b, x, y, z}}); ok {
		t.Error("three distinct arms raised to one operator")
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
	got := Module(m)
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
	got := Module(material(p0, p1, sw, sel, sink))
	for _, want := range []string{"uniform float3 Tint = float3(1.0, 0.5, 0.0);\n", "/// @sort 7\n/// @static\nuniform bool On = true;\n", "m.EmissiveColor = On ? Tint : Tint;\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
}
