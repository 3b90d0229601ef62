package fuzz

import (
	"regexp"
	"sort"
	"strconv"
	"strings"

	"reuselab/ir"
	"reuselab/reuse/engines"
)

// spelling is how an op the search builds is written in the 1.x surface
// (LANGUAGE.md §6.2, §6.5), and how wide its result is. Only ops with a
// spelling are built: a witness must print as a program validate reads.
type spelling struct {
	arity int
	infix string // "+", "-", "*", "/"; "" for a call
	call  string // the builtin's name; "-" for Negate
	// width is the result's width for operand widths ws, 0 when the
	// operands do not fit.
	width func(ws []int) int
}

// widest is the 1.x rule of a componentwise op: equal widths, or scalars
// beside one vector width.
func widest(ws []int) int {
	w := 1
	for _, x := range ws {
		if x != 1 && w != 1 && x != w {
			return 0
		}
		w = max(w, x)
	}
	return w
}

func same(ws []int) int   { return ws[0] }
func scalar(ws []int) int { return min(1, widest(ws)) }

func sum(ws []int) int {
	if s := ws[0] + ws[1]; s <= 4 {
		return s
	}
	return 0
}

func cross(ws []int) int {
	if ws[0] == 3 && ws[1] == 3 {
		return 3
	}
	return 0
}

// Swizzle's width is its mask's; it is built with every mask of one to
// the source's width channels in ascending order (a reordered mask is
// Appends of one-channel Swizzles in 1.x, LANGUAGE.md §6.3).
var spellings = map[ir.Op]spelling{
	ir.OpAdd:      {2, "+", "", widest},
	ir.OpSubtract: {2, "-", "", widest},
	ir.OpMultiply: {2, "*", "", widest},
	ir.OpDivide:   {2, "/", "", widest},
	ir.OpNegate:   {1, "", "-", same},
	ir.OpAbs:      {1, "", "abs", same}, ir.OpFloor: {1, "", "floor", same}, ir.OpCeil: {1, "", "ceil", same},
	ir.OpRound: {1, "", "round", same}, ir.OpFrac: {1, "", "frac", same}, ir.OpTruncate: {1, "", "trunc", same},
	ir.OpSign: {1, "", "sign", same}, ir.OpSaturate: {1, "", "saturate", same}, ir.OpSqrt: {1, "", "sqrt", same},
	ir.OpRsqrt: {1, "", "rsqrt", same}, ir.OpRcp: {1, "", "rcp", same}, ir.OpExp: {1, "", "exp", same},
	ir.OpExp2: {1, "", "exp2", same}, ir.OpLog: {1, "", "log", same}, ir.OpLog2: {1, "", "log2", same},
	ir.OpLog10: {1, "", "log10", same}, ir.OpSin: {1, "", "sin", same}, ir.OpCos: {1, "", "cos", same},
	ir.OpTan: {1, "", "tan", same}, ir.OpAsin: {1, "", "asin", same}, ir.OpAcos: {1, "", "acos", same},
	ir.OpAtan: {1, "", "atan", same}, ir.OpNormalize: {1, "", "normalize", same},
	ir.OpLength: {1, "", "length", scalar},
	ir.OpFmod:   {2, "", "fmod", widest}, ir.OpMin: {2, "", "min", widest}, ir.OpMax: {2, "", "max", widest},
	ir.OpPow: {2, "", "pow", widest}, ir.OpAtan2: {2, "", "atan2", widest}, ir.OpStep: {2, "", "step", widest},
	ir.OpDot: {2, "", "dot", scalar}, ir.OpDistance: {2, "", "distance", scalar}, ir.OpCross: {2, "", "cross", cross},
	ir.OpClamp: {3, "", "clamp", widest}, ir.OpLerp: {3, "", "lerp", widest}, ir.OpSmoothStep: {3, "", "smoothstep", widest},
	ir.OpAppend:  {2, "", "", sum},
	ir.OpSwizzle: {1, "", "", same},
}

// Buildable reports whether the search builds op (it has a 1.x spelling).
func Buildable(op ir.Op) bool {
	_, ok := spellings[op]
	return ok
}

var (
	quoted  = regexp.MustCompile(`"([A-Za-z0-9]+)"`)
	word    = regexp.MustCompile(`[A-Za-z][A-Za-z0-9]*`)
	numeral = regexp.MustCompile(`(?:^|[^A-Za-z0-9_.])(-?[0-9]+\.[0-9]+(?:[eE][-+]?[0-9]+)?)`)
)

// Aim is what the search aims at for a pack: the ops its clauses (and its
// `# touches:` header) name, and the numbers its clauses compare with.
type Aim struct {
	Ops       []ir.Op   // buildable, in op order
	Unbuilt   []string  // named but without a 1.x spelling: reached only inside random graphs
	Constants []float64 // the numbers the pack's text names (`cval(C, 0, 1.0)`), sorted
}

// AimOf reads the pack's own text: every quoted op name of its clauses
// (`cur(N, "Subtract", 2)`, `unit("Multiply", …)`, `commutes("Add")`) and
// every op name of its `# touches:` header; and the decimal numbers its
// clauses name.
func AimOf(p *engines.Pack) Aim {
	src := p.Rules().Source
	names := map[string]bool{}
	var code strings.Builder
	for _, line := range strings.Split(src, "\n") {
		t := strings.TrimSpace(line)
		if rest, ok := strings.CutPrefix(t, "#"); ok {
			if h, ok := strings.CutPrefix(strings.TrimSpace(rest), "touches:"); ok {
				for _, w := range word.FindAllString(h, -1) {
					names[w] = true
				}
			}
			continue
		}
		code.WriteString(line)
		code.WriteByte('\n')
	}
	for _, m := range quoted.FindAllStringSubmatch(code.String(), -1) {
		names[m[1]] = true
	}
	var a Aim
	seen := map[ir.Op]bool{}
	for n := range names {
		op, ok := ir.ParseOp(n)
		switch {
		case !ok || op == ir.OpConstant || op == ir.OpParameter:
		case Buildable(op):
			if !seen[op] {
				seen[op] = true
				a.Ops = append(a.Ops, op)
			}
		default:
			a.Unbuilt = append(a.Unbuilt, n)
		}
	}
	sort.Slice(a.Ops, func(i, j int) bool { return a.Ops[i] < a.Ops[j] })
	sort.Strings(a.Unbuilt)
	nums := map[float64]bool{}
	for _, m := range numeral.FindAllStringSubmatch(code.String(), -1) {
		if v, err := strconv.ParseFloat(m[1], 64); err == nil {
			nums[v] = true
		}
	}
	for v := range nums {
		a.Constants = append(a.Constants, v)
	}
	sort.Float64s(a.Constants)
	return a
}
