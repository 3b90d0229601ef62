package interp

import (
	"fmt"
	"math"

	"reuselab/ir"
)

// ifThreshold is the engine If node's EqualsThreshold default: A and B
// closer than this take the AEqualsB pin.
const ifThreshold = 0.00001

// ifNode is how the engine's If node picks a pin: |A−B| > threshold ?
// (A ≥ B ? greater : less) : equals. NaN operands take the equals pin, as
// the generated HLSL's `abs(A-B) > T` is false for them.
func ifNode(a, b float64) int {
	if math.Abs(a-b) > ifThreshold {
		if a >= b {
			return 1
		}
		return -1
	}
	return 0
}

// pick returns gt, eq or lt for the If outcome c.
func pick[T any](c int, gt, eq, lt T) T {
	switch c {
	case 1:
		return gt
	case -1:
		return lt
	}
	return eq
}

// lanewise is a componentwise core op: it gets one lane of each operand.
type lanewise struct {
	arity int
	f     func(x []float64) float64
}

// safeDiv is the fold's guard: a division by zero is 0 (LANGUAGE-2.0 §1.5).
func safeDiv(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}

// positive applies f to x > 0 and gives 0 otherwise: the guard of sqrt,
// rsqrt and the logarithms.
func positive(f func(float64) float64) func([]float64) float64 {
	return func(x []float64) float64 {
		if x[0] > 0 {
			return f(x[0])
		}
		return 0
	}
}

func unary(f func(float64) float64) lanewise {
	return lanewise{1, func(x []float64) float64 { return f(x[0]) }}
}

// clamp, fmin and fmax are Unreal's FMath::Clamp/Min/Max, which is what
// the folder computes too: ordered comparisons, so a NaN operand picks a
// side instead of spreading (IEEE minNum would differ only on NaN).
func clamp(x, lo, hi float64) float64 {
	if x < lo {
		return lo
	}
	if x < hi {
		return x
	}
	return hi
}

func fmin(a, b float64) float64 {
	if a <= b {
		return a
	}
	return b
}

func fmax(a, b float64) float64 {
	if a >= b {
		return a
	}
	return b
}

// comparison is a comparison op as its emitted If node computes it, with
// the fresh 1/0 constants on its three pins.
func comparison(gt, eq, lt float64) lanewise {
	return lanewise{2, func(x []float64) float64 { return pick(ifNode(x[0], x[1]), gt, eq, lt) }}
}

// lanewiseOps are the componentwise core ops, by the HLSL function the
// engine node compiles to. Operand order is the IR's (HLSL's): Step(edge,
// x), SmoothStep(min, max, x), Clamp(x, min, max), Lerp(a, b, alpha),
// Atan2(y, x).
var lanewiseOps = map[ir.Op]lanewise{
	ir.OpNegate:   unary(func(a float64) float64 { return -a }),
	ir.OpAdd:      {2, func(x []float64) float64 { return x[0] + x[1] }},
	ir.OpSubtract: {2, func(x []float64) float64 { return x[0] - x[1] }},
	ir.OpMultiply: {2, func(x []float64) float64 { return x[0] * x[1] }},
	ir.OpDivide:   {2, func(x []float64) float64 { return safeDiv(x[0], x[1]) }},
	// HLSL fmod: a − b·trunc(a/b), the sign of a; by zero 0.
	ir.OpFmod: {2, func(x []float64) float64 {
		if x[1] == 0 {
			return 0
		}
		return math.Mod(x[0], x[1])
	}},
	ir.OpAbs:   unary(math.Abs),
	ir.OpFloor: unary(math.Floor),
	ir.OpCeil:  unary(math.Ceil),
	// Unreal's RoundToDouble, floor(x + 0.5): halves round up (−0.5 → 0),
	// as the folder rounds; HLSL round() may differ on negative halves.
	ir.OpRound:    unary(func(a float64) float64 { return math.Floor(a + 0.5) }),
	ir.OpFrac:     unary(func(a float64) float64 { return a - math.Floor(a) }),
	ir.OpTruncate: unary(math.Trunc),
	ir.OpSign: unary(func(a float64) float64 {
		switch {
		case a > 0:
			return 1
		case a < 0:
			return -1
		}
		return 0
	}),
	ir.OpSaturate: unary(func(a float64) float64 { return clamp(a, 0, 1) }),
	ir.OpClamp:    {3, func(x []float64) float64 { return clamp(x[0], x[1], x[2]) }},
	ir.OpMin:      {2, func(x []float64) float64 { return fmin(x[0], x[1]) }},
	ir.OpMax:      {2, func(x []float64) float64 { return fmax(x[0], x[1]) }},
	ir.OpLerp:     {3, func(x []float64) float64 { return x[0] + (x[1]-x[0])*x[2] }},
	ir.OpStep: {2, func(x []float64) float64 {
		if x[1] >= x[0] {
			return 1
		}
		return 0
	}},
	ir.OpSmoothStep: {3, func(x []float64) float64 {
		t := clamp(safeDiv(x[2]-x[0], x[1]-x[0]), 0, 1)
		return t * t * (3 - 2*t)
	}},
	ir.OpSqrt:  {1, positive(math.Sqrt)},
	ir.OpRsqrt: {1, positive(func(a float64) float64 { return 1 / math.Sqrt(a) })},
	ir.OpRcp:   unary(func(a float64) float64 { return safeDiv(1, a) }),
	// The UE5 translator emits the Power node as PositiveClampedPow(X, Y) =
	// pow(max(X, 0), Y) (EFunc2::PowPositiveClamped, Common.ush), so that
	// artists cannot make NaN: a negative base counts as 0. (The folder's
	// plain pow differs here: pow(-2, 2) folds to 4, the engine makes 0.)
	ir.OpPow:   {2, func(x []float64) float64 { return math.Pow(fmax(x[0], 0), x[1]) }},
	ir.OpExp:   unary(math.Exp),
	ir.OpExp2:  unary(math.Exp2),
	ir.OpLog:   {1, positive(math.Log)},
	ir.OpLog2:  {1, positive(math.Log2)},
	ir.OpLog10: {1, positive(math.Log10)},
	ir.OpSin:   unary(math.Sin),
	ir.OpCos:   unary(math.Cos),
	ir.OpTan:   unary(math.Tan),
	ir.OpAsin:  unary(func(a float64) float64 { return math.Asin(clamp(a, -1, 1)) }),
	ir.OpAcos:  unary(func(a float64) float64 { return math.Acos(clamp(a, -1, 1)) }),
	ir.OpAtan:  unary(math.Atan),
	ir.OpAtan2: {2, func(x []float64) float64 { return math.Atan2(x[0], x[1]) }},

	ir.OpGreater:      comparison(1, 0, 0),
	ir.OpGreaterEqual: comparison(1, 1, 0),
	ir.OpLess:         comparison(0, 0, 1),
	ir.OpLessEqual:    comparison(0, 1, 1),
	ir.OpEqual:        comparison(0, 1, 0),
	ir.OpNotEqual:     comparison(1, 0, 1),
	// The hand-lowered logic ops: And → Multiply, Or → Max, Not → 1 − x.
	ir.OpLogicalAnd: {2, func(x []float64) float64 { return x[0] * x[1] }},
	ir.OpLogicalOr:  {2, func(x []float64) float64 { return fmax(x[0], x[1]) }},
	ir.OpLogicalNot: unary(func(a float64) float64 { return 1 - a }),
}

// evalLanewise applies a componentwise op at width w (the node's output
// width, or the widest operand when the type says nothing).
func evalLanewise(op lanewise, args []Value, w int) (Value, error) {
	if len(args) != op.arity {
		return Value{}, fmt.Errorf("takes %d operands, has %d", op.arity, len(args))
	}
	if w == 0 {
		for _, a := range args {
			w = max(w, a.N)
		}
	}
	out := Value{Kind: Num, N: w}
	x := make([]float64, len(args))
	for i := 0; i < w; i++ {
		for j, a := range args {
			x[j] = a.Lane(i)
		}
		out.L[i] = op.f(x)
	}
	return out, nil
}

func dot(a, b Value) float64 {
	w := max(a.N, b.N)
	s := 0.0
	for i := 0; i < w; i++ {
		s += a.Lane(i) * b.Lane(i)
	}
	return s
}

func scale(a Value, k float64) Value {
	out := a
	for i := 0; i < a.N; i++ {
		out.L[i] = a.L[i] * k
	}
	return out
}

func sub(a, b Value) Value {
	out := Value{Kind: Num, N: max(a.N, b.N)}
	for i := 0; i < out.N; i++ {
		out.L[i] = a.Lane(i) - b.Lane(i)
	}
	return out
}

// GeometricOperands is how many operands each geometric op takes (the ops
// with their own width rule); the prover translates the same set.
var GeometricOperands = map[ir.Op]int{ir.OpDot: 2, ir.OpCross: 2, ir.OpNormalize: 1, ir.OpLength: 1,
	ir.OpDistance: 2, ir.OpReflect: 2, ir.OpRefract: 3}

// evalGeometric computes the ops with their own width rule (LANGUAGE-2.0
// §1.5): Dot, Length, Distance are one lane, Cross three, Normalize and
// Reflect/Refract the operand's width.
func evalGeometric(op ir.Op, args []Value) (Value, bool, error) {
	need := GeometricOperands[op]
	if need == 0 {
		return Value{}, false, nil
	}
	if len(args) != need {
		return Value{}, true, fmt.Errorf("takes %d operands, has %d", need, len(args))
	}
	switch op {
	case ir.OpDot:
		return Scalar(dot(args[0], args[1])), true, nil
	case ir.OpLength:
		return Scalar(math.Sqrt(dot(args[0], args[0]))), true, nil
	case ir.OpDistance:
		d := sub(args[0], args[1])
		return Scalar(math.Sqrt(dot(d, d))), true, nil
	case ir.OpCross:
		a, b := args[0].Fit(3), args[1].Fit(3)
		return Vec(a.L[1]*b.L[2]-a.L[2]*b.L[1], a.L[2]*b.L[0]-a.L[0]*b.L[2], a.L[0]*b.L[1]-a.L[1]*b.L[0]), true, nil
	case ir.OpNormalize:
		// A zero vector normalises to 0, the guard the folder uses for a
		// zero divisor.
		return scale(args[0], safeDiv(1, math.Sqrt(dot(args[0], args[0])))), true, nil
	case ir.OpReflect:
		// HLSL reflect(i, n) = i − 2·dot(n, i)·n.
		i, n := args[0], args[1].Fit(args[0].N)
		return sub(i, scale(n, 2*dot(n, i))), true, nil
	case ir.OpRefract:
		// HLSL refract(i, n, eta): 0 on total internal reflection.
		i, n, eta := args[0], args[1].Fit(args[0].N), args[2].L[0]
		c := dot(n, i)
		k := 1 - eta*eta*(1-c*c)
		if k < 0 {
			return Value{Kind: Num, N: i.N}, true, nil
		}
		return sub(scale(i, eta), scale(n, eta*c+math.Sqrt(k))), true, nil
	}
	return Value{}, false, nil
}
