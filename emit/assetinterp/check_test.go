package assetinterp

import (
	"strconv"
	"strings"
	"testing"

	"reuselab/emit"
	"reuselab/ir"
)

// graphBuilder makes small IR graphs by hand, so each test states exactly
// the wiring it is about.
type graphBuilder struct{ g *ir.Graph }

func newGraph(kind ir.ProductKind) *graphBuilder { return &graphBuilder{ir.NewGraph(kind, "T")} }

type nodeSpec struct {
	op    ir.Op
	class string
	ops   []ir.Ref
	pins  []ir.Pin
	props []ir.Prop
	outs  []ir.Output
	role  ir.Role
}

func (b *graphBuilder) add(s nodeSpec) ir.Ref {
	n := &ir.Node{Op: s.op, Class: s.class, Operands: s.ops, Pins: s.pins, Props: s.props, Outputs: s.outs, Role: s.role}
	id := b.g.Add(n)
	switch s.op {
	case ir.OpMaterialSink:
		b.g.Sink = id
	case ir.OpFunctionOutput:
		b.g.Outputs = append(b.g.Outputs, id)
	case ir.OpFunctionInput:
		b.g.Inputs = append(b.g.Inputs, id)
	}
	return ir.Ref{Node: id}
}

func out(typ string) []ir.Output { return []ir.Output{{Type: typ}} }

func param(b *graphBuilder, name, typ string) ir.Ref {
	return b.add(nodeSpec{op: ir.OpParameter, props: []ir.Prop{{Name: "ParameterName", Value: ir.Str(name)}}, outs: out(typ)})
}

func at(r ir.Ref, k int) ir.Ref { return ir.Ref{Node: r.Node, Out: k} }

// mathMaterial: EmissiveColor = Tint.rgb * (A - B), Opacity = A - B.
func mathMaterial() *ir.Graph {
	b := newGraph(ir.Material)
	a := param(b, "A", "float")
	bb := param(b, "B", "float")
	sub := b.add(nodeSpec{op: ir.OpSubtract, ops: []ir.Ref{a, bb}, outs: out("float")})
	tint := param(b, "Tint", "float4")
	rgb := b.add(nodeSpec{op: ir.OpSwizzle, ops: []ir.Ref{tint}, props: []ir.Prop{{Name: "Mask", Value: ir.Str("xyz")}}, outs: out("float3")})
	mul := b.add(nodeSpec{op: ir.OpMultiply, ops: []ir.Ref{rgb, sub}, outs: out("float3")})
	b.add(nodeSpec{op: ir.OpMaterialSink, role: ir.RoleStatement, pins: []ir.Pin{{Name: "EmissiveColor", Ref: mul}, {Name: "Opacity", Ref: sub}}})
	return b.g
}

// breakFunction: a function reading BaseColor, a custom attribute and the
// whole set off its MaterialAttributes input.
func breakFunction() *ir.Graph {
	b := newGraph(ir.MaterialFunction)
	in := b.add(nodeSpec{op: ir.OpFunctionInput, role: ir.RoleInput, outs: out("material"), props: []ir.Prop{
		{Name: "InputName", Value: ir.Str("Base")}, {Name: "InputType", Value: ir.Str("MaterialAttributes")}}})
	var outs []ir.Output
	for _, a := range ir.MaterialAttributes {
		outs = append(outs, ir.Output{Name: a.Name, Type: a.Type})
	}
	outs = append(outs, ir.Output{Name: "MoonEncodedAttribute0", Type: "float"})
	get := b.add(nodeSpec{op: ir.OpGetMaterialAttributes, pins: []ir.Pin{{Name: "MaterialAttributes", Ref: in}}, outs: outs})
	mul := b.add(nodeSpec{op: ir.OpMultiply, ops: []ir.Ref{at(get, 0), at(get, 8)}, outs: out("float3")})
	set := b.add(nodeSpec{op: ir.OpSetMaterialAttributes, outs: out("material"), pins: []ir.Pin{
		{Name: "MaterialAttributes", Ref: at(get, 7)}, {Name: "BaseColor", Ref: mul}, {Name: "Roughness", Ref: at(get, 2)}}})
	b.add(nodeSpec{op: ir.OpFunctionOutput, role: ir.RoleStatement, ops: []ir.Ref{set}, props: []ir.Prop{{Name: "OutputName", Value: ir.Str("Result")}}})
	return b.g
}

// textureMaterial: BaseColor = sample(T, UV * 2).rgb, Opacity and
// OpacityMask = its alpha, as the A pin and as .w.
func textureMaterial() *ir.Graph {
	b := newGraph(ir.Material)
	tex := b.add(nodeSpec{op: ir.OpTextureParameter, props: []ir.Prop{{Name: "ParameterName", Value: ir.Str("T")}}, outs: out("Texture2D")})
	uv := b.add(nodeSpec{op: ir.OpReflected, class: "TextureCoordinate", props: []ir.Prop{{Name: "CoordinateIndex", Value: ir.Num(0)}}, outs: out("float2")})
	two := b.add(nodeSpec{op: ir.OpConstant, props: []ir.Prop{{Name: "Value", Value: ir.Tuple(2)}}, outs: out("float")})
	scaled := b.add(nodeSpec{op: ir.OpMultiply, ops: []ir.Ref{uv, two}, outs: out("float2")})
	sample := b.add(nodeSpec{op: ir.OpTextureSample, ops: []ir.Ref{tex, scaled, tex, ir.NoRef}, outs: []ir.Output{
		{Name: "RGBA", Type: "float4"}, {Name: "R", Type: "float"}, {Name: "G", Type: "float"}, {Name: "B", Type: "float"}, {Name: "A", Type: "float"}}})
	rgb := b.add(nodeSpec{op: ir.OpSwizzle, ops: []ir.Ref{sample}, props: []ir.Prop{{Name: "Mask", Value: ir.Str("xyz")}}, outs: out("float3")})
	// .w has no engine pin: a ComponentMask, or (1.x) a mask on the
	// reroute declaration's input.
	alpha := b.add(nodeSpec{op: ir.OpSwizzle, ops: []ir.Ref{sample}, props: []ir.Prop{{Name: "Mask", Value: ir.Str("w")}}, outs: out("float")})
	b.add(nodeSpec{op: ir.OpMaterialSink, role: ir.RoleStatement, pins: []ir.Pin{{Name: "BaseColor", Ref: rgb},
		{Name: "Opacity", Ref: at(sample, 4)}, {Name: "OpacityMask", Ref: alpha}}})
	return b.g
}

// previewFunction: an optional input whose preview default is built after
// it (as PreviewDefault.dsf makes it), doubled.
func previewFunction() *ir.Graph {
	b := newGraph(ir.MaterialFunction)
	in := b.add(nodeSpec{op: ir.OpFunctionInput, role: ir.RoleInput, outs: out("float"), pins: []ir.Pin{{Name: "Preview", Ref: ir.Ref{Node: 2}}},
		props: []ir.Prop{{Name: "InputName", Value: ir.Str("X")}, {Name: "InputType", Value: ir.Str("Scalar")}, {Name: "IsOptional", Value: ir.Bool(true)}}})
	sum := b.add(nodeSpec{op: ir.OpAdd, ops: []ir.Ref{in, in}, outs: out("float")})
	b.add(nodeSpec{op: ir.OpConstant, props: []ir.Prop{{Name: "Value", Value: ir.Tuple(0.25)}}, outs: out("float")})
	b.add(nodeSpec{op: ir.OpFunctionOutput, role: ir.RoleStatement, ops: []ir.Ref{sum}, props: []ir.Prop{{Name: "OutputName", Value: ir.Str("Y")}}})
	return b.g
}

// slabMaterial: FrontMaterial = Slab(F0 = broadcast(F * F), Roughness =
// 0.02), as `Substrate.Slab(IOR = Ior, …)` builds it: the Broadcast is no
// node in the asset, so the Slab's F0 pin reads the scalar Multiply.
func slabMaterial() *ir.Graph {
	b := newGraph(ir.Material)
	f := param(b, "F", "float")
	sq := b.add(nodeSpec{op: ir.OpMultiply, ops: []ir.Ref{f, f}, outs: out("float")})
	f0 := b.add(nodeSpec{op: ir.OpBroadcast, ops: []ir.Ref{sq}, outs: out("float3")})
	rough := b.add(nodeSpec{op: ir.OpConstant, props: []ir.Prop{{Name: "Value", Value: ir.Tuple(0.02)}}, outs: out("float")})
	slab := b.add(nodeSpec{op: ir.OpReflected, class: "Slab", pins: []ir.Pin{{Name: "Roughness", Ref: rough}, {Name: "F0", Ref: f0}}, outs: out("Substrate")})
	b.add(nodeSpec{op: ir.OpMaterialSink, role: ir.RoleStatement, pins: []ir.Pin{{Name: "FrontMaterial", Ref: slab}}})
	return b.g
}

func check(t *testing.T, a *emit.Asset, g *ir.Graph) *Report {
	t.Helper()
	return Check(a, g, Options{Runs: 16, Seed: 7})
}

func clean(t *testing.T, a *emit.Asset, g *ir.Graph, roots int) {
	t.Helper()
	rep := check(t, a, g)
	if !rep.OK() || len(rep.Faults()) > 0 || rep.Roots != roots {
		t.Fatalf("want %d roots, all agreeing: %v", roots, rep)
	}
}

func nodeOf(t *testing.T, a *emit.Asset, class string) int {
	t.Helper()
	for i, n := range a.Nodes {
		if n.Class == class {
			return i
		}
	}
	t.Fatalf("no %s node", class)
	return -1
}

func inputOn(t *testing.T, a *emit.Asset, node int, pin string) *emit.Input {
	t.Helper()
	for k := range a.Nodes[node].Inputs {
		if a.Nodes[node].Inputs[k].Pin == pin {
			return &a.Nodes[node].Inputs[k]
		}
	}
	t.Fatalf("#%d %s has no input on %s", node, a.Nodes[node].Class, pin)
	return nil
}

func disconnect(a *emit.Asset, node int, pin string) {
	var keep []emit.Input
	for _, in := range a.Nodes[node].Inputs {
		if in.Pin != pin {
			keep = append(keep, in)
		}
	}
	a.Nodes[node].Inputs = keep
}

// mismatched asserts the check fails and the report names want (a node,
// a pin) somewhere.
func mismatched(t *testing.T, rep *Report, want ...string) {
	t.Helper()
	if rep.OK() && len(rep.Faults()) == 0 {
		t.Fatalf("mis-wired asset passed: %v", rep)
	}
	s := rep.String()
	for _, w := range want {
		if !strings.Contains(s, w) {
			t.Errorf("report does not name %q:\n%s", w, s)
		}
	}
}

func TestEmittedAssetsAgree(t *testing.T) {
	for _, c := range []struct {
		name  string
		g     *ir.Graph
		roots int
	}{{"math", mathMaterial(), 2}, {"break", breakFunction(), 1}, {"texture", textureMaterial(), 3}, {"preview", previewFunction(), 2},
		// A scalar on a vector pin of an opaque node is broadcast as the
		// engine does (the evaluator used to hash the scalar itself).
		{"slab", slabMaterial(), 1}} {
		t.Run(c.name, func(t *testing.T) {
			clean(t, emit.FromGraph(c.g, nil, emit.Options{}), c.g, c.roots)
			// 1.x emission: masks on connections, shared constants.
			clean(t, emit.FromGraph(c.g, nil, emit.Options{Legacy1x: true}), c.g, c.roots)
		})
	}
}

func TestSwappedPinsCaught(t *testing.T) {
	g := mathMaterial()
	a := emit.FromGraph(g, nil, emit.Options{})
	sub := nodeOf(t, a, "Subtract")
	x := a.Nodes[sub].Inputs
	x[0].Pin, x[1].Pin = x[1].Pin, x[0].Pin
	mismatched(t, check(t, a, g), "material input Opacity", "culprit: #"+itoa(sub)+" Subtract", "pin A ← #", "pin B ← #")
}

func TestWrongOutputIndexCaught(t *testing.T) {
	g := mathMaterial()
	a := emit.FromGraph(g, nil, emit.Options{})
	mul := nodeOf(t, a, "Multiply")
	in := inputOn(t, a, mul, "A")
	if a.Nodes[in.From].Class != "VectorParameter" || a.Nodes[in.From].Outs[in.OutputIndex] != "RGB" {
		t.Fatalf("Multiply.A reads %v, want the VectorParameter's RGB", *in)
	}
	in.OutputIndex = 1 // R
	mismatched(t, check(t, a, g), "material input EmissiveColor", "#"+itoa(mul)+" Multiply")
}

func TestUnconnectedPinCaught(t *testing.T) {
	g := mathMaterial()
	a := emit.FromGraph(g, nil, emit.Options{})
	mul := nodeOf(t, a, "Multiply")
	disconnect(a, mul, "B") // takes ConstB = 1: a value, but not the IR's
	mismatched(t, check(t, a, g), "#"+itoa(mul)+" Multiply", "pin B unconnected")

	// A pin with no default is a wiring fault by itself.
	a = emit.FromGraph(g, nil, emit.Options{})
	mask := -1
	for i, n := range a.Nodes {
		if n.Class == "NamedRerouteDeclaration" {
			mask = i
			break
		}
	}
	disconnect(a, mask, "Input")
	rep := check(t, a, g)
	mismatched(t, rep, "#"+itoa(mask)+" NamedRerouteDeclaration pin Input: unconnected")
}

func TestExtraInputCaught(t *testing.T) {
	g := mathMaterial()
	a := emit.FromGraph(g, nil, emit.Options{})
	sub := nodeOf(t, a, "Subtract")
	a.Nodes[sub].Inputs = append(a.Nodes[sub].Inputs, emit.Input{Pin: "Alpha", From: 0})
	rep := check(t, a, g)
	if !rep.OK() {
		t.Fatalf("an unread pin changes no value, yet: %v", rep)
	}
	mismatched(t, rep, "#"+itoa(sub)+" Subtract pin Alpha: connected to #0")
}

func TestBreakWiringCaught(t *testing.T) {
	g := breakFunction()
	a := emit.FromGraph(g, nil, emit.Options{})
	brk := nodeOf(t, a, "BreakMaterialAttributes")

	// The Break's input left dangling, as the emitter used to.
	b := cloneAsset(a)
	disconnect(b, brk, "MaterialAttributes")
	mismatched(t, check(t, b, g), "FunctionOutput Result", "#"+itoa(brk)+" BreakMaterialAttributes pin MaterialAttributes: unconnected")

	// The custom attribute read off the fixed pin at its IR index (Normal),
	// as the emitter used to.
	b = cloneAsset(a)
	mul := nodeOf(t, b, "Multiply")
	in := inputOn(t, b, mul, "B")
	if b.Nodes[brk].Outs[in.OutputIndex] != "MoonEncodedAttribute0" {
		t.Fatalf("Multiply.B reads Break output %q", b.Nodes[brk].Outs[in.OutputIndex])
	}
	for j, name := range b.Nodes[brk].Outs {
		if name == "Normal" {
			in.OutputIndex = j
		}
	}
	mismatched(t, check(t, b, g), "#"+itoa(mul)+" Multiply", "pin B ← #"+itoa(brk)+" BreakMaterialAttributes output "+itoa(in.OutputIndex)+" (Normal)")
}

func TestTextureWiringCaught(t *testing.T) {
	g := textureMaterial()
	a := emit.FromGraph(g, nil, emit.Options{})
	ts := nodeOf(t, a, "TextureSample")
	uv := nodeOf(t, a, "TextureCoordinate")
	inputOn(t, a, ts, "Coordinates").From = uv // skips the ×2
	mismatched(t, check(t, a, g), "material input BaseColor", "material input Opacity", "#"+itoa(ts)+" TextureSample")

	a = emit.FromGraph(g, nil, emit.Options{})
	disconnect(a, ts, "TextureObject")
	mismatched(t, check(t, a, g), "#"+itoa(ts)+" TextureSample pin TextureObject: unconnected")
}

func TestPreviewWiringCaught(t *testing.T) {
	g := previewFunction()
	a := emit.FromGraph(g, nil, emit.Options{})
	fi := nodeOf(t, a, "FunctionInput")
	disconnect(a, fi, "Preview")
	mismatched(t, check(t, a, g), "FunctionInput X Preview: asset error: not in the asset")
}

// TestBadAssetsDoNotCrash: wiring to nodes and outputs that do not exist,
// a usage of no declaration, outputs of no node: reported, never a panic.
func TestBadAssetsDoNotCrash(t *testing.T) {
	g := mathMaterial()
	for name, mut := range map[string]func(a *emit.Asset){
		"from":   func(a *emit.Asset) { a.Nodes[nodeOf(t, a, "Subtract")].Inputs[0].From = 999 },
		"output": func(a *emit.Asset) { a.Nodes[nodeOf(t, a, "Subtract")].Inputs[0].OutputIndex = 7 },
		"decl":   func(a *emit.Asset) { a.Nodes[nodeOf(t, a, "NamedRerouteUsage")].Decl = -5 },
		"target": func(a *emit.Asset) { a.Outputs[0].Node = 999 },
		"cycle": func(a *emit.Asset) {
			d := nodeOf(t, a, "NamedRerouteDeclaration")
			a.Nodes[d].Inputs[0].From = nodeOf(t, a, "NamedRerouteUsage")
		},
	} {
		t.Run(name, func(t *testing.T) {
			a := emit.FromGraph(g, nil, emit.Options{})
			mut(a)
			if rep := check(t, a, g); rep.OK() && len(rep.Faults()) == 0 {
				t.Errorf("passed: %v", rep)
			}
		})
	}
}

func cloneAsset(a *emit.Asset) *emit.Asset {
	b := *a
	b.Nodes = append([]emit.AssetNode(nil), a.Nodes...)
	for i := range b.Nodes {
		b.Nodes[i].Inputs = append([]emit.Input(nil), a.Nodes[i].Inputs...)
		b.Nodes[i].Outs = append([]string(nil), a.Nodes[i].Outs...)
	}
	b.Outputs = append([]emit.Output(nil), a.Outputs...)
	return &b
}

func itoa(i int) string { return strconv.Itoa(i) }
