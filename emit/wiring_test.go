package emit_test

import (
	"testing"

	"reuselab/emit"
	"reuselab/emit/assetinterp"
	"reuselab/ir"
)

// breakGraph is a function reading BaseColor, MoonToon's custom attribute
// MoonEncodedAttribute0, FrontMaterial and the whole set off its
// MaterialAttributes input, the way the compiler builds such reads: one
// GetMaterialAttributes whose source is a named pin (LANGUAGE-DSS §3.13).
func breakGraph() *ir.Graph {
	g := ir.NewGraph(ir.MaterialFunction, "MF_Break")
	in := g.Add(&ir.Node{Op: ir.OpFunctionInput, Role: ir.RoleInput, Outputs: []ir.Output{{Type: "material"}},
		Props: []ir.Prop{{Name: "InputName", Value: ir.Str("Base")}, {Name: "InputType", Value: ir.Str("MaterialAttributes")}}})
	var outs []ir.Output
	for _, a := range ir.MaterialAttributes {
		outs = append(outs, ir.Output{Name: a.Name, Type: a.Type})
	}
	outs = append(outs, ir.Output{Name: "MoonEncodedAttribute0", Type: "float"})
	get := g.Add(&ir.Node{Op: ir.OpGetMaterialAttributes, Pins: []ir.Pin{{Name: "MaterialAttributes", Ref: ir.Ref{Node: in}}}, Outputs: outs})
	mul := g.Add(&ir.Node{Op: ir.OpMultiply, Operands: []ir.Ref{{Node: get, Out: 0}, {Node: get, Out: 8}}, Outputs: []ir.Output{{Type: "float3"}}})
	set := g.Add(&ir.Node{Op: ir.OpSetMaterialAttributes, Outputs: []ir.Output{{Type: "material"}}, Pins: []ir.Pin{
		{Name: "MaterialAttributes", Ref: ir.Ref{Node: get, Out: 7}}, {Name: "BaseColor", Ref: ir.Ref{Node: mul}},
		{Name: "FrontMaterial", Ref: ir.Ref{Node: get, Out: 6}}}})
	g.Outputs = []int{g.Add(&ir.Node{Op: ir.OpFunctionOutput, Role: ir.RoleStatement, Operands: []ir.Ref{{Node: set}},
		Props: []ir.Prop{{Name: "OutputName", Value: ir.Str("Result")}}})}
	g.Inputs = []int{in}
	return g
}

func findClass(t *testing.T, a *emit.Asset, class string) *emit.AssetNode {
	t.Helper()
	for i := range a.Nodes {
		if a.Nodes[i].Class == class {
			return &a.Nodes[i]
		}
	}
	t.Fatalf("no %s", class)
	return nil
}

func pinInput(n *emit.AssetNode, pin string) (emit.Input, bool) {
	for _, in := range n.Inputs {
		if in.Pin == pin {
			return in, true
		}
	}
	return emit.Input{}, false
}

// TestBreakReadsItsSource: the Break's MaterialAttributes pin is wired to
// what the IR's named pin reads (it used to be left unconnected: the
// emitter looked for an operand).
func TestBreakReadsItsSource(t *testing.T) {
	a := emit.FromGraph(breakGraph(), nil, emit.Options{})
	brk, fi := findClass(t, a, "BreakMaterialAttributes"), findClass(t, a, "FunctionInput")
	in, ok := pinInput(brk, "MaterialAttributes")
	if !ok || in.From != fi.ID {
		t.Fatalf("Break inputs %v, want MaterialAttributes from #%d", brk.Inputs, fi.ID)
	}
}

// TestBreakCustomAttributeOutput: an attribute the fixed Break outputs lack
// is an output of its own name (it used to be read at its IR index, 8,
// which is the engine's Normal); FrontMaterial likewise; the whole set is
// the Break's source itself, not an output.
func TestBreakCustomAttributeOutput(t *testing.T) {
	a := emit.FromGraph(breakGraph(), nil, emit.Options{})
	brk, mul := findClass(t, a, "BreakMaterialAttributes"), findClass(t, a, "Multiply")
	b, _ := pinInput(mul, "B")
	if b.From != brk.ID || brk.Outs[b.OutputIndex] != "MoonEncodedAttribute0" {
		t.Errorf("Multiply.B reads #%d output %d (%q), want the Break's MoonEncodedAttribute0", b.From, b.OutputIndex, brk.Outs[b.OutputIndex])
	}
	if x, _ := pinInput(mul, "A"); brk.Outs[x.OutputIndex] != "BaseColor" {
		t.Errorf("Multiply.A reads %q, want BaseColor", brk.Outs[x.OutputIndex])
	}
	set := findClass(t, a, "SetMaterialAttributes")
	if fm, _ := pinInput(set, "FrontMaterial"); fm.From != brk.ID || brk.Outs[fm.OutputIndex] != "FrontMaterial" {
		t.Errorf("Set.FrontMaterial reads #%d output %d, want the Break's FrontMaterial", fm.From, fm.OutputIndex)
	}
	if whole, _ := pinInput(set, "MaterialAttributes"); whole.From != findClass(t, a, "FunctionInput").ID {
		t.Errorf("Set.MaterialAttributes reads #%d, want the function input itself", whole.From)
	}
	for _, o := range brk.Outs {
		if o == "MaterialAttributes" {
			t.Errorf("Break lists the whole set as an output: %v", brk.Outs)
		}
	}
	if rep := assetinterp.Check(a, breakGraph(), assetinterp.Options{Runs: 16}); !rep.OK() || len(rep.Faults()) > 0 {
		t.Errorf("evaluation: %v", rep)
	}
}

// TestPreviewBuiltAfterItsInput: a FunctionInput's Preview default built
// after the input (PreviewDefault.dsf: `FunctionInput(Preview=%2, …)` is
// %0) is wired all the same (it used to be dropped: the emitter resolved
// it before %2 had an engine node).
func TestPreviewBuiltAfterItsInput(t *testing.T) {
	g := ir.NewGraph(ir.MaterialFunction, "MF_Preview")
	in := g.Add(&ir.Node{Op: ir.OpFunctionInput, Role: ir.RoleInput, Outputs: []ir.Output{{Type: "float"}},
		Pins:  []ir.Pin{{Name: "Preview", Ref: ir.Ref{Node: 1}}},
		Props: []ir.Prop{{Name: "InputName", Value: ir.Str("X")}, {Name: "InputType", Value: ir.Str("Scalar")}}})
	g.Add(&ir.Node{Op: ir.OpConstant, Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(0.25)}}, Outputs: []ir.Output{{Type: "float"}}})
	g.Add(&ir.Node{Op: ir.OpFunctionOutput, Role: ir.RoleStatement, Operands: []ir.Ref{{Node: in}},
		Props: []ir.Prop{{Name: "OutputName", Value: ir.Str("Y")}}})
	a := emit.FromGraph(g, nil, emit.Options{})
	p, ok := pinInput(findClass(t, a, "FunctionInput"), "Preview")
	if !ok || p.From != findClass(t, a, "Constant").ID {
		t.Fatalf("FunctionInput inputs %v, want Preview from the Constant", findClass(t, a, "FunctionInput").Inputs)
	}
}
