package main

import (
	"fmt"
	"io"
	"strings"

	"reuselab/pipeline/packcheck"
	"reuselab/reuse/engines"
	"reuselab/verify"
)

// validationVerdict judges the pack on the run's evidence (package verify), prints
// its clause coverage and verdict, and returns the judgment. evaluated
// says whether extra claims were evaluated (--eval N).
func validationVerdict(st *packcheck.Tally, w io.Writer, p *engines.Pack, mirror, evaluated bool) verify.Judgment {
	if st.Proofs != nil {
		if !mirror {
			st.General = proveClauses(w, p, st.Proofs.Float32())
		}
		// the cache's figures count the clauses' queries too
		st.Proofs.Print(w, p.Name())
	}
	j := verify.Judge(p, &st.Coverage, verify.Evidence{
		Mirror: mirror, Extra: len(st.Extra), ExtraWork: st.ExtraWork, Evaluated: evaluated,
		Proofs: st.Proofs, Failed: st.Disagree > 0 || st.EvalBad > 0, Stopped: st.Stopped > 0, RefutedBy: st.EvalRefutedBy, General: st.General,
	})
	printCoverage(w, p.Name(), j)
	fmt.Fprintf(w, "verdict of %s: %s (%s)\n", p.Name(), j.Verdict, j.Why)
	return j
}

// printCoverage prints the pack's own clauses, how often each fired and
// its verdict.
func printCoverage(w io.Writer, name string, j verify.Judgment) {
	switch {
	case j.Mirror && j.Assets == 0:
		fmt.Fprintf(w, "clause coverage of %s: not counted (a mirroring pack: its verdict is agreement with the reference; --coverage counts it)\n", name)
		return
	case j.Mirror:
		fmt.Fprintf(w, "clause coverage of %s: %d of %d merging clauses fired on %s (a mirroring pack: its verdict is agreement with the reference)\n",
			name, j.Fired, j.Total, plural(j.Assets, "asset"))
		return
	}
	fmt.Fprintf(w, "clause coverage of %s: %d of %d merging clauses fired on %s\n", name, j.Fired, j.Total, plural(j.Assets, "asset"))
	for _, cl := range j.Clauses {
		fmt.Fprintf(w, "  %8d  %-13s  %s: %s\n", cl.Fired, cl.Verdict, cl.At, shortText(cl.Clause, 80))
	}
}

func shortText(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
