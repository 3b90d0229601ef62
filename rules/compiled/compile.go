package compiled

import (
	"errors"
	"fmt"
	"sort"

	"github.com/google/mangle/ast"
	"github.com/google/mangle/symbols"

	"reuselab/rules/pack"
)

// Unsupported is the error Compile returns for a program that uses
// something this evaluator does not implement: the caller evaluates that
// program on Mangle's engine instead, and says why with this message.
type Unsupported struct {
	What   string
	Clause string // the clause that uses it, as Mangle prints it; "" for a declaration
}

func (u *Unsupported) Error() string {
	if u.Clause == "" {
		return "the compiled evaluator does not support " + u.What
	}
	return fmt.Sprintf("the compiled evaluator does not support %s (in %s)", u.What, u.Clause)
}

// IsUnsupported reports whether err says a program cannot be compiled.
func IsUnsupported(err error) bool {
	var u *Unsupported
	return errors.As(err, &u)
}

// Program is a phase program compiled to join plans.
type Program struct {
	preds  []ast.PredicateSym
	predID map[ast.PredicateSym]int
	native []bool // derived by this program's rules: held in relations
	strata []stratum
	consts []ast.Constant     // the program's constants; a run interns them once
	tables map[int][]ast.Atom // the pack's tables, read from the program, not the store
	schema []schemaKind       // per predicate: served from the graph (schema.go)
	// nops counts the atom operations over every plan, the profile's
	// copies (rerun) included: a run keeps scratch per operation
	nops int
	// rerun is each clause's plan for a profile (profile.go), by its
	// index in Info.Rules, with operations of its own
	rerun []*rule
}

type stratum struct {
	preds []int
	rules []*rule
}

// rule is one clause: its plan over full relations, and for a recursive
// clause a delta plan per premise of its own stratum.
type rule struct {
	text   string
	clause int // its index in the program's Info.Rules
	head   int
	args   []term
	nslots int
	base   []op
	deltas [][]op
}

type termKind uint8

const (
	tConst termKind = iota // cvals[idx]
	tSlot                  // slots[idx]
	tWild                  // _ or a variable a negation leaves free
	tFn                    // fn applied to args
)

type term struct {
	kind termKind
	idx  int
	fn   ast.FunctionSym
	args []term
}

type opKind uint8

const (
	opAtom opKind = iota
	opNeg
	opEq
	opIneq
	opCmp
)

// colKind says what an atom operation does with one argument.
type colKind uint8

const (
	cBound colKind = iota // compare with a value known before the lookup
	cBind                 // bind the slot
	cCheck                // equal to a slot this atom bound at an earlier column
	cFree
)

type op struct {
	kind  opKind
	id    int // scratch index (atoms and negations)
	pred  int
	delta bool
	args  []term
	cols  []colKind
	bound []int // columns bound before the lookup, in order
	mask  uint64
	cmp   string // :lt, :le, :gt, :ge
	l, r  term
	bindL bool // opEq: the left side is an unbound variable it binds
	bindR bool
}

// Compile turns a checked phase program into join plans, one stratum at a
// time in Mangle's order. It returns *Unsupported for what it cannot run.
func Compile(pr *pack.Program) (*Program, error) {
	if pr == nil || pr.Info == nil {
		return nil, &Unsupported{What: "an empty program"}
	}
	info := pr.Info
	for sym, d := range info.Decls {
		if d == nil {
			continue
		}
		if d.DeferredPredicate() || d.IsExternal() || len(d.FunDeps()) > 0 {
			return nil, &Unsupported{What: fmt.Sprintf("the declaration of %s (deferred, external or merge predicates)", sym)}
		}
	}
	c := &compiler{p: &Program{predID: map[ast.PredicateSym]int{}}, constID: map[string]int{}}
	byHead := map[ast.PredicateSym][]int{} // indexes into info.Rules
	for k, cl := range info.Rules {
		byHead[cl.Head.Predicate] = append(byHead[cl.Head.Predicate], k)
	}
	heads := make([]ast.PredicateSym, 0, len(byHead))
	for s := range byHead {
		heads = append(heads, s)
	}
	sort.Slice(heads, func(i, j int) bool { return heads[i].String() < heads[j].String() })
	for _, s := range heads {
		c.p.native[c.pred(s)] = true
	}
	c.p.tables = map[int][]ast.Atom{}
	for _, a := range pr.Static {
		if _, derived := byHead[a.Predicate]; !derived && tablePredicate(a.Predicate) {
			id := c.pred(a.Predicate)
			c.p.tables[id] = append(c.p.tables[id], a)
		}
	}
	nstrata := len(pr.Strata)
	members := make([][]ast.PredicateSym, nstrata)
	for _, s := range heads {
		k, ok := pr.PredToStratum[s]
		if !ok || k < 0 || k >= nstrata {
			return nil, &Unsupported{What: fmt.Sprintf("%s outside the stratification", s)}
		}
		members[k] = append(members[k], s)
	}
	for k := range members {
		var st stratum
		in := map[int]bool{}
		for _, s := range members[k] {
			in[c.pred(s)] = true
			st.preds = append(st.preds, c.pred(s))
		}
		for _, s := range members[k] {
			for _, ci := range byHead[s] {
				r, err := c.rule(info.Rules[ci], in)
				if err != nil {
					return nil, err
				}
				r.clause = ci
				st.rules = append(st.rules, r)
			}
		}
		c.p.strata = append(c.p.strata, st)
	}
	c.profilePlans(len(info.Rules)) // profile.go
	c.p.nops = c.nops
	static := map[ast.PredicateSym]bool{}
	for _, a := range pr.Static {
		static[a.Predicate] = true
	}
	c.p.schema = make([]schemaKind, len(c.p.preds))
	for id, sym := range c.p.preds {
		if !c.p.native[id] && !static[sym] {
			c.p.schema[id] = schemaKinds[sym]
		}
	}
	return c.p, nil
}

type compiler struct {
	p       *Program
	constID map[string]int
	nops    int
}

func (c *compiler) pred(s ast.PredicateSym) int {
	if id, ok := c.p.predID[s]; ok {
		return id
	}
	id := len(c.p.preds)
	c.p.preds = append(c.p.preds, s)
	c.p.native = append(c.p.native, false)
	c.p.predID[s] = id
	return id
}

func (c *compiler) constant(k ast.Constant) int {
	key := fmt.Sprintf("%d\x00%d\x00%s", k.Type, k.NumValue, k.String())
	if id, ok := c.constID[key]; ok {
		return id
	}
	id := len(c.p.consts)
	c.p.consts = append(c.p.consts, k)
	c.constID[key] = id
	return id
}

// ruleCompiler holds one clause's variables while its plans are made.
type ruleCompiler struct {
	c     *compiler
	text  string
	slot  map[string]int
	bound map[string]bool // in the plan's order
	// textual is the set bound before each premise in the written order:
	// what a negation leaves free (Mangle reads a variable nothing bound
	// yet as a wildcard there) and what a comparison may read.
	textual []map[string]bool
}

func (c *compiler) rule(cl ast.Clause, stratumPreds map[int]bool) (*rule, error) {
	rc := &ruleCompiler{c: c, text: cl.String(), slot: map[string]int{}}
	if cl.Transform != nil {
		return nil, rc.unsupported("transforms (|> do, |> let)")
	}
	if len(cl.Head.Args) > maxArity {
		return nil, rc.unsupported(fmt.Sprintf("more than %d arguments", maxArity))
	}
	if err := rc.textualBinding(cl.Premises); err != nil {
		return nil, err
	}
	order := make([]int, len(cl.Premises))
	for i := range order {
		order[i] = i
	}
	r := &rule{text: rc.text, head: c.pred(cl.Head.Predicate)}
	var err error
	if r.base, err = rc.plan(cl, order, -1); err != nil {
		return nil, err
	}
	for j, t := range cl.Premises {
		a, ok := t.(ast.Atom)
		if !ok || a.Predicate.IsBuiltin() || !stratumPreds[c.pred(a.Predicate)] {
			continue
		}
		// The delta premise goes first: it is the round's new facts, the
		// fewest rows, and the rest is looked up from it by index.
		d := append([]int{j}, order[:j]...)
		d = append(d, order[j+1:]...)
		plan, err := rc.plan(cl, d, j)
		if err != nil {
			return nil, err
		}
		r.deltas = append(r.deltas, plan)
	}
	rc.bound = nil
	for _, t := range cl.Head.Args {
		h, err := rc.expr(t, true)
		if err != nil {
			return nil, err
		}
		r.args = append(r.args, h)
	}
	r.nslots = len(rc.slot)
	return r, nil
}

func (rc *ruleCompiler) unsupported(what string) error {
	return &Unsupported{What: what, Clause: rc.text}
}

// textualBinding records what the written order binds before each premise.
func (rc *ruleCompiler) textualBinding(premises []ast.Term) error {
	b := map[string]bool{}
	for _, t := range premises {
		snap := make(map[string]bool, len(b))
		for k := range b {
			snap[k] = true
		}
		rc.textual = append(rc.textual, snap)
		switch p := t.(type) {
		case ast.Atom:
			if !p.Predicate.IsBuiltin() {
				for _, a := range p.Args {
					addVars(a, b)
				}
			}
		case ast.Eq:
			lv, lok := p.Left.(ast.Variable)
			rv, rok := p.Right.(ast.Variable)
			lb := !lok || b[lv.Symbol]
			rb := !rok || b[rv.Symbol]
			if lok && !lb && rb {
				b[lv.Symbol] = true
			} else if rok && !rb && lb {
				b[rv.Symbol] = true
			}
		}
	}
	return nil
}

func addVars(t ast.BaseTerm, b map[string]bool) {
	switch v := t.(type) {
	case ast.Variable:
		if v.Symbol != "_" {
			b[v.Symbol] = true
		}
	case ast.ApplyFn:
		for _, a := range v.Args {
			addVars(a, b)
		}
	}
}

func (rc *ruleCompiler) slotOf(name string) int {
	if s, ok := rc.slot[name]; ok {
		return s
	}
	s := len(rc.slot)
	rc.slot[name] = s
	return s
}

// expr compiles a term that must have a value: a constant, a bound
// variable, or a function of them. mustBind false lets it fail softly.
func (rc *ruleCompiler) expr(t ast.BaseTerm, headMode bool) (term, error) {
	switch v := t.(type) {
	case ast.Constant:
		return term{kind: tConst, idx: rc.c.constant(v)}, nil
	case ast.Variable:
		if v.Symbol == "_" || (!headMode && !rc.bound[v.Symbol]) {
			return term{}, rc.unsupported(fmt.Sprintf("the variable %s read before anything binds it", v.Symbol))
		}
		if _, ok := rc.slot[v.Symbol]; !ok {
			return term{}, rc.unsupported(fmt.Sprintf("the variable %s that no premise binds", v.Symbol))
		}
		return term{kind: tSlot, idx: rc.slot[v.Symbol]}, nil
	case ast.ApplyFn:
		if !supportedFn(v.Function) {
			return term{}, rc.unsupported("the function " + v.Function.Symbol)
		}
		out := term{kind: tFn, fn: v.Function}
		for _, a := range v.Args {
			x, err := rc.expr(a, headMode)
			if err != nil {
				return term{}, err
			}
			out.args = append(out.args, x)
		}
		return out, nil
	}
	return term{}, rc.unsupported(fmt.Sprintf("the term %v", t))
}

// evaluable reports whether t has a value now.
func (rc *ruleCompiler) evaluable(t ast.BaseTerm) bool {
	switch v := t.(type) {
	case ast.Constant:
		return true
	case ast.Variable:
		return v.Symbol != "_" && rc.bound[v.Symbol]
	case ast.ApplyFn:
		for _, a := range v.Args {
			if !rc.evaluable(a) {
				return false
			}
		}
		return true
	}
	return false
}

// plan compiles the premises in the given order; delta is the premise
// read from the round's new facts, -1 for none.
func (rc *ruleCompiler) plan(cl ast.Clause, order []int, delta int) ([]op, error) {
	rc.bound = map[string]bool{}
	var ops []op
	for _, j := range order {
		o, err := rc.premise(cl.Premises[j], rc.textual[j])
		if err != nil {
			return nil, err
		}
		o.delta = j == delta
		ops = append(ops, o)
	}
	return ops, nil
}

func (rc *ruleCompiler) premise(t ast.Term, textual map[string]bool) (op, error) {
	switch p := t.(type) {
	case ast.Atom:
		if p.Predicate.IsBuiltin() {
			return rc.builtin(p, textual)
		}
		return rc.atom(p, opAtom, nil)
	case ast.NegAtom:
		if p.Atom.Predicate.IsBuiltin() {
			return op{}, rc.unsupported("a negated built-in")
		}
		return rc.atom(p.Atom, opNeg, textual)
	case ast.Eq:
		return rc.eq(p.Left, p.Right)
	case ast.Ineq:
		if !rc.textuallyEvaluable(p.Left, textual) || !rc.textuallyEvaluable(p.Right, textual) {
			return op{}, rc.unsupported("!= over a variable nothing bound yet")
		}
		l, err := rc.expr(p.Left, false)
		if err != nil {
			return op{}, err
		}
		r, err := rc.expr(p.Right, false)
		if err != nil {
			return op{}, err
		}
		return op{kind: opIneq, l: l, r: r}, nil
	}
	return op{}, rc.unsupported(fmt.Sprintf("the premise %v", t))
}

func (rc *ruleCompiler) textuallyEvaluable(t ast.BaseTerm, textual map[string]bool) bool {
	vs := map[string]bool{}
	if v, ok := t.(ast.Variable); ok && v.Symbol == "_" {
		return false
	}
	addVars(t, vs)
	for v := range vs {
		if !textual[v] {
			return false
		}
	}
	return true
}

func (rc *ruleCompiler) builtin(p ast.Atom, textual map[string]bool) (op, error) {
	switch p.Predicate.Symbol {
	case symbols.Lt.Symbol, symbols.Le.Symbol, symbols.Gt.Symbol, symbols.Ge.Symbol:
	default:
		return op{}, rc.unsupported("the built-in predicate " + p.Predicate.Symbol)
	}
	if len(p.Args) != 2 || !rc.textuallyEvaluable(p.Args[0], textual) || !rc.textuallyEvaluable(p.Args[1], textual) {
		return op{}, rc.unsupported("a comparison over a variable nothing bound yet")
	}
	l, err := rc.expr(p.Args[0], false)
	if err != nil {
		return op{}, err
	}
	r, err := rc.expr(p.Args[1], false)
	if err != nil {
		return op{}, err
	}
	return op{kind: opCmp, cmp: p.Predicate.Symbol, l: l, r: r}, nil
}

func (rc *ruleCompiler) eq(left, right ast.BaseTerm) (op, error) {
	lv, lvar := left.(ast.Variable)
	rv, rvar := right.(ast.Variable)
	o := op{kind: opEq}
	switch {
	case rc.evaluable(left) && rc.evaluable(right):
	case lvar && lv.Symbol != "_" && !rc.bound[lv.Symbol] && rc.evaluable(right):
		o.bindL = true
	case rvar && rv.Symbol != "_" && !rc.bound[rv.Symbol] && rc.evaluable(left):
		o.bindR = true
	default:
		return op{}, rc.unsupported("= between terms that have no value yet")
	}
	var err error
	if o.bindL {
		o.l = term{kind: tSlot, idx: rc.slotOf(lv.Symbol)}
	} else if o.l, err = rc.expr(left, false); err != nil {
		return op{}, err
	}
	if o.bindR {
		o.r = term{kind: tSlot, idx: rc.slotOf(rv.Symbol)}
	} else if o.r, err = rc.expr(right, false); err != nil {
		return op{}, err
	}
	if o.bindL {
		rc.bound[lv.Symbol] = true
	}
	if o.bindR {
		rc.bound[rv.Symbol] = true
	}
	return o, nil
}

// atom compiles a positive or negated atom. For a negation, textual is
// what the written order bound before it: any other variable is free.
func (rc *ruleCompiler) atom(a ast.Atom, kind opKind, textual map[string]bool) (op, error) {
	if len(a.Args) > maxArity {
		return op{}, rc.unsupported(fmt.Sprintf("more than %d arguments", maxArity))
	}
	o := op{kind: kind, id: rc.c.nops, pred: rc.c.pred(a.Predicate)}
	rc.c.nops++
	seen := map[string]int{}
	for k, t := range a.Args {
		v, isVar := t.(ast.Variable)
		switch {
		case isVar && v.Symbol == "_":
			o.args = append(o.args, term{kind: tWild})
			o.cols = append(o.cols, cFree)
		case isVar && kind == opNeg && !textual[v.Symbol]:
			if _, again := seen[v.Symbol]; again {
				return op{}, rc.unsupported("a negation that repeats a variable nothing bound")
			}
			seen[v.Symbol] = k
			o.args = append(o.args, term{kind: tWild})
			o.cols = append(o.cols, cFree)
		case isVar && !rc.bound[v.Symbol]:
			s := rc.slotOf(v.Symbol)
			o.args = append(o.args, term{kind: tSlot, idx: s})
			if _, again := seen[v.Symbol]; again {
				o.cols = append(o.cols, cCheck)
			} else {
				seen[v.Symbol] = k
				o.cols = append(o.cols, cBind)
			}
		default:
			x, err := rc.expr(t, false)
			if err != nil {
				return op{}, err
			}
			o.args = append(o.args, x)
			o.cols = append(o.cols, cBound)
			o.bound = append(o.bound, k)
			o.mask |= 1 << uint(k)
		}
	}
	if kind == opAtom {
		for name := range seen {
			rc.bound[name] = true
		}
	}
	return o, nil
}
