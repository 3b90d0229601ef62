package main

import (
	"flag"
	"fmt"
	"time"

	"reuselab/ir"
	"reuselab/prove"
	"reuselab/reuse"
	"reuselab/reuse/engines"
	"reuselab/rules/eval"
	"reuselab/rules/explain"
	"reuselab/verify"
)

// explain --prove and view --prove: the claims a derivation states (a
// merge, fold, alias or rewrite) are decided by package verify's provers
// as validate --prove decides them, and the verdict is said where the
// user reads the derivation or looks at the merge.

// addShowProveFlags adds --prove, --semantics and --prove-timeout (and
// --prove-all when all) to a command that shows proofs rather than judges
// a pack: validate's flags without its exit-code switches.
func addShowProveFlags(fs *flag.FlagSet, all bool, what string) *proveFlags {
	f := &proveFlags{memoryMB: 2048}
	fs.BoolVar(&f.prove, "prove", false, "prove "+what+" with an SMT solver (z3), for every float32 input; a refutation comes with its witness, replayed by ir/interp")
	if all {
		fs.BoolVar(&f.all, "prove-all", false, "with --prove: every merge, not only those beyond the reference")
	}
	fs.StringVar(&f.semantics, "semantics", "float32", "with --prove: float32, or real to prove over the reals as well (said beside the float32 verdict)")
	fs.DurationVar(&f.timeout, "prove-timeout", 5*time.Second, "with --prove: the solver's time limit per claim (a claim it cannot decide in time is unknown)")
	return f
}

// referenceMakes says whether the reference result want makes claim c of
// the pack's result res too: the same two nodes one node, or the same
// fold, alias or rewrite (verify.ExtraWorkOf). Results of different
// builds share nothing.
func referenceMakes(c explain.Claim, want, res *ir.Result, work []verify.ExtraWork) bool {
	if want == nil || len(want.Fates) != len(res.Fates) || c.Node < 0 || c.Node >= len(want.Fates) {
		return false
	}
	same := func(x, y int) bool {
		if x < 0 || x >= len(want.Fates) {
			return false
		}
		fx, fy := want.Fates[x], want.Fates[y]
		return fx.Kind != ir.Pruned && fy.Kind != ir.Pruned && fx.Final == fy.Final
	}
	switch {
	case c.Other != nil:
		return same(*c.Other, c.Node)
	case c.Kind == "alias":
		// an alias that joins what the reference keeps apart is an extra
		// merge (reuse.Coarsens), not extra work
		return same(int(res.Fates[c.Node].Into), c.Node)
	}
	// a fold or a rewrite the node's fate still records in both, and
	// that ExtraWorkOf found the same (a node pruned afterwards is
	// not compared there: it is not said to be the reference's)
	kind, ok := map[string]ir.FateKind{"fold": ir.Folded, "rewrite": ir.Rewritten}[c.Kind]
	if !ok || res.Fates[c.Node].Kind != kind || want.Fates[c.Node].Kind != kind {
		return false
	}
	for _, w := range work {
		if w.Build == c.Node && w.Kind == c.Kind {
			return false
		}
	}
	return true
}

// claimsOf are the verify claims behind an explanation's claim: one per
// output of a merge, one per lane of a rewrite.
func claimsOf(c explain.Claim, res *ir.Result, o *eval.Outcome) []verify.Claim {
	if c.Other != nil {
		return verify.ClaimsOf(res.Build, res, o, []reuse.ExtraMerge{{Build: []int{*c.Other, c.Node}}}, nil, false)
	}
	return verify.ClaimsOf(res.Build, res, o, nil, []verify.ExtraWork{{Kind: c.Kind, Build: c.Node}}, false)
}

// explainEvidence puts under every claim of rep the proof or the
// counterexample (proofs non-nil), else what evidence there is: none
// beyond the reference's making the same claim. want is the reference's
// result, work the pack's extra folds, aliases and rewrites over it.
func explainEvidence(rep *explain.Report, p *engines.Pack, g *ir.Graph, lim ir.Limits, res, want *ir.Result, o *eval.Outcome, work []verify.ExtraWork, proofs *verify.Proofs) {
	for _, l := range rep.ClaimLines() {
		ref := referenceMakes(*l.Claim, want, res, work)
		if proofs == nil {
			l.Evidence = &explain.Evidence{Verdict: verify.Unknown.Token(), Text: "not proved; run with --prove"}
			if ref {
				l.Evidence = &explain.Evidence{Verdict: verify.Agrees.Token(), Text: "not proved (the reference makes it too); run with --prove"}
			}
			continue
		}
		cs := claimsOf(*l.Claim, res, o)
		if len(cs) == 0 {
			l.Evidence = &explain.Evidence{Verdict: verify.Unknown.Token(), Text: "unknown: no formula for this " + l.Claim.Kind}
			continue
		}
		l.Evidence = evidenceOf(proofs.Check(p, g, lim, res.Build, cs))
	}
}

// evidenceOf sums the verdicts of one explained claim's parts: the first
// refutation with its witness, else the first unknown, else proved.
func evidenceOf(ds []verify.Decided) *explain.Evidence {
	worst := ds[0]
	for _, d := range ds[1:] {
		if rank(d.Float32.Outcome) < rank(worst.Float32.Outcome) {
			worst = d
		}
	}
	v := worst.Float32
	part := ""
	if len(ds) > 1 && v.Outcome != prove.Proved {
		part = " (" + worst.Claim.What + ")"
	}
	e := &explain.Evidence{}
	switch v.Outcome {
	case prove.Proved:
		e.Verdict, e.Text = verify.Proved.Token(), fmt.Sprintf("proved for every float32 input (%s)", v.Reason)
	case prove.Refuted:
		e.Verdict, e.Text = verify.Refuted.Token(), fmt.Sprintf("refuted in float32%s (%s): witness", part, v.Reason)
		e.Witness = witnessLines(v.Witness)
	default:
		e.Verdict, e.Text = verify.Unknown.Token(), fmt.Sprintf("unknown%s: %s", part, v.Reason)
	}
	if worst.Real != nil {
		e.Real = worst.Real.Outcome.String()
		if worst.Real.Outcome != prove.Proved && worst.Real.Reason != "" {
			e.Real += " (" + worst.Real.Reason + ")"
		}
	}
	return e
}

// rank orders outcomes from the one to say first.
func rank(o prove.Outcome) int {
	switch o {
	case prove.Refuted:
		return 0
	case prove.Unknown:
		return 1
	}
	return 2
}

// witnessLines is prove's witness with the nodes named as explain names
// them (bN, build nodes).
func witnessLines(w *prove.Witness) []string {
	if w == nil {
		return nil
	}
	var out []string
	for _, a := range w.Values {
		kind := "chosen"
		if a.Leaf {
			kind = "input"
		}
		out = append(out, fmt.Sprintf("%s %s (%s) = %v", ir.FormatRefNamed(ir.Ref{Node: a.Node, Out: a.Out}, ir.BuildName), a.What, kind, a.Lanes))
	}
	s := fmt.Sprintf("left = %v, right = %v", w.Left, w.Right)
	if w.ULPs >= 0 {
		s += fmt.Sprintf(" (%d float32 ULPs apart)", w.ULPs)
	}
	return append(out, s, "ir/interp: "+w.Replay.String())
}
