package interp

import (
	"math"
	"testing"

	"reuselab/ir"
)

func typeOf(w int) string {
	if w == 1 {
		return "float"
	}
	return "float" + string(rune('0'+w))
}

func constant(g *ir.Graph, lanes ...float64) ir.Ref {
	id := g.Add(&ir.Node{Op: ir.OpConstant, Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(lanes...)}},
		Outputs: []ir.Output{{Type: typeOf(len(lanes))}}})
	return ir.Ref{Node: id}
}

// evalOp builds Constant operands, one node of op and evaluates it.
func evalOp(t *testing.T, op ir.Op, outType string, props []ir.Prop, args ...[]float64) Value {
	t.Helper()
	g := ir.NewGraph(ir.Material, "T")
	n := &ir.Node{Op: op, Props: props, Outputs: []ir.Output{{Type: outType}}}
	for _, a := range args {
		n.Operands = append(n.Operands, constant(g, a...))
	}
	id := g.Add(n)
	v, err := NewMachine(g, Run{Seed: 1}).Read(ir.Ref{Node: id})
	if err != nil {
		t.Fatalf("%s: %v", op, err)
	}
	return v
}

type l = []float64

// TestOpSemantics checks one hand-computed row per op, with the guards of
// LANGUAGE-2.0 §1.5 and the If node's comparison.
func TestOpSemantics(t *testing.T) {
	nan := math.NaN()
	pi := math.Pi
	mask := func(m string) []ir.Prop { return []ir.Prop{{Name: "Mask", Value: ir.Str(m)}} }
	rows := []struct {
		name  string
		op    ir.Op
		typ   string
		props []ir.Prop
		args  []l
		want  l
	}{
		{"negate", ir.OpNegate, "float2", nil, []l{{1, -2}}, l{-1, 2}},
		{"add broadcasts a scalar", ir.OpAdd, "float3", nil, []l{{1, 2, 3}, {10}}, l{11, 12, 13}},
		{"subtract keeps operand order", ir.OpSubtract, "float", nil, []l{{5}, {3}}, l{2}},
		{"multiply", ir.OpMultiply, "float2", nil, []l{{2, 3}, {4, 5}}, l{8, 15}},
		{"divide, by zero is 0", ir.OpDivide, "float2", nil, []l{{1, 6}, {0, 4}}, l{0, 1.5}},
		{"fmod keeps the sign of a, by zero 0", ir.OpFmod, "float3", nil, []l{{-7, 7, 3}, {3, -3, 0}}, l{-1, 1, 0}},
		{"abs", ir.OpAbs, "float", nil, []l{{-2.5}}, l{2.5}},
		{"floor", ir.OpFloor, "float2", nil, []l{{-1.5, 1.5}}, l{-2, 1}},
		{"ceil", ir.OpCeil, "float2", nil, []l{{-1.5, 1.5}}, l{-1, 2}},
		{"round halves up", ir.OpRound, "float3", nil, []l{{0.5, -0.5, 1.4}}, l{1, 0, 1}},
		{"min and max pick a side of a NaN", ir.OpMin, "float2", nil, []l{{nan, 1}, {1, nan}}, l{1, nan}},
		{"frac is x − floor(x)", ir.OpFrac, "float2", nil, []l{{1.25, -1.25}}, l{0.25, 0.75}},
		{"truncate", ir.OpTruncate, "float2", nil, []l{{-1.7, 1.7}}, l{-1, 1}},
		{"sign", ir.OpSign, "float3", nil, []l{{-3, 0, 2}}, l{-1, 0, 1}},
		{"saturate", ir.OpSaturate, "float3", nil, []l{{-1, 0.5, 2}}, l{0, 0.5, 1}},
		{"clamp(x, min, max)", ir.OpClamp, "float3", nil, []l{{-1, 0.5, 9}, {0}, {2}}, l{0, 0.5, 2}},
		{"min", ir.OpMin, "float2", nil, []l{{1, 5}, {3}}, l{1, 3}},
		{"max", ir.OpMax, "float2", nil, []l{{1, 5}, {3}}, l{3, 5}},
		{"lerp(a, b, alpha)", ir.OpLerp, "float", nil, []l{{2}, {6}, {0.25}}, l{3}},
		{"step(edge, x) is x ≥ edge", ir.OpStep, "float3", nil, []l{{1}, {0, 1, 2}}, l{0, 1, 1}},
		{"smoothstep(min, max, x)", ir.OpSmoothStep, "float3", nil, []l{{0}, {2}, {1, -1, 3}}, l{0.5, 0, 1}},
		{"smoothstep with min = max", ir.OpSmoothStep, "float", nil, []l{{1}, {1}, {5}}, l{0}},
		{"sqrt, of ≤ 0 is 0", ir.OpSqrt, "float3", nil, []l{{4, 0, -4}}, l{2, 0, 0}},
		{"rsqrt, of ≤ 0 is 0", ir.OpRsqrt, "float2", nil, []l{{4, -1}}, l{0.5, 0}},
		{"rcp, of 0 is 0", ir.OpRcp, "float2", nil, []l{{4, 0}}, l{0.25, 0}},
		{"pow", ir.OpPow, "float2", nil, []l{{2, 9}, {3, 0.5}}, l{8, 3}},
		{"pow clamps a negative base to 0 (PositiveClampedPow)", ir.OpPow, "float2", nil, []l{{-2, -2}, {2, 1}}, l{0, 0}},
		{"exp", ir.OpExp, "float", nil, []l{{0}}, l{1}},
		{"exp2", ir.OpExp2, "float", nil, []l{{3}}, l{8}},
		{"log, of ≤ 0 is 0", ir.OpLog, "float2", nil, []l{{math.E, -1}}, l{1, 0}},
		{"log2, of ≤ 0 is 0", ir.OpLog2, "float2", nil, []l{{8, 0}}, l{3, 0}},
		{"log10", ir.OpLog10, "float", nil, []l{{1000}}, l{3}},
		{"sin", ir.OpSin, "float", nil, []l{{pi / 2}}, l{1}},
		{"cos", ir.OpCos, "float", nil, []l{{0}}, l{1}},
		{"tan", ir.OpTan, "float", nil, []l{{0}}, l{0}},
		{"asin clamps", ir.OpAsin, "float2", nil, []l{{2, 1}}, l{pi / 2, pi / 2}},
		{"acos clamps", ir.OpAcos, "float2", nil, []l{{-2, 1}}, l{pi, 0}},
		{"atan", ir.OpAtan, "float", nil, []l{{1}}, l{pi / 4}},
		{"atan2(y, x)", ir.OpAtan2, "float", nil, []l{{1}, {-1}}, l{3 * pi / 4}},
		{"dot", ir.OpDot, "float", nil, []l{{1, 2, 3}, {4, 5, 6}}, l{32}},
		{"cross", ir.OpCross, "float3", nil, []l{{1, 0, 0}, {0, 1, 0}}, l{0, 0, 1}},
		{"normalize", ir.OpNormalize, "float2", nil, []l{{3, 4}}, l{0.6, 0.8}},
		{"normalize of zero is 0", ir.OpNormalize, "float2", nil, []l{{0, 0}}, l{0, 0}},
		{"length", ir.OpLength, "float", nil, []l{{3, 4}}, l{5}},
		{"distance", ir.OpDistance, "float", nil, []l{{1, 1}, {4, 5}}, l{5}},
		{"reflect", ir.OpReflect, "float2", nil, []l{{1, -1}, {0, 1}}, l{1, 1}},
		{"refract eta 1 passes through", ir.OpRefract, "float2", nil, []l{{0, -1}, {0, 1}, {1}}, l{0, -1}},
		{"greater, as If", ir.OpGreater, "float3", nil, []l{{2, 1, 1.000001}, {1}}, l{1, 0, 0}},
		{"greater-equal", ir.OpGreaterEqual, "float3", nil, []l{{2, 1, 0}, {1}}, l{1, 1, 0}},
		{"less", ir.OpLess, "float3", nil, []l{{2, 1, 0}, {1}}, l{0, 0, 1}},
		{"less-equal", ir.OpLessEqual, "float3", nil, []l{{2, 1, 0}, {1}}, l{0, 1, 1}},
		{"equal within the If threshold", ir.OpEqual, "float3", nil, []l{{2, 1, 1.000001}, {1}}, l{0, 1, 1}},
		{"not-equal", ir.OpNotEqual, "float3", nil, []l{{2, 1, 0}, {1}}, l{1, 0, 1}},
		{"logical and is Multiply", ir.OpLogicalAnd, "float2", nil, []l{{1, 1}, {0, 1}}, l{0, 1}},
		{"logical or is Max", ir.OpLogicalOr, "float2", nil, []l{{1, 0}, {0, 0}}, l{1, 0}},
		{"logical not is 1 − x", ir.OpLogicalNot, "float2", nil, []l{{1, 0}}, l{0, 1}},
		{"constant broadcast to its type", ir.OpConstant, "float3", []ir.Prop{{Name: "Value", Value: ir.Tuple(0.5)}}, nil, l{0.5, 0.5, 0.5}},
		{"swizzle", ir.OpSwizzle, "float2", mask("yw"), []l{{1, 2, 3, 4}}, l{2, 4}},
		{"swizzle rgba letters", ir.OpSwizzle, "float", mask("b"), []l{{1, 2, 3}}, l{3}},
		{"append", ir.OpAppend, "float3", nil, []l{{1, 2}, {3}}, l{1, 2, 3}},
		{"convert narrows to leading lanes", ir.OpConvert, "float2", nil, []l{{1, 2, 3}}, l{1, 2}},
		{"broadcast", ir.OpBroadcast, "float3", nil, []l{{7}}, l{7, 7, 7}},
		{"compare greater pin", ir.OpCompare, "float", nil, []l{{2}, {1}, {10}, {20}, {30}}, l{10}},
		{"compare equals pin within 1e-5", ir.OpCompare, "float", nil, []l{{1.000001}, {1}, {10}, {20}, {30}}, l{20}},
		{"compare less pin", ir.OpCompare, "float", nil, []l{{0}, {1}, {10}, {20}, {30}}, l{30}},
		{"compare NaN takes equals", ir.OpCompare, "float", nil, []l{{nan}, {1}, {10}, {20}, {30}}, l{20}},
		{"select: negative is true", ir.OpSelect, "float2", nil, []l{{-1}, {1, 2}, {3, 4}}, l{1, 2}},
		{"select: zero is false", ir.OpSelect, "float2", nil, []l{{0}, {1, 2}, {3, 4}}, l{3, 4}},
		{"select: a scalar arm broadcasts", ir.OpSelect, "float2", nil, []l{{0}, {1, 2}, {3}}, l{3, 3}},
		{"static switch true", ir.OpStaticSwitch, "float", nil, []l{{1}, {5}, {6}}, l{5}},
		{"static switch false", ir.OpStaticSwitch, "float", nil, []l{{0}, {5}, {6}}, l{6}},
	}
	covered := map[ir.Op]bool{}
	for _, r := range rows {
		got := evalOp(t, r.op, r.typ, r.props, r.args...)
		covered[r.op] = true
		if want := Vec(r.want...); !Equal(got, want, 1) {
			t.Errorf("%s: %s = %v, want %v", r.name, r.op, got, want)
		}
	}
	for _, op := range ir.AllOps() {
		if op.IsCoreMath() && !covered[op] && op != ir.OpDDX && op != ir.OpDDY && op != ir.OpFwidth {
			t.Errorf("no table row for %s", op)
		}
	}
}

func TestEqualPolicy(t *testing.T) {
	nan1, nan2 := math.NaN(), math.Float64frombits(0x7ff8000000000001)
	cases := []struct {
		a, b  float64
		ulps  int
		equal bool
	}{
		{nan1, nan2, 0, true},
		{math.Copysign(0, -1), 0, 0, true},
		{1, math.Nextafter(1, 2), 0, false},
		{1, math.Nextafter(1, 2), 4, true},
		{1, 1 + 3*ulp32, 4, true},
		{1, 1 + 5*ulp32, 4, false},
		{1e-9, 2e-9, 4, true}, // magnitudes below 1 count as 1
		{math.Inf(1), math.Inf(1), 0, true},
		{math.Inf(1), math.MaxFloat64, 4, false},
	}
	for _, c := range cases {
		if got := Equal(Scalar(c.a), Scalar(c.b), c.ulps); got != c.equal {
			t.Errorf("Equal(%v, %v, %d) = %v, want %v", c.a, c.b, c.ulps, got, c.equal)
		}
	}
}

// TestHashedNodes: equal nodes on equal inputs give equal values, pins
// compare as a set, a channel-view output agrees with a swizzle, and any
// difference in class, property or input changes the value.
func TestHashedNodes(t *testing.T) {
	g := ir.NewGraph(ir.Material, "T")
	uv := g.Add(&ir.Node{Op: ir.OpReflected, Class: "TextureCoordinate",
		Props: []ir.Prop{{Name: "CoordinateIndex", Value: ir.Num(0)}}, Outputs: []ir.Output{{Type: "float2"}}})
	uv1 := g.Add(&ir.Node{Op: ir.OpReflected, Class: "TextureCoordinate",
		Props: []ir.Prop{{Name: "CoordinateIndex", Value: ir.Num(1)}}, Outputs: []ir.Output{{Type: "float2"}}})
	tex := g.Add(&ir.Node{Op: ir.OpTextureParameter, Props: []ir.Prop{{Name: "ParameterName", Value: ir.Str("T")}},
		Outputs: []ir.Output{{Type: "Texture2D"}}})
	outs := []ir.Output{{Name: "RGBA", Type: "float4"}, {Name: "R", Type: "float"}, {Name: "G", Type: "float"}, {Name: "B", Type: "float"}, {Name: "A", Type: "float"}}
	s1 := g.Add(&ir.Node{Op: ir.OpTextureSample, Operands: []ir.Ref{{Node: tex}, {Node: uv}, ir.NoRef, ir.NoRef}, Outputs: outs})
	s2 := g.Add(&ir.Node{Op: ir.OpTextureSample, Operands: []ir.Ref{{Node: tex}, {Node: uv}, ir.NoRef, ir.NoRef}, Outputs: outs})
	s3 := g.Add(&ir.Node{Op: ir.OpTextureSample, Operands: []ir.Ref{{Node: tex}, {Node: uv1}, ir.NoRef, ir.NoRef}, Outputs: outs})
	sw := g.Add(&ir.Node{Op: ir.OpSwizzle, Operands: []ir.Ref{{Node: s1}}, Props: []ir.Prop{{Name: "Mask", Value: ir.Str("z")}}, Outputs: []ir.Output{{Type: "float"}}})
	c1 := g.Add(&ir.Node{Op: ir.OpCustom, Class: "F", Pins: []ir.Pin{{Name: "a", Ref: ir.Ref{Node: uv}}, {Name: "b", Ref: ir.Ref{Node: uv1}}}, Outputs: []ir.Output{{Name: "Result", Type: "float"}}})
	c2 := g.Add(&ir.Node{Op: ir.OpCustom, Class: "F", Pins: []ir.Pin{{Name: "b", Ref: ir.Ref{Node: uv1}}, {Name: "a", Ref: ir.Ref{Node: uv}}}, Outputs: []ir.Output{{Name: "Result", Type: "float"}}})
	c3 := g.Add(&ir.Node{Op: ir.OpCustom, Class: "F", Pins: []ir.Pin{{Name: "a", Ref: ir.Ref{Node: uv1}}, {Name: "b", Ref: ir.Ref{Node: uv}}}, Outputs: []ir.Output{{Name: "Result", Type: "float"}}})
	m := NewMachine(g, Run{Seed: 7})
	read := func(n, out int) Value {
		v, err := m.Read(ir.Ref{Node: n, Out: out})
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	if !Equal(read(s1, 0), read(s2, 0), 0) {
		t.Error("equal samples differ")
	}
	if Equal(read(s1, 0), read(s3, 0), 0) || Equal(read(uv, 0), read(uv1, 0), 0) {
		t.Error("samples on different UVs agree")
	}
	if !Equal(read(s1, 3), read(sw, 0), 0) {
		t.Error("output B and Swizzle z disagree")
	}
	if !Equal(read(c1, 0), read(c2, 0), 0) || Equal(read(c1, 0), read(c3, 0), 0) {
		t.Error("Custom pins must compare as a set of name and value")
	}
	other := NewMachine(g, Run{Seed: 8})
	v, _ := other.Read(ir.Ref{Node: uv})
	if Equal(v, read(uv, 0), 0) {
		t.Error("a scene read takes the same value on two runs")
	}
}
