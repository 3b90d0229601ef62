package verify

import (
	"fmt"
	"strings"

	"reuselab/reuse/engines"
	"reuselab/rules/eval"
)

// Clause coverage: each asset's evaluation counts, in the same
// evaluation, the facts of every clause whose head is one the driver reads
// from the level phase (sig/2, foldtype/2, fold/3, alias/3, rewrite/4),
// the only way a clause leads to a merge, fold, alias or rewrite
// (eval.Options.Coverage). Helpers that feed those heads are not counted:
// a helper that never fires leaves its head clause unfired too. Only the
// pack's own clauses are judged: an extending pack's base is the
// reference.

// Coverage sums the coverage profiles of one pack over the assets.
type Coverage struct {
	Sum    eval.Profile
	Assets int // assets whose evaluation came back with a profile
}

// Add counts one asset's profile (nil: the asset was not counted).
func (c *Coverage) Add(p *eval.Profile) {
	if p == nil {
		return
	}
	c.Assets++
	c.Sum.Add(p)
}

// OwnClauses are the clauses of the pack's own file, in pack order.
func (c *Coverage) OwnClauses(p *engines.Pack) []eval.ClauseCost {
	own := OwnFile(p)
	var out []eval.ClauseCost
	for _, cl := range c.Sum.Clauses {
		if cl.Pos.File == own || own == "" {
			out = append(out, cl)
		}
	}
	return out
}

// OwnFile is the file the pack's own clauses are written in: the last it
// was read from (an extending pack's base comes first).
func OwnFile(p *engines.Pack) string {
	if files := p.Rules().Files; len(files) > 0 {
		return files[len(files)-1]
	}
	return ""
}

// ClauseAt is a clause's position, FILE:LINE.
func ClauseAt(cl eval.ClauseCost) string { return fmt.Sprintf("%s:%d", cl.Pos.File, cl.Pos.Line) }

// ClauseVerdict is one clause's verdict: not exercised when it never
// fired; refuted when a refuted claim's derivation names it; else the
// verdict of the claims beyond the reference of the kind its head derives
// (every extra merge for sig/2, …), which is all a run knows without a
// derivation per claim: a refutation another clause of that kind caused
// leaves it tested. A clause that fired but led to no claim beyond the
// reference is not exercised: its facts changed nothing the reference
// did not do, so nothing it claims was checked.
func ClauseVerdict(cl eval.ClauseCost, kinds map[string]Verdict, refutedBy map[string]bool) Verdict {
	if cl.Facts == 0 {
		return NotExercised
	}
	if refutedBy[ClauseAt(cl)] {
		return Refuted
	}
	v, ok := Proved, false
	for _, k := range KindsOfHead(cl.Head) {
		if kv, has := kinds[k]; has && (!ok || kv < v) {
			v, ok = kv, true
		}
	}
	switch {
	case !ok:
		return NotExercised
	case v == Refuted:
		return Tested
	}
	return v
}

// KindsOfHead are the kinds of claims a clause with this head leads to:
// an alias that joins a node another pack keeps is counted as an extra
// merge (reuse.Coarsens), so alias/3 leads to both.
func KindsOfHead(head string) []string {
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

// Evidence is what a run gathered about a pack, before its clauses are
// judged.
type Evidence struct {
	Mirror    bool           // the pack mirrors a reference mode
	Extra     int            // its extra merges
	ExtraWork map[string]int // its extra folds, aliases, rewrites by "kind op"
	Evaluated bool           // extra claims were evaluated (--eval N)
	Proofs    *Proofs        // nil: not proved
	Failed    bool           // a disagreement or a failed evaluation
	// General holds the clauses (FILE:LINE) decided for every graph they
	// can fire on (rules/clauses): Proved or Refuted, whatever this input
	// fired.
	General map[string]Verdict
	// RefutedBy holds the clauses (FILE:LINE) behind a failed evaluation's
	// culprit (ClausesBehind); the proofs' refutations are added to it.
	RefutedBy map[string]bool
	Stopped   bool // the pack stopped on an asset
}

// ClauseResult is one clause of the pack's own with its verdict.
type ClauseResult struct {
	At      string  `json:"at"` // FILE:LINE
	Head    string  `json:"head"`
	Clause  string  `json:"clause"`
	Fired   int     `json:"fired"` // facts it derived, summed over the assets
	Verdict Verdict `json:"verdict"`
}

// Judgment is a pack's verdict with its reason and its clauses.
type Judgment struct {
	Verdict Verdict        `json:"verdict"`
	Why     string         `json:"why"`
	Mirror  bool           `json:"mirror"`
	Assets  int            `json:"assetsCounted"` // assets whose clauses were counted
	Fired   int            `json:"clausesFired"`
	Total   int            `json:"clauses"`
	Clauses []ClauseResult `json:"clauseVerdicts"` // nil for a mirroring pack: agreement is its evidence
}

// Judge sums the evidence and the coverage into the pack's verdict: the
// weakest of its clauses' and of the run's evidence.
func Judge(p *engines.Pack, cov *Coverage, e Evidence) Judgment {
	extras := e.Extra+len(e.ExtraWork) > 0
	ev, why := Tested, "fired, no counterexample on the evaluation's draws, not proved"
	if !extras {
		ev, why = Agrees, "nothing beyond the reference on this input"
	}
	kinds, refutedBy := map[string]Verdict{}, map[string]bool{}
	for at := range e.RefutedBy {
		refutedBy[at] = true
	}
	switch {
	case e.Mirror:
		ev, why = Agrees, "equal to the reference mode on every asset"
	case e.Proofs != nil:
		kinds = e.Proofs.Kinds
		for at := range e.Proofs.RefutedBy {
			refutedBy[at] = true
		}
		ev, why = e.Proofs.Evidence(), "every claim proved for every float32 input"
	case extras && !e.Evaluated:
		ev, why = Unknown, "its extra merges, folds, aliases and rewrites were neither evaluated (--eval 0) nor proved"
	}
	if e.Proofs == nil {
		checked := Tested
		if !e.Evaluated {
			checked = Unknown
		}
		if e.Extra > 0 {
			kinds["merge"] = checked
		}
		for k := range e.ExtraWork {
			kinds[strings.Fields(k)[0]] = checked
		}
	} else {
		if e.Mirror && e.Proofs.All && e.Proofs.Evidence() != Proved {
			ev = e.Proofs.Evidence()
		} else if e.Mirror && e.Proofs.All && e.Proofs.Queries() > 0 {
			ev, why = Proved, "every merge, fold, alias and rewrite proved for every float32 input"
		}
		switch ev {
		case Refuted:
			why = "a claim refuted with a witness"
		case Unknown:
			why = "a claim neither proved nor refuted"
		}
	}
	switch {
	case e.Failed:
		ev, why = Refuted, "a disagreement or a failed evaluation"
	case e.Stopped && ev > Unknown:
		ev, why = Unknown, "the pack stopped on an asset"
	}
	j := Judgment{Verdict: ev, Why: why, Mirror: e.Mirror, Assets: cov.Assets}
	own := cov.OwnClauses(p)
	j.Total = len(own)
	for _, cl := range own {
		if cl.Facts > 0 {
			j.Fired++
		}
	}
	if e.Mirror {
		// A mirroring pack is held to its reference mode node for node: on
		// this input that agreement is the evidence, clause by clause or not.
		return j
	}
	for _, cl := range own {
		v := ClauseVerdict(cl, kinds, refutedBy)
		if g, ok := e.General[ClauseAt(cl)]; ok && (g == Refuted || g == Proved && v != Refuted) {
			// a proof for every graph outweighs this input's firing, and a
			// refutation of the clause itself is one whether it fired or not
			v = g
		}
		j.Clauses = append(j.Clauses, ClauseResult{At: ClauseAt(cl), Head: cl.Head, Clause: strings.Join(strings.Fields(cl.Clause), " "), Fired: int(cl.Facts), Verdict: v})
		j.Verdict = min(j.Verdict, v)
	}
	switch {
	case j.Verdict == Proved && ev == Proved && j.Fired < j.Total:
		j.Why = "every clause proved, for all graphs where it did not fire"
	case j.Verdict == NotExercised && j.Fired < j.Total:
		j.Why = "a merging clause of its own never fired on this input"
	case j.Verdict == NotExercised:
		j.Why = "its clauses fired, but none led to a merge, fold, alias or rewrite beyond the reference on this input: nothing it claims was checked"
	case j.Verdict != ev:
		j.Why = "the weakest of its clauses"
	}
	return j
}
