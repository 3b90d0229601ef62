package passes

import (
	"math"
	"testing"

	"reuselab/ir"
)

// "Every occurrence of the same numeric value in one asset is one Constant
// node … Constants are compared to 9 significant digits": 1 ≡ 1.0000000001
// (equal to 9 digits), 1.00000001 differs (9th digit), -0 ≡ 0.
func TestConstantsEqualToNineSignificantDigits(t *testing.T) {
	b := newMaterial("M", false)
	c1 := b.add(2, 1, "", konst(1))
	c2 := b.add(3, 1, "", konst(1.0000000001))
	c3 := b.add(4, 1, "", konst(1.00000001))
	z := b.add(5, 1, "", konst(0))
	nz := b.add(6, 1, "", konst(math.Copysign(0, -1)))
	b.sink(1, pin("BaseColor", c1), pin("Metallic", c2), pin("Specular", c3), pin("Roughness", z), pin("Opacity", nz))
	r := Run(b.g, Options{CheckIR: true})
	want(t, ir.DumpGraph(r.Graph),
		`product 0 Material "M" backend=Graph`,
		`  %0 = Constant(Value=(1)) : float @L2:C1`,
		`  %1 = Constant(Value=(1.00000001)) : float @L4:C1`,
		`  %2 = Constant(Value=(0)) : float @L5:C1`,
		`  %3 = MaterialSink(BaseColor=%0, Metallic=%0, Specular=%1, Roughness=%2, Opacity=%2) @L1:C1`,
		`  sink %3`)
}

// §2.1, §1.4: a bool Constant 1 and a float Constant 1 differ (the output
// type is in the key).
func TestBoolAndFloatConstantsDiffer(t *testing.T) {
	b := newMaterial("M", false)
	f := b.add(2, 1, "", konst(1))
	t1 := b.add(3, 1, "", boolConst(1))
	t2 := b.add(4, 1, "", boolConst(1))
	b.sink(1, pin("Opacity", f), pin("Metallic", t1), pin("Specular", t2))
	r := Run(b.g, Options{CheckIR: true})
	want(t, ir.DumpGraph(r.Graph),
		`product 0 Material "M" backend=Graph`,
		`  %0 = Constant(Value=(1)) : float @L2:C1`,
		`  %1 = Constant(Value=(1)) : bool @L3:C1`,
		`  %2 = MaterialSink(Opacity=%0, Metallic=%1, Specular=%1) @L1:C1`,
		`  sink %2`)
}

// "A negated constant (-0.5) is folded into one Constant": the Negate is
// rewritten in place (same index, span, name) and then merges with an equal
// constant written later; the 0.5 it read is pruned. "The same -x written
// twice is one" node, two different negations are two.
func TestNegation(t *testing.T) {
	b := newMaterial("M", false)
	half := b.add(2, 10, "N", konst(0.5))
	neg := b.add(2, 9, "N", op(ir.OpNegate, "float", half))
	lit := b.add(3, 9, "L", konst(-0.5))
	x := b.add(4, 1, "x", param("x", 1))
	y := b.add(5, 1, "y", param("y", 1))
	nx1 := b.add(6, 1, "", op(ir.OpNegate, "float", x))
	nx2 := b.add(7, 1, "", op(ir.OpNegate, "float", x))
	ny := b.add(8, 1, "", op(ir.OpNegate, "float", y))
	b.sink(1, pin("BaseColor", neg), pin("Metallic", lit), pin("Specular", nx1), pin("Roughness", nx2), pin("Opacity", ny))
	r := Run(b.g, Options{CheckIR: true})
	want(t, ir.DumpGraph(r.Graph),
		`product 0 Material "M" backend=Graph`,
		`  %0 = Constant(Value=(-0.5)) : float @L2:C9 "N"`,
		`  %1 = Parameter(DefaultValue=(1), ParameterName="x", SortPriority=32) : float @L4:C1 "x"`,
		`  %2 = Parameter(DefaultValue=(1), ParameterName="y", SortPriority=32) : float @L5:C1 "y"`,
		`  %3 = Negate(%1) : float @L6:C1`,
		`  %4 = Negate(%2) : float @L8:C1`,
		`  %5 = MaterialSink(BaseColor=%0, Metallic=%0, Specular=%3, Roughness=%3, Opacity=%4) @L1:C1`,
		`  sink %5`)
	if f := r.Fates[neg.Node]; f.Kind != ir.Folded || f.Pass.String() != "fold" || f.Round != 1 || f.Final != 0 {
		t.Errorf("fate of the Negate = %+v", f)
	}
	if f := r.Fates[half.Node]; f.Kind != ir.Pruned || f.Pass.String() != "prune-final" {
		t.Errorf("fate of the 0.5 = %+v", f)
	}
}

// Fold is not algebra: x + 0 and x * 1 stay, as upstream leaves them.
func TestXPlusZeroIsNotSimplified(t *testing.T) {
	b := newMaterial("M", false)
	x := b.add(2, 1, "x", param("x", 1))
	sum := b.add(3, 1, "", op(ir.OpAdd, "float", x, b.add(3, 5, "", konst(0))))
	prod := b.add(4, 1, "", op(ir.OpMultiply, "float", x, b.add(4, 5, "", konst(1))))
	b.sink(1, pin("Opacity", sum), pin("Metallic", prod))
	r := Run(b.g, Options{CheckIR: true})
	want(t, ir.DumpGraph(r.Graph),
		`product 0 Material "M" backend=Graph`,
		`  %0 = Parameter(DefaultValue=(1), ParameterName="x", SortPriority=32) : float @L2:C1 "x"`,
		`  %1 = Constant(Value=(0)) : float @L3:C5`,
		`  %2 = Add(%0, %1) : float @L3:C1`,
		`  %3 = Constant(Value=(1)) : float @L4:C5`,
		`  %4 = Multiply(%0, %3) : float @L4:C1`,
		`  %5 = MaterialSink(Opacity=%2, Metallic=%4) @L1:C1`,
		`  sink %5`)
}

// §6.5 (ZeroInitializers): `Q + vec3(S, P.y, R.a)` over zero constants folds
// (Swizzle, Append, Add) to the very (0, 0, 0) of Q, in one round.
func TestFoldChainMergesWithAnEarlierConstant(t *testing.T) {
	b := newMaterial("M_LiZero", true)
	s := b.add(12, 15, "S", konst(0))
	p := b.add(13, 14, "P", konst(0, 0))
	q := b.add(14, 14, "Q", konst(0, 0, 0))
	rr := b.add(15, 14, "R", konst(0, 0, 0, 0))
	py := b.add(16, 30, "Color", swz(p, "y"))
	ra := b.add(16, 35, "Color", swz(rr, "w"))
	ap1 := b.add(16, 21, "Color", op(ir.OpAppend, "float2", s, py))
	ap2 := b.add(16, 21, "Color", op(ir.OpAppend, "float3", ap1, ra))
	sum := b.add(16, 17, "Color", op(ir.OpAdd, "float3", q, ap2))
	b.sink(2, pin("EmissiveColor", sum), pin("Opacity", s))
	r := Run(b.g, Options{CheckIR: true})
	want(t, ir.DumpGraph(r.Graph),
		`product 0 Material "M_LiZero" backend=Graph`,
		`  legacy root ""`,
		`  %0 = Constant(Value=(0)) : float @L12:C15 "S"`,
		`  %1 = Constant(Value=(0, 0, 0)) : float3 @L14:C14 "Q"`,
		`  %2 = MaterialSink(EmissiveColor=%1, Opacity=%0) @L2:C1`,
		`  sink %2`)
	if r.Rounds != 2 || r.StopReason != "saturated" {
		t.Errorf("rounds %d, %s", r.Rounds, r.StopReason)
	}
}

// One fold per op family, on the node as the builder makes it.
func TestFoldValues(t *testing.T) {
	c := func(vs ...float64) foldConst {
		var f foldConst
		f.n = len(vs)
		copy(f.v[:], vs)
		return f
	}
	cases := []struct {
		name string
		node *ir.Node
		in   []foldConst
		want []float64 // nil: not folded
	}{
		{"add broadcasts a scalar", op(ir.OpAdd, "float3"), []foldConst{c(1, 2, 3), c(10)}, []float64{11, 12, 13}},
		{"divide by zero is 0", op(ir.OpDivide, "float2"), []foldConst{c(1, 2), c(0, 2)}, []float64{0, 1}},
		{"fmod by zero is 0", op(ir.OpFmod, "float2"), []foldConst{c(7, 7), c(0, 2)}, []float64{0, 1}},
		{"rcp of zero is 0", op(ir.OpRcp, "float"), []foldConst{c(0)}, []float64{0}},
		{"sqrt of ≤0 is 0", op(ir.OpSqrt, "float2"), []foldConst{c(-4, 4)}, []float64{0, 2}},
		{"rsqrt of ≤0 is 0", op(ir.OpRsqrt, "float2"), []foldConst{c(0, 4)}, []float64{0, 0.5}},
		{"log of ≤0 is 0", op(ir.OpLog2, "float2"), []foldConst{c(0, 8)}, []float64{0, 3}},
		{"asin clamps", op(ir.OpAsin, "float"), []foldConst{c(2)}, []float64{math.Pi / 2}},
		{"acos clamps", op(ir.OpAcos, "float"), []foldConst{c(-3)}, []float64{math.Pi}},
		{"round is half up", op(ir.OpRound, "float2"), []foldConst{c(2.5, -2.5)}, []float64{3, -2}},
		{"frac", op(ir.OpFrac, "float"), []foldConst{c(-1.25)}, []float64{0.75}},
		{"sign", op(ir.OpSign, "float3"), []foldConst{c(-2, 0, 3)}, []float64{-1, 0, 1}},
		{"step(edge, x)", op(ir.OpStep, "float2"), []foldConst{c(0.5), c(0.4, 0.5)}, []float64{0, 1}},
		{"smoothstep", op(ir.OpSmoothStep, "float"), []foldConst{c(0), c(2), c(1)}, []float64{0.5}},
		{"lerp", op(ir.OpLerp, "float"), []foldConst{c(2), c(4), c(0.25)}, []float64{2.5}},
		{"clamp", op(ir.OpClamp, "float3"), []foldConst{c(-1, 0.5, 9), c(0), c(1)}, []float64{0, 0.5, 1}},
		{"dot is 1 wide", op(ir.OpDot, "float"), []foldConst{c(1, 2, 3), c(4, 5, 6)}, []float64{32}},
		{"length", op(ir.OpLength, "float"), []foldConst{c(3, 4)}, []float64{5}},
		{"distance", op(ir.OpDistance, "float"), []foldConst{c(1, 1), c(4, 5)}, []float64{5}},
		{"normalize", op(ir.OpNormalize, "float2"), []foldConst{c(3, 4)}, []float64{0.6, 0.8}},
		{"normalize of 0 is 0", op(ir.OpNormalize, "float2"), []foldConst{c(0, 0)}, []float64{0, 0}},
		{"cross is 3 wide", op(ir.OpCross, "float3"), []foldConst{c(1, 0, 0), c(0, 1, 0)}, []float64{0, 0, 1}},
		{"broadcast to the output width", op(ir.OpBroadcast, "float3"), []foldConst{c(0.5)}, []float64{0.5, 0.5, 0.5}},
		{"convert", op(ir.OpConvert, "float"), []foldConst{c(1)}, []float64{1}},
		{"append", op(ir.OpAppend, "float3"), []foldConst{c(1, 2), c(3)}, []float64{1, 2, 3}},
		{"swizzle", swz(ir.Ref{}, "yx"), []foldConst{c(1, 2, 3, 4)}, []float64{2, 1}},
		{"swizzle of a scalar replicates", swz(ir.Ref{}, "xx"), []foldConst{c(7)}, []float64{7, 7}},
		{"comparison", op(ir.OpGreater, "bool2"), []foldConst{c(1, 3), c(2)}, []float64{0, 1}},
		{"logic", op(ir.OpLogicalAnd, "bool"), []foldConst{c(1), c(2)}, []float64{1}},
		{"min/max", op(ir.OpMax, "float2"), []foldConst{c(1, 5), c(2)}, []float64{2, 5}},
		{"pow", op(ir.OpPow, "float"), []foldConst{c(2), c(10)}, []float64{1024}},
		{"atan2(y, x)", op(ir.OpAtan2, "float"), []foldConst{c(1), c(0)}, []float64{math.Pi / 2}},
	}
	for _, tc := range cases {
		g := &ir.Graph{Nodes: []*ir.Node{tc.node}}
		got, ok := evaluate(tc.node.Op, g, 0, 0, uint8(ir.TypeWidth(tc.node.Type(0))), tc.in)
		if m, isMask := maskOf(tc.node); isMask && packMask(m) != 0 {
			packed, _ := evaluate(tc.node.Op, g, 0, packMask(m), uint8(ir.TypeWidth(tc.node.Type(0))), tc.in)
			if packed != got {
				t.Errorf("%s: %v with the mask packed, %v read from the node", tc.name, packed, got)
			}
		}
		if !ok {
			t.Errorf("%s: not folded", tc.name)
			continue
		}
		if got.n != len(tc.want) {
			t.Errorf("%s: %d components, want %d", tc.name, got.n, len(tc.want))
			continue
		}
		for k, w := range tc.want {
			if math.Abs(got.v[k]-w) > 1e-12 {
				t.Errorf("%s: component %d = %v, want %v", tc.name, k, got.v[k], w)
			}
		}
	}
}

// A folded node becomes `Constant(Value=(…))` typed `floatN`, or `boolN`
// when it was bool; what is never folded stays, even over constants.
func TestFoldRewritesInPlaceAndLeavesStructuralNodes(t *testing.T) {
	b := newMaterial("M", false)
	one := b.add(2, 1, "", konst(1))
	two := b.add(3, 1, "", konst(2))
	gt := b.add(4, 1, "G", op(ir.OpLess, "bool", one, two))
	var ds []ir.Ref
	for i, o := range []ir.Op{ir.OpDDX, ir.OpDDY, ir.OpFwidth} {
		ds = append(ds, b.add(5+i, 1, "", op(o, "float", one)))
	}
	refl := b.add(8, 1, "", op(ir.OpReflect, "float", one, two))
	cmp := b.add(9, 1, "", op(ir.OpCompare, "float", one, two, one, two, two))
	sel := b.add(10, 1, "", op(ir.OpSelect, "float", one, two, one))
	sw := b.add(11, 1, "", op(ir.OpStaticSwitch, "float", one, two, one))
	cu := b.add(12, 1, "", custom("F", pin("a", one)))
	b.sink(1, pin("Opacity", gt), pin("Metallic", refl), pin("Specular", cmp), pin("Roughness", sel),
		pin("BaseColor", sw), pin("Normal", cu), pin("Tangent", ds[0]), pin("Emissive", ds[1]),
		pin("Anisotropy", ds[2]))
	r := Run(b.g, Options{CheckIR: true})
	want(t, ir.DumpGraph(r.Graph),
		`product 0 Material "M" backend=Graph`,
		`  %0 = Constant(Value=(1)) : float @L2:C1`,
		`  %1 = Constant(Value=(2)) : float @L3:C1`,
		`  %2 = Constant(Value=(1)) : bool @L4:C1 "G"`,
		`  %3 = DDX(%0) : float @L5:C1`,
		`  %4 = DDY(%0) : float @L6:C1`,
		`  %5 = Fwidth(%0) : float @L7:C1`,
		`  %6 = Reflect(%0, %1) : float @L8:C1`,
		`  %7 = Compare(%0, %1, %0, %1, %1) : float @L9:C1`,
		`  %8 = Select(%0, %1, %0) : float @L10:C1`,
		`  %9 = StaticSwitch(%0, %1, %0) : float @L11:C1`,
		`  %10 = Custom[F](a=%0, Code="return a;", OutputType="Float1") : [Result:float] @L12:C1`,
		`  %11 = MaterialSink(Opacity=%2, Metallic=%6, Specular=%7, Roughness=%8, BaseColor=%9, Normal=%10, Tangent=%3, Emissive=%4, Anisotropy=%5) @L1:C1`,
		`  sink %11`)
}

// Only a Constant read through output 0 is a constant operand.
func TestFoldNeedsConstantsThroughOutputZero(t *testing.T) {
	g := ir.NewGraph(ir.Material, "M")
	g.Add(konst(1))
	g.Add(op(ir.OpSin, "float", ir.Ref{Node: 0, Out: 1}))
	g.Add(op(ir.OpAdd, "float", ir.Ref{Node: 0}, ir.NoRef))
	s := newState(g)
	if n := foldConstants(s.g, s); n != 0 {
		t.Errorf("folded %d nodes", n)
	}
}
