package dss

// Folding the values of a `.dsp`: constants (numbers, bools, vector
// constructors, static consts and arithmetic over them) and the one shape
// a pipeline asset stores for a parameter, `Source * a + b`.

import (
	"strconv"
	"strings"
)

// pipeValue is a folded value: constant components with a type, or an
// affine use of a parameter (or of DreamPassWeight).
type pipeValue struct {
	vals   []float64
	typ    string // int, float, bool, floatN, …
	affine bool
	src    string
	a, b   float64
}

func (v pipeValue) print(typ string) string {
	if strings.HasPrefix(typ, "bool") && len(v.vals) == 1 {
		return strconv.FormatBool(v.vals[0] != 0)
	}
	if len(v.vals) == 1 {
		return num(v.vals[0])
	}
	return tuple(v.vals)
}

type foldParser struct {
	b    *pipeBinder
	toks []ptok
	i    int
	bad  bool
}

// fold folds a token run; false when it is not a constant or an affine
// use of one parameter.
func (b *pipeBinder) fold(ts []ptok) (pipeValue, bool) {
	if len(ts) == 0 {
		return pipeValue{}, false
	}
	fp := &foldParser{b: b, toks: ts}
	v := fp.sum(0)
	if fp.bad || fp.i != len(ts) {
		return pipeValue{}, false
	}
	return v, true
}

func (p *foldParser) is(text string) bool {
	return p.i < len(p.toks) && p.toks[p.i].kind == 'p' && p.toks[p.i].text == text
}

func (p *foldParser) sum(depth int) pipeValue {
	l := p.product(depth)
	for !p.bad && (p.is("+") || p.is("-")) {
		op := p.toks[p.i].text
		p.i++
		l = p.combine(op, l, p.product(depth))
	}
	return l
}

func (p *foldParser) product(depth int) pipeValue {
	l := p.unary(depth)
	for !p.bad && (p.is("*") || p.is("/")) {
		op := p.toks[p.i].text
		p.i++
		l = p.combine(op, l, p.unary(depth))
	}
	return l
}

func (p *foldParser) unary(depth int) pipeValue {
	if depth > maxFoldDepth {
		p.bad = true
		return pipeValue{}
	}
	if p.is("-") {
		p.i++
		v := p.unary(depth + 1)
		return p.combine("*", v, pipeValue{vals: []float64{-1}, typ: "int"})
	}
	if p.is("+") {
		p.i++
		return p.unary(depth + 1)
	}
	return p.primary(depth)
}

func (p *foldParser) primary(depth int) pipeValue {
	if p.i >= len(p.toks) {
		p.bad = true
		return pipeValue{}
	}
	t := p.toks[p.i]
	p.i++
	switch {
	case t.kind == 'p' && t.text == "(":
		v := p.sum(depth + 1)
		if !p.is(")") {
			p.bad = true
		}
		p.i++
		return v
	case t.kind == 'n':
		typ := "int"
		if !strings.HasPrefix(t.text, "0x") && strings.ContainsAny(t.text, ".eEfF") {
			typ = "float"
		}
		return pipeValue{vals: []float64{parseNumberText(t.text)}, typ: typ}
	case t.kind == 'i' && (t.text == "true" || t.text == "false"):
		return pipeValue{vals: []float64{pipeTruth(t.text == "true")}, typ: "bool"}
	case t.kind == 'i' && p.is("("):
		w, ok := ctorWidth(t.text)
		if !ok {
			p.bad = true
			return pipeValue{}
		}
		p.i++
		var vals []float64
		for !p.bad && !p.is(")") {
			v := p.sum(depth + 1)
			if v.affine {
				p.bad = true
			}
			vals = append(vals, v.vals...)
			if p.is(",") {
				p.i++
			} else if !p.is(")") {
				p.bad = true
			}
		}
		p.i++
		vals = fitWidth(vals, w)
		if len(vals) != w {
			p.bad = true
		}
		return pipeValue{vals: vals, typ: t.text}
	case t.kind == 'i' && t.text == "DreamPassWeight":
		return pipeValue{affine: true, src: "Weight", a: 1, typ: "float"}
	case t.kind == 'i':
		if c, ok := p.b.consts[t.text]; ok {
			return c
		}
		if typ, ok := p.b.params[t.text]; ok {
			return pipeValue{affine: true, src: t.text, a: 1, typ: typ}
		}
	}
	p.bad = true
	return pipeValue{}
}

// pipeTruth is 1 for true and 0 for false.
func pipeTruth(v bool) float64 {
	if v {
		return 1
	}
	return 0
}

// combine applies a binary operator; an affine operand combines with one
// scalar constant only.
func (p *foldParser) combine(op string, l, r pipeValue) pipeValue {
	if p.bad {
		return pipeValue{}
	}
	switch {
	case l.affine && r.affine:
		p.bad = true
		return pipeValue{}
	case l.affine || r.affine:
		aff, k := l, r
		if r.affine {
			aff, k = r, l
		}
		if len(k.vals) != 1 {
			p.bad = true
			return pipeValue{}
		}
		c := k.vals[0]
		switch {
		case op == "*":
			aff.a, aff.b = aff.a*c, aff.b*c
		case op == "/" && l.affine && c != 0:
			aff.a, aff.b = aff.a/c, aff.b/c
		case op == "+":
			aff.b += c
		case op == "-" && l.affine:
			aff.b -= c
		case op == "-":
			aff.a, aff.b = -aff.a, c-aff.b
		default:
			p.bad = true
		}
		return aff
	}
	vals, ok := foldArith(op, l.vals, r.vals)
	if !ok {
		p.bad = true
		return pipeValue{}
	}
	typ := l.typ
	if len(r.vals) > len(l.vals) || (r.typ != "int" && l.typ == "int") {
		typ = r.typ
	}
	return pipeValue{vals: vals, typ: typ}
}

// ctorWidth is the width a constructor call builds: floatN, halfN, intN,
// uintN and boolN (N 1 to 4, or none).
func ctorWidth(name string) (int, bool) {
	for _, base := range []string{"float", "half", "uint", "int", "bool"} {
		rest, found := strings.CutPrefix(name, base)
		if !found {
			continue
		}
		switch rest {
		case "":
			return 1, true
		case "2", "3", "4":
			return int(rest[0] - '0'), true
		}
	}
	return 0, false
}
