package main

import (
	"fmt"
	"io"
	"strings"

	"reuselab/reuse/engines"
	"reuselab/rules/eval"
)

// Clause coverage and verdicts (issue 29). A pack that agrees with the
// reference on a corpus where its own merging clause never fired has not
// been checked at all, yet validate used to say "agree" and exit 0. Each
// asset's evaluation now counts, in the same evaluation, the facts of
// every clause whose head is one the driver reads from the level phase —
// sig/2, foldtype/2, fold/3, alias/3, rewrite/4, the only way a clause
// leads to a merge, fold, alias or rewrite (eval.Options.Coverage; the
// helpers that feed those heads are not counted: a helper that never
// fires leaves its head clause unfired too). Only the pack's own clauses
// are judged: an extending pack's base (reuse-2.0) is the reference.

// verdict is how well a clause, or a pack, was checked: the order is from
// weakest to strongest, and a pack's verdict is its weakest clause's.
type verdict uint8

const (
	verdictRefuted      verdict = iota // a counterexample (a witness, or a failed evaluation)
	verdictNotExercised                // never fired on this input
	verdictUnknown                     // fired, but a claim was neither proved nor tested (timeout, unsupported, --eval 0)
	verdictTested                      // fired; no counterexample on the draws, not proved
	verdictAgrees                      // a mirroring pack equal to its reference mode on every asset
	verdictProved                      // every claim it led to proved for every input
)

func (v verdict) String() string {
	return [...]string{"refuted", "not exercised", "unknown", "tested", "agrees with the reference", "proved"}[v]
}

// unverified reports whether v makes validate exit 1 unless
// --allow-unverified: the run neither refuted nor vouched for the pack.
func (v verdict) unverified() bool { return v == verdictNotExercised || v == verdictUnknown }

// clauseCoverage sums the coverage profiles of one pack over the assets.
type clauseCoverage struct {
	sum    eval.Profile
	assets int // assets whose evaluation came back with a profile
}

func (c *clauseCoverage) add(p *eval.Profile) {
	if p == nil {
		return
	}
	c.assets++
	c.sum.Add(p)
}

// ownClauses are the clauses of the pack's own file (the last it was
// read from; an extending pack's base comes first), in pack order.
func (c *clauseCoverage) ownClauses(p *engines.Pack) []eval.ClauseCost {
	own := ownFile(p)
	var out []eval.ClauseCost
	for _, cl := range c.sum.Clauses {
		if cl.Pos.File == own || own == "" {
			out = append(out, cl)
		}
	}
	return out
}

// ownFile is the file the pack's own clauses are written in.
func ownFile(p *engines.Pack) string {
	if files := p.Rules().Files; len(files) > 0 {
		return files[len(files)-1]
	}
	return ""
}

// clauseVerdict is one clause's verdict: not exercised when it never
// fired; refuted when a refuted claim's derivation names it; else the
// verdict of the claims beyond the reference of the kind its head derives
// (every extra merge for sig/2, …), which is all validate knows without a
// derivation per claim: a refutation another clause of that kind caused
// leaves it tested; no claim of its kind beyond the reference, it agrees.
func clauseVerdict(cl eval.ClauseCost, kinds map[string]verdict, refutedBy map[string]bool) verdict {
	if cl.Facts == 0 {
		return verdictNotExercised
	}
	if refutedBy[clauseAt(cl)] {
		return verdictRefuted
	}
	v, ok := verdictProved, false
	for _, k := range kindsOfHead(cl.Head) {
		if kv, has := kinds[k]; has && (!ok || kv < v) {
			v, ok = kv, true
		}
	}
	switch {
	case !ok:
		return verdictAgrees
	case v == verdictRefuted:
		return verdictTested
	}
	return v
}

func clauseAt(cl eval.ClauseCost) string { return fmt.Sprintf("%s:%d", cl.Pos.File, cl.Pos.Line) }

// kindsOfHead are the kinds of claims a clause with this head leads to:
// an alias that joins a node another pack keeps is counted as an extra
// merge (reuse.Coarsens), so alias/3 leads to both.
func kindsOfHead(head string) []string {
	switch head {
	case "sig/2":
		return []string{"merge"}
	case "fold/3", "foldtype/2":
		return []string{"fold"}
	case "alias/3":
		return []string{"alias", "merge"}
	case "rewrite/4":
		return []string{"rewrite"}
	}
	return nil
}

// printCoverage prints the pack's own clauses, how often each fired and
// its verdict, and returns the pack's verdict (the weakest of them, and of
// the evidence the run gathered: evidence).
func printCoverage(w io.Writer, p *engines.Pack, c *clauseCoverage, mirror bool, evidence verdict, kinds map[string]verdict, refutedBy map[string]bool) verdict {
	own := c.ownClauses(p)
	fired := 0
	for _, cl := range own {
		if cl.Facts > 0 {
			fired++
		}
	}
	if mirror && c.assets == 0 {
		fmt.Fprintf(w, "clause coverage of %s: not counted (a mirroring pack: its verdict is agreement with the reference; --coverage counts it)\n", p.Name())
		return evidence
	}
	if mirror {
		// A mirroring pack is held to its reference mode node for node: on
		// this input that agreement is the evidence, clause by clause or not.
		fmt.Fprintf(w, "clause coverage of %s: %d of %d merging clauses fired on %d assets (a mirroring pack: its verdict is agreement with the reference)\n",
			p.Name(), fired, len(own), c.assets)
		return evidence
	}
	fmt.Fprintf(w, "clause coverage of %s: %d of %d merging clauses fired on %d assets\n", p.Name(), fired, len(own), c.assets)
	pack := evidence
	for _, cl := range own {
		v := clauseVerdict(cl, kinds, refutedBy)
		if v < pack {
			pack = v
		}
		fmt.Fprintf(w, "  %8d  %-13s  %s: %s\n", cl.Facts, v, clauseAt(cl), shortText(cl.Clause, 80))
	}
	return pack
}

func shortText(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// verdict prints the clause coverage and the pack's verdict, and returns
// it. evaluated says whether extra claims were evaluated (--eval N).
func (st *validateStats) verdict(w io.Writer, p *engines.Pack, mirror, evaluated bool) verdict {
	ev, why := verdictTested, "fired, no counterexample on the evaluation's draws, not proved"
	if len(st.extra)+len(st.extraWork) == 0 {
		ev, why = verdictAgrees, "nothing beyond the reference on this input"
	}
	kinds, refutedBy := map[string]verdict{}, map[string]bool{}
	extras := len(st.extra)+len(st.extraWork) > 0
	switch {
	case mirror:
		ev, why = verdictAgrees, "equal to the reference mode on every asset"
	case st.proofs != nil:
		kinds, refutedBy = st.proofs.kinds, st.proofs.refutedBy
		ev, why = st.proofs.evidence(), "every claim proved for every float32 input"
	case extras && !evaluated:
		ev, why = verdictUnknown, "its extra merges, folds, aliases and rewrites were neither evaluated (--eval 0) nor proved"
	}
	if st.proofs == nil {
		checked := verdictTested
		if !evaluated {
			checked = verdictUnknown
		}
		if len(st.extra) > 0 {
			kinds["merge"] = checked
		}
		for k := range st.extraWork {
			kinds[strings.Fields(k)[0]] = checked
		}
	}
	if st.proofs != nil {
		st.proofs.print(w, p.Name())
		if mirror && st.proofs.all && st.proofs.evidence() != verdictProved {
			ev = st.proofs.evidence()
		} else if mirror && st.proofs.all && st.proofs.provers[0].Stats().Queries > 0 {
			ev, why = verdictProved, "every merge, fold, alias and rewrite proved for every float32 input"
		}
		switch ev {
		case verdictRefuted:
			why = "a claim refuted with a witness (above)"
		case verdictUnknown:
			why = "a claim neither proved nor refuted (above)"
		}
	}
	switch {
	case st.disagree > 0 || st.evalBad > 0:
		ev, why = verdictRefuted, "a disagreement or a failed evaluation (above)"
	case st.stopped > 0 && ev > verdictUnknown:
		ev, why = verdictUnknown, "the pack stopped on an asset"
	}
	v := printCoverage(w, p, &st.coverage, mirror, ev, kinds, refutedBy)
	switch {
	case v == verdictNotExercised:
		why = "a merging clause of its own never fired on this input"
	case v != ev:
		why = "the weakest of its clauses, listed above"
	}
	fmt.Fprintf(w, "verdict of %s: %s (%s)\n", p.Name(), v, why)
	return v
}
