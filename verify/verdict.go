// Package verify says how well a rule pack's work was checked: the claims
// (merges, folds, aliases, rewrites) a pack's result rests on, their proofs
// by package prove, the clauses that fired, and the verdict that sums them.
//
// A verdict is never stronger than its evidence (ARCHITECTURE.md): proved
// is for all inputs, by a solver; tested is no counterexample on draws;
// not exercised is a clause that never fired on this input, so nothing
// was checked at all. Every command that runs a pack (validate, bench,
// evalcheck, explain, view, fuzz) reports the same words from here.
package verify

import (
	"fmt"
	"strings"
)

// Verdict is how well a claim, a clause or a pack was checked. The order
// is from weakest to strongest, and a pack's verdict is its weakest
// clause's.
type Verdict uint8

const (
	Refuted      Verdict = iota // a counterexample: a witness, or a failed evaluation
	NotExercised                // never fired on this input
	Unknown                     // fired, but neither proved nor tested (timeout, unsupported op, --eval 0)
	Tested                      // fired; no counterexample on the evaluation's draws, not proved
	Agrees                      // a mirroring pack equal to its reference mode on every asset
	Proved                      // every claim it led to proved for every input
)

var words = [...]string{"refuted", "not exercised", "unknown", "tested", "agrees with the reference", "proved"}

// tokens are the verdicts in JSON: one word, no spaces.
var tokens = [...]string{"refuted", "not-exercised", "unknown", "tested", "agrees", "proved"}

func (v Verdict) String() string {
	if int(v) < len(words) {
		return words[v]
	}
	return fmt.Sprintf("Verdict(%d)", v)
}

// Token is the verdict as one word, as the JSON outputs write it.
func (v Verdict) Token() string {
	if int(v) < len(tokens) {
		return tokens[v]
	}
	return "unknown"
}

func (v Verdict) MarshalText() ([]byte, error) { return []byte(v.Token()), nil }

func (v *Verdict) UnmarshalText(b []byte) error {
	for i, t := range tokens {
		if string(b) == t {
			*v = Verdict(i)
			return nil
		}
	}
	return fmt.Errorf("verdict %q: one of %s", b, strings.Join(tokens[:], ", "))
}

// Unverified reports whether v neither refutes nor vouches for a pack:
// validate exits 1 on it unless --allow-unverified.
func (v Verdict) Unverified() bool { return v == NotExercised || v == Unknown }

// Sound reports whether v may be called sound: only a proof is.
func (v Verdict) Sound() bool { return v == Proved }

// Weakest is the weakest of vs; Proved when there are none.
func Weakest(vs ...Verdict) Verdict {
	w := Proved
	for _, v := range vs {
		if v < w {
			w = v
		}
	}
	return w
}
