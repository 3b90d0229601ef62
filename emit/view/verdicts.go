package view

import (
	"fmt"
	"strings"
)

// A merge on the page is drawn as how well it was checked: its merged
// node's outline and its row in the merge list carry the verdict, and
// the row's title the verdict in words with the solver's witness. The
// caller decides the verdicts (cmd/reuselab, package verify); this
// package only draws them.

// The verdicts a merge is drawn as, weakest first.
const (
	Refuted    = "refuted"    // a witness input makes the merged nodes differ
	Unverified = "unverified" // neither proved nor tested (not asked, a timeout, an op the solver does not know)
	Tested     = "tested"     // no counterexample on the evaluation's draws; not proved
	Reference  = "reference"  // the reference passes make the same merge; not checked beyond that
	Proved     = "proved"     // equal for every float32 input, by an SMT solver
)

// legend is the verdicts in the order the page explains them.
var legend = []struct{ Verdict, Says string }{
	{Proved, "every claim the merge rests on holds for every float32 input (an SMT solver proved it)"},
	{Tested, "no counterexample on the evaluation's random inputs; not proved"},
	{Unverified, "neither proved nor tested (view --prove asks the solver)"},
	{Refuted, "an input on which the merged nodes differ (the witness is in the merge's title)"},
	{Reference, "the reference passes merge them too; not checked beyond that (view --prove --prove-all proves it)"},
}

// Check is how well one merge was checked.
type Check struct {
	Verdict string // one of the constants above
	Title   string // the verdict in words, and a refutation's witness
}

// verdictStyle draws a merged node by its verdict: the outline's colour
// and line, at the same screen width at every zoom (the nodes sit in
// ueblueprint's grid, scaled by --ueb-scale).
var verdictStyle = map[string]string{
	Proved:     "outline:calc(4px / var(--ueb-scale, 1)) solid #3ddc84;outline-offset:calc(3px / var(--ueb-scale, 1));box-shadow:0 0 calc(24px / var(--ueb-scale, 1)) calc(6px / var(--ueb-scale, 1)) rgba(61,220,132,.5)",
	Tested:     "outline:calc(4px / var(--ueb-scale, 1)) dashed #4fc3f7;outline-offset:calc(3px / var(--ueb-scale, 1))",
	Unverified: "outline:calc(4px / var(--ueb-scale, 1)) dotted #e0e0e0;outline-offset:calc(3px / var(--ueb-scale, 1))",
	Refuted:    "outline:calc(6px / var(--ueb-scale, 1)) double #ff3b30;outline-offset:calc(3px / var(--ueb-scale, 1));box-shadow:0 0 calc(24px / var(--ueb-scale, 1)) calc(6px / var(--ueb-scale, 1)) rgba(255,59,48,.55)",
}

// legendStyle is the legend's keys and the merge list's verdict cells,
// drawn as the merged nodes are.
func legendStyle() string {
	var b strings.Builder
	for _, l := range legend {
		style, ok := verdictStyle[l.Verdict]
		if !ok {
			style = highlightRules["ueb-merged"]
		}
		style = strings.ReplaceAll(style, " / var(--ueb-scale, 1)", "")
		fmt.Fprintf(&b, ".key.v-%s,td.verdict.v-%s span{%s;padding:0 3px}\n", l.Verdict, l.Verdict, style)
	}
	return b.String()
}
