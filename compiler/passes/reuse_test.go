package passes

import (
	"reflect"
	"testing"

	"reuselab/ir"
)

// The example of node-reuse.txt (Docs/M_Reuse), its raw IR built by hand as
// the builder makes it. Expected: the two TexCoord calls are one node, the .x
// swizzle one node, 2.0 one Constant, A and B one Multiply, C another one
// (operands swapped), Add(m, m). UV2 is never read, so it goes in the first
// prune rather than merging (upstream's order).
func TestSpecExampleMReuse(t *testing.T) {
	b := newMaterial("Docs/M_Reuse", true)
	uv1 := b.add(8, 20, "UV1", texCoord(0))
	b.add(9, 20, "UV2", texCoord(0))
	ax := b.add(12, 19, "A", swz(uv1, "x"))
	a2 := b.add(12, 27, "A", konst(2))
	a := b.add(12, 19, "A", op(ir.OpMultiply, "float", ax, a2))
	bx := b.add(13, 19, "B", swz(uv1, "x")) // UV3 is UV1: an alias is no node
	b2 := b.add(13, 27, "B", konst(2))
	bb := b.add(13, 19, "B", op(ir.OpMultiply, "float", bx, b2))
	c2 := b.add(14, 19, "C", konst(2))
	cx := b.add(14, 25, "C", swz(uv1, "x"))
	c := b.add(14, 19, "C", op(ir.OpMultiply, "float", c2, cx))
	tint := b.add(3, 18, "Tint", param("Tint", 1, 0.5, float64(float32(0.2)), 1))
	rgb := b.add(3, 18, "Color", swz(tint, "xyz"))
	ab := b.add(16, 25, "Color", op(ir.OpAdd, "float", a, bb))
	abc := b.add(16, 25, "Color", op(ir.OpAdd, "float", ab, c))
	col := b.add(16, 17, "Color", op(ir.OpMultiply, "float3", rgb, abc))
	b.sink(1, pin("EmissiveColor", col))

	r := Run(b.g, Options{CheckIR: true})
	want(t, ir.DumpGraph(r.Graph),
		`product 0 Material "Docs/M_Reuse" backend=Graph`,
		`  legacy root ""`,
		`  %0 = Reflected[TextureCoordinate](CoordinateIndex=0) : float2 @L8:C20 "UV1"`,
		`  %1 = Swizzle(%0, Mask="x") : float @L12:C19 "A"`,
		`  %2 = Constant(Value=(2)) : float @L12:C27 "A"`,
		`  %3 = Multiply(%1, %2) : float @L12:C19 "A"`,
		`  %4 = Multiply(%2, %1) : float @L14:C19 "C"`,
		`  %5 = Parameter(DefaultValue=(1, 0.5, 0.200000003, 1), ParameterName="Tint", SortPriority=32) : float4 @L3:C18 "Tint"`,
		`  %6 = Swizzle(%5, Mask="xyz") : float3 @L3:C18 "Color"`,
		`  %7 = Add(%3, %3) : float @L16:C25 "Color"`,
		`  %8 = Add(%7, %4) : float @L16:C25 "Color"`,
		`  %9 = Multiply(%6, %8) : float3 @L16:C17 "Color"`,
		`  %10 = MaterialSink(EmissiveColor=%9) @L1:C1`,
		`  sink %10`)
	checkGraph(t, r.Graph)
	checkResult(t, r)

	// Provenance (D4): who became what, by which pass, in which round.
	fates := map[int]ir.Fate{
		1:  {Kind: ir.Pruned, Final: -1, Into: 1, Pass: ir.PassIDOf("prune")},
		5:  {Kind: ir.Merged, Final: 1, Into: 2, Pass: ir.PassIDOf("dedupe"), Round: 1},
		6:  {Kind: ir.Merged, Final: 2, Into: 3, Pass: ir.PassIDOf("dedupe"), Round: 1},
		7:  {Kind: ir.Merged, Final: 3, Into: 4, Pass: ir.PassIDOf("dedupe"), Round: 1},
		8:  {Kind: ir.Merged, Final: 2, Into: 3, Pass: ir.PassIDOf("dedupe"), Round: 1},
		9:  {Kind: ir.Merged, Final: 1, Into: 2, Pass: ir.PassIDOf("dedupe"), Round: 1},
		10: {Kind: ir.Kept, Final: 4, Into: 10},
	}
	for id, f := range fates {
		if r.Fates[id] != f {
			t.Errorf("fate of build %%%d = %+v, want %+v", id, r.Fates[id], f)
		}
	}
	spans := map[int][]ir.Span{
		1: {{Line: 12, Col: 19}, {Line: 13, Col: 19}, {Line: 14, Col: 25}}, // the .x mask: A, B, C
		2: {{Line: 12, Col: 27}, {Line: 13, Col: 27}, {Line: 14, Col: 19}}, // the 2.0
		3: {{Line: 12, Col: 19}, {Line: 13, Col: 19}},                      // A and B
		4: {{Line: 14, Col: 19}},
	}
	lists := r.SpanLists()
	for k, s := range spans {
		if !reflect.DeepEqual(lists[k], s) {
			t.Errorf("spans of final %%%d = %v, want %v", k, lists[k], s)
		}
	}
	wantStats := stats("prune", 0, 1, "fold", 1, 0, "swizzles", 1, 0, "dedupe", 1, 5,
		"fold", 2, 0, "swizzles", 2, 0, "dedupe", 2, 0, "prune-final", 0, 0, "reindex", 0, 6)
	if !reflect.DeepEqual(r.Passes, wantStats) {
		t.Errorf("passes = %v, want %v", r.Passes, wantStats)
	}
	if r.Rounds != 2 || r.StopReason != "saturated" || r.Engine != "reference" || r.Mode != "2.0" || r.Build != b.g {
		t.Errorf("rounds %d, stop %q, engine %q, mode %q", r.Rounds, r.StopReason, r.Engine, r.Mode)
	}
	// The spec counts asset nodes: 9 — the sink and the Swizzle(xyz), which
	// reads the VectorParameter's RGB pin, are no expressions (D2).
	if r.Graph.Len() != 11 {
		t.Errorf("%d IR nodes, want 11", r.Graph.Len())
	}
}

// §6.2, T/IR/Dedupe/D_IdenticalCalls and …Raw: the raw graph (passes off)
// is 12 nodes; the passes make 8 — one TexCoord, one sample, one Multiply,
// one Swizzle, Add(%5, %5).
func TestIdenticalCallsGolden(t *testing.T) {
	b := newMaterial("M_IdenticalCallsRaw", false)
	tex := b.add(4, 1, "Tex", texParam("Tex"))
	uvA := b.add(9, 27, "A", texCoord(0))
	sA := b.add(9, 16, "A", sample(tex, uvA))
	uvB := b.add(10, 27, "B", texCoord(0))
	sB := b.add(10, 16, "B", sample(tex, uvB))
	gain := b.add(5, 1, "Gain", param("Gain", 1))
	b.g.Nodes[gain.Node].SetProp("SortPriority", ir.Num(1))
	mA := b.add(11, 20, "Left", op(ir.OpMultiply, "float4", sA, gain))
	left := b.add(11, 19, "Left", swz(mA, "xyz"))
	mB := b.add(12, 21, "Right", op(ir.OpMultiply, "float4", sB, gain))
	right := b.add(12, 20, "Right", swz(mB, "xyz"))
	sum := b.add(13, 23, "EmissiveColor", op(ir.OpAdd, "float3", left, right))
	b.g.Sink = b.add(7, 1, "", &ir.Node{Op: ir.OpMaterialSink, Role: ir.RoleStatement,
		Pins: []ir.Pin{pin("EmissiveColor", sum)}}).Node

	off := Run(b.g, Options{CheckIR: true, Mode: "off"})
	if golden, ok := goldenProduct(t, "IR/Dedupe/D_IdenticalCallsRaw.expected.json"); ok {
		if got := ir.DumpGraph(off.Graph); got != golden {
			t.Errorf("passes off: dump differs from the Raw golden\n--- got\n%s--- want\n%s", got, golden)
		}
	}
	if off.Graph.Len() != 12 {
		t.Errorf("passes off: %d nodes, want 12", off.Graph.Len())
	}

	r := Run(b.g, Options{CheckIR: true})
	want(t, ir.DumpGraph(r.Graph),
		`product 0 Material "M_IdenticalCallsRaw" backend=Graph`,
		`  %0 = TextureParameter(ParameterName="Tex", SortPriority=0) : Texture2D @L4:C1 "Tex"`,
		`  %1 = Reflected[TextureCoordinate](CoordinateIndex=0) : float2 @L9:C27 "A"`,
		`  %2 = TextureSample(%0, %1, _, _) : [RGBA:float4, R:float, G:float, B:float, A:float] @L9:C16 "A"`,
		`  %3 = Parameter(DefaultValue=(1), ParameterName="Gain", SortPriority=1) : float @L5:C1 "Gain"`,
		`  %4 = Multiply(%2, %3) : float4 @L11:C20 "Left"`,
		`  %5 = Swizzle(%4, Mask="xyz") : float3 @L11:C19 "Left"`,
		`  %6 = Add(%5, %5) : float3 @L13:C23 "EmissiveColor"`,
		`  %7 = MaterialSink(EmissiveColor=%6) @L7:C1`,
		`  sink %7`)
	checkResult(t, r)
}

// "A + B written twice yields one Add node — provided both operands are the
// same nodes, read through the same outputs"; `a * b` and `b * a` differ
// (R5: operands in order, no commutative normalisation).
func TestOperandsInOrderAndThroughTheSameOutput(t *testing.T) {
	b := newMaterial("M", false)
	p := b.add(2, 1, "P", param("P", 1))
	q := b.add(3, 1, "Q", param("Q", 1))
	tex := b.add(4, 1, "T", texParam("T"))
	uv := b.add(5, 1, "", texCoord(0))
	s := b.add(6, 1, "", sample(tex, uv))
	ab1 := b.add(7, 1, "", op(ir.OpMultiply, "float", p, q))
	ab2 := b.add(8, 1, "", op(ir.OpMultiply, "float", p, q))
	ba := b.add(9, 1, "", op(ir.OpMultiply, "float", q, p))
	rr := b.add(10, 1, "", op(ir.OpAdd, "float", out(s, 1), out(s, 1)))
	rg := b.add(11, 1, "", op(ir.OpAdd, "float", out(s, 1), out(s, 2)))
	rr2 := b.add(12, 1, "", op(ir.OpAdd, "float", out(s, 1), out(s, 1)))
	b.sink(1, pin("BaseColor", ab1), pin("Metallic", ab2), pin("Specular", ba),
		pin("Roughness", rr), pin("Opacity", rg), pin("OpacityMask", rr2))
	r := Run(b.g, Options{CheckIR: true})
	want(t, ir.DumpGraph(r.Graph),
		`product 0 Material "M" backend=Graph`,
		`  %0 = Parameter(DefaultValue=(1), ParameterName="P", SortPriority=32) : float @L2:C1 "P"`,
		`  %1 = Parameter(DefaultValue=(1), ParameterName="Q", SortPriority=32) : float @L3:C1 "Q"`,
		`  %2 = TextureParameter(ParameterName="T", SortPriority=0) : Texture2D @L4:C1 "T"`,
		`  %3 = Reflected[TextureCoordinate](CoordinateIndex=0) : float2 @L5:C1`,
		`  %4 = TextureSample(%2, %3, _, _) : [RGBA:float4, R:float, G:float, B:float, A:float] @L6:C1`,
		`  %5 = Multiply(%0, %1) : float @L7:C1`,
		`  %6 = Multiply(%1, %0) : float @L9:C1`,
		`  %7 = Add(%4#1, %4#1) : float @L10:C1`,
		`  %8 = Add(%4#1, %4#2) : float @L11:C1`,
		`  %9 = MaterialSink(BaseColor=%5, Metallic=%5, Specular=%6, Roughness=%7, Opacity=%8, OpacityMask=%7) @L1:C1`,
		`  sink %9`)
}

// "UE.TexCoord(Index = 0) written five times yields one TextureCoordinate
// node"; Index = 1 is another node (one property differs).
func TestTexCoordFiveTimesIsOneNode(t *testing.T) {
	b := newMaterial("M", false)
	var pins []ir.Pin
	for k := range 5 {
		pins = append(pins, pin([]string{"BaseColor", "Normal", "Emissive", "Tangent", "Refraction"}[k], b.add(2+k, 5, "", texCoord(0))))
	}
	pins = append(pins, pin("Anisotropy", b.add(7, 5, "", texCoord(1))))
	b.sink(1, pins...)
	r := Run(b.g, Options{CheckIR: true})
	want(t, ir.DumpGraph(r.Graph),
		`product 0 Material "M" backend=Graph`,
		`  %0 = Reflected[TextureCoordinate](CoordinateIndex=0) : float2 @L2:C5`,
		`  %1 = Reflected[TextureCoordinate](CoordinateIndex=1) : float2 @L7:C5`,
		`  %2 = MaterialSink(BaseColor=%0, Normal=%0, Emissive=%0, Tangent=%0, Refraction=%0, Anisotropy=%1) @L1:C1`,
		`  sink %2`)
	if got := len(r.SpanLists()[0]); got != 5 {
		t.Errorf("the TexCoord carries %d spans, want 5", got)
	}
}

// "Src.rgb used ten times is one ComponentMask" (here: one Swizzle).
func TestSwizzleUsedTenTimesIsOneNode(t *testing.T) {
	b := newMaterial("M", false)
	src := b.add(2, 1, "Src", param("Src", 1, 1, 1, 1))
	acc := b.add(3, 1, "", swz(src, "xyz"))
	for k := range 9 {
		acc = b.add(4+k, 1, "", op(ir.OpAdd, "float3", acc, b.add(4+k, 9, "", swz(src, "xyz"))))
	}
	b.sink(1, pin("EmissiveColor", acc))
	r := Run(b.g, Options{CheckIR: true})
	masks := 0
	for _, n := range r.Graph.Nodes {
		if n.Op == ir.OpSwizzle {
			masks++
		}
	}
	if masks != 1 || r.Graph.Len() != 12 {
		t.Errorf("%d masks, %d nodes; want 1 and 12:\n%s", masks, r.Graph.Len(), ir.DumpGraph(r.Graph))
	}
}

// "F_Tint(a, b) and F_Tint(b, a) are different nodes; F_Tint(Color = a) and
// F_Tint(color = a) are the same node": named inputs compare as a set, by
// pin and value (the binder has already made the names canonical).
func TestNamedInputsAreASet(t *testing.T) {
	b := newMaterial("M", false)
	a := b.add(2, 1, "a", param("a", 1))
	c := b.add(3, 1, "b", param("b", 1))
	ab := b.add(4, 1, "", custom("F_Tint", pin("Color", a), pin("Tint", c)))
	ba := b.add(5, 1, "", custom("F_Tint", pin("Color", c), pin("Tint", a)))
	abNamed := b.add(6, 1, "", custom("F_Tint", pin("Tint", c), pin("Color", a)))
	b.sink(1, pin("BaseColor", ab), pin("Metallic", ba), pin("Specular", abNamed))
	r := Run(b.g, Options{CheckIR: true})
	want(t, ir.DumpGraph(r.Graph),
		`product 0 Material "M" backend=Graph`,
		`  %0 = Parameter(DefaultValue=(1), ParameterName="a", SortPriority=32) : float @L2:C1 "a"`,
		`  %1 = Parameter(DefaultValue=(1), ParameterName="b", SortPriority=32) : float @L3:C1 "b"`,
		`  %2 = Custom[F_Tint](Color=%0, Tint=%1, Code="return a;", OutputType="Float1") : [Result:float] @L4:C1`,
		`  %3 = Custom[F_Tint](Color=%1, Tint=%0, Code="return a;", OutputType="Float1") : [Result:float] @L5:C1`,
		`  %4 = MaterialSink(BaseColor=%2, Metallic=%3, Specular=%2) @L1:C1`,
		`  sink %4`)
}

// "Because the pass spans if branches, a shared subexpression written in
// both branches is built once and both inputs of the If read it"; and a
// parameter read in an arm and again after the if is one node.
func TestNotScopedToABranch(t *testing.T) {
	b := newMaterial("M", false)
	uv := b.add(2, 1, "", texCoord(0))
	x := b.add(3, 5, "", swz(uv, "x"))
	th := b.add(3, 12, "Threshold", param("Threshold", 0.5))
	k1 := b.add(4, 9, "C", param("K", 2)) // read in the then-arm
	two1 := b.add(4, 15, "C", konst(2))
	thenV := b.add(4, 9, "C", op(ir.OpMultiply, "float", k1, two1))
	k2 := b.add(6, 9, "C", param("K", 2)) // read again in the else-arm
	two2 := b.add(6, 15, "C", konst(2))
	elseV := b.add(6, 9, "C", op(ir.OpMultiply, "float", k2, two2))
	merged := b.add(3, 1, "", op(ir.OpCompare, "float", x, th, thenV, elseV, elseV))
	b.sink(1, pin("Opacity", merged))
	r := Run(b.g, Options{CheckIR: true})
	want(t, ir.DumpGraph(r.Graph),
		`product 0 Material "M" backend=Graph`,
		`  %0 = Reflected[TextureCoordinate](CoordinateIndex=0) : float2 @L2:C1`,
		`  %1 = Swizzle(%0, Mask="x") : float @L3:C5`,
		`  %2 = Parameter(DefaultValue=(0.5), ParameterName="Threshold", SortPriority=32) : float @L3:C12 "Threshold"`,
		`  %3 = Parameter(DefaultValue=(2), ParameterName="K", SortPriority=32) : float @L4:C9 "C"`,
		`  %4 = Constant(Value=(2)) : float @L4:C15 "C"`,
		`  %5 = Multiply(%3, %4) : float @L4:C9 "C"`,
		`  %6 = Compare(%1, %2, %5, %5, %5) : float @L3:C1`,
		`  %7 = MaterialSink(Opacity=%6) @L1:C1`,
		`  sink %7`)
}

// R7: statements (MaterialSink, FunctionOutput, custom-output nodes) and
// FunctionInputs are never merged, however equal; a FunctionInput nothing
// reads is kept; the function's inputs and outputs are re-indexed.
func TestStatementsAndInputsNeverMerged(t *testing.T) {
	b := newFunction("MF")
	in := func(line int) ir.Ref {
		return b.add(line, 1, "In", &ir.Node{Op: ir.OpFunctionInput, Role: ir.RoleInput,
			Props:   []ir.Prop{{Name: "InputName", Value: ir.Str("In")}, {Name: "InputType", Value: ir.Str("Scalar")}},
			Outputs: []ir.Output{{Type: "float"}}})
	}
	i1 := in(2)
	i2 := in(3)               // equal to i1, and read by nothing
	b.add(4, 1, "", konst(7)) // read by nothing: pruned
	s1 := b.add(5, 1, "", op(ir.OpSin, "float", i1))
	s2 := b.add(6, 1, "", op(ir.OpSin, "float", i1))
	b.add(7, 1, "", customOutput(pin("Input", s1)))
	b.add(8, 1, "", customOutput(pin("Input", s2)))
	fo := func(line int, v ir.Ref) ir.Ref {
		return b.add(line, 1, "Out", &ir.Node{Op: ir.OpFunctionOutput, Role: ir.RoleStatement, Operands: []ir.Ref{v},
			Props: []ir.Prop{{Name: "OutputName", Value: ir.Str("Out")}}})
	}
	o1, o2 := fo(9, s1), fo(10, s2)
	b.g.Inputs = []int{i1.Node, i2.Node}
	b.g.Outputs = []int{o1.Node, o2.Node}
	r := Run(b.g, Options{CheckIR: true})
	want(t, ir.DumpGraph(r.Graph),
		`product 0 MaterialFunction "MF" backend=Graph`,
		`  %0 = FunctionInput(InputName="In", InputType="Scalar") : float @L2:C1 "In"`,
		`  %1 = FunctionInput(InputName="In", InputType="Scalar") : float @L3:C1 "In"`,
		`  %2 = Sin(%0) : float @L5:C1`,
		`  %3 = Reflected[DreamPassOutput](Input=%2) @L7:C1`,
		`  %4 = Reflected[DreamPassOutput](Input=%2) @L8:C1`,
		`  %5 = FunctionOutput(%2, OutputName="Out") @L9:C1 "Out"`,
		`  %6 = FunctionOutput(%2, OutputName="Out") @L10:C1 "Out"`,
		`  inputs %0, %1`,
		`  outputs %5, %6`)
	checkGraph(t, r.Graph)
	checkResult(t, r)
}

// R1: every product is its own graph; nothing is shared between them.
func TestRunModuleKeepsProductsApart(t *testing.T) {
	mk := func(i int) *ir.Graph {
		b := newMaterial("M", false)
		b.g.Index = i
		b.sink(1, pin("Opacity", b.add(2, 1, "", konst(0.5))))
		return b.g
	}
	m := &ir.Module{Leaf: "Two.dsm", Includes: []string{"Lib.dsh"}, Products: []*ir.Graph{mk(0), mk(1)}}
	before := ir.Dump(m)
	out, results := RunModule(m, Options{CheckIR: true})
	if len(results) != 2 || len(out.Products) != 2 {
		t.Fatalf("%d results, %d products", len(results), len(out.Products))
	}
	for i, g := range out.Products {
		if g.Index != i || g.Len() != 2 || results[i].Graph != g {
			t.Errorf("product %d: index %d, %d nodes", i, g.Index, g.Len())
		}
	}
	if ir.Dump(m) != before {
		t.Error("RunModule changed its input")
	}
	if out.Leaf != m.Leaf || !reflect.DeepEqual(out.Includes, m.Includes) {
		t.Error("module header not copied")
	}
}
