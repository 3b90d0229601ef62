// Package gen writes synthetic DreamShader materials: valid 1.x `.dsm`
// programs, or 2.0 `.dss` ones (Config.Lang, dss.go), of a chosen size and
// duplicate rate, reproducible by seed and meant to be read by a person. They exercise what node reuse works on:
// repeated subexpressions, re-read parameters, `UE.TexCoord(Index = k)` and
// `UE.Time()` calls, swizzles, `if` merges and Function calls, and nothing
// the 1.x language lacks (LANGUAGE.md §5–6): no comparisons outside `if`
// conditions, no loops, no `+=`, locals never re-assigned outside an `if`
// (so a repeated text always reads the same nodes and is a true duplicate).
package gen

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Config says what to generate.
type Config struct {
	// Nodes is the target raw IR node count (passes off); the program stops
	// growing once its estimate reaches it.
	Nodes int
	Seed  uint64
	// DupRate is the chance that an expression repeats the text of an
	// earlier one of the same width instead of being new.
	DupRate float64
	// Branches is the number of `if`/`else` statements, spread evenly.
	Branches int
	// Name is the asset path; empty means "Generated/G_n<Nodes>_s<Seed>".
	// A `.dss` material is named by its entry function: the last segment.
	Name string
	// Lang is the language written: "dsm" (or empty) for 1.x, "dss" for
	// 2.0 (LANGUAGE-DSS.md).
	Lang string
}

// Langs are the values Config.Lang takes.
var Langs = []string{"dsm", "dss"}

// ValidLang reports whether lang is one of Langs or empty.
func ValidLang(lang string) bool { return lang == "" || lang == "dsm" || lang == "dss" }

func (c Config) dss() bool { return c.Lang == "dss" }

// FileName is the conventional file name of cfg's program.
func (c Config) FileName() string {
	ext := "dsm"
	if c.dss() {
		ext = "dss"
	}
	return fmt.Sprintf("G_n%d_s%d.%s", c.Nodes, c.Seed, ext)
}

func (c Config) assetName() string {
	if c.Name != "" {
		return c.Name
	}
	return "Generated/G_n" + fmt.Sprint(c.Nodes) + "_s" + fmt.Sprint(c.Seed)
}

// expr is a generated expression: its text and its raw IR node estimate.
type expr struct {
	text string
	cost int
}

// local is a Graph variable; width 1..3.
type local struct {
	name  string
	width int
	reads int
}

type generator struct {
	cfg    Config
	rng    *rand.Rand
	body   strings.Builder
	indent string
	cost   int // estimated raw IR nodes so far
	locals []*local
	// unreadQ[w] holds the locals of width w in declaration order, from the
	// oldest that may still be unread.
	unreadQ [4][]*local
	pool    [4][]expr // earlier expressions by width, for duplicates
	params  [4][]string
	used    map[string]bool // parameters read at least once (one node each)
	nextID  int
	funcs   []string
	dss     bool // writing 2.0 `.dss` (dss.go) rather than 1.x
	// firstReads sums the nodes parameters made at their first read; a
	// `.dss` repeat of an expression does not make them again.
	firstReads int
}

// Program returns the source of one material and its raw node estimate.
func Program(cfg Config) (string, int) {
	if cfg.Nodes < 1 {
		cfg.Nodes = 1
	}
	g := &generator{cfg: cfg, rng: rand.New(rand.NewPCG(cfg.Seed, 0x5eed_d5a1)), indent: "        ", used: map[string]bool{}, dss: cfg.dss()}
	if g.dss {
		g.indent = "    "
	}
	g.declareParams()
	g.funcs = []string{"F_Gen_Mix", "F_Gen_Bias"}

	// The if statements are spread over the node budget: one each time the
	// estimate crosses another 1/(Branches+1) of it.
	nextIf := 1
	for g.cost < cfg.Nodes {
		if nextIf <= cfg.Branches && g.cost*(cfg.Branches+1) >= nextIf*cfg.Nodes {
			g.ifStatement()
			nextIf++
			continue
		}
		g.declaration()
	}
	for ; nextIf <= cfg.Branches; nextIf++ {
		g.ifStatement()
	}
	g.outputs()
	if g.dss {
		return g.renderDSS(), g.cost + 1
	}
	return g.render(), g.cost + 1 // + the MaterialSink
}

func (g *generator) declareParams() {
	// Enough parameters that re-reads are common but not every read is one.
	n := 3 + g.cfg.Nodes/60 // at least two scalars and one vec3
	n = min(n, 24)
	for i := 0; i < n; i++ {
		if i%3 == 2 {
			g.params[3] = append(g.params[3], fmt.Sprintf("Tint%d", i))
		} else {
			g.params[1] = append(g.params[1], fmt.Sprintf("Gain%d", i))
		}
	}
}

func (g *generator) line(format string, args ...any) {
	g.body.WriteString(g.indent)
	fmt.Fprintf(&g.body, format, args...)
	g.body.WriteByte('\n')
}

func (g *generator) fresh(prefix string) string {
	g.nextID++
	return fmt.Sprintf("%s%d", prefix, g.nextID)
}

func (g *generator) pickWidth() int {
	switch r := g.rng.IntN(20); {
	case r < 10:
		return 1
	case r < 13:
		return 2
	default:
		return 3
	}
}

func (g *generator) declaration() {
	w := g.pickWidth()
	e := g.expression(w, 1+g.rng.IntN(3))
	name := g.fresh([]string{"", "s", "uv", "v"}[w])
	g.line("%s %s = %s;", g.typeName(w), name, e.text)
	g.cost += e.cost
	g.addLocal(&local{name: name, width: w})
}

func (g *generator) typeName(w int) string {
	if g.dss {
		return []string{"", "float", "float2", "float3"}[w]
	}
	return []string{"", "float", "vec2", "vec3"}[w]
}

// expression builds an expression of width w and at most depth levels of
// operators, remembering it for later duplicates.
func (g *generator) expression(w, depth int) expr {
	// Only operations are repeated: a repeated leaf is a plain re-read, which
	// the leaves already produce at their own rate.
	if pool := g.pool[w]; depth > 0 && len(pool) > 0 && g.rng.Float64() < g.cfg.DupRate {
		return pool[g.rng.IntN(len(pool))]
	}
	var e expr
	before := g.firstReads
	if depth <= 0 {
		e = g.leaf(w)
	} else {
		e = g.operation(w, depth)
	}
	if e.cost > 1 {
		p := e
		if g.dss { // (1.x keeps its estimate, which sizes the pinned corpus)
			p.cost -= g.firstReads - before
		}
		g.pool[w] = append(g.pool[w], p)
	}
	return e
}

func (g *generator) operation(w, depth int) expr {
	sub := func(w int) expr { return g.expression(w, depth-1-g.rng.IntN(2)) }
	switch g.rng.IntN(10) {
	case 0, 1, 2, 3: // binary, same width
		a, b := sub(w), sub(w)
		op := []string{"+", "-", "*", "*"}[g.rng.IntN(4)]
		return expr{fmt.Sprintf("%s %s %s", paren(a.text), op, paren(b.text)), a.cost + b.cost + 1}
	case 4: // vector scaled by a scalar (scalar broadcast)
		a, b := sub(w), sub(1)
		return expr{fmt.Sprintf("%s * %s", paren(a.text), paren(b.text)), a.cost + b.cost + 1}
	case 5: // unary math builtin
		a := sub(w)
		fn := []string{"saturate", "frac", "abs", "sin"}[g.rng.IntN(4)]
		return expr{fmt.Sprintf("%s(%s)", fn, a.text), a.cost + 1}
	case 6:
		a, b, t := sub(w), sub(w), sub(1)
		return expr{fmt.Sprintf("lerp(%s, %s, %s)", a.text, b.text, t.text), a.cost + b.cost + t.cost + 1}
	case 7:
		a, b := sub(w), sub(w)
		fn := []string{"max", "min"}[g.rng.IntN(2)]
		return expr{fmt.Sprintf("%s(%s, %s)", fn, a.text, b.text), a.cost + b.cost + 1}
	case 8:
		if w == 1 { // a Function call: a Custom node per call site in 1.x
			a, b := sub(1), sub(1)
			fn := g.funcs[g.rng.IntN(len(g.funcs))]
			if g.dss { // a helper is inlined: its body's three nodes
				return expr{fmt.Sprintf("%s(%s, %s)", fn, a.text, b.text), a.cost + b.cost + 3}
			}
			return expr{fmt.Sprintf("%s(%s, %s)", fn, a.text, b.text), a.cost + b.cost + 1}
		}
		// A swizzle that reorders channels: masks joined by Appends.
		return g.reorder(w)
	default:
		if g.dss && g.rng.IntN(2) == 0 {
			return g.conditional(w, depth)
		}
		return g.leaf(w)
	}
}

// reorder reads a vec3 with its channels in another order.
func (g *generator) reorder(w int) expr {
	src := g.leaf(3)
	mask := []string{"", "", "yx", "zyx"}[w]
	if w == 2 && g.rng.IntN(2) == 0 {
		mask = "zx"
	}
	// One swizzle per channel plus the Appends joining them (LANGUAGE.md §6.3).
	return expr{fmt.Sprintf("%s.%s", paren(src.text), mask), src.cost + 2*w - 1}
}

func (g *generator) leaf(w int) expr {
	// Prefer a local nothing has read yet, so that few nodes end up pruned.
	if l := g.unread(w); l != nil && g.rng.IntN(3) > 0 {
		l.reads++
		return expr{l.name, 0}
	}
	switch w {
	case 1:
		switch g.rng.IntN(7) {
		case 0, 1:
			return g.param(1)
		case 2:
			return expr{g.literal(), 1}
		case 3:
			return expr{"UE.Time()", 1}
		case 4:
			if v := g.anyLocal(3); v != nil {
				v.reads++
				return expr{v.name + "." + []string{"x", "y", "z", "r", "g", "b"}[g.rng.IntN(6)], 1}
			}
			return g.param(1)
		case 5:
			return expr{fmt.Sprintf("UE.TexCoord(Index = %d).%s", g.rng.IntN(2), []string{"x", "y"}[g.rng.IntN(2)]), 2}
		default:
			if v := g.anyLocal(1); v != nil {
				v.reads++
				return expr{v.name, 0}
			}
			return expr{g.literal(), 1}
		}
	case 2:
		switch g.rng.IntN(4) {
		case 0, 1:
			return expr{fmt.Sprintf("UE.TexCoord(Index = %d)", g.rng.IntN(2)), 1}
		case 2:
			if v := g.anyLocal(3); v != nil {
				v.reads++
				return expr{v.name + ".xy", 1}
			}
			return expr{"UE.TexCoord(Index = 0)", 1}
		default:
			if v := g.anyLocal(2); v != nil {
				v.reads++
				return expr{v.name, 0}
			}
			return g.constructor(2)
		}
	default:
		switch g.rng.IntN(4) {
		case 0, 1:
			return g.param(3)
		case 2:
			return g.constructor(3)
		default:
			if v := g.anyLocal(3); v != nil {
				v.reads++
				return expr{v.name, 0}
			}
			return g.param(3)
		}
	}
}

// param reads a parameter: its node is built once, but a vec3 parameter is
// a float4 Parameter node and every read of it adds an .xyz Swizzle.
func (g *generator) param(w int) expr {
	ps := g.params[w]
	p := ps[g.rng.IntN(len(ps))]
	cost := 0
	if w == 3 && !g.dss { // a .dss makes the .xyz once, with the Parameter
		cost++
	}
	if !g.used[p] {
		g.used[p] = true
		cost++
		if w == 3 && g.dss {
			cost++
		}
		g.firstReads += cost
	}
	return expr{p, cost}
}

func (g *generator) literal() string {
	// A small vocabulary, so equal constants recur as they do in real code.
	return []string{"0.5", "2.0", "0.25", "1.0", "0.1", "3.0", "0.75"}[g.rng.IntN(7)]
}

// unread returns the oldest local of width w nothing has read yet. Locals
// are only ever read, never un-read, so a queue per width with a moving head
// keeps this O(1) amortised (a scan made gen quadratic).
func (g *generator) unread(w int) *local {
	q := g.unreadQ[w]
	for len(q) > 0 && q[0].reads > 0 {
		q = q[1:]
	}
	g.unreadQ[w] = q
	if len(q) == 0 {
		return nil
	}
	return q[0]
}

func (g *generator) addLocal(l *local) {
	g.locals = append(g.locals, l)
	g.unreadQ[l.width] = append(g.unreadQ[l.width], l)
}

func (g *generator) anyLocal(w int) *local {
	var c []*local
	for _, l := range g.locals[max(0, len(g.locals)-24):] {
		if l.width == w {
			c = append(c, l)
		}
	}
	if len(c) == 0 {
		return nil
	}
	return c[g.rng.IntN(len(c))]
}

// paren wraps s when it has an operator outside parentheses, the only
// case where precedence could change its meaning inside a larger expression.
func paren(s string) string {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
		case '+', '-', '*', '/':
			if depth == 0 {
				return "(" + s + ")"
			}
		}
	}
	return s
}
