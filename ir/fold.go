package ir

import "math"

// FoldComponent is one component of a core op whose operands are all
// constants, as the fold pass computes it (R3, LANGUAGE-2.0 §1.5) and as the
// Datalog engine serves it to its rule packs: both engines share this one
// definition, and the evaluation checker (ir/interp), which is written
// independently, checks it against the engine's semantics. Guards: divide,
// fmod and rcp by 0 give 0; sqrt, rsqrt and the logs of x ≤ 0 give 0; asin
// and acos clamp their argument. ok is false for an op with no
// componentwise rule.
func FoldComponent(op Op, a, b, c float64) (v float64, ok bool) {
	switch op {
	case OpAdd:
		return a + b, true
	case OpSubtract:
		return a - b, true
	case OpMultiply:
		return a * b, true
	case OpDivide:
		return safeDivide(a, b), true
	case OpFmod:
		if b == 0 {
			return 0, true
		}
		return math.Mod(a, b), true
	case OpNegate:
		return -a, true
	case OpAbs:
		return math.Abs(a), true
	case OpFloor:
		return math.Floor(a), true
	case OpCeil:
		return math.Ceil(a), true
	case OpRound:
		return math.Floor(a + 0.5), true // Unreal's RoundToDouble: half up
	case OpFrac:
		return a - math.Floor(a), true
	case OpTruncate:
		return math.Trunc(a), true
	case OpSign:
		return truth(a > 0) - truth(a < 0), true
	case OpSaturate:
		return clamp(a, 0, 1), true
	case OpClamp:
		return clamp(a, b, c), true
	case OpMin: // Unreal's FMath::Min/Max, not IEEE minNum
		if a <= b {
			return a, true
		}
		return b, true
	case OpMax:
		if a >= b {
			return a, true
		}
		return b, true
	case OpLerp:
		return a + (b-a)*c, true
	case OpStep: // step(edge, x)
		return truth(b >= a), true
	case OpSmoothStep: // smoothstep(min, max, x)
		t := clamp(safeDivide(c-a, b-a), 0, 1)
		return t * t * (3 - 2*t), true
	case OpSqrt:
		if a <= 0 {
			return 0, true
		}
		return math.Sqrt(a), true
	case OpRsqrt:
		if a <= 0 {
			return 0, true
		}
		return 1 / math.Sqrt(a), true
	case OpRcp:
		return safeDivide(1, a), true
	case OpPow:
		// The engine's Power node is PositiveClampedPow, pow(max(x, 0), y):
		// folding with plain pow would turn pow(-2, 2) into 4 where the
		// asset computes 0 (found by the evaluation checker, issue 6).
		return math.Pow(math.Max(a, 0), b), true
	case OpExp:
		return math.Exp(a), true
	case OpExp2:
		return math.Pow(2, a), true
	case OpLog, OpLog2, OpLog10:
		if a <= 0 {
			return 0, true
		}
		switch op {
		case OpLog2:
			return math.Log2(a), true
		case OpLog10:
			return math.Log10(a), true
		}
		return math.Log(a), true
	case OpSin:
		return math.Sin(a), true
	case OpCos:
		return math.Cos(a), true
	case OpTan:
		return math.Tan(a), true
	case OpAsin:
		return math.Asin(clamp(a, -1, 1)), true
	case OpAcos:
		return math.Acos(clamp(a, -1, 1)), true
	case OpAtan:
		return math.Atan(a), true
	case OpAtan2: // atan2(y, x)
		return math.Atan2(a, b), true
	case OpGreater:
		return truth(a > b), true
	case OpGreaterEqual:
		return truth(a >= b), true
	case OpLess:
		return truth(a < b), true
	case OpLessEqual:
		return truth(a <= b), true
	case OpEqual:
		return truth(a == b), true
	case OpNotEqual:
		return truth(a != b), true
	case OpLogicalAnd:
		return truth(a != 0 && b != 0), true
	case OpLogicalOr:
		return truth(a != 0 || b != 0), true
	case OpLogicalNot:
		return truth(a == 0), true
	case OpConvert, OpBroadcast:
		return a, true
	}
	return 0, false
}

func safeDivide(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}

// clamp is Unreal's FMath::Clamp: below lo is lo, else above hi is hi.
func clamp(x, lo, hi float64) float64 {
	if x < lo {
		return lo
	}
	if x < hi {
		return x
	}
	return hi
}

func truth(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
