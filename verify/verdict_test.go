package verify

import (
	"encoding/json"
	"testing"
)

// The order is the law every command leans on: a pack's verdict is its
// weakest clause's, and only a proof is sound.
func TestVerdictOrderAndWords(t *testing.T) {
	order := []Verdict{Refuted, NotExercised, Unknown, Tested, Agrees, Proved}
	for i := 1; i < len(order); i++ {
		if !(order[i-1] < order[i]) {
			t.Errorf("%v should be weaker than %v", order[i-1], order[i])
		}
	}
	if Weakest(Proved, Tested, NotExercised, Agrees) != NotExercised || Weakest() != Proved {
		t.Errorf("Weakest: %v, %v", Weakest(Proved, Tested, NotExercised, Agrees), Weakest())
	}
	seen := map[string]bool{}
	for _, v := range order {
		if seen[v.Token()] || seen[v.String()] && v.String() != v.Token() {
			t.Errorf("%v: its words are not unique", v)
		}
		seen[v.Token()], seen[v.String()] = true, true
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var back Verdict
		if err := json.Unmarshal(b, &back); err != nil || back != v {
			t.Errorf("%v → %s → %v (%v)", v, b, back, err)
		}
		if v.Sound() != (v == Proved) || v.Unverified() != (v == NotExercised || v == Unknown) {
			t.Errorf("%v: Sound %v Unverified %v", v, v.Sound(), v.Unverified())
		}
	}
	var v Verdict
	if err := json.Unmarshal([]byte(`"sound"`), &v); err == nil {
		t.Error(`"sound" decoded as a verdict; it is not one`)
	}
}
