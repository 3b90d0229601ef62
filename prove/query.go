package prove

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"reuselab/ir"
)

// query is one claim translated: the cone in the verdict's number system
// (narrow) and, for Float32, in float64 too (wide): ir/interp's arithmetic,
// against which every witness is checked.
type query struct {
	g      *ir.Graph
	order  []int
	a      Side
	b      sideSpec
	f      *formula
	narrow *translator
	wide   *translator // nil over the reals
	v, w   [2]vec      // the sides, narrow and wide
	differ string      // the sides differ (narrow)
	wideD  string      // the sides differ (wide)
	text   string
	terms  []string // what a model is asked for: plugs, then the sides
	// the replay graphs, made when first needed
	plugged, natural *replayer
}

func build(g *ir.Graph, a Side, b sideSpec, opts Options) (*query, error) {
	q := &query{g: g, a: a, b: b, f: newFormula(opts.MaxTerms, opts.Semantics == Real)}
	refs := []ir.Ref{a.Ref}
	if !b.isConst {
		refs = append(refs, b.side.Ref)
	}
	order, err := coneOrder(g, refs, nil)
	if err != nil {
		return nil, err
	}
	q.order = order
	k := f32
	if opts.Semantics == Real {
		k = real
	}
	q.narrow = newTranslator(g, ar{k: k, f: q.f})
	if q.v, err = q.sides(q.narrow); err != nil {
		return nil, err
	}
	q.differ = q.narrow.differ(q.v[0], q.v[1])
	if k == f32 {
		q.wide = newTranslator(g, ar{k: f64, f: q.f})
		q.wide.narrow = q.narrow
		if q.w, err = q.sides(q.wide); err != nil {
			return nil, err
		}
		q.wideD = q.wide.differ(q.w[0], q.w[1])
	}
	if q.f.err != nil {
		return nil, q.f.err
	}
	q.text = q.f.text(q.differ)
	seen := map[string]bool{}
	add := func(t string) {
		if t != "" && !seen[t] {
			seen[t] = true
			q.terms = append(q.terms, t)
		}
	}
	for _, p := range q.narrow.plugs {
		for _, t := range p.terms {
			add(t)
		}
	}
	for _, sides := range [][2]vec{q.v, q.w} {
		for _, s := range sides {
			for i := 0; i < s.n && !s.handle; i++ {
				add(s.l[i])
			}
		}
	}
	return q, nil
}

// sides translates the cone and reads the two sides.
func (q *query) sides(t *translator) ([2]vec, error) {
	var out [2]vec
	if err := t.run(q.order); err != nil {
		return out, err
	}
	x, err := t.side(q.a)
	if err != nil {
		return out, err
	}
	out[0] = x
	if !q.b.isConst {
		out[1], err = t.side(q.b.side)
		return out, err
	}
	if x.handle {
		return out, errors.New("a constant is compared with a value that is not a number")
	}
	c := vec{n: min(len(q.b.konst), 4)}
	for i := 0; i < c.n; i++ {
		c.l[i] = t.a.lit(q.b.konst[i])
	}
	out[1] = t.fit(c, x.n)
	return out, t.a.f.err
}

func (t *translator) side(s Side) (vec, error) {
	v, err := t.read(s.Ref)
	if err != nil || s.Lane < 0 {
		return v, err
	}
	if v.handle || s.Lane >= v.n {
		return vec{}, fmt.Errorf("%%%d#%d has no lane %d", s.Ref.Node, s.Ref.Out, s.Lane)
	}
	return scalar(t.lane(v, s.Lane)), nil
}

// differ is the claim that x and y differ, under interp's equality.
func (t *translator) differ(x, y vec) string {
	switch {
	case x.handle != y.handle || x.n != y.n:
		return "true"
	case x.handle:
		return not(t.a.f.def(sortBool, "(= "+x.h+" "+y.h+")"))
	}
	var eqs []string
	for i := 0; i < x.n; i++ {
		if e := t.a.same(t.lane(x, i), t.lane(y, i)); e != "true" {
			eqs = append(eqs, e)
		}
	}
	switch len(eqs) {
	case 0:
		return "false"
	case 1:
		return not(eqs[0])
	}
	return not(t.a.cond("(and " + strings.Join(eqs, " ") + ")"))
}

// oneTerm: both sides are the same terms, lane for lane.
func (q *query) oneTerm() bool { return q.v[0] == q.v[1] || q.differ == "false" }

// solve asks the solver: are the sides ever different? For a refutation
// it then looks for a witness ir/interp (float64) confirms.
func (p *Prover) solve(q *query) entry {
	s := p.sess
	check := func(commands string) (string, string, error) {
		p.stats.SolverChecks++
		start := time.Now()
		defer func() { p.stats.SolverTime += time.Since(start) }()
		return s.check(commands)
	}
	ans, reason, err := check("(reset)\n" + p.opts.Solver.Preamble + q.text)
	if err != nil {
		return entry{outcome: Unknown, reason: err.Error(), cacheable: errors.Is(err, errTimeout)}
	}
	switch ans {
	case "unsat":
		return entry{outcome: Proved, reason: "unsat: no input makes them differ", cacheable: true}
	case "unknown":
		if reason == "" {
			reason = "the solver answered unknown"
		}
		return entry{outcome: Unknown, reason: "solver: " + reason, cacheable: true}
	}
	vals, err := p.model(q)
	if err != nil {
		return entry{outcome: Unknown, reason: "reading the model: " + err.Error()}
	}
	e := entry{outcome: Refuted, reason: "sat: a witness makes them differ", values: vals, cacheable: true}
	if q.wide == nil || q.v[0].handle || q.v[1].handle {
		return e
	}
	if r := q.replay(vals, false); r.err != nil || r.bug != "" {
		return e
	}
	if r := q.replay(vals, true); r.err != nil || r.differs {
		return e
	}
	// ir/interp does not see this witness's difference: look for one it
	// does, first among edge values, then by asking the solver for an input
	// where float64 differs too. Each is a query of its own: z3 answers
	// float queries by bit-blasting only outside push/pop.
	fresh := "(reset)\n" + p.opts.Solver.Preamble + q.text
	// The search is bounded as one query is: past Options.Timeout in all,
	// the witness stands as the solver gave it.
	searchStart := time.Now()
	for _, cand := range q.edgeCandidates() {
		if time.Since(searchStart) > p.opts.Timeout {
			e.searchNote = "no edge value separated the sides within the time limit"
			return e
		}
		ans, _, err := check(fresh + "(assert " + cand + ")\n")
		if err == nil && ans == "sat" {
			if vals, err := p.model(q); err == nil {
				e.values = vals
				return e
			}
		}
	}
	if q.hasMath() {
		// The float64 translation reads the math functions' values as the
		// solver chose them: asking it where float64 differs says nothing
		// of interp's sin.
		e.searchNote = "no edge value separates the sides with ir/interp's " + q.mathNames()
		return e
	}
	ans, reason, err = check(fresh + "(assert " + q.wideD + ")\n")
	switch {
	case err != nil:
		e.searchNote = "no witness ir/interp confirms was found: " + err.Error()
	case ans == "unsat":
		e.float32Everywhere = true
	case ans == "sat":
		if vals, err := p.model(q); err == nil {
			e.values = vals
		}
	default:
		e.searchNote = "no witness ir/interp confirms was found: solver: " + reason
	}
	return e
}

func (p *Prover) model(q *query) (map[string]modelValue, error) {
	xs, err := p.sess.values(q.terms)
	if err != nil {
		return nil, err
	}
	vals := make(map[string]modelValue, len(xs))
	for i, x := range xs {
		v, exact, err := number(x)
		if err != nil && q.wide == nil {
			// An algebraic real (a root) has no rational value to print:
			// the witness says so rather than failing.
			v, exact, err = math.NaN(), false, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s = %s: %w", q.terms[i], x, err)
		}
		vals[q.terms[i]] = modelValue{v: v, exact: exact}
	}
	return vals, nil
}
