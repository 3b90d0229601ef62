package reduce_test

import (
	"fmt"
	"strings"
)

// A generator of small valid `.dsm` materials driven by bytes, for the
// fuzzer (whose mutations then move through program space) and for the
// seeded tests (which feed it pseudo-random bytes). Every choice reads one
// byte; an exhausted input reads 0, so every byte string is a program.
// It writes what the reuse passes and rule packs work on: repeated
// subexpressions, swapped operands (a − b beside b − a, the twin an unsound
// "Subtract as a set" rule merges), self-division (x / x, which is 1 only
// when x ≠ 0), algebraic identities (x*1, pow(x, 1) …), guarded builtins,
// swizzles, constructors, scene reads and if merges. Every local is read by the outputs, so nothing is pruned and
// every node is observable at the sink.

type progen struct {
	in      []byte
	pos     int
	b       strings.Builder
	scalars []string // readable scalar names (parameters and locals)
	vecs    []string
	unread  map[string]bool
	pairs   [][2]string // binary operands written so far, for swapped twins
	n       int
}

func (p *progen) byte() int {
	if p.pos >= len(p.in) {
		return 0
	}
	c := p.in[p.pos]
	p.pos++
	return int(c)
}

func (p *progen) pick(n int) int { return p.byte() % n }

func (p *progen) pickOf(names []string) string { return names[p.pick(len(names))] }

var literals = []string{"0.5", "2.0", "1.0", "0.0", "0.25", "3.0", "0.1"}

// scalar writes a scalar expression of at most depth operators.
func (p *progen) scalar(depth int) string {
	if depth <= 0 {
		switch p.pick(8) {
		case 0:
			return p.pickOf(literals)
		case 1:
			return "UE.Time()"
		case 2:
			return fmt.Sprintf("UE.TexCoord(Index = %d).%s", p.pick(2), p.pickOf([]string{"x", "y"}))
		case 3:
			return p.read(p.vecs) + "." + p.pickOf([]string{"x", "y", "z", "g"})
		default:
			return p.read(p.scalars)
		}
	}
	sub := func() string { return p.scalar(depth - 1 - p.pick(2)) }
	switch p.pick(12) {
	case 0, 1, 2:
		a, b := paren(sub()), paren(sub())
		op := p.pickOf([]string{"+", "-", "*", "/", "-"})
		// A swapped twin of an earlier pair, a third of the time.
		if len(p.pairs) > 0 && p.pick(3) == 0 {
			pr := p.pairs[p.pick(len(p.pairs))]
			a, b = pr[1], pr[0]
		}
		p.pairs = append(p.pairs, [2]string{a, b})
		return a + " " + op + " " + b
	case 3:
		a := paren(sub())
		return a + " / " + a
	case 4:
		return "-" + paren(sub())
	case 5:
		return p.pickOf([]string{"sin", "abs", "frac", "floor", "sqrt", "saturate", "cos"}) + "(" + sub() + ")"
	case 6:
		return p.pickOf([]string{"max", "min", "fmod", "pow"}) + "(" + sub() + ", " + sub() + ")"
	case 7:
		return "lerp(" + sub() + ", " + sub() + ", " + sub() + ")"
	case 8:
		return "dot(" + p.vector(depth-1) + ", " + p.vector(depth-1) + ")"
	case 9:
		return "length(" + p.vector(depth-1) + ")"
	case 10:
		// What an identities pack rewrites: x*1, 1*x, x+0, x-0, x/1,
		// pow(x, 1), min(x, x), max(x, x).
		x := paren(sub())
		return []string{x + " * 1.0", "1.0 * " + x, x + " + 0.0", x + " - 0.0", x + " / 1.0",
			"pow(" + x + ", 1.0)", "min(" + x + ", " + x + ")", "max(" + x + ", " + x + ")"}[p.pick(8)]
	}
	return p.scalar(0)
}

// vector writes a vec3 expression.
func (p *progen) vector(depth int) string {
	if depth <= 0 {
		switch p.pick(5) {
		case 0:
			return "vec3(" + p.pickOf(literals) + ", " + p.pickOf(literals) + ", " + p.pickOf(literals) + ")"
		case 1:
			return p.read(p.vecs) + ".zyx"
		default:
			return p.read(p.vecs)
		}
	}
	sub := func() string { return p.vector(depth - 1 - p.pick(2)) }
	switch p.pick(8) {
	case 0, 1:
		return paren(sub()) + " " + p.pickOf([]string{"+", "-", "*"}) + " " + paren(sub())
	case 2:
		return paren(sub()) + " * " + paren(p.scalar(depth-1))
	case 3:
		return "vec3(" + p.scalar(depth-1) + ", " + p.scalar(depth-1) + ", " + p.scalar(depth-1) + ")"
	case 4:
		return p.pickOf([]string{"saturate", "frac", "abs", "normalize"}) + "(" + sub() + ")"
	case 5:
		return "lerp(" + sub() + ", " + sub() + ", " + p.scalar(depth-1) + ")"
	case 6:
		return "vec3(UE.TexCoord(Index = 0), " + p.scalar(depth-1) + ")"
	}
	return p.vector(0)
}

// read names a variable, marking it read.
func (p *progen) read(names []string) string {
	n := p.pickOf(names)
	delete(p.unread, n)
	return n
}

func (p *progen) line(indent, format string, args ...any) {
	p.b.WriteString(indent)
	fmt.Fprintf(&p.b, format, args...)
	p.b.WriteByte('\n')
}

func (p *progen) declare(vec bool, expr string) string {
	p.n++
	name, typ := fmt.Sprintf("s%d", p.n), "float"
	if vec {
		name, typ = fmt.Sprintf("v%d", p.n), "vec3"
	}
	p.line("        ", "%s %s = %s;", typ, name, expr)
	if vec {
		p.vecs = append(p.vecs, name)
	} else {
		p.scalars = append(p.scalars, name)
	}
	p.unread[name] = true
	return name
}

// Program turns bytes into a material of about stmts Graph statements.
func Program(in []byte, stmts int) string {
	p := &progen{in: in, scalars: []string{"A", "B", "C"}, vecs: []string{"T"}, unread: map[string]bool{}}
	var g strings.Builder
	g.WriteString("Shader(Name=\"Fuzz/M_Fuzz\")\n{\n    Properties = {\n")
	g.WriteString("        float A = 0.5;\n        float B = 0.25;\n        float C = 2.0;\n        vec3 T = vec3(1.0, 0.5, 0.2);\n    }\n\n")
	g.WriteString("    Outputs = {\n        vec3 Color;\n        float Alpha;\n        Base.EmissiveColor = Color;\n        Base.Opacity = Alpha;\n    }\n\n")
	g.WriteString("    Graph = {\n")
	for i := 0; i < stmts; i++ {
		depth := 1 + p.pick(3)
		switch p.pick(7) {
		case 0, 1, 2:
			p.declare(false, p.scalar(depth))
		case 3, 4:
			p.declare(true, p.vector(depth))
		case 5:
			p.ifStatement(depth)
			i += 2
		default:
			p.declare(false, p.scalar(0)+" "+p.pickOf([]string{"-", "/", "+"})+" "+p.scalar(0))
		}
	}
	var vs, ss []string
	for _, v := range p.vecs {
		if p.unread[v] {
			vs = append(vs, v)
		}
	}
	for _, s := range p.scalars {
		if p.unread[s] {
			ss = append(ss, s)
		}
	}
	if len(vs) == 0 {
		vs = []string{"T"}
	}
	if len(ss) == 0 {
		ss = []string{"A"}
	}
	p.line("        ", "Color = %s;", strings.Join(vs, " + "))
	p.line("        ", "Alpha = %s;", strings.Join(ss, " + "))
	g.WriteString(p.b.String())
	g.WriteString("    }\n}\n")
	return g.String()
}

// ifStatement declares a target, then merges two values into it.
func (p *progen) ifStatement(depth int) {
	vec := p.pick(2) == 0
	init := "0.0"
	if vec {
		init = "vec3(0.0, 0.0, 0.0)"
	}
	name := p.declare(vec, init)
	cond := p.scalar(depth - 1)
	op := p.pickOf([]string{">", "<", ">=", "<=", "==", "!="})
	p.line("        ", "if (%s %s %s) {", cond, op, p.scalar(0))
	arm := func() string {
		if vec {
			return p.vector(depth)
		}
		return p.scalar(depth)
	}
	p.line("            ", "%s = %s;", name, arm())
	p.line("        ", "} else {")
	p.line("            ", "%s = %s;", name, arm())
	p.line("        ", "}")
}

// paren wraps an expression holding an operator outside parentheses.
func paren(s string) string {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
		case '+', '-', '*', '/':
			if depth == 0 && i > 0 {
				return "(" + s + ")"
			}
		}
	}
	if strings.HasPrefix(s, "-") {
		return "(" + s + ")"
	}
	return s
}
