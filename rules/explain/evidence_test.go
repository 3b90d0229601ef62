package explain_test

import (
	"fmt"
	"strings"
	"testing"

	"reuselab/rules/explain"
)

// Every merge the explanation of b3 and b6 states is a claim, in the
// order the text prints them: b3 = b6 itself, then its operands' (b1 =
// b4, the swizzles; b2 = b5, the constants). Evidence set on a claim is
// printed under its derivation — after the other node's signature, before
// the operands' explanations — and in no other place.
func TestClaimsAndEvidence(t *testing.T) {
	_, rep := explainOf(t, explainGraph(), "reuse-2.0", 3, 6)
	lines := rep.ClaimLines()
	var got []string
	for _, l := range lines {
		got = append(got, l.Claim.String())
	}
	want := []string{"merge of b3 and b6", "merge of b1 and b4", "merge of b2 and b5"}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Fatalf("claims %q, want %q", got, want)
	}
	for i, l := range lines {
		l.Evidence = &explain.Evidence{Verdict: "refuted", Text: fmt.Sprintf("E%d", i), Witness: []string{fmt.Sprintf("w%d", i)}, Real: "proved"}
	}
	text := rep.String()
	at := func(s string) int {
		i := strings.Index(text, s)
		if i < 0 || strings.Count(text, s) != 1 {
			t.Fatalf("%q is not in the text once:\n%s", s, text)
		}
		return i
	}
	// b3 = b6: both signatures' derivations, then the proof, then operand 0
	if !(at(`sig(3,"Multiply`) < at("and b6's:") && at("and b6's:") < at(`sig(6,"Multiply`) &&
		at(`sig(6,"Multiply`) < at("proof: E0") && at("proof: E0") < at("operand 0: b1 and b4 are one node")) {
		t.Errorf("the first merge's proof is not between its derivations and its operands:\n%s", text)
	}
	if at("proof: E1") > at("proof: E2") || at("proof: E0") > at("proof: E1") {
		t.Errorf("proofs out of order:\n%s", text)
	}
	// the witness and the reals, one level under the proof
	for i := range lines {
		p := fmt.Sprintf("proof: E%d\n", i)
		line := text[strings.LastIndex(text[:at(p)], "\n")+1:]
		depth := len(line) - len(strings.TrimLeft(line, " "))
		under := strings.Repeat(" ", depth+2)
		if !strings.Contains(text, p+under+fmt.Sprintf("w%d\n", i)+under+"over the reals: proved\n") {
			t.Errorf("E%d: the witness and the reals are not indented under it:\n%s", i, text)
		}
	}
}
