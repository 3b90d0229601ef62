package rules

import (
	"math"

	"github.com/google/mangle/ast"

	"reuselab/ir"
)

// Virtual predicates: facts computed by Go when a rule asks for them with
// the inputs bound. They exist because Mangle v0.4.0 has no sin, sqrt,
// float comparison, rounding or string indexing (MANGLE.md §3), and because
// its own external-predicate mechanism panics on a variable input and skips
// calls silently once a fact exists (MANGLE.md pitfall 5). Serving them from
// the fact store works: premiseAtom substitutes bound variables before it
// asks the store. They compute scalars and decode strings only; every rule
// that decides what folds, composes or merges is in the packs.
//
//	m(Op, A, B, C, V)      V is one component of Op applied to A, B, C (floats;
//	                       unused operands 0.0), with the reference folder's guards
//	num9(F, S)             S prints F as the dedupe key does (%.9g, -0 as 0)
//	maskinfo(M, L, Valid)  mask string M has length L; Valid 1 when every letter is x, y, z or w
//	maskchan(M, I, C)      letter I of M names channel C (0..3); absent for other letters
var (
	pM        = ast.PredicateSym{Symbol: "m", Arity: 5}
	pNum9     = ast.PredicateSym{Symbol: "num9", Arity: 2}
	pMaskInfo = ast.PredicateSym{Symbol: "maskinfo", Arity: 3}
	pMaskChan = ast.PredicateSym{Symbol: "maskchan", Arity: 3}
)

var virtualPredicates = []ast.PredicateSym{pM, pNum9, pMaskInfo, pMaskChan}

// GetFacts answers the virtual predicates and passes everything else on.
func (s *fnStore) GetFacts(a ast.Atom, cb func(ast.Atom) error) error {
	switch a.Predicate {
	case pM:
		return serveM(a, cb)
	case pNum9:
		f, ok := floatArg(a.Args[0])
		if !ok {
			return nil
		}
		return emit(a, cb, ast.String(ir.FormatNumber(f)), 1)
	case pMaskInfo:
		m, ok := stringArg(a.Args[0])
		if !ok {
			return nil
		}
		valid := 1
		for i := 0; i < len(m); i++ {
			if channelOf(m[i]) < 0 {
				valid = 0
			}
		}
		return emit(a, cb, ast.Number(int64(valid)), 2, ast.Number(int64(len(m))))
	case pMaskChan:
		m, ok := stringArg(a.Args[0])
		if !ok {
			return nil
		}
		for i := 0; i < len(m); i++ {
			c := channelOf(m[i])
			if c < 0 {
				continue
			}
			out := ast.Atom{Predicate: a.Predicate, Args: []ast.BaseTerm{a.Args[0], ast.Number(int64(i)), ast.Number(int64(c))}}
			if matches(a, out) {
				if err := cb(out); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return s.getStored(a, cb)
}

// emit answers a query whose inputs are bound: the outputs fill the
// argument positions after the inputs (pos is the first output, extra are
// outputs placed before it), and a bound output must match.
func emit(a ast.Atom, cb func(ast.Atom) error, out ast.Constant, pos int, before ...ast.Constant) error {
	args := append([]ast.BaseTerm(nil), a.Args...)
	for i, c := range before {
		args[1+i] = c
	}
	args[pos] = out
	fact := ast.Atom{Predicate: a.Predicate, Args: args}
	if !matches(a, fact) {
		return nil
	}
	return cb(fact)
}

// matches reports whether every constant of the query equals the fact's.
func matches(q, fact ast.Atom) bool {
	for i, t := range q.Args {
		if c, ok := t.(ast.Constant); ok && !c.Equals(fact.Args[i]) {
			return false
		}
	}
	return true
}

func floatArg(t ast.BaseTerm) (float64, bool) {
	c, ok := t.(ast.Constant)
	if !ok {
		return 0, false
	}
	switch c.Type {
	case ast.Float64Type:
		f, _ := c.Float64Value()
		return f, true
	case ast.NumberType:
		n, _ := c.NumberValue()
		return float64(n), true
	}
	return 0, false
}

func stringArg(t ast.BaseTerm) (string, bool) {
	c, ok := t.(ast.Constant)
	if !ok || c.Type != ast.StringType {
		return "", false
	}
	s, _ := c.StringValue()
	return s, true
}

func channelOf(c byte) int {
	switch c {
	case 'x':
		return 0
	case 'y':
		return 1
	case 'z':
		return 2
	case 'w':
		return 3
	}
	return -1
}

func serveM(a ast.Atom, cb func(ast.Atom) error) error {
	op, ok := stringArg(a.Args[0])
	if !ok {
		return nil
	}
	x, ok1 := floatArg(a.Args[1])
	y, ok2 := floatArg(a.Args[2])
	z, ok3 := floatArg(a.Args[3])
	if !ok1 || !ok2 || !ok3 {
		return nil
	}
	v, ok := scalar(op, x, y, z)
	if !ok {
		return nil
	}
	return emit(a, cb, ast.Float64(v), 4)
}

// scalar is one component of op. The guards are the reference folder's
// (LANGUAGE-2.0 §1.5): divide, fmod and rcp by 0 give 0; sqrt, rsqrt and
// the logs of x ≤ 0 give 0; asin and acos clamp. Min, Max and Clamp are
// Unreal's FMath ones, Round is half up. RawSqrt (Length, Distance) and
// NormDiv (Normalize) are the pieces the vector rules need.
func scalar(op string, a, b, c float64) (float64, bool) {
	switch op {
	case "Add":
		return a + b, true
	case "Subtract":
		return a - b, true
	case "Multiply":
		return a * b, true
	case "Divide":
		return safeDiv(a, b), true
	case "Fmod":
		if b == 0 {
			return 0, true
		}
		return math.Mod(a, b), true
	case "Negate":
		return -a, true
	case "Abs":
		return math.Abs(a), true
	case "Floor":
		return math.Floor(a), true
	case "Ceil":
		return math.Ceil(a), true
	case "Round":
		return math.Floor(a + 0.5), true
	case "Frac":
		return a - math.Floor(a), true
	case "Truncate":
		return math.Trunc(a), true
	case "Sign":
		return truth(a > 0) - truth(a < 0), true
	case "Saturate":
		return clampF(a, 0, 1), true
	case "Clamp":
		return clampF(a, b, c), true
	case "Min":
		if a <= b {
			return a, true
		}
		return b, true
	case "Max":
		if a >= b {
			return a, true
		}
		return b, true
	case "Lerp":
		return a + (b-a)*c, true
	case "Step":
		return truth(b >= a), true
	case "SmoothStep":
		t := clampF(safeDiv(c-a, b-a), 0, 1)
		return t * t * (3 - 2*t), true
	case "Sqrt":
		if a <= 0 {
			return 0, true
		}
		return math.Sqrt(a), true
	case "RawSqrt":
		return math.Sqrt(a), true
	case "NormDiv":
		if b > 0 {
			return a / b, true
		}
		return 0, true
	case "Rsqrt":
		if a <= 0 {
			return 0, true
		}
		return 1 / math.Sqrt(a), true
	case "Rcp":
		return safeDiv(1, a), true
	case "Pow":
		// PositiveClampedPow, as the engine's Power node and the reference
		// fold compute it.
		return math.Pow(math.Max(a, 0), b), true
	case "Exp":
		return math.Exp(a), true
	case "Exp2":
		return math.Pow(2, a), true
	case "Log", "Log2", "Log10":
		if a <= 0 {
			return 0, true
		}
		switch op {
		case "Log2":
			return math.Log2(a), true
		case "Log10":
			return math.Log10(a), true
		}
		return math.Log(a), true
	case "Sin":
		return math.Sin(a), true
	case "Cos":
		return math.Cos(a), true
	case "Tan":
		return math.Tan(a), true
	case "Asin":
		return math.Asin(clampF(a, -1, 1)), true
	case "Acos":
		return math.Acos(clampF(a, -1, 1)), true
	case "Atan":
		return math.Atan(a), true
	case "Atan2":
		return math.Atan2(a, b), true
	case "Greater":
		return truth(a > b), true
	case "GreaterEqual":
		return truth(a >= b), true
	case "Less":
		return truth(a < b), true
	case "LessEqual":
		return truth(a <= b), true
	case "Equal":
		return truth(a == b), true
	case "NotEqual":
		return truth(a != b), true
	case "LogicalAnd":
		return truth(a != 0 && b != 0), true
	case "LogicalOr":
		return truth(a != 0 || b != 0), true
	case "LogicalNot":
		return truth(a == 0), true
	case "Convert", "Broadcast":
		return a, true
	}
	return 0, false
}

func safeDiv(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}

func clampF(x, lo, hi float64) float64 {
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
