package main

import (
	"fmt"
	"io"
	"strings"

	"reuselab/emit/view"
	"reuselab/ir"
	"reuselab/prove"
	"reuselab/reuse"
	"reuselab/reuse/engines"
	"reuselab/rules/eval"
	"reuselab/verify"
)

// view's verdicts: every merge on the page is drawn as how well it was
// checked. A merge is the node of the merged graph that several build
// nodes became; the claims it rests on (package verify: a merge per
// output, a fold, an alias, a rewrite) are those about its build nodes.
// Beyond the reference passes a pack's claims are unverified, or with
// --prove proved or refuted by the solver; the merges the reference makes
// too are the reference's, unless --prove-all proves them as well.

// mergeJudge decides the merges' verdicts of a run and counts them.
type mergeJudge struct {
	all    bool           // every merge's claims, not only those beyond the reference
	proofs *verify.Proofs // nil: nothing proved
	counts map[string]int // merges per verdict drawn
}

// checks are the verdicts of the merges of res (the merged side of the
// build graph g; o the pack's outcome, nil for the reference passes), by
// the merged graph's node each merge became.
func (j *mergeJudge) checks(m merger, g *ir.Graph, res *ir.Result, o *eval.Outcome) map[int]view.Check {
	if res.Build == nil || len(res.Fates) != len(res.Build.Nodes) {
		return nil
	}
	p, _ := m.engine.(*engines.Pack)
	var extra []reuse.ExtraMerge
	var work []verify.ExtraWork
	if p != nil {
		// beyond the reference the pack is held against, as validate
		// compares it; a pack that mirrors it has nothing beyond
		want := engines.MustResolve(reuse.Versus(p)).Run(g, m.lim)
		extra, _ = reuse.Coarsens(want, res)
		work = verify.ExtraWorkOf(want, res, extra)
	}
	if o == nil {
		o = &eval.Outcome{} // the reference passes: merges and aliases, from the fates
	}
	claims := verify.ClaimsOf(res.Build, res, o, extra, work, j.all)
	var decided []verify.Decided
	if j.proofs != nil {
		decided = j.proofs.Check(p, g, m.lim, res.Build, claims)
	} else {
		for _, c := range claims {
			decided = append(decided, verify.Decided{Claim: c})
		}
	}
	byFinal := map[int][]verify.Decided{}
	for _, d := range decided {
		if f := res.Fates[d.Claim.Build]; f.Kind != ir.Pruned && f.Final >= 0 {
			byFinal[int(f.Final)] = append(byFinal[int(f.Final)], d)
		}
	}
	members := map[int]int{}
	for _, f := range res.Fates {
		if f.Kind != ir.Pruned && f.Final >= 0 {
			members[int(f.Final)]++
		}
	}
	out := map[int]view.Check{}
	for final, n := range members {
		if n < 2 {
			continue // not a merge: the page lists none
		}
		c := j.check(byFinal[final])
		out[final] = c
		if j.counts == nil {
			j.counts = map[string]int{}
		}
		j.counts[c.Verdict]++
	}
	return out
}

// check is one merge's verdict: the weakest of its claims', with each
// claim and its outcome (a refutation's witness as prove prints it, %N
// the build nodes as the merge list names them) in the title.
func (j *mergeJudge) check(ds []verify.Decided) view.Check {
	if len(ds) == 0 {
		return view.Check{Verdict: view.Reference, Title: "the reference passes make this merge too; not checked beyond that (view --prove --prove-all proves it)"}
	}
	if j.proofs == nil {
		var what []string
		for _, d := range ds {
			what = append(what, d.Claim.Kind+" "+buildToDump(d.Claim.What))
		}
		return view.Check{Verdict: view.Unverified, Title: "beyond the reference; not proved (view --prove asks the solver):\n" + strings.Join(what, "\n")}
	}
	verdict := view.Proved
	var lines []string
	for _, d := range ds {
		v := d.Float32
		switch v.Outcome {
		case prove.Refuted:
			verdict = view.Refuted
		case prove.Unknown:
			if verdict != view.Refuted {
				verdict = view.Unverified
			}
		}
		l := fmt.Sprintf("%s %s: %s (%s)", d.Claim.Kind, buildToDump(d.Claim.What), v.Outcome, v.Reason)
		if v.Outcome == prove.Proved {
			l = fmt.Sprintf("%s %s: proved for every float32 input", d.Claim.Kind, buildToDump(d.Claim.What))
		}
		if v.Witness != nil {
			l += "; witness:\n" + v.Witness.String()
		}
		if d.Real != nil {
			l += "\nover the reals: " + d.Real.Outcome.String()
		}
		lines = append(lines, l)
	}
	return view.Check{Verdict: verdict, Title: strings.Join(lines, "\n")}
}

// buildToDump names build nodes as the page's merge list does (%N): verify
// writes them bN, as explain and validate do.
func buildToDump(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == 'b' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9' && (i == 0 || !isWordByte(s[i-1])) {
			b.WriteByte('%')
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// report says on stderr how many merges the page draws as what, and the
// proofs' counts and cache.
func (j *mergeJudge) report(w io.Writer, name string) {
	if j == nil || len(j.counts) == 0 {
		return
	}
	var parts []string
	for _, v := range []string{view.Proved, view.Tested, view.Reference, view.Unverified, view.Refuted} {
		if n := j.counts[v]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, v))
		}
	}
	fmt.Fprintf(w, "view: merges of %s drawn as: %s\n", name, strings.Join(parts, ", "))
	if j.proofs != nil {
		j.proofs.Print(w, name)
	}
}
