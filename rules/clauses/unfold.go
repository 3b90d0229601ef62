package clauses

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/google/mangle/ast"
)

// term is a clause's argument after parsing: a variable (v set) or a
// constant.
type term struct {
	v string
	c konst
}

type konstKind uint8

const (
	kNone konstKind = iota
	kStr
	kInt
	kFloat
	kName
)

type konst struct {
	k konstKind
	s string
	i int64
	f float64
}

func (t term) isVar() bool { return t.v != "" }

func (t term) String() string {
	if t.isVar() {
		return t.v
	}
	switch t.c.k {
	case kStr:
		return strconv.Quote(t.c.s)
	case kInt:
		return strconv.FormatInt(t.c.i, 10)
	case kFloat:
		return strconv.FormatFloat(t.c.f, 'g', -1, 64)
	}
	return t.c.s
}

func str(s string) term { return term{c: konst{k: kStr, s: s}} }
func num(i int64) term  { return term{c: konst{k: kInt, i: i}} }

// sameConst is Mangle's equality of constants: a float is never an int,
// and floats compare by their bits (so 0.0 is not -0.0, NaN is NaN).
func sameConst(a, b konst) bool {
	if a.k != b.k {
		return false
	}
	switch a.k {
	case kInt:
		return a.i == b.i
	case kFloat:
		return math.Float64bits(a.f) == math.Float64bits(b.f)
	}
	return a.s == b.s
}

// litKind says what a body literal is.
type litKind uint8

const (
	atomLit litKind = iota // p(args)
	negLit                 // !p(args)
	cmpLit                 // a < b, a <= b, a > b, a >= b, a != b
	eqLit                  // X = fn:f(args), X = Y
)

// lit is one premise of a clause, renamed apart.
type lit struct {
	kind  litKind
	pred  string // atom's predicate name with arity ("cur/3"), or the comparison (":lt", "!=")
	args  []term
	fn    string // eqLit: the function, "" for X = Y
	fargs []term
}

// clauseIn is a parsed clause with where it is written.
type clauseIn struct {
	at   string // FILE:LINE
	text string
	head []term
	pred string // head predicate with arity
	body []lit
	// why is set when the clause cannot be read as premises (an
	// aggregation, a term the translator does not know).
	why string
}

func predName(p ast.PredicateSym) string { return fmt.Sprintf("%s/%d", p.Symbol, p.Arity) }

// convert reads a Mangle clause. Wildcards become distinct variables.
func convert(c *ast.Clause, at, text string) clauseIn {
	out := clauseIn{at: at, text: text, pred: predName(c.Head.Predicate)}
	wild := 0
	conv := func(b ast.BaseTerm) (term, error) {
		switch x := b.(type) {
		case ast.Variable:
			if x.Symbol == "_" {
				wild++
				return term{v: fmt.Sprintf("_%d", wild)}, nil
			}
			return term{v: x.Symbol}, nil
		case ast.Constant:
			switch x.Type {
			case ast.StringType:
				s, _ := x.StringValue()
				return str(s), nil
			case ast.NumberType:
				n, _ := x.NumberValue()
				return num(n), nil
			case ast.Float64Type:
				f, _ := x.Float64Value()
				return term{c: konst{k: kFloat, f: f}}, nil
			case ast.NameType:
				s, _ := x.NameValue()
				return term{c: konst{k: kName, s: s}}, nil
			}
		}
		return term{}, fmt.Errorf("a term the translator does not read: %s", b)
	}
	convAll := func(bs []ast.BaseTerm) ([]term, error) {
		ts := make([]term, len(bs))
		for i, b := range bs {
			t, err := conv(b)
			if err != nil {
				return nil, err
			}
			ts[i] = t
		}
		return ts, nil
	}
	var err error
	if out.head, err = convAll(c.Head.Args); err != nil {
		out.why = err.Error()
		return out
	}
	if c.Transform != nil {
		out.why = "an aggregation or transform (do/let): its facts depend on a whole relation, not on one pattern"
		return out
	}
	for _, p := range c.Premises {
		var l lit
		switch x := p.(type) {
		case ast.Atom:
			l.kind, l.pred = atomLit, predName(x.Predicate)
			if strings.HasPrefix(x.Predicate.Symbol, ":") {
				l.kind, l.pred = cmpLit, x.Predicate.Symbol
				if _, ok := cmpText[l.pred]; !ok || len(x.Args) != 2 {
					out.why = fmt.Sprintf("uses the builtin %s", x.Predicate.Symbol)
					return out
				}
			}
			l.args, err = convAll(x.Args)
		case ast.NegAtom:
			l.kind, l.pred = negLit, predName(x.Atom.Predicate)
			l.args, err = convAll(x.Atom.Args)
		case ast.Ineq:
			l.kind, l.pred = cmpLit, "!="
			l.args, err = convAll([]ast.BaseTerm{x.Left, x.Right})
		case ast.Eq:
			l.kind = eqLit
			var left term
			if left, err = conv(x.Left); err != nil {
				break
			}
			l.args = []term{left}
			if fn, ok := x.Right.(ast.ApplyFn); ok {
				l.fn = fn.Function.Symbol
				l.fargs, err = convAll(fn.Args)
			} else {
				var right term
				right, err = conv(x.Right)
				l.args = append(l.args, right)
			}
		default:
			err = fmt.Errorf("a premise the translator does not read: %s", p)
		}
		if err != nil {
			out.why = err.Error()
			return out
		}
		out.body = append(out.body, l)
	}
	return out
}

// subst binds variables; lookups follow chains with a loop, never by
// recursion.
type subst map[string]term

func (s subst) walk(t term) term {
	for i := 0; t.isVar() && i <= len(s); i++ {
		u, ok := s[t.v]
		if !ok {
			return t
		}
		t = u
	}
	return t
}

func (s subst) clone() subst {
	c := make(subst, len(s))
	for k, v := range s {
		c[k] = v
	}
	return c
}

// unify binds a and b to one another; false when they are two different
// constants.
func (s subst) unify(a, b term) bool {
	a, b = s.walk(a), s.walk(b)
	switch {
	case a.isVar() && b.isVar():
		if a.v != b.v {
			s[a.v] = b
		}
		return true
	case a.isVar():
		s[a.v] = b
		return true
	case b.isVar():
		s[b.v] = a
		return true
	}
	return sameConst(a.c, b.c)
}

// rename gives every variable of c the suffix sfx, so that two copies of
// one clause (or a helper's clause unfolded twice) share none.
func rename(c clauseIn, sfx string) clauseIn {
	r := func(ts []term) []term {
		out := make([]term, len(ts))
		for i, t := range ts {
			if t.isVar() {
				t.v += sfx
			}
			out[i] = t
		}
		return out
	}
	c.head = r(c.head)
	body := make([]lit, len(c.body))
	for i, l := range c.body {
		l.args, l.fargs = r(l.args), r(l.fargs)
		body[i] = l
	}
	c.body = body
	return c
}

// alt is one way the body can hold: the premises left after helpers are
// unfolded, under the bindings their heads made.
type alt struct {
	lits  []lit
	sub   subst
	steps int
	// via lists the helper clauses unfolded, for the reason text.
	via []string
}

// Bounds of the unfolding: a pack's helpers are a few levels deep and a
// few clauses wide; past these the clause is not a fixed pattern worth
// proving once.
const (
	maxUnfoldSteps = 24
	maxAlts        = 256
)

// unfolder expands helper predicates, defined by the pack's own clauses.
type unfolder struct {
	defs      map[string][]clauseIn // helper predicate → its clauses
	recursive map[string]bool
	carried   map[string]bool
	fresh     int
}

// expand unfolds every positive helper premise of c's body (negated ones
// stay: they only restrict). It returns the alternatives, or why the
// clause is not a fixed pattern.
func (u *unfolder) expand(c clauseIn, sub subst) ([]alt, string) {
	queue := []alt{{lits: c.body, sub: sub}}
	var done []alt
	for len(queue) > 0 {
		a := queue[0]
		queue = queue[1:]
		at := -1
		for i, l := range a.lits {
			if l.kind != atomLit {
				continue
			}
			if u.carried[l.pred] {
				return nil, fmt.Sprintf("reads the carried analysis %s (a fact about the levels below that the pack derives, not a fixed pattern)", l.pred)
			}
			if _, ok := u.defs[l.pred]; ok {
				at = i
				break
			}
		}
		if at < 0 {
			done = append(done, a)
			continue
		}
		l := a.lits[at]
		if u.recursive[l.pred] {
			return nil, fmt.Sprintf("recursion through %s (a walk or closure as long as the graph makes it)", l.pred)
		}
		if a.steps >= maxUnfoldSteps {
			return nil, fmt.Sprintf("helpers nested deeper than %d unfoldings", maxUnfoldSteps)
		}
		for _, d := range u.defs[l.pred] {
			if d.why != "" {
				return nil, fmt.Sprintf("its helper %s (%s) has %s", l.pred, d.at, d.why)
			}
			u.fresh++
			d = rename(d, "~"+strconv.Itoa(u.fresh))
			s := a.sub.clone()
			ok := true
			for i := range d.head {
				if !s.unify(d.head[i], l.args[i]) {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			lits := make([]lit, 0, len(a.lits)-1+len(d.body))
			lits = append(lits, a.lits[:at]...)
			lits = append(lits, d.body...)
			lits = append(lits, a.lits[at+1:]...)
			queue = append(queue, alt{lits: lits, sub: s, steps: a.steps + 1, via: append(append([]string(nil), a.via...), d.at)})
		}
		if len(queue)+len(done) > maxAlts {
			return nil, fmt.Sprintf("more than %d cases once its helpers are unfolded", maxAlts)
		}
	}
	return done, ""
}

// recursiveHelpers marks every helper predicate that can reach itself
// through the bodies of its clauses (negations included: either way its
// facts grow with the graph's paths). Breadth-first from each predicate;
// a pack has a few dozen.
func recursiveHelpers(defs map[string][]clauseIn) map[string]bool {
	rec := map[string]bool{}
	for p := range defs {
		seen := map[string]bool{}
		queue := []string{p}
		for len(queue) > 0 && !rec[p] {
			q := queue[0]
			queue = queue[1:]
			for _, c := range defs[q] {
				for _, l := range c.body {
					if l.kind != atomLit && l.kind != negLit {
						continue
					}
					if l.pred == p {
						rec[p] = true
					}
					if _, ok := defs[l.pred]; ok && !seen[l.pred] {
						seen[l.pred] = true
						queue = append(queue, l.pred)
					}
				}
			}
		}
	}
	return rec
}

// blocker names a premise reachable from c's body through positive
// helpers that no pattern can hold (a carried analysis, a recursive
// helper, a fed predicate the translator does not model): a better reason
// than the size of an unfolding that would meet it anyway.
func (u *unfolder) blocker(c clauseIn) string {
	seen := map[string]bool{}
	queue := [][]lit{c.body}
	for len(queue) > 0 {
		body := queue[0]
		queue = queue[1:]
		for _, l := range body {
			if l.kind != atomLit || seen[l.pred] {
				continue
			}
			seen[l.pred] = true
			switch {
			case u.carried[l.pred]:
				return fmt.Sprintf("reads the carried analysis %s (a fact about the levels below that the pack derives, not a fixed pattern)", l.pred)
			case u.recursive[l.pred]:
				return fmt.Sprintf("recursion through %s (a walk or closure as long as the graph makes it)", l.pred)
			case readsWhy[l.pred] != "":
				return readsWhy[l.pred]
			}
			for _, d := range u.defs[l.pred] {
				queue = append(queue, d.body)
			}
		}
	}
	return ""
}

// expandOrWhy is expand, with a blocker's reason in place of an
// unfolding too large or too deep.
func (u *unfolder) expandOrWhy(c clauseIn, sub subst) ([]alt, string) {
	alts, why := u.expand(c, sub)
	if why != "" && (strings.HasPrefix(why, "more than") || strings.HasPrefix(why, "helpers nested")) {
		if b := u.blocker(c); b != "" {
			return nil, b
		}
	}
	return alts, why
}

// curOps lists the ops c's cur/3 premises can name, through its positive
// helpers; "*" when one leaves the op to a variable.
func (u *unfolder) curOps(c clauseIn) map[string]bool {
	ops := map[string]bool{}
	seen := map[string]bool{}
	queue := [][]lit{c.body}
	for len(queue) > 0 {
		body := queue[0]
		queue = queue[1:]
		for _, l := range body {
			if l.kind != atomLit {
				continue
			}
			if l.pred == "cur/3" {
				if t := l.args[1]; !t.isVar() && t.c.k == kStr {
					ops[t.c.s] = true
				} else {
					ops["*"] = true
				}
				continue
			}
			if seen[l.pred] {
				continue
			}
			seen[l.pred] = true
			for _, d := range u.defs[l.pred] {
				queue = append(queue, d.body)
			}
		}
	}
	return ops
}
