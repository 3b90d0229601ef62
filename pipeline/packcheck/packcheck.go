// Package packcheck is the pipeline's check of a rule pack against the
// reference (`reuselab validate`, asset by asset): the comparison, the
// evaluation of what it cannot vouch for, the proofs and the clauses
// behind a failure. It needs the pack itself (reuse/engines, rules/eval),
// so it sits apart from the pipeline's core, which links no engine.
package packcheck

import (
	"fmt"
	"io"
	"strings"
	"time"

	"reuselab/ir"
	"reuselab/pipeline"
	"reuselab/prove"
	"reuselab/reuse"
	"reuselab/reuse/engines"
	"reuselab/rules/eval"
	"reuselab/verify"
)

// Tally is what `validate` found over a run: counts, timings, the
// clause coverage and the proofs, added to asset by asset (Batch). The
// verdict is package verify's (verify.Judge) over them.
type Tally struct {
	Files, Broken, Assets, Agree, Disagree, Stopped, EvalBad int
	Evaluated                                                int
	Extra                                                    map[string]int
	ExtraWork                                                map[string]int        // folds, aliases, rewrites
	NotRun                                                   map[ir.StopReason]int // stopped by the whole run's limits
	FactsWall, RefWall                                       time.Duration
	Profile                                                  eval.Profile // --profile
	Coverage                                                 verify.Coverage
	CountCoverage                                            bool                      // not for a mirroring pack unless --coverage
	Proofs                                                   *verify.Proofs            // --prove
	EvalRefutedBy                                            map[string]bool           // clauses behind a failed evaluation
	General                                                  map[string]verify.Verdict // clauses proved or refuted for all graphs (--prove)
}

// NewTally is an empty Tally.
func NewTally() *Tally {
	return &Tally{Extra: map[string]int{}, ExtraWork: map[string]int{}, NotRun: map[ir.StopReason]int{}}
}

// Options say how Asset holds a pack against the reference.
type Options struct {
	Reference reuse.Engine  // the mode the pack is held against (reuse.Versus)
	Pack      *engines.Pack // the pack
	Exact     bool          // a mirroring pack: it must equal Reference
	Limits    ir.Limits
	// Runs is how many random inputs an asset is evaluated on (0: none);
	// with EvalAll every asset, else only those the comparison cannot
	// vouch for (extra merges, a disagreement).
	Runs    int
	EvalAll bool
	Quiet   bool // print only disagreements
}

// Pending is an asset of a file, waiting for its batch.
type Pending struct {
	File  string
	Graph *ir.Graph
}

// Batch runs the reference and the pack on each asset, compares them,
// evaluates and proves what the comparison cannot vouch for, prints the
// findings to out and counts them, asset after asset in their order. The
// pack is evaluated over the assets together (engines.Pack.EvaluateBatch),
// which finds for each what an evaluation of it alone finds: the pack's
// time (FactsWall) is that of the batches, each asset's an apportioned
// share, and the clause coverage counts the same facts in fewer
// evaluations (its Evals are the batches').
func (st *Tally) Batch(assets []Pending, opt Options, out io.Writer) {
	gs := make([]*ir.Graph, len(assets))
	for k, a := range assets {
		gs[k] = a.Graph
	}
	// the clause coverage is counted in the same evaluation
	b := opt.Pack.EvaluateBatch(gs, opt.Limits, eval.Options{Coverage: st.CountCoverage, CoverageFile: verify.OwnFile(opt.Pack)})
	if b.Profile != nil {
		st.Coverage.Sum.Add(b.Profile)
		st.Coverage.Assets += b.Profiled
	}
	for k, a := range assets {
		st.asset(a.File, a.Graph, b.Results[k], b.Outcomes[k], opt, out)
	}
}

// asset is one asset of Batch, the pack's result on it at hand.
func (st *Tally) asset(file string, g *ir.Graph, res *ir.Result, o *eval.Outcome, opt Options, out io.Writer) {
	ref, pack, exact, lim, runs, evalAll, quiet := opt.Reference, opt.Pack, opt.Exact, opt.Limits, opt.Runs, opt.EvalAll, opt.Quiet
	st.Assets++
	want := ref.Run(g, lim)
	st.RefWall += want.Wall
	st.FactsWall += res.Wall
	where := fmt.Sprintf("%s: asset %d %q", file, g.Index, g.Name)
	if !res.StopReason.Answered() {
		st.Stopped++
		if res.StopReason == ir.StopGaveUp || res.StopReason == ir.StopRunTimeout {
			st.NotRun[res.StopReason]++
		}
		fmt.Fprintf(out, "%s: %s stopped (%s)\n", where, pack.Name(), res.StopReason)
		for _, d := range reuse.NoteDiagnostics(res, file) {
			fmt.Fprintf(out, "  %s\n", d)
		}
		return
	}
	var cmp *reuse.Comparison
	var extra []reuse.ExtraMerge
	var work []verify.ExtraWork
	if exact {
		cmp = reuse.Compare(want, res)
	} else {
		extra, cmp = reuse.Coarsens(want, res)
		for _, e := range extra {
			st.Extra[e.Op]++
			if !quiet {
				fmt.Fprintf(out, "%s: extra merge (%s): build %s\n", where, e.Op, refList(e.Build))
			}
		}
		work = verify.ExtraWorkOf(want, res, extra)
		for _, w := range work {
			st.ExtraWork[w.Key()]++
			if !quiet {
				fmt.Fprintf(out, "%s: extra %s (%s): build b%d, %s\n", where, w.Kind, w.Op, w.Build, w.Into)
			}
		}
	}
	if !cmp.Agree() {
		st.Disagree++
		fmt.Fprintf(out, "%s: the reference and %s disagree\n%s", where, pack.Name(), pipeline.Indent(cmp.String()))
	}
	// Extra merges and disagreements are what the comparison cannot vouch
	// for: evaluation decides whether they are sound. An asset that fails
	// it does not agree, whatever the partition says.
	evalOK := true
	if runs > 0 && (evalAll || len(extra) > 0 || len(work) > 0 || !cmp.Agree()) {
		st.Evaluated++
		if ok, report, culprit := pipeline.Evaluate(res.Build, res, runs); !ok {
			st.EvalBad++
			evalOK = false
			fmt.Fprintf(out, "%s: %s fails evaluation: %s\n", where, pack.Name(), report)
			if st.EvalRefutedBy == nil {
				st.EvalRefutedBy = map[string]bool{}
			}
			for _, at := range verify.ClausesBehind(pack, g, lim, verify.WithMergedInto(res, culprit)) {
				st.EvalRefutedBy[at] = true
			}
			for _, l := range derivations(pack, g, lim, work, culprit) {
				fmt.Fprintf(out, "  %s\n", l)
			}
		}
	}
	if st.Proofs != nil && o != nil && res.Build != nil {
		printDecided(out, where, st.Proofs.Check(pack, g, lim, res.Build, verify.ClaimsOf(res.Build, res, o, extra, work, st.Proofs.All)), quiet)
	}
	if cmp.Agree() && evalOK {
		st.Agree++
	}
}

// derivations names, for each extra fold, alias or rewrite among ids,
// the clauses of the pack that derived it: the evaluation run again with
// provenance (rules/eval, record.go), only when one failed evaluation.
func derivations(e reuse.Engine, g *ir.Graph, lim ir.Limits, work []verify.ExtraWork, ids []int) []string {
	p, ok := e.(*engines.Pack)
	if !ok {
		return nil
	}
	suspects := map[int]verify.ExtraWork{}
	var watch []int
	for _, id := range ids {
		for _, w := range work {
			if w.Build == id && len(watch) < 4 {
				suspects[id] = w
				watch = append(watch, id)
			}
		}
	}
	if len(watch) == 0 {
		return nil
	}
	_, o := p.Evaluate(g, lim, eval.Options{Provenance: true, Watch: watch})
	heads := map[string][]string{"fold": {"foldtype(", "fold("}, "alias": {"alias("}, "rewrite": {"rewrite("}}
	var lines []string
	for _, id := range watch {
		w := suspects[id]
		line := fmt.Sprintf("the %s of b%d (%s), %s, beyond the reference", w.Kind, id, w.Op, w.Into)
		var by []string
		if o != nil {
			seen := map[string]bool{}
			for _, pr := range o.Proofs[id] {
				for _, h := range heads[w.Kind] {
					if !strings.HasPrefix(pr.Fact, h) || pr.Pos.File == "" {
						continue
					}
					at := fmt.Sprintf("%s:%d", pr.Pos.File, pr.Pos.Line)
					if pr.Clause != "" {
						at += ": " + pr.Clause
					}
					if !seen[at] {
						seen[at] = true
						by = append(by, at)
					}
				}
			}
		}
		if len(by) > 0 {
			line += ": derived by " + strings.Join(by, " and ")
		} else {
			line += " (the clause that derived it is not known)"
		}
		lines = append(lines, line)
	}
	return lines
}

// printDecided prints the refuted and the unknown claims of one asset,
// and with !quiet the verdicts over the reals.
func printDecided(out io.Writer, where string, ds []verify.Decided, quiet bool) {
	for _, d := range ds {
		c, v := d.Claim, d.Float32
		switch v.Outcome {
		case prove.Refuted:
			fmt.Fprintf(out, "%s: %s %s refuted (%s): witness\n%s", where, c.Kind, c.What, v.Reason, pipeline.Indent(v.Witness.String()))
		case prove.Unknown:
			fmt.Fprintf(out, "%s: %s %s unknown: %s\n", where, c.Kind, c.What, v.Reason)
		}
		if d.Real != nil && (d.Real.Outcome != prove.Proved || !quiet) {
			// the reals say what the rewrite means before rounding: a
			// note beside the float32 verdict, never the verdict
			fmt.Fprintf(out, "%s: %s %s over the reals: %s\n", where, c.Kind, c.What, d.Real.Outcome)
		}
	}
}

// refList names build nodes as bN, b5, b7.
func refList(ids []int) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = ir.BuildName(id)
	}
	return strings.Join(parts, ", ")
}
