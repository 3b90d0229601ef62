package passes

import (
	"testing"

	"reuselab/ir"
)

// LANGUAGE-2.0 §6, the pass-level facts not covered elsewhere; each raw
// graph is built by hand as the builder makes it (nothing shared yet).

// §6.3 (ExternSelection): `x = MF(i, Output="B"); y = MF(i, OutputIndex=0);
// z = MF(i)` are one FunctionCall whatever output each reads: Add(%1, %1),
// Opacity=%1#1; 4 nodes.
func TestFactCallsOneNodeWhateverOutput(t *testing.T) {
	path := `Path(Game, "Functions/MF_LiSplit")`
	call := func(arg ir.Ref) *ir.Node {
		return &ir.Node{Op: ir.OpFunctionCall, Class: path, Pins: []ir.Pin{pin("Colour", arg)},
			Props:   []ir.Prop{{Name: "FunctionPath", Value: ir.Str(path)}, {Name: "DeclaredInputs", Value: ir.Str("[Colour, Gain]")}},
			Outputs: []ir.Output{{Name: "A", Type: "float3"}, {Name: "B", Type: "float"}}}
	}
	b := newMaterial("M_LiExternSelection", true)
	i := b.add(30, 18, "i", konst(1, 0.5, 0.25))
	x := b.add(31, 19, "x", call(i))
	y := b.add(32, 19, "y", call(i))
	z := b.add(33, 19, "z", call(i))
	sum := b.add(34, 17, "Color", op(ir.OpAdd, "float3", y, z))
	b.sink(20, pin("EmissiveColor", sum), pin("Opacity", out(x, 1)))
	r := Run(b.g, Options{CheckIR: true})
	want(t, ir.DumpGraph(r.Graph),
		`product 0 Material "M_LiExternSelection" backend=Graph`,
		`  legacy root ""`,
		`  %0 = Constant(Value=(1, 0.5, 0.25)) : float3 @L30:C18 "i"`,
		`  %1 = FunctionCall[Path(Game, "Functions/MF_LiSplit")](Colour=%0, DeclaredInputs="[Colour, Gain]", FunctionPath="Path(Game, \"Functions/MF_LiSplit\")") : [A:float3, B:float] @L31:C19 "x"`,
		`  %2 = Add(%1, %1) : float3 @L34:C17 "Color"`,
		`  %3 = MaterialSink(EmissiveColor=%2, Opacity=%1#1) @L20:C1`,
		`  sink %3`)
}

// §6.4 (PropertyCallExpansion): two calls of one StaticSwitchParameter with
// different branches are two nodes with one ParameterName (one pin differs).
func TestFactSwitchCallsWithOtherBranchesStayTwo(t *testing.T) {
	sw := func(a, c ir.Ref, typ string) *ir.Node {
		return &ir.Node{Op: ir.OpReflected, Class: "StaticSwitchParameter", Pins: []ir.Pin{pin("A", a), pin("B", c)},
			Props: []ir.Prop{{Name: "ParameterName", Value: ir.Str("UseWarm")}, {Name: "DefaultValue", Value: ir.Bool(true)},
				{Name: "ClassSpecifier", Value: ir.Str("StaticSwitchParameter")}},
			Outputs: []ir.Output{{Type: typ}}}
	}
	b := newMaterial("M", true)
	s1 := b.add(17, 17, "Color", sw(b.add(17, 32, "Color", konst(1, 0.5, 0)), b.add(17, 61, "Color", konst(0, 0.5, 1)), "float3"))
	s2 := b.add(18, 17, "Alpha", sw(b.add(18, 32, "Alpha", konst(1)), b.add(18, 45, "Alpha", konst(0.5)), "float"))
	s3 := b.add(19, 17, "Alpha", sw(b.add(19, 32, "Alpha", konst(1)), b.add(19, 45, "Alpha", konst(0.5)), "float"))
	b.sink(3, pin("EmissiveColor", s1), pin("Opacity", s2), pin("OpacityMask", s3))
	r := Run(b.g, Options{CheckIR: true})
	if r.Graph.Len() != 7 || r.Fates[s3.Node].Kind != ir.Merged || int(r.Fates[s3.Node].Into) != s2.Node {
		t.Errorf("want 7 nodes, the third call merged into the second:\n%s", ir.DumpGraph(r.Graph))
	}
}

// §6.6 (IntegerLiteralDivide): `Quotient = 7/2; Mixed = Seven/2; Constructed
// = int(7)/2; Alpha = sum` is one Constant(10.5) at the final Add's span; 2
// nodes.
func TestFactConstantArithmeticFoldsToOneConstant(t *testing.T) {
	b := newMaterial("M_LiIntegerLiteralDivide", true)
	seven := b.add(11, 21, "Seven", konst(7))
	q := b.add(12, 26, "Quotient", op(ir.OpDivide, "float", b.add(12, 26, "Quotient", konst(7)), b.add(12, 30, "Quotient", konst(2))))
	m := b.add(13, 23, "Mixed", op(ir.OpDivide, "float", seven, b.add(13, 31, "Mixed", konst(2))))
	c := b.add(14, 29, "Constructed", op(ir.OpDivide, "float", b.add(14, 29, "Constructed", konst(7)), b.add(14, 38, "Constructed", konst(2))))
	qm := b.add(15, 17, "Alpha", op(ir.OpAdd, "float", q, m))
	sum := b.add(15, 17, "Alpha", op(ir.OpAdd, "float", qm, c))
	b.sink(3, pin("Opacity", sum))
	r := Run(b.g, Options{CheckIR: true})
	want(t, ir.DumpGraph(r.Graph),
		`product 0 Material "M_LiIntegerLiteralDivide" backend=Graph`,
		`  legacy root ""`,
		`  %0 = Constant(Value=(10.5)) : float @L15:C17 "Alpha"`,
		`  %1 = MaterialSink(Opacity=%0) @L3:C1`,
		`  sink %1`)
}

// §6.7 (TruncationFit): three reads of a float4 VectorParameter as a vec3
// are one Swizzle(xyz) feeding all three, and `Color * Narrow` is
// Multiply(%1, %1); the unread properties were never built.
func TestFactTruncationsAreOneMask(t *testing.T) {
	b := newMaterial("M_LiTruncation", true)
	tint := b.add(9, 9, "Tint", param("Tint", 1, 0.5, 0.25, 1))
	narrow := b.add(21, 14, "Narrow", swz(tint, "xyz"))
	col := b.add(22, 17, "Color", swz(tint, "xyz"))
	arg := b.add(23, 22, "Alpha", swz(tint, "xyz"))
	luma := b.add(23, 17, "Alpha", custom("Luma", pin("colour", arg)))
	prod := b.add(24, 17, "Color", op(ir.OpMultiply, "float3", col, narrow))
	b.sink(5, pin("EmissiveColor", prod), pin("Opacity", luma))
	r := Run(b.g, Options{CheckIR: true})
	want(t, ir.DumpGraph(r.Graph),
		`product 0 Material "M_LiTruncation" backend=Graph`,
		`  legacy root ""`,
		`  %0 = Parameter(DefaultValue=(1, 0.5, 0.25, 1), ParameterName="Tint", SortPriority=32) : float4 @L9:C9 "Tint"`,
		`  %1 = Swizzle(%0, Mask="xyz") : float3 @L21:C14 "Narrow"`,
		`  %2 = Custom[Luma](colour=%1, Code="return a;", OutputType="Float1") : [Result:float] @L23:C17 "Alpha"`,
		`  %3 = Multiply(%1, %1) : float3 @L24:C17 "Color"`,
		`  %4 = MaterialSink(EmissiveColor=%3, Opacity=%2) @L5:C1`,
		`  sink %4`)
}

// §6.16: `vec3(0.5)` five times is one Constant(0.5, 0.5, 0.5) — here as
// the Broadcast of a constant the builder would fold, folded and merged.
func TestFactBroadcastConstantsAreOneConstant(t *testing.T) {
	b := newMaterial("M", false)
	var pins []ir.Pin
	for k, name := range []string{"BaseColor", "EmissiveColor", "Normal", "Tangent", "SubsurfaceColor"} {
		half := b.add(2+k, 10, "", konst(0.5))
		pins = append(pins, pin(name, b.add(2+k, 5, "", op(ir.OpBroadcast, "float3", half))))
	}
	b.sink(1, pins...)
	r := Run(b.g, Options{CheckIR: true})
	want(t, ir.DumpGraph(r.Graph),
		`product 0 Material "M" backend=Graph`,
		`  %0 = Constant(Value=(0.5, 0.5, 0.5)) : float3 @L2:C5`,
		`  %1 = MaterialSink(BaseColor=%0, EmissiveColor=%0, Normal=%0, Tangent=%0, SubsurfaceColor=%0) @L1:C1`,
		`  sink %1`)
}
