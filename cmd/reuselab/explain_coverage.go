package main

import (
	"reuselab/ir"
	"reuselab/pipeline"
	"reuselab/reuse"
	"reuselab/reuse/engines"
	"reuselab/rules/eval"
	"reuselab/verify"
)

// explain --profile's clause coverage: the profile the command runs anyway
// holds every clause's facts; its merging clauses of the pack's own file
// (those verify counts: the level phase's sig/2, foldtype/2, fold/3,
// alias/3, rewrite/4) are judged on this one asset as validate judges
// them on a corpus.

// coverageOf keeps, of a full profile, the clauses verify's coverage
// counts.
func coverageOf(p *engines.Pack, prof *eval.Profile) *verify.Coverage {
	cov := &verify.Coverage{}
	if prof == nil {
		return cov
	}
	own := verify.OwnFile(p)
	kept := &eval.Profile{}
	for _, c := range prof.Clauses {
		if c.Phase == "level" && verify.KindsOfHead(c.Head) != nil && (own == "" || c.Pos.File == own) {
			kept.Clauses = append(kept.Clauses, c)
		}
	}
	cov.Add(kept)
	return cov
}

// extrasOver are the pack's extra merges, folds, aliases and rewrites
// over the reference want (none for a pack that mirrors it: it is held to
// equality), and the comparison.
func extrasOver(p *engines.Pack, want, res *ir.Result) ([]reuse.ExtraMerge, []verify.ExtraWork, *reuse.Comparison) {
	if p.Info().Mirrors != "" {
		return nil, nil, reuse.Compare(want, res)
	}
	extra, cmp := reuse.Coarsens(want, res)
	return extra, verify.ExtraWorkOf(want, res, extra), cmp
}

// assetEvidence is what one asset tells of the pack: its extra merges,
// folds, aliases and rewrites, checked by evaluation (validate's default,
// 64 draws; a failure refutes the clauses behind its culprit) and, with
// proofs, by the solver.
func assetEvidence(p *engines.Pack, g *ir.Graph, lim ir.Limits, res *ir.Result, o *eval.Outcome, extra []reuse.ExtraMerge, work []verify.ExtraWork, cmp *reuse.Comparison, proofs *verify.Proofs) verify.Evidence {
	ev := verify.Evidence{Mirror: p.Info().Mirrors != "", Extra: len(extra), ExtraWork: map[string]int{}, Proofs: proofs, Failed: !cmp.Agree()}
	for _, w := range work {
		ev.ExtraWork[w.Key()]++
	}
	if len(extra)+len(work) > 0 {
		ok, _, culprit := pipeline.Evaluate(res.Build, res, 64)
		ev.Evaluated, ev.Failed = true, ev.Failed || !ok
		if !ok {
			// as validate does: the clauses behind the culprit are
			// refuted, and a merge rests on the signatures of both nodes
			watch := append([]int(nil), culprit...)
			for _, id := range culprit {
				if id >= 0 && id < len(res.Fates) && res.Fates[id].Kind == ir.Merged && int(res.Fates[id].Into) != id {
					watch = append(watch, int(res.Fates[id].Into))
				}
			}
			ev.RefutedBy = map[string]bool{}
			for _, at := range verify.ClausesBehind(p, g, lim, watch) {
				ev.RefutedBy[at] = true
			}
		}
	}
	if proofs != nil && o != nil && res.Build != nil {
		proofs.Check(p, g, lim, res.Build, verify.ClaimsOf(res.Build, res, o, extra, work, false))
	}
	return ev
}
