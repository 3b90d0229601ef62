package main

import (
	"fmt"
	"io"

	"reuselab/pipeline"
	"reuselab/prove"
	"reuselab/reuse/engines"
	"reuselab/rules/clauses"
	"reuselab/rules/pack"
	"reuselab/verify"
)

// proveClauses judges the pack's own merging clauses for every graph they
// can fire on (rules/clauses, as Crocus verifies ISLE rules), prints each
// one's verdict and returns them by FILE:LINE for the pack's judgment. A
// user's pack is parsed here only after its child process loaded it under
// limits (engines.Resolve), so that its load is known to end.
func proveClauses(w io.Writer, p *engines.Pack, pr *prove.Prover) map[string]verify.Verdict {
	rules := p.Rules()
	if rules.Untrusted() {
		files := rules.Files
		parsed, ds := pack.ParseUser(files[len(files)-1])
		if parsed == nil || ds.HasErrors() {
			fmt.Fprintf(w, "clauses of %s for all graphs: not judged (the pack did not parse again: %d diagnostics)\n", p.Name(), len(ds.Items))
			return nil
		}
		rules = parsed
	}
	results := clauses.Prove(rules, pr)
	counts := map[clauses.Verdict]int{}
	for _, r := range results {
		counts[r.Verdict]++
	}
	fmt.Fprintf(w, "clauses of %s for all graphs (%s): %d proved, %d refuted, %d per instance\n",
		p.Name(), prove.Float32, counts[clauses.ProvedForAll], counts[clauses.Refuted], counts[clauses.PerInstance])
	general := map[string]verify.Verdict{}
	for _, r := range results {
		fmt.Fprintf(w, "  %-22s %s:%d: %s: %s\n", r.Verdict, r.Pos.File, r.Pos.Line, r.Head, r.Reason)
		at := fmt.Sprintf("%s:%d", r.Pos.File, r.Pos.Line)
		switch r.Verdict {
		case clauses.ProvedForAll:
			general[at] = verify.Proved
		case clauses.Refuted:
			general[at] = verify.Refuted
			fmt.Fprint(w, pipeline.Indent(pipeline.Indent(r.Witness)))
		}
	}
	return general
}
