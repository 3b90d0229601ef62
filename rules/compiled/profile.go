package compiled

import (
	"fmt"
	"time"

	"github.com/google/mangle/ast"
)

// A clause profile (rules/eval/profile.go) counts the facts each clause
// derives in an evaluation. After a run has reached its fixpoint, a
// clause's plan run once more over the full relations (no delta) derives
// exactly the facts the clause derives in the evaluation: Rerun does
// that, into a relation of its own, so that what the clause derives is
// counted apart from what the other clauses of its head derive.
//
// The re-run has its own copy of the clause's plan (rerun): the
// per-operation callbacks a run makes once (storeCallback,
// serveCallback) hold the rule they emit into, and the copy's emit into
// the profile's relation, not the head's. Nothing of it is on the path
// of a run that is not profiled.

// profilePlans makes each clause's plan for Rerun: its plan over full
// relations, with operations of its own and the head replaced by the
// profile's relation (the predicate id just past the program's).
func (c *compiler) profilePlans(clauses int) {
	p := c.p
	p.rerun = make([]*rule, clauses)
	sink := len(p.preds)
	for _, st := range p.strata {
		for _, rl := range st.rules {
			tw := &rule{text: rl.text, clause: rl.clause, head: sink, args: rl.args, nslots: rl.nslots,
				base: make([]op, len(rl.base))}
			for k, o := range rl.base {
				if o.kind == opAtom || o.kind == opNeg {
					o.id = c.nops
					c.nops++
				}
				tw.base[k] = o
			}
			p.rerun[rl.clause] = tw
		}
	}
}

// StrataCount is the number of the program's strata (RunOptions.StratumTimes).
func (p *Program) StrataCount() int { return len(p.strata) }

// timedStrata runs the strata, adding each one's time to times.
func (r *run) timedStrata(times []time.Duration) error {
	for k := range r.p.strata {
		start := time.Now()
		err := r.stratum(&r.p.strata[k])
		if k < len(times) {
			times[k] += time.Since(start)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// Rerun runs clause (its index in the pack program's Info.Rules) once
// over what the last run of p in env left: the relations it derived and
// was fed, and its store. It returns the number of distinct facts the
// clause derives there, which EachRerun reads. The run's state is left as
// it was (EachRow still reads the run), and no fact is added anywhere.
// Call it after Run, before env's next run or feed.
func (p *Program) Rerun(env *Env, clause int) (facts int, err error) {
	env.rerun = nil
	r := env.runs[p]
	if r == nil || r.store == nil {
		return 0, fmt.Errorf("clause %d: no run to re-run it over", clause)
	}
	if clause < 0 || clause >= len(p.rerun) || p.rerun[clause] == nil {
		return 0, fmt.Errorf("clause %d: not a clause of the program", clause)
	}
	tw := p.rerun[clause]
	arity := len(tw.args)
	if env.profiled == nil {
		env.profiled = map[int]*relation{}
	}
	out := env.profiled[arity]
	if out == nil {
		out = newRelation(arity)
		env.profiled[arity] = out
	}
	out.reset()
	env.rerun = out
	sink := len(p.preds)
	r.rels = append(r.rels[:sink], out)
	limit, derived := r.limit, r.derived
	r.limit = 0
	defer func() {
		r.rels = r.rels[:sink]
		r.limit, r.derived = limit, derived
	}()
	err = r.runPlan(tw, tw.base)
	return out.n, err
}

// EachRerun calls f with the arguments of each fact the last Rerun in env
// counted (valid during the call; Env's Int reads them).
func (e *Env) EachRerun(f func(args []Val)) {
	out := e.rerun
	if out == nil {
		return
	}
	row := make([]Val, 0, out.arity)
	for i := 0; i < out.n; i++ {
		f(out.row(i, row))
	}
}

// Derived reports whether the last run of p in env holds a fact of sym
// (derived, or there before the run): a clause with that head derived
// nothing when it holds none.
func (p *Program) Derived(env *Env, sym ast.PredicateSym) bool {
	r := env.runs[p]
	id, ok := p.predID[sym]
	return r != nil && ok && id < len(r.rels) && r.rels[id] != nil && r.rels[id].n > 0
}
