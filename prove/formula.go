package prove

import (
	"fmt"
	"math"
	"math/big"
	"strings"
)

// A formula is SMT-LIB2 text built in creation order: declarations and
// definitions get names numbered as they are made (v leaves, u
// uninterpreted functions, t definitions, r the real square roots), so
// that one query built twice, on any graph, is one text, which the proof
// cache keys on. Every compound term is a define-fun, shared by its text:
// a cone that reads one node twice writes it once, and the text grows with
// the cone, not with its paths.
type formula struct {
	b        strings.Builder
	defs     map[string]string        // sort + expression → its definition's name
	apps     map[string][]application // an uninterpreted function's applications, by signature
	applied  map[string]string        // signature and arguments → the application's variable
	vars     map[string]string        // leaf key and lane → variable name
	asserts  []string                 // side conditions: boolean leaves, the reals' square roots
	boolVars map[string]bool          // the leaves that are 0 or 1
	nDef     int
	nVar     int
	nApp     int
	nAux     int
	hsort    string // the sort identities are written in
	maxTerms int
	err      error
}

// application is one use of an uninterpreted function.
type application struct {
	args []string
	name string
}

// newFormula starts a formula. Identities (textures, material attributes)
// are only ever compared, so any sort with enough values serves: 32-bit
// vectors beside floats, integers beside reals (sorts the solvers' fast
// procedures for those logics accept, where an uninterpreted sort is not).
func newFormula(maxTerms int, reals bool) *formula {
	f := &formula{defs: map[string]string{}, apps: map[string][]application{}, applied: map[string]string{},
		vars: map[string]string{}, boolVars: map[string]bool{}, maxTerms: maxTerms, hsort: "(_ BitVec 32)"}
	if reals {
		f.hsort = "Int"
	}
	return f
}

func (f *formula) fail(format string, args ...any) {
	if f.err == nil {
		f.err = fmt.Errorf(format, args...)
	}
}

// def names expr, of sort s. An atom (a name or a literal) is its own name.
func (f *formula) def(s, expr string) string {
	if !strings.ContainsAny(expr, " (") || strings.HasPrefix(expr, "(fp #") || strings.HasPrefix(expr, "(_ ") {
		return expr
	}
	key := s + "\x00" + expr
	if n, ok := f.defs[key]; ok {
		return n
	}
	f.bound()
	n := fmt.Sprintf("t%d", f.nDef)
	f.nDef++
	f.defs[key] = n
	fmt.Fprintf(&f.b, "(define-fun %s () %s %s)\n", n, s, expr)
	return n
}

// bound fails the formula past maxTerms definitions, applications and side
// conditions (n applications of one function make n² of those).
func (f *formula) bound() {
	if len(f.defs)+f.nApp+len(f.asserts) >= f.maxTerms {
		f.fail("the formula has more than %d terms", f.maxTerms)
	}
}

// leaf is the variable for lane k of the input named key; a boolean one
// is 0 or 1, as ir/interp draws it.
func (f *formula) leaf(key string, k int, s string, boolean bool) string {
	id := fmt.Sprintf("%s\x00%d\x00%s\x00%t", key, k, s, boolean)
	if n, ok := f.vars[id]; ok {
		return n
	}
	n := fmt.Sprintf("v%d", f.nVar)
	f.nVar++
	f.vars[id] = n
	fmt.Fprintf(&f.b, "(declare-fun %s () %s)\n", n, s)
	if boolean {
		f.boolVars[n] = true
		a := ar{k: real, f: f}
		if s == sortF32 {
			a.k = f32
		}
		f.asserts = append(f.asserts, "(or (= "+n+" "+a.zero()+") (= "+n+" "+a.one()+"))")
	}
	return n
}

// apply is the uninterpreted function of signature sig applied to args,
// Ackermann's way: each distinct application is a fresh variable, and any
// two applications of one function are equal where their arguments are.
// z3 answers float formulas with uninterpreted functions slowly (its
// general core), and this is the same claim without them.
func (f *formula) apply(sig string, args []string, res string) string {
	key := sig + "\x00" + res
	whole := key + "\x00" + strings.Join(args, " ")
	if n, ok := f.applied[whole]; ok {
		return n
	}
	f.bound()
	n := fmt.Sprintf("u%d", f.nApp)
	f.nApp++
	f.applied[whole] = n
	fmt.Fprintf(&f.b, "(declare-fun %s () %s)\n", n, res)
	for _, other := range f.apps[key] {
		if len(other.args) != len(args) { // one signature, one arity: never
			continue
		}
		var eqs []string
		for i := range args {
			if args[i] != other.args[i] {
				eqs = append(eqs, "(= "+args[i]+" "+other.args[i]+")")
			}
		}
		cond := "true"
		switch len(eqs) {
		case 1:
			cond = f.def(sortBool, eqs[0])
		default:
			if len(eqs) > 1 {
				cond = f.def(sortBool, "(and "+strings.Join(eqs, " ")+")")
			}
		}
		f.asserts = append(f.asserts, "(=> "+cond+" (= "+n+" "+other.name+"))")
	}
	f.apps[key] = append(f.apps[key], application{args: args, name: n})
	return n
}

// aux declares a fresh real with a defining side condition.
func (f *formula) aux(s string, cond func(r string) string) string {
	n := fmt.Sprintf("r%d", f.nAux)
	f.nAux++
	fmt.Fprintf(&f.b, "(declare-fun %s () %s)\n", n, s)
	f.asserts = append(f.asserts, cond(n))
	return n
}

// text is the whole formula: definitions, side conditions, and the claim
// that the sides differ.
func (f *formula) text(differ string) string {
	var b strings.Builder
	b.WriteString(f.b.String())
	for _, a := range f.asserts {
		fmt.Fprintf(&b, "(assert %s)\n", a)
	}
	fmt.Fprintf(&b, "(assert %s)\n", differ)
	return b.String()
}

const (
	sortF32  = "(_ FloatingPoint 8 24)"
	sortF64  = "(_ FloatingPoint 11 53)"
	sortReal = "Real"
	sortBool = "Bool"
)

// numKind is the number system a translation computes in.
type numKind uint8

const (
	f32  numKind = iota // what Unreal computes: IEEE binary32, round to nearest even
	f64                 // what ir/interp computes: the cross-check of a witness
	real                // the exact reals
)

// ar builds the arithmetic of one number system into a formula.
type ar struct {
	k numKind
	f *formula
}

func (a ar) sort() string {
	switch a.k {
	case f32:
		return sortF32
	case f64:
		return sortF64
	}
	return sortReal
}

func (a ar) fp() bool { return a.k != real }

// lit is x in the number system: rounded to nearest even in float32, exact
// in float64 and the reals (where NaN and the infinities do not exist).
func (a ar) lit(x float64) string {
	switch a.k {
	case f32:
		return fpLit32(float32(x))
	case f64:
		return fpLit64(x)
	}
	if math.IsNaN(x) || math.IsInf(x, 0) {
		a.f.fail("the constant %v is not a real number", x)
		return "0.0"
	}
	return realLit(new(big.Rat).SetFloat64(x))
}

func fpLit32(x float32) string {
	if x != x {
		return "(_ NaN 8 24)"
	}
	b := math.Float32bits(x)
	return fmt.Sprintf("(fp #b%01b #b%08b #b%023b)", b>>31, (b>>23)&0xff, b&0x7fffff)
}

func fpLit64(x float64) string {
	if x != x {
		return "(_ NaN 11 53)"
	}
	b := math.Float64bits(x)
	return fmt.Sprintf("(fp #b%01b #b%011b #b%052b)", b>>63, (b>>52)&0x7ff, b&0xfffffffffffff)
}

func realLit(r *big.Rat) string {
	neg := r.Sign() < 0
	abs := new(big.Rat).Abs(r)
	s := abs.Num().String() + ".0"
	if !abs.IsInt() {
		s = "(/ " + s + " " + abs.Denom().String() + ".0)"
	}
	if neg {
		s = "(- " + s + ")"
	}
	return s
}

func (a ar) zero() string { return a.lit(0) }
func (a ar) one() string  { return a.lit(1) }

func (a ar) num(expr string) string  { return a.f.def(a.sort(), expr) }
func (a ar) cond(expr string) string { return a.f.def(sortBool, expr) }

// arith is a rounded binary operation in floating point, exact in the reals.
func (a ar) arith(fpOp, realOp, x, y string) string {
	if a.fp() {
		return a.num("(" + fpOp + " RNE " + x + " " + y + ")")
	}
	return a.num("(" + realOp + " " + x + " " + y + ")")
}

// IEEE addition and multiplication are commutative (each is the exact
// result, rounded; SMT-LIB has one NaN), as + and * are over the reals, so
// their operands are written in one order: a*b and b*a are then one term,
// which a solver would otherwise have to prove equal by bit-blasting two
// multipliers, a notoriously hard problem for SAT.
func (a ar) add(x, y string) string { x, y = ordered(x, y); return a.arith("fp.add", "+", x, y) }
func (a ar) sub(x, y string) string { return a.arith("fp.sub", "-", x, y) }
func (a ar) mul(x, y string) string { x, y = ordered(x, y); return a.arith("fp.mul", "*", x, y) }

func ordered(x, y string) (string, string) {
	if y < x {
		return y, x
	}
	return x, y
}

// div is the unguarded quotient; the reals' (/ x 0) is some number, which
// every caller guards anyway.
func (a ar) div(x, y string) string { return a.arith("fp.div", "/", x, y) }

func (a ar) neg(x string) string {
	if a.fp() {
		return a.num("(fp.neg " + x + ")")
	}
	return a.num("(- " + x + ")")
}

func (a ar) abs(x string) string {
	if a.fp() {
		return a.num("(fp.abs " + x + ")")
	}
	return a.ite(a.lt(x, a.zero()), a.neg(x), x)
}

func (a ar) ite(c, x, y string) string {
	if x == y {
		return x
	}
	return a.num("(ite " + c + " " + x + " " + y + ")")
}

func (a ar) compare(fpOp, realOp, x, y string) string {
	if a.fp() {
		return a.cond("(" + fpOp + " " + x + " " + y + ")")
	}
	return a.cond("(" + realOp + " " + x + " " + y + ")")
}

func (a ar) lt(x, y string) string { return a.compare("fp.lt", "<", x, y) }
func (a ar) le(x, y string) string { return a.compare("fp.leq", "<=", x, y) }
func (a ar) gt(x, y string) string { return a.compare("fp.gt", ">", x, y) }
func (a ar) ge(x, y string) string { return a.compare("fp.geq", ">=", x, y) }

// eq is the ordered equality of the source's ==: false on NaN, −0 == +0.
func (a ar) eq(x, y string) string { return a.compare("fp.eq", "=", x, y) }

func (a ar) isZero(x string) string {
	if a.fp() {
		return a.cond("(fp.isZero " + x + ")")
	}
	return a.cond("(= " + x + " 0.0)")
}

func (a ar) isNaN(x string) string {
	if a.fp() {
		return a.cond("(fp.isNaN " + x + ")")
	}
	return "false"
}

func not(c string) string {
	switch c {
	case "true":
		return "false"
	case "false":
		return "true"
	}
	return "(not " + c + ")"
}

// same is the comparison policy of ir/interp: NaN equals NaN, −0 equals +0,
// anything else bit for bit.
func (a ar) same(x, y string) string {
	if x == y {
		return "true"
	}
	if a.fp() {
		return a.cond("(or (and " + a.isNaN(x) + " " + a.isNaN(y) + ") " + a.eq(x, y) + ")")
	}
	return a.cond("(= " + x + " " + y + ")")
}

// sqrt is the square root, unguarded. The reals have none, so it is a
// fresh r with r ≥ 0 and r·r = x where x ≥ 0, and free elsewhere: a
// condition that held only for x ≥ 0 would make every input with x < 0
// impossible, and a claim about such inputs vacuously proved.
func (a ar) sqrt(x string) string {
	if a.fp() {
		return a.num("(fp.sqrt RNE " + x + ")")
	}
	key := "sqrt\x00" + x
	if r, ok := a.f.defs[key]; ok {
		return r
	}
	r := a.f.aux(sortReal, func(r string) string {
		return "(=> (>= " + x + " 0.0) (and (>= " + r + " 0.0) (= (* " + r + " " + r + ") " + x + ")))"
	})
	a.f.defs[key] = r
	return r
}

// roundTo rounds to an integer toward -∞ (RTN), +∞ (RTP) or zero (RTZ).
func (a ar) roundTo(mode, x string) string {
	if a.fp() {
		return a.num("(fp.roundToIntegral " + mode + " " + x + ")")
	}
	floor := func(y string) string { return a.num("(to_real (to_int " + y + "))") }
	switch mode {
	case "RTN":
		return floor(x)
	case "RTP":
		return a.neg(floor(a.neg(x)))
	}
	return a.ite(a.ge(x, a.zero()), floor(x), a.neg(floor(a.neg(x))))
}

// fmod is HLSL's and Go's math.Mod: x − y·trunc(x/y), the sign of x, exact.
// IEEE's fp.rem rounds the quotient to nearest instead, so where its
// remainder has the other sign it is moved by |y| (exactly: the result is
// representable).
func (a ar) fmod(x, y string) string {
	if !a.fp() {
		return a.sub(x, a.mul(y, a.roundTo("RTZ", a.div(x, y))))
	}
	r := a.num("(fp.rem " + x + " " + y + ")")
	negX := a.cond("(fp.isNegative " + x + ")")
	negR := a.cond("(fp.isNegative " + r + ")")
	signed := a.ite(negX, a.neg(a.zero()), a.zero())
	moved := a.ite(negX, a.sub(r, a.abs(y)), a.add(r, a.abs(y)))
	return a.ite(a.isZero(r), signed, a.ite(a.cond("(= "+negX+" "+negR+")"), r, moved))
}

// widen is a float32 term as a float64 one (exact).
func widen(x string) string {
	return "((_ to_fp 11 53) RNE " + x + ")"
}
