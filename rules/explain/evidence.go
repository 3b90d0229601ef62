package explain

import (
	"fmt"
	"strings"
)

// A line that states a merge, a fold, an alias or a rewrite carries the
// claim it states (Claim), so that a caller holding a prover can check it
// and hang the proof or the counterexample under the derivation
// (Evidence). This package knows no prover: the claim is named by build
// ids, and the evidence is text and a verdict token the caller made.

// Claim is the equation a line states: merge (Node is Other, output by
// output), fold (Node is the constant it folds to), alias (Node is what
// its readers read) or rewrite (Node is the swizzle its mask composed to).
type Claim struct {
	Kind  string `json:"kind"`
	Node  int    `json:"node"`
	Other *int   `json:"other,omitempty"` // a merge's other node
}

func (c Claim) String() string {
	if c.Other != nil {
		return fmt.Sprintf("%s of b%d and b%d", c.Kind, *c.Other, c.Node)
	}
	return fmt.Sprintf("%s of b%d", c.Kind, c.Node)
}

// Evidence is how well a line's claim was checked.
type Evidence struct {
	// Verdict is a token of package verify's verdicts: proved, refuted,
	// unknown (neither proved nor tested), agrees (the reference makes
	// the same claim; not proved).
	Verdict string `json:"verdict"`
	// Text says it in words: "proved for every float32 input", "refuted
	// in float32 (…): witness", "unknown: …", "not proved; run with
	// --prove".
	Text string `json:"text"`
	// Witness is a refutation's input and the values the two sides take
	// on it, as ir/interp replayed them, one line each.
	Witness []string `json:"witness,omitempty"`
	// Real is the verdict over the reals (explain --semantics real): a
	// note beside the float32 verdict, never the verdict.
	Real string `json:"real,omitempty"`
}

// ClaimLines are the lines of r that state a claim, in the order the text
// prints them.
func (r *Report) ClaimLines() []*Line {
	var out []*Line
	// pre-order, with a stack of its own rather than recursion
	stack := reverse(r.Because)
	for len(stack) > 0 {
		l := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if l.Claim != nil {
			out = append(out, l)
		}
		stack = append(stack, reverse(l.Because)...)
	}
	return out
}

func reverse(ls []*Line) []*Line {
	out := make([]*Line, len(ls))
	for i, l := range ls {
		out[len(ls)-1-i] = l
	}
	return out
}

func (e *Evidence) write(b *strings.Builder, depth int) {
	indent(b, depth)
	b.WriteString("proof: " + e.Text + "\n")
	for _, w := range e.Witness {
		indent(b, depth+1)
		b.WriteString(w + "\n")
	}
	if e.Real != "" {
		indent(b, depth+1)
		b.WriteString("over the reals: " + e.Real + "\n")
	}
}

func merge(node, other int) *Claim { return &Claim{Kind: "merge", Node: node, Other: &other} }
