// Package verdict judges a rule pack over a bench or evalcheck run as
// `reuselab validate` does (package verify): it runs the pack with its
// clause coverage counted in the same evaluation, compares each asset
// with the reference mode the pack is held against, checks what the pack
// does beyond it (by evaluation, and with proofs by z3), and sums it all
// into the pack's verdict. A Checker is a bench.Checker; bench itself
// knows no pack.
package verdict

import (
	"fmt"
	"strings"
	"sync"

	"reuselab/bench"
	"reuselab/ir"
	"reuselab/ir/interp"
	"reuselab/prove"
	"reuselab/reuse"
	"reuselab/reuse/engines"
	"reuselab/rules/eval"
	"reuselab/verify"
)

// EvalRuns is the random input vectors, seed 1, on which an asset with
// extra merges, folds, aliases or rewrites is evaluated when the caller
// did not evaluate it: validate's default, and bench's research packs'.
const EvalRuns = 64

// Options says how much a Checker checks.
type Options struct {
	// Coverage counts a mirroring pack's clauses too: its verdict is
	// agreement with its reference mode, and counting costs up to one more
	// evaluation of its clauses, so it is not counted unless asked.
	Coverage bool
	// Prove, when set, proves the claims with z3 (verify.Proofs).
	Prove *verify.ProofOptions
}

// Checker judges one pack over a run; its methods may be called from
// several goroutines.
type Checker struct {
	pack   *engines.Pack
	ref    reuse.Engine // the mode it is held against, run when the caller has no answer of it
	mirror bool
	count  bool
	proofs *verify.Proofs
	real   bool

	mu        sync.Mutex // guards what follows
	proveMu   sync.Mutex // verify.Proofs is not safe for concurrent use
	coverage  verify.Coverage
	extra     int
	extraWork map[string]int
	refutedBy map[string]bool // clauses behind a failed evaluation's culprit
	failed    int
	stopped   int
}

// New makes a Checker for p; Close stops its solver processes.
func New(p *engines.Pack, o Options) *Checker {
	mirror := p.Info().Mirrors != ""
	c := &Checker{pack: p, ref: engines.MustResolve(reuse.Versus(p)), mirror: mirror, count: !mirror || o.Coverage, extraWork: map[string]int{}, refutedBy: map[string]bool{}}
	if o.Prove != nil {
		c.proofs, c.real = verify.NewProofs(*o.Prove), o.Prove.Real
	}
	return c
}

// Close stops the solver processes, if any.
func (c *Checker) Close() {
	if c.proofs != nil {
		c.proofs.Close()
	}
}

// Pack is the pack judged.
func (c *Checker) Pack() *engines.Pack { return c.pack }

// Proofs are the run's proofs, nil without Options.Prove.
func (c *Checker) Proofs() *verify.Proofs { return c.proofs }

// Run evaluates the pack on g, counting its clauses in that evaluation.
func (c *Checker) Run(g *ir.Graph, lim ir.Limits) (*ir.Result, func(bench.Seen) []string) {
	res, o := c.pack.Evaluate(g, lim, eval.Options{Coverage: c.count, CoverageFile: verify.OwnFile(c.pack)})
	return res, func(s bench.Seen) []string { return c.asset(g, lim, res, o, s) }
}

// RunBatch is Run over every graph of gs from one evaluation of the batch
// (engines.Pack.EvaluateBatch), counting the clauses in it: each graph's
// Outcome from a batch is the one its own evaluation gives, its clause
// profile included (the graph's share of the batch's).
func (c *Checker) RunBatch(gs []*ir.Graph, lim ir.Limits) ([]*ir.Result, []func(bench.Seen) []string) {
	res := make([]*ir.Result, len(gs))
	done := make([]func(bench.Seen) []string, len(gs))
	b := c.pack.EvaluateBatch(gs, lim, eval.Options{Coverage: c.count, CoverageFile: verify.OwnFile(c.pack)})
	for k, g := range gs {
		r, o := b.Results[k], b.Outcomes[k]
		res[k] = r
		done[k] = func(s bench.Seen) []string { return c.asset(g, lim, r, o, s) }
	}
	return res, done
}

// asset takes one asset's evidence: the clauses counted, the comparison
// with the reference, the evaluation, the proofs.
func (c *Checker) asset(g *ir.Graph, lim ir.Limits, res *ir.Result, o *eval.Outcome, s bench.Seen) []string {
	switch {
	case res == nil || res.StopReason == ir.StopRefused:
		return nil // no meaning here (a 1x pack on a .dss): nothing to judge
	case !res.StopReason.Answered():
		c.tally(func() { c.stopped++ })
		return nil
	}
	want := s.Versus
	if want == nil {
		want = c.ref.Run(g, lim)
	}
	if !want.StopReason.Answered() {
		c.tally(func() { c.stopped++ })
		return []string{fmt.Sprintf("the reference %s stopped (%s): the pack is not judged on this asset", c.ref.Name(), want.StopReason)}
	}
	var notes []string
	var extra []reuse.ExtraMerge
	var work []verify.ExtraWork
	var cmp *reuse.Comparison
	if c.mirror {
		cmp = reuse.Compare(want, res)
	} else {
		extra, cmp = reuse.Coarsens(want, res)
		work = verify.ExtraWorkOf(want, res, extra)
	}
	failed := !cmp.Agree()
	if failed {
		notes = append(notes, fmt.Sprintf("%s and %s disagree:\n%s", c.ref.Name(), c.pack.Name(), strings.TrimRight(cmp.String(), "\n")))
	}
	mismatch, culprit := s.Mismatch, s.Culprit
	if !c.mirror && len(extra)+len(work) > 0 && !s.Evaluated {
		r := *res
		if r.Build == nil {
			r.Build = g
		}
		if rep := interp.Check(&r, interp.Options{Runs: EvalRuns, Seed: 1}); rep.Err == nil && !rep.OK() {
			mismatch = true
			notes = append(notes, fmt.Sprintf("%s fails evaluation: %s", c.pack.Name(), rep))
			if rep.Culprit != nil {
				culprit = rep.Culprit.Members
			}
		}
	}
	failed = failed || mismatch
	var behind []string
	if mismatch && len(culprit) > 0 {
		behind = verify.ClausesBehind(c.pack, g, lim, verify.WithMergedInto(res, culprit))
	}
	if c.proofs != nil && o != nil && res.Build != nil {
		claims := verify.ClaimsOf(res.Build, res, o, extra, work, c.proofs.All)
		c.proveMu.Lock()
		ds := c.proofs.Check(c.pack, g, lim, res.Build, claims)
		c.proveMu.Unlock()
		notes = append(notes, decidedNotes(ds)...)
	}
	c.tally(func() {
		if o != nil {
			c.coverage.Add(o.Profile)
		}
		c.extra += len(extra)
		for _, w := range work {
			c.extraWork[w.Key()]++
		}
		if failed {
			c.failed++
		}
		for _, at := range behind {
			c.refutedBy[at] = true
		}
	})
	return notes
}

func (c *Checker) tally(f func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	f()
}

// decidedNotes are the refuted and undecided claims of one asset, and
// those the reals do not prove: what a reader of the report needs.
func decidedNotes(ds []verify.Decided) []string {
	var out []string
	for _, d := range ds {
		cl, v := d.Claim, d.Float32
		switch v.Outcome {
		case prove.Refuted:
			out = append(out, fmt.Sprintf("%s %s refuted (%s): witness\n%s", cl.Kind, cl.What, v.Reason, v.Witness))
		case prove.Unknown:
			out = append(out, fmt.Sprintf("%s %s unknown: %s", cl.Kind, cl.What, v.Reason))
		}
		if d.Real != nil && d.Real.Outcome != prove.Proved {
			out = append(out, fmt.Sprintf("%s %s over the reals: %s", cl.Kind, cl.What, d.Real.Outcome))
		}
	}
	return out
}

// Judgment is the pack's verdict over the assets done so far.
func (c *Checker) Judgment() verify.Judgment {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.proveMu.Lock()
	defer c.proveMu.Unlock()
	work := make(map[string]int, len(c.extraWork))
	for k, n := range c.extraWork {
		work[k] = n
	}
	cov := c.coverage
	return verify.Judge(c.pack, &cov, verify.Evidence{
		Mirror: c.mirror, Extra: c.extra, ExtraWork: work,
		// every asset with extras was evaluated: by the caller, or here
		Evaluated: true,
		Proofs:    c.proofs, Failed: c.failed > 0, Stopped: c.stopped > 0, RefutedBy: c.refutedBy,
	})
}

// Verdict is the Judgment as bench reports it.
func (c *Checker) Verdict() bench.Verdict {
	j := c.Judgment()
	v := bench.Verdict{Verdict: j.Verdict.Token(), Words: j.Verdict.String(), Why: j.Why, Mirror: j.Mirror,
		Assets: j.Assets, Fired: j.Fired, Total: j.Total}
	for _, cl := range j.Clauses {
		v.Clauses = append(v.Clauses, bench.ClauseVerdict{At: cl.At, Head: cl.Head, Clause: cl.Clause, Fired: cl.Fired,
			Verdict: cl.Verdict.Token(), Words: cl.Verdict.String()})
	}
	if p := c.proofs; p != nil {
		c.proveMu.Lock()
		defer c.proveMu.Unlock()
		pc := &bench.ProofCounts{All: p.All, Semantics: "float32", Decided: p.Queries(), Kinds: map[string]bench.OutcomeCounts{}, Wall: p.Wall}
		if c.real {
			pc.Semantics = "float32+real"
		}
		for k, n := range p.Counts {
			pc.Kinds[k] = bench.OutcomeCounts{Proved: n[prove.Proved], Refuted: n[prove.Refuted], Unknown: n[prove.Unknown]}
		}
		pc.CacheHits, pc.Misses, pc.Formulas = p.CacheStats()
		pc.HitRate = float64(int(verify.HitRate(pc.CacheHits, pc.Misses)*10+0.5)) / 10
		v.Proofs = pc
	}
	return v
}
