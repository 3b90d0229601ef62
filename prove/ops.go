package prove

import (
	"fmt"
	"strings"

	"reuselab/ir"
	"reuselab/ir/interp"
)

// The semantics of every op, as ir/interp computes it (ops.go there, whose
// comments give the engine's reasons), written once for all three number
// systems. Where interp calls a function the solver does not know (sin,
// exp, pow…) the op is that function uninterpreted, with interp's guards
// around it: log of x ≤ 0 is 0 whatever log is, Power's base is clamped at
// 0 before the unknown pow sees it.

// laneOp is a componentwise op: fn gets one lane of each operand. An op
// with uf set is an uninterpreted function with guards; fn is then nil.
type laneOp struct {
	arity int
	fn    func(a ar, x []string) string
	uf    func(a ar, x []string) string
}

func un(f func(a ar, x string) string) laneOp {
	return laneOp{arity: 1, fn: func(a ar, x []string) string { return f(a, x[0]) }}
}

func bin(f func(a ar, x, y string) string) laneOp {
	return laneOp{arity: 2, fn: func(a ar, x []string) string { return f(a, x[0], x[1]) }}
}

// safeDiv is the fold's guard: by zero (either sign) is 0.
func (a ar) safeDiv(x, y string) string { return a.ite(a.isZero(y), a.zero(), a.div(x, y)) }

// clamp, fmin and fmax are FMath's: ordered comparisons, so a NaN picks a
// side (clamp(NaN) is hi, min(NaN, y) is y).
func (a ar) clamp(x, lo, hi string) string {
	return a.ite(a.lt(x, lo), lo, a.ite(a.lt(x, hi), x, hi))
}

func (a ar) fmin(x, y string) string { return a.ite(a.le(x, y), x, y) }
func (a ar) fmax(x, y string) string { return a.ite(a.ge(x, y), x, y) }

// positive is the guard of sqrt, rsqrt and the logarithms: f(x) for x > 0,
// else 0 (NaN included).
func (a ar) positive(x string, f func(string) string) string {
	return a.ite(a.gt(x, a.zero()), f(x), a.zero())
}

// ifConds are the engine If node's tests: |x−y| > 0.00001 ? (x ≥ y ? gt
// : lt) : eq; NaN takes eq.
func (a ar) ifConds(x, y string) (far, geq string) {
	return a.gt(a.abs(a.sub(x, y)), a.lit(0.00001)), a.ge(x, y)
}

func (a ar) ifPick(x, y, gt, eq, lt string) string {
	far, geq := a.ifConds(x, y)
	return a.pick(a.sort(), far, geq, gt, eq, lt)
}

// pick is far ? (geq ? gt : lt) : eq, of sort s.
func (a ar) pick(s, far, geq, gt, eq, lt string) string {
	ite := func(c, x, y string) string {
		switch {
		case x == y || c == "true":
			return x
		case c == "false":
			return y
		}
		return a.f.def(s, "(ite "+c+" "+x+" "+y+")")
	}
	return ite(far, ite(geq, gt, lt), eq)
}

func comparison(gt, eq, lt float64) laneOp {
	return bin(func(a ar, x, y string) string { return a.ifPick(x, y, a.lit(gt), a.lit(eq), a.lit(lt)) })
}

func callOp(name string, arity int) laneOp {
	return laneOp{arity: arity, uf: func(a ar, x []string) string { return a.call(name, x...) }}
}

func guardedLog(name string) laneOp {
	return laneOp{arity: 1, uf: func(a ar, x []string) string {
		return a.positive(x[0], func(y string) string { return a.call(name, y) })
	}}
}

var laneOps map[ir.Op]laneOp

func init() {
	laneOps = map[ir.Op]laneOp{
		ir.OpNegate:   un(ar.neg),
		ir.OpAdd:      bin(ar.add),
		ir.OpSubtract: bin(ar.sub),
		ir.OpMultiply: bin(ar.mul),
		ir.OpDivide:   bin(ar.safeDiv),
		ir.OpFmod: bin(func(a ar, x, y string) string {
			return a.ite(a.isZero(y), a.zero(), a.fmod(x, y))
		}),
		ir.OpAbs:   un(ar.abs),
		ir.OpFloor: un(func(a ar, x string) string { return a.roundTo("RTN", x) }),
		ir.OpCeil:  un(func(a ar, x string) string { return a.roundTo("RTP", x) }),
		// floor(x + 0.5), Unreal's RoundToDouble, as interp and the folder.
		ir.OpRound:    un(func(a ar, x string) string { return a.roundTo("RTN", a.add(x, a.lit(0.5))) }),
		ir.OpFrac:     un(func(a ar, x string) string { return a.sub(x, a.roundTo("RTN", x)) }),
		ir.OpTruncate: un(func(a ar, x string) string { return a.roundTo("RTZ", x) }),
		ir.OpSign: un(func(a ar, x string) string {
			return a.ite(a.gt(x, a.zero()), a.one(), a.ite(a.lt(x, a.zero()), a.lit(-1), a.zero()))
		}),
		ir.OpSaturate: un(func(a ar, x string) string { return a.clamp(x, a.zero(), a.one()) }),
		ir.OpClamp:    {arity: 3, fn: func(a ar, x []string) string { return a.clamp(x[0], x[1], x[2]) }},
		ir.OpMin:      bin(ar.fmin),
		ir.OpMax:      bin(ar.fmax),
		ir.OpLerp: {arity: 3, fn: func(a ar, x []string) string {
			return a.add(x[0], a.mul(a.sub(x[1], x[0]), x[2]))
		}},
		ir.OpStep: bin(func(a ar, edge, x string) string { return a.ite(a.ge(x, edge), a.one(), a.zero()) }),
		ir.OpSmoothStep: {arity: 3, fn: func(a ar, x []string) string {
			t := a.clamp(a.safeDiv(a.sub(x[2], x[0]), a.sub(x[1], x[0])), a.zero(), a.one())
			return a.mul(a.mul(t, t), a.sub(a.lit(3), a.mul(a.lit(2), t)))
		}},
		ir.OpSqrt: un(func(a ar, x string) string { return a.positive(x, a.sqrt) }),
		ir.OpRsqrt: un(func(a ar, x string) string {
			return a.positive(x, func(y string) string { return a.div(a.one(), a.sqrt(y)) })
		}),
		ir.OpRcp: un(func(a ar, x string) string { return a.safeDiv(a.one(), x) }),
		// PositiveClampedPow: pow(max(x, 0), y), pow itself unknown.
		ir.OpPow: {arity: 2, uf: func(a ar, x []string) string {
			return a.call("pow", a.fmax(x[0], a.zero()), x[1])
		}},
		ir.OpExp:   callOp("exp", 1),
		ir.OpExp2:  callOp("exp2", 1),
		ir.OpLog:   guardedLog("log"),
		ir.OpLog2:  guardedLog("log2"),
		ir.OpLog10: guardedLog("log10"),
		ir.OpSin:   callOp("sin", 1),
		ir.OpCos:   callOp("cos", 1),
		ir.OpTan:   callOp("tan", 1),
		ir.OpAsin: {arity: 1, uf: func(a ar, x []string) string {
			return a.call("asin", a.clamp(x[0], a.lit(-1), a.one()))
		}},
		ir.OpAcos: {arity: 1, uf: func(a ar, x []string) string {
			return a.call("acos", a.clamp(x[0], a.lit(-1), a.one()))
		}},
		ir.OpAtan:  callOp("atan", 1),
		ir.OpAtan2: callOp("atan2", 2),

		ir.OpGreater:      comparison(1, 0, 0),
		ir.OpGreaterEqual: comparison(1, 1, 0),
		ir.OpLess:         comparison(0, 0, 1),
		ir.OpLessEqual:    comparison(0, 1, 1),
		ir.OpEqual:        comparison(0, 1, 0),
		ir.OpNotEqual:     comparison(1, 0, 1),
		// The hand-lowered logic: And is Multiply, Or is Max, Not is 1 − x.
		ir.OpLogicalAnd: bin(ar.mul),
		ir.OpLogicalOr:  bin(ar.fmax),
		ir.OpLogicalNot: un(func(a ar, x string) string { return a.sub(a.one(), x) }),
	}
}

// lanewise applies op at width w, or the widest operand's when the type
// says nothing.
func (t *translator) lanewise(op laneOp, args []vec, w int) (vec, error) {
	if len(args) != op.arity {
		return vec{}, fmt.Errorf("takes %d operands, has %d", op.arity, len(args))
	}
	widest := 0
	for _, a := range args {
		if a.handle {
			return vec{}, fmt.Errorf("an operand is not a number")
		}
		widest = max(widest, a.n)
	}
	if w == 0 {
		w = widest
	}
	out := vec{n: w}
	x := make([]string, len(args))
	for i := 0; i < w; i++ {
		for j, a := range args {
			x[j] = t.lane(a, i)
		}
		if op.uf != nil {
			out.l[i] = op.uf(t.a, x)
		} else {
			out.l[i] = op.fn(t.a, x)
		}
	}
	return out, nil
}

// shape is Swizzle, Append, Convert and Broadcast: lanes moved, nothing
// computed.
func (t *translator) shape(n *ir.Node) (vec, error) {
	args := make([]vec, len(n.Operands))
	for i, r := range n.Operands {
		if !r.Valid() {
			return vec{}, fmt.Errorf("absent operand")
		}
		v, err := t.read(r)
		if err != nil {
			return vec{}, err
		}
		if v.handle && n.Op != ir.OpConvert {
			return vec{}, fmt.Errorf("operand is not a number")
		}
		args[i] = v
	}
	switch {
	case n.Op == ir.OpAppend && len(args) == 2:
		out := args[0]
		for i := 0; i < args[1].n && out.n < 4; i++ {
			out.l[out.n] = args[1].l[i]
			out.n++
		}
		return out, nil
	case n.Op == ir.OpSwizzle && len(args) == 1:
		mask, _ := n.Prop("Mask")
		out := vec{}
		for _, c := range strings.ToLower(mask.Str) {
			i := strings.IndexRune("xyzw", c)
			if i < 0 {
				i = strings.IndexRune("rgba", c)
			}
			if i < 0 || out.n == 4 {
				return vec{}, fmt.Errorf("bad mask %q", mask.Str)
			}
			out.l[out.n] = t.lane(args[0], i)
			out.n++
		}
		return out, nil
	case n.Op == ir.OpConvert && len(args) == 1:
		return t.fit(args[0], outWidth(n)), nil
	case n.Op == ir.OpBroadcast && len(args) == 1:
		return t.fit(scalar(t.lane0(args[0])), outWidth(n)), nil
	}
	return vec{}, fmt.Errorf("wrong operand count %d", len(args))
}

// lane0 is interp's v.L[0]: lane 0 as stored, 0 for an empty value.
func (t *translator) lane0(v vec) string {
	if v.n > 0 && v.l[0] != "" {
		return v.l[0]
	}
	return t.a.zero()
}

// control is the If-backed Compare and Select, and the StaticSwitch.
func (t *translator) control(n *ir.Node) (vec, error) {
	args, err := t.operands(n)
	if err != nil {
		return vec{}, err
	}
	if len(args) == 0 {
		return vec{}, fmt.Errorf("no operands")
	}
	if args[0].handle || (n.Op == ir.OpCompare && len(args) > 1 && args[1].handle) {
		return vec{}, fmt.Errorf("tests a value that is not a number")
	}
	w := outWidth(n)
	switch {
	case n.Op == ir.OpCompare && len(args) == 5:
		far, geq := t.a.ifConds(t.lane0(args[0]), t.lane0(args[1]))
		return t.choose(w, far, geq, args[2], args[3], args[4])
	case n.Op == ir.OpSelect && len(args) == 3:
		// If(A=c, B=0, t, f, t): negatives are true.
		far, geq := t.a.ifConds(t.lane0(args[0]), t.a.zero())
		return t.choose(w, far, geq, args[1], args[2], args[1])
	case n.Op == ir.OpStaticSwitch && len(args) == 3:
		// A NaN is not 0: on.
		on := not(t.a.isZero(t.lane0(args[0])))
		return t.choose(w, on, "true", args[1], args[2], args[2])
	}
	return vec{}, fmt.Errorf("wrong operand count %d", len(args))
}

// choose is far ? (geq ? gt : lt) : eq lane by lane, each value fitted to w
// first, as interp fits the value it picked. With no width to fit to, the
// three must agree already, or the width would depend on the input.
func (t *translator) choose(w int, far, geq string, g, e, l vec) (vec, error) {
	if g.handle || e.handle || l.handle {
		if !(g.handle && e.handle && l.handle) {
			return vec{}, fmt.Errorf("picks between a number and an identity")
		}
		return vec{handle: true, h: t.a.pick(t.a.f.hsort, far, geq, g.h, e.h, l.h)}, nil
	}
	g, e, l = t.fit(g, w), t.fit(e, w), t.fit(l, w)
	if g.n != e.n || g.n != l.n {
		return vec{}, fmt.Errorf("picks between values of widths %d, %d and %d", g.n, e.n, l.n)
	}
	out := vec{n: g.n}
	for i := 0; i < g.n; i++ {
		out.l[i] = t.a.pick(t.a.sort(), far, geq, t.lane(g, i), t.lane(e, i), t.lane(l, i))
	}
	return out, nil
}

func (t *translator) dot(x, y vec) string {
	s := t.a.zero() // interp's s := 0.0; s += x·y: +0 + −0 is +0
	for i := 0; i < max(x.n, y.n); i++ {
		s = t.a.add(s, t.a.mul(t.lane(x, i), t.lane(y, i)))
	}
	return s
}

func (t *translator) scale(x vec, k string) vec {
	out := vec{n: x.n}
	for i := 0; i < x.n; i++ {
		out.l[i] = t.a.mul(t.lane(x, i), k)
	}
	return out
}

func (t *translator) minus(x, y vec) vec {
	out := vec{n: max(x.n, y.n)}
	for i := 0; i < out.n; i++ {
		out.l[i] = t.a.sub(t.lane(x, i), t.lane(y, i))
	}
	return out
}

// geometric is interp's evalGeometric: Dot, Length, Distance are one lane,
// Cross three, Normalize and Reflect/Refract the operand's width.
func (t *translator) geometric(op ir.Op, args []vec) (vec, bool, error) {
	need := interp.GeometricOperands[op]
	if need == 0 {
		return vec{}, false, nil
	}
	if len(args) != need {
		return vec{}, true, fmt.Errorf("takes %d operands, has %d", need, len(args))
	}
	for _, x := range args {
		if x.handle {
			return vec{}, true, fmt.Errorf("an operand is not a number")
		}
	}
	a := t.a
	switch op {
	case ir.OpDot:
		return scalar(t.dot(args[0], args[1])), true, nil
	case ir.OpLength:
		return scalar(a.sqrt(t.dot(args[0], args[0]))), true, nil
	case ir.OpDistance:
		d := t.minus(args[0], args[1])
		return scalar(a.sqrt(t.dot(d, d))), true, nil
	case ir.OpCross:
		x, y := t.fit(args[0], 3), t.fit(args[1], 3)
		c := func(i, j int) string { return a.sub(a.mul(x.l[i], y.l[j]), a.mul(x.l[j], y.l[i])) }
		return vec{n: 3, l: [4]string{c(1, 2), c(2, 0), c(0, 1)}}, true, nil
	case ir.OpNormalize:
		// A zero vector normalises to 0.
		return t.scale(args[0], a.safeDiv(a.one(), a.sqrt(t.dot(args[0], args[0])))), true, nil
	case ir.OpReflect:
		// reflect(i, n) = i − 2·dot(n, i)·n.
		i, nv := args[0], t.fit(args[1], args[0].n)
		return t.minus(i, t.scale(nv, a.mul(a.lit(2), t.dot(nv, i)))), true, nil
	case ir.OpRefract:
		// refract(i, n, eta): 0 on total internal reflection.
		i, nv, eta := args[0], t.fit(args[1], args[0].n), t.lane0(args[2])
		c := t.dot(nv, i)
		k := a.sub(a.one(), a.mul(a.mul(eta, eta), a.sub(a.one(), a.mul(c, c))))
		bent := t.minus(t.scale(i, eta), t.scale(nv, a.add(a.mul(eta, c), a.sqrt(k))))
		tir := a.lt(k, a.zero())
		out := vec{n: i.n}
		for j := 0; j < i.n; j++ {
			out.l[j] = a.ite(tir, a.zero(), bent.l[j])
		}
		return out, true, nil
	}
	return vec{}, false, nil
}
