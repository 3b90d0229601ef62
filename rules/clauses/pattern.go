package clauses

import (
	"fmt"
	"sort"
	"strings"

	"reuselab/ir"
)

// opShape is how the translator types an op: its operands, and the width
// it outputs, as the front ends build it: an arithmetic op outputs its
// widest operand's width, whatever the others' (1.x takes equal widths or
// a scalar, compiler/lower_expr.go; 2.0 any, compiler/dss/expr.go's
// binaryOp; a lane past a narrower operand's width reads 0, ir/interp).
type opShape struct {
	arity int
	dot   bool // outputs one lane (Dot)
}

var shapes = func() map[string]opShape {
	m := map[string]opShape{}
	for _, o := range []string{"Abs", "Negate", "Saturate", "Sqrt", "Rsqrt", "Rcp", "Floor", "Ceil", "Round",
		"Frac", "Truncate", "Sign", "Exp", "Exp2", "Log", "Log2", "Log10", "Sin", "Cos", "Tan", "Asin", "Acos", "Atan"} {
		m[o] = opShape{arity: 1}
	}
	for _, o := range []string{"Add", "Subtract", "Multiply", "Divide", "Min", "Max", "Fmod", "Pow", "Step", "Atan2"} {
		m[o] = opShape{arity: 2}
	}
	for _, o := range []string{"Clamp", "Lerp", "SmoothStep"} {
		m[o] = opShape{arity: 3}
	}
	m["Dot"] = opShape{arity: 2, dot: true}
	return m
}()

// pnode is a node of a clause's pattern: an op the body names, a
// constant, or a free value (anything: a node whose op the body leaves
// open, read through one output).
type pnode struct {
	v        string // the clause variable
	op       string // "" free, "Constant", or an op of shapes
	operands map[int]ref
	lanes    map[int]float64 // a constant's lanes the body pins
	laneVar  map[int]string  // a constant's lanes the body names (free values)
	width    int             // a constant's width the body pins (cwidth), 0 open
	// counts the body pins: slots (cur/3, noperands/2, nslots/2) and
	// outputs (nouts/2); -1 open
	slots, outs int
	order       int // first appearance
}

// ref is what a slot reads: node variable and output (a variable or a
// number).
type ref struct{ node, out term }

func (r ref) key(s subst) string {
	return s.walk(r.node).String() + "#" + s.walk(r.out).String()
}

// pattern is one alternative of a body read as a graph pattern.
type pattern struct {
	sub   subst
	nodes map[string]*pnode
	roots []string // cur/3 nodes, in order
	// types pins an output's type or names it (outputs of one type
	// variable have one type).
	types []typing
	keys  map[string][]string // key variable → nodes whose key it is
	sigs  map[string][]term   // S → fn:string:concat's arguments
	// restrictions are the premises dropped because they only restrict
	// where the clause fires: comparisons, negations.
	restrictions []lit
	idVars       map[string]bool // variables read as node ids or pins
	seq          int
}

func newPattern(a alt) *pattern {
	return &pattern{sub: a.sub, nodes: map[string]*pnode{},
		keys: map[string][]string{}, sigs: map[string][]term{}, idVars: map[string]bool{}}
}

func (p *pattern) node(t term) (*pnode, error) {
	t = p.sub.walk(t)
	if !t.isVar() {
		return nil, fmt.Errorf("a node given as the constant %s", t)
	}
	n, ok := p.nodes[t.v]
	if !ok {
		p.seq++
		n = &pnode{v: t.v, operands: map[int]ref{}, lanes: map[int]float64{}, laneVar: map[int]string{}, order: p.seq, slots: -1, outs: -1}
		p.nodes[t.v] = n
	}
	p.idVars[t.v] = true
	return n, nil
}

func (p *pattern) setOp(n *pnode, op string) error {
	if op != "Constant" {
		if _, ok := shapes[op]; !ok {
			return fmt.Errorf("names the op %s, which the translator does not type", op)
		}
	}
	if n.op != "" && n.op != op {
		return errDead
	}
	n.op = op
	return nil
}

// errDead: the alternative cannot hold (two ops for one node, a
// comparison of constants that fails); it is dropped, not a reason.
var errDead = fmt.Errorf("dead")

func intArg(s subst, t term) (int, bool) {
	t = s.walk(t)
	if t.isVar() || t.c.k != kInt {
		return 0, false
	}
	return int(t.c.i), true
}

func strArg(s subst, t term) (string, bool) {
	t = s.walk(t)
	if t.isVar() || t.c.k != kStr {
		return "", false
	}
	return t.c.s, true
}

// read turns the alternative's premises into the pattern, or says why it
// cannot (errDead when it never holds).
func (p *pattern) read(lits []lit) error {
	// Equalities first: they bind what the atoms then read.
	for _, l := range lits {
		if l.kind != eqLit {
			continue
		}
		if err := p.equality(l); err != nil {
			return err
		}
	}
	for _, l := range lits {
		switch l.kind {
		case negLit:
			p.restrictions = append(p.restrictions, l)
		case cmpLit:
			if known, holds := p.compare(l, nil); known {
				if !holds {
					return errDead
				}
				continue
			}
			p.restrictions = append(p.restrictions, l)
		case atomLit:
			if err := p.atom(l); err != nil {
				return err
			}
		}
	}
	return nil
}

func (p *pattern) equality(l lit) error {
	switch l.fn {
	case "":
		if !p.sub.unify(l.args[0], l.args[1]) {
			return errDead
		}
		return nil
	case "fn:string:concat":
		left := p.sub.walk(l.args[0])
		if !left.isVar() {
			return fmt.Errorf("compares a constant with a built string")
		}
		p.sigs[left.v] = l.fargs
		return nil
	case "fn:plus", "fn:minus":
		if len(l.fargs) != 2 {
			break
		}
		a, okA := intArg(p.sub, l.fargs[0])
		b, okB := intArg(p.sub, l.fargs[1])
		if !okA || !okB {
			return fmt.Errorf("computes %s of values the pattern leaves open", l.fn)
		}
		if l.fn == "fn:minus" {
			b = -b
		}
		if !p.sub.unify(l.args[0], num(int64(a+b))) {
			return errDead
		}
		return nil
	}
	return fmt.Errorf("computes with %s", l.fn)
}

// compare evaluates a comparison when both sides are numbers (ids names
// the numbers a witness gives variables); known is false otherwise.
func (p *pattern) compare(l lit, ids map[string]int) (known, holds bool) {
	val := func(t term) (float64, bool) {
		t = p.sub.walk(t)
		if t.isVar() {
			v, ok := ids[t.v]
			return float64(v), ok
		}
		switch t.c.k {
		case kInt:
			return float64(t.c.i), true
		case kFloat:
			return t.c.f, true
		}
		return 0, false
	}
	if l.pred == "!=" {
		a, b := p.sub.walk(l.args[0]), p.sub.walk(l.args[1])
		if !a.isVar() && !b.isVar() {
			return true, !sameConst(a.c, b.c)
		}
	}
	x, okX := val(l.args[0])
	y, okY := val(l.args[1])
	if !okX || !okY {
		return false, false
	}
	switch l.pred {
	case ":lt":
		return true, x < y
	case ":le":
		return true, x <= y
	case ":gt":
		return true, x > y
	case ":ge":
		return true, x >= y
	case "!=":
		return true, x != y
	}
	return false, false
}

// readsWhy says, for a fed predicate the translator does not model, why
// the clause is proved per instance only.
var readsWhy = map[string]string{
	"keyargs/2":  "a signature over every op (keyargs/2, R5's congruence): each instance is one term for the prover, but no fixed pattern",
	"argstr/2":   "reads the slots as a string (argstr/2)",
	"m/5":        "reads the folder's arithmetic (the virtual m/5, a Go function of the constants' values)",
	"mv/6":       "reads the folder's arithmetic (the virtual mv/6, a Go function of the constants' values)",
	"comp/3":     "reads a constant's components through the virtual comp/3",
	"tuple9/6":   "prints constants' values (tuple9/6)",
	"num9/2":     "prints a constant's value (num9/2)",
	"cstr/2":     "compares constants as printed (cstr/2)",
	"mask/2":     "reads a Swizzle's mask (mask/2): the translator does not model masks",
	"swzkey/2":   "reads a Swizzle's key (swzkey/2): the translator does not model masks",
	"eswz/4":     "reads a lower Swizzle's effective form (eswz/4, a derived analysis of the driver)",
	"maskinfo/3": "decodes a Swizzle mask (maskinfo/3): the translator does not model masks",
	"maskchan/3": "decodes a Swizzle mask (maskchan/3): the translator does not model masks",
	"fle/2":      "compares floats the pattern leaves open (fle/2)",
	"ffinite/1":  "tests floats the pattern leaves open (ffinite/1)",
	"tjoin/3":    "joins term multisets (tjoin/3, a derived analysis)",
	"lanesfit/2": "reads the driver's lane analysis (lanesfit/2)",
	"live/1":     "reads the prune (live/1)",
	"edge/2":     "reads the merged graph (edge/2)",
	"slot/5":     "reads named inputs (slot/5)",
	"pin/4":      "reads named inputs (pin/4)",
	"prop/3":     "reads properties (prop/3)",
	"uses/2":     "reads uses (uses/2)",
	"debug/2":    "reads statement names (debug/2)",
}

func (p *pattern) atom(l lit) error {
	s := p.sub
	a := l.args
	switch l.pred {
	case "cur/3":
		n, err := p.node(a[0])
		if err != nil {
			return err
		}
		op, ok := strArg(s, a[1])
		if !ok {
			return fmt.Errorf("its op is not pinned (cur(%s, %s, …)): a rule over every op", display(a[0].String()), display(s.walk(a[1]).String()))
		}
		if !contains(p.roots, n.v) {
			p.roots = append(p.roots, n.v)
		}
		if err := p.count(&n.slots, a[2]); err != nil {
			return err
		}
		return p.setOp(n, op)
	case "node/3":
		n, err := p.node(a[0])
		if err != nil {
			return err
		}
		if op, ok := strArg(s, a[1]); ok {
			return p.setOp(n, op)
		}
		return nil
	case "arg/5", "operand/4", "constop/3":
		n, err := p.node(a[0])
		if err != nil {
			return err
		}
		i, ok := intArg(s, a[1])
		if !ok {
			return fmt.Errorf("reads an operand at a slot the pattern leaves open (%s)", l.pred)
		}
		var r ref
		switch l.pred {
		case "arg/5":
			if lab, ok := strArg(s, a[2]); !ok || lab != "" {
				return fmt.Errorf("reads a named input (arg/5 with a label)")
			}
			r = ref{a[3], a[4]}
		case "operand/4":
			r = ref{a[2], a[3]}
		default:
			r = ref{a[2], num(0)}
		}
		src, err := p.node(r.node)
		if err != nil {
			return err
		}
		if l.pred == "constop/3" {
			if err := p.setOp(src, "Constant"); err != nil {
				return err
			}
		}
		if old, ok := n.operands[i]; ok {
			if !s.unify(old.node, r.node) || !s.unify(old.out, r.out) {
				return errDead
			}
		}
		n.operands[i] = r
		p.idVars[varOf(s, r.out)] = true
		return nil
	case "constant/2":
		n, err := p.node(a[0])
		if err != nil {
			return err
		}
		if err := p.setOp(n, "Constant"); err != nil {
			return err
		}
		if t, ok := strArg(s, a[1]); ok {
			return p.pinType(ref{a[0], num(0)}, t)
		}
		return nil
	case "cval/3":
		n, err := p.node(a[0])
		if err != nil {
			return err
		}
		i, ok := intArg(s, a[1])
		if !ok || i < 0 || i > 3 {
			return fmt.Errorf("reads a constant's lane the pattern leaves open")
		}
		v := s.walk(a[2])
		switch {
		case v.isVar():
			n.laneVar[i] = v.v
		case v.c.k == kFloat:
			n.lanes[i] = v.c.f
		default:
			return errDead // cval holds floats only
		}
		return p.setOp(n, "Constant")
	case "cwidth/2":
		n, err := p.node(a[0])
		if err != nil {
			return err
		}
		w, ok := intArg(s, a[1])
		if !ok {
			return fmt.Errorf("reads a constant's width as a value")
		}
		if w < 1 || w > 4 || (n.width != 0 && n.width != w) {
			return errDead
		}
		n.width = w
		return p.setOp(n, "Constant")
	case "output/4", "width/3":
		if _, err := p.node(a[0]); err != nil {
			return err
		}
		at := ref{a[0], a[1]}
		p.idVars[varOf(s, a[1])] = true
		if l.pred == "width/3" {
			if w, ok := intArg(s, a[2]); ok {
				if w < 1 || w > 4 {
					return fmt.Errorf("reads an output of width %d (not a float vector)", w)
				}
				return p.pinType(at, fmt.Sprintf("float%d", w))
			}
			return fmt.Errorf("reads a width as a value (width/3)")
		}
		t := s.walk(a[3])
		if !t.isVar() {
			return p.pinType(at, t.c.s)
		}
		p.types = append(p.types, typing{at: at, tvar: t.v})
		return nil
	case "key/2":
		n, err := p.node(a[0])
		if err != nil {
			return err
		}
		k := s.walk(a[1])
		if !k.isVar() {
			return fmt.Errorf("compares a key with a constant")
		}
		p.keys[k.v] = append(p.keys[k.v], n.v)
		return nil
	case "role/2":
		if r, ok := strArg(s, a[1]); !ok || r != "value" {
			return fmt.Errorf("is about statements or inputs (role %s)", s.walk(a[1]))
		}
		return nil
	case "noperands/2", "nslots/2", "nouts/2":
		// counts the pattern's ops must have (settle checks them)
		n, err := p.node(a[0])
		if err != nil {
			return err
		}
		if l.pred == "nouts/2" {
			return p.count(&n.outs, a[1])
		}
		return p.count(&n.slots, a[1])
	case "folded/1":
		// a constant folded below: constant/2, cval/3 say which
		n, err := p.node(a[0])
		if err != nil {
			return err
		}
		return p.setOp(n, "Constant")
	case "graph/3":
		return nil // a modern graph or a 1.x one: the ops compute alike
	}
	if why, ok := readsWhy[l.pred]; ok {
		return fmt.Errorf("%s", why)
	}
	return fmt.Errorf("reads %s, which the translator does not model", l.pred)
}

func varOf(s subst, t term) string {
	t = s.walk(t)
	if t.isVar() {
		return t.v
	}
	return ""
}

// count pins *at to the number t holds, when it holds one.
func (p *pattern) count(at *int, t term) error {
	k, ok := intArg(p.sub, t)
	if !ok {
		return nil
	}
	if *at >= 0 && *at != k {
		return errDead
	}
	*at = k
	return nil
}

// typing is what the body says of an output's type: pinned, or a type
// variable shared with other outputs.
type typing struct {
	at     ref
	pinned string
	tvar   string
}

func (p *pattern) pinType(at ref, t string) error {
	w := ir.TypeWidth(t)
	if w == 0 || !strings.HasPrefix(t, "float") {
		return fmt.Errorf("reads the type %s (the translator models float types)", t)
	}
	p.types = append(p.types, typing{at: at, pinned: t})
	return nil
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// sortedNodes lists the pattern's nodes in order of first appearance.
func (p *pattern) sortedNodes() []*pnode {
	ns := make([]*pnode, 0, len(p.nodes))
	for _, n := range p.nodes {
		ns = append(ns, n)
	}
	sort.Slice(ns, func(i, j int) bool { return ns[i].order < ns[j].order })
	return ns
}
