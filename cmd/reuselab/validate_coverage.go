package main

import (
	"fmt"
	"io"
	"strings"

	"reuselab/reuse/engines"
	"reuselab/verify"
)

// verdict judges the pack on the run's evidence (package verify), prints
// its clause coverage and verdict, and returns the judgment. evaluated
// says whether extra claims were evaluated (--eval N).
func (st *validateStats) verdict(w io.Writer, p *engines.Pack, mirror, evaluated bool) verify.Judgment {
	if st.proofs != nil {
		if !mirror {
			st.general = proveClauses(w, p, st.proofs.Float32())
		}
		// the cache's figures count the clauses' queries too
		st.proofs.Print(w, p.Name())
	}
	j := verify.Judge(p, &st.coverage, verify.Evidence{
		Mirror: mirror, Extra: len(st.extra), ExtraWork: st.extraWork, Evaluated: evaluated,
		Proofs: st.proofs, Failed: st.disagree > 0 || st.evalBad > 0, Stopped: st.stopped > 0, RefutedBy: st.evalRefutedBy, General: st.general,
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
