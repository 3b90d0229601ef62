package emit

import (
	"bytes"
	"strings"
	"testing"

	"reuselab/ir"
)

// Options.Legacy1x emits as 1.5 did: a swizzle is a mask on the connection
// (composed with the mask the source already has), not a ComponentMask, and
// every negation reads the one −1, shared with the graph's own −1.
func TestLegacy1xEmission(t *testing.T) {
	g := ir.NewGraph(ir.Material, "M_1x")
	f4 := []ir.Output{{Type: "float4"}}
	f1 := []ir.Output{{Type: "float"}}
	v := g.Add(&ir.Node{Op: ir.OpParameter, Props: []ir.Prop{{Name: "ParameterName", Value: ir.Str("V")}}, Outputs: f4})
	rgb := g.Add(&ir.Node{Op: ir.OpSwizzle, Operands: []ir.Ref{{Node: v}}, Props: []ir.Prop{{Name: "Mask", Value: ir.Str("xyz")}}, Outputs: []ir.Output{{Type: "float3"}}})
	gch := g.Add(&ir.Node{Op: ir.OpSwizzle, Operands: []ir.Ref{{Node: rgb}}, Props: []ir.Prop{{Name: "Mask", Value: ir.Str("y")}}, Outputs: f1})
	n1 := g.Add(&ir.Node{Op: ir.OpNegate, Operands: []ir.Ref{{Node: gch}}, Outputs: f1})
	n2 := g.Add(&ir.Node{Op: ir.OpNegate, Operands: []ir.Ref{{Node: n1}}, Outputs: f1})
	m1 := g.Add(&ir.Node{Op: ir.OpConstant, Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(-1)}}, Outputs: f1})
	sum := g.Add(&ir.Node{Op: ir.OpAdd, Operands: []ir.Ref{{Node: n2}, {Node: m1}}, Outputs: f1})
	g.Sink = g.Add(&ir.Node{Op: ir.OpMaterialSink, Pins: []ir.Pin{{Name: "Opacity", Ref: ir.Ref{Node: sum}}}, Role: ir.RoleStatement})

	count := func(a *Asset, class string) int {
		k := 0
		for _, n := range a.Nodes {
			if n.Class == class {
				k++
			}
		}
		return k
	}
	modern := FromGraph(g, nil, Options{})
	legacy := FromGraph(g, nil, Options{Legacy1x: true})
	if count(modern, "ComponentMask") != 1 || count(modern, "Constant") != 3 {
		t.Errorf("2.0: %d masks, %d constants; want 1 (.y; .rgb is the RGB pin) and 3 (two fresh −1s and the graph's)",
			count(modern, "ComponentMask"), count(modern, "Constant"))
	}
	if count(legacy, "ComponentMask") != 0 || count(legacy, "Constant") != 1 {
		t.Errorf("1x: %d masks, %d constants; want 0 and 1", count(legacy, "ComponentMask"), count(legacy, "Constant"))
	}
	var mask string
	for _, n := range legacy.Nodes {
		if n.Class == "Multiply" {
			for _, in := range n.Inputs {
				if legacy.Nodes[in.From].Class == "VectorParameter" {
					mask = in.Mask
				}
			}
		}
	}
	if mask != "y" {
		t.Errorf("the negation reads V with mask %q, want y (.rgb then .y)", mask)
	}
	var buf bytes.Buffer
	if err := WriteT3D(&buf, []*Asset{legacy}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "Mask=1,MaskG=1") {
		t.Errorf("T3D lacks the connection mask:\n%s", buf.String())
	}
	if err := CheckT3D(legacy); err != nil {
		t.Error(err)
	}
	// Only the option decides: a result that names mode 1x emits as 2.0
	// unless its caller asks for 1.5's emission.
	res := &ir.Result{Mode: "1x", Build: g, Graph: g}
	if a := FromGraph(g, res, Options{}); count(a, "ComponentMask") != 1 || count(a, "Constant") != 3 {
		t.Errorf("a 1x result without Options.Legacy1x: %d masks, %d constants; want 2.0's 1 and 3",
			count(a, "ComponentMask"), count(a, "Constant"))
	}
}
