package eval

import (
	"fmt"
	"strings"

	"github.com/google/mangle/ast"
	"github.com/google/mangle/engine"
	"github.com/google/mangle/factstore"
	"github.com/google/mangle/functional"
	"github.com/google/mangle/unionfind"

	"reuselab/rules/facts"
	"reuselab/rules/pack"
)

// match is how far a clause got towards deriving one fact.
type match struct {
	ok      bool
	subst   unionfind.UnionFind // when ok
	held    int                 // premises matched in order, at the deepest point
	partial unionfind.UnionFind // the substitution there
	err     string              // a premise Mangle could not evaluate
	bounded bool                // the search stopped at searchSteps
	rows    int                 // a do-transform's body rows re-run
}

// maxRows bounds the body rows a do-transform is re-run over.
const maxRows = 256

// matchClause looks for a substitution under which clause c derives fact
// over qc's store: the head unified with the fact (its transform's
// variables left out), the premises matched in textual order by Mangle's
// top-down premise evaluation, depth first. A premise the pack derives
// whose instance is on path is skipped (a cycle proves nothing).
func (r *recorder) matchClause(qc engine.QueryContext, c ast.Clause, fact ast.Atom, path map[string]bool) (m match) {
	defer func() {
		if p := recover(); p != nil {
			m.ok, m.err = false, fmt.Sprintf("Mangle panicked: %v", p)
		}
	}()
	assigned := map[ast.Variable]bool{}
	for t := c.Transform; t != nil; t = t.Next {
		for _, s := range t.Statements {
			if s.Var != nil {
				assigned[*s.Var] = true
			}
		}
	}
	var hx, fx []ast.BaseTerm
	for k, a := range c.Head.Args {
		if v, ok := a.(ast.Variable); ok && assigned[v] {
			continue
		}
		hx, fx = append(hx, a), append(fx, fact.Args[k])
	}
	s0, err := unionfind.UnifyTermsExtend(hx, fx, unionfind.New())
	if err != nil {
		m.held = -1
		return m
	}
	m.partial = s0
	steps := 0
	var rows []unionfind.UnionFind
	var dfs func(k int, s unionfind.UnionFind) bool
	dfs = func(k int, s unionfind.UnionFind) bool {
		if k > m.held {
			m.held, m.partial = k, s
		}
		if k == len(c.Premises) {
			if c.Transform == nil {
				m.ok, m.subst = true, s
				return true
			}
			rows = append(rows, s)
			if c.Transform.IsLetTransform() && r.transformDerives(c, rows[len(rows)-1:], fact) {
				m.ok, m.subst = true, s
				return true
			}
			return len(rows) >= maxRows
		}
		sols, err := qc.EvalPremise(c.Premises[k], s)
		if err != nil {
			m.err = fmt.Sprintf("%s: %v", c.Premises[k], err)
			return false
		}
		for _, ns := range sols {
			if steps++; steps > searchSteps {
				m.bounded = true
				return true
			}
			if a, ok := c.Premises[k].(ast.Atom); ok && len(r.rules[a.Predicate]) > 0 {
				if inst, err := functional.EvalAtom(a, ns); err == nil && path[FactText(inst)] {
					continue
				}
			}
			if dfs(k+1, ns) {
				return true
			}
		}
		return false
	}
	dfs(0, s0)
	if !m.ok && c.Transform != nil && !c.Transform.IsLetTransform() && len(rows) > 0 && r.transformDerives(c, rows, fact) {
		m.ok, m.subst, m.rows = true, rows[0], len(rows)
	}
	return m
}

// transformDerives re-runs a clause's transform over body rows (Mangle's
// engine.EvalTransform) and reports whether it emits fact.
func (r *recorder) transformDerives(c ast.Clause, rows []unionfind.UnionFind, fact ast.Atom) bool {
	in := make([]ast.ConstSubstList, len(rows))
	for k, s := range rows {
		in[k] = s.AsConstSubstList()
	}
	found := false
	head, err := functional.EvalAtom(c.Head, rows[0])
	if err != nil {
		head = c.Head
	}
	if c.Transform.IsLetTransform() {
		head = c.Head
	}
	_ = engine.EvalTransform(head, *c.Transform, in, func(a ast.Atom) bool {
		if a.Equals(fact) {
			found = true
		}
		return true
	})
	return found
}

// step is a premise under subst, classified but not proved further.
func (r *recorder) step(store factstore.ReadOnlyFactStore, t ast.Term, subst unionfind.UnionFind) *Proof {
	switch p := t.(type) {
	case ast.Atom:
		a := p.ApplySubst(subst).(ast.Atom)
		if e, err := functional.EvalAtom(p, subst); err == nil {
			a = e
		}
		switch {
		case a.Predicate.IsBuiltin():
			return &Proof{Fact: builtinString(a), How: HowBuiltin}
		case len(r.rules[a.Predicate]) > 0 && !r.static[a.Predicate]:
			return &Proof{Fact: FactText(a), How: HowClause, Note: "derived by the pack at this level"}
		}
		a = matched(store, a)
		return &Proof{Fact: FactText(a), How: r.how(store, a)}
	case ast.NegAtom:
		return &Proof{Fact: "!" + FactText(p.Atom.ApplySubst(subst).(ast.Atom)), How: HowAbsent}
	case ast.Eq:
		return &Proof{Fact: shortText(p.ApplySubst(subst).String()), How: HowBuiltin, Note: evalNote(p.Right, subst)}
	}
	return &Proof{Fact: shortText(t.ApplySubst(subst).String()), How: HowBuiltin}
}

// failure says why premise t has no match under subst.
func (r *recorder) failure(t ast.Term, subst unionfind.UnionFind, m match) *Proof {
	p := &Proof{Fact: shortText(t.ApplySubst(subst).String()), How: HowFailed}
	switch t := t.(type) {
	case ast.Atom:
		if t.Predicate.IsBuiltin() {
			p.Fact = builtinString(t.ApplySubst(subst).(ast.Atom))
			p.Note = "does not hold"
		} else {
			p.Note = "no such fact"
		}
	case ast.NegAtom:
		p.Fact = "!" + FactText(t.Atom.ApplySubst(subst).(ast.Atom))
		p.Note = "the fact holds, so its negation does not"
	case ast.Eq:
		l, _ := functional.EvalExpr(t.Left, subst)
		rv, err := functional.EvalExpr(t.Right, subst)
		if err == nil && l != nil {
			p.Note = fmt.Sprintf("gives %s, not %s", rv, l)
		} else {
			p.Note = "the two sides differ"
		}
	case ast.Ineq:
		p.Note = "the two sides are equal"
	}
	if m.err != "" {
		p.Note = m.err
	}
	if m.bounded {
		p.Note += " (the search stopped at its bound)"
	}
	return p
}

// contrast tries every clause that derived a signature of one watched node
// for the other, over the other's level store.
func (r *recorder) contrast() {
	if len(r.watchOrder) != 2 || r.out.Contrasts != nil {
		return
	}
	a, b := r.watchOrder[0], r.watchOrder[1]
	sa, sb := r.rounds[a], r.rounds[b]
	if sa == nil || sb == nil {
		return
	}
	r.out.Contrasts = []Contrast{}
	for _, d := range [][2]int{{a, b}, {b, a}} {
		from, to := d[0], d[1]
		store := r.rounds[to]
		qc := r.query(store)
		for _, h := range r.heads[from] {
			if h.fact.Predicate != pack.PredSig || len(r.out.Contrasts) >= contrastMax {
				continue
			}
			target := ast.Atom{Predicate: pack.PredSig, Args: []ast.BaseTerm{ast.Number(int64(to)), h.fact.Args[1]}}
			sig, _ := facts.StringArg(h.fact.Args[1])
			m := r.matchClause(qc, h.rule.clause, target, map[string]bool{})
			c := Contrast{From: from, To: to, Sig: sig, Pos: h.rule.pos, Clause: h.rule.text}
			if !m.ok {
				for k := 0; k < m.held && k < len(h.rule.clause.Premises); k++ {
					c.Held = append(c.Held, r.step(store, h.rule.clause.Premises[k], m.partial))
				}
				if m.held >= 0 && m.held < len(h.rule.clause.Premises) {
					c.Failed = r.failure(h.rule.clause.Premises[m.held], m.partial, m)
				} else {
					c.Failed = &Proof{Fact: FactText(target), How: HowFailed, Note: "the clause's head does not take this node"}
				}
			}
			r.out.Contrasts = append(r.out.Contrasts, c)
		}
	}
}

// transformStep is a clause's transform as it applied: a let with its
// functions instantiated by the row and their values, a do with the rows
// it grouped.
func transformStep(t ast.Transform, m match) *Proof {
	if !t.IsLetTransform() {
		return &Proof{Fact: "|> " + transformString(t), How: HowTransform, Note: fmt.Sprintf("over the %d body rows of its group", m.rows)}
	}
	subst := m.subst.AsConstSubstList()
	var parts, vals []string
	for _, st := range t.Statements {
		fn := st.Fn.ApplySubst(subst).(ast.ApplyFn)
		parts = append(parts, fmt.Sprintf("let %s = %s", st.Var.Symbol, fn))
		v, err := functional.EvalApplyFn(st.Fn, subst)
		if err != nil {
			vals = append(vals, err.Error())
			continue
		}
		vals = append(vals, fmt.Sprintf("%s = %s", st.Var.Symbol, v))
		subst = subst.Extend(*st.Var, v)
	}
	return &Proof{Fact: "|> " + strings.Join(parts, ", "), How: HowTransform, Note: strings.Join(vals, ", ")}
}
