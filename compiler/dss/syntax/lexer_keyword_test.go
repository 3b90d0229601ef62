package syntax

import "testing"

// isKeyword is the keywords table, word for word.
func TestIsKeywordIsTheTable(t *testing.T) {
	for w := range keywords {
		if !isKeyword(w) {
			t.Errorf("isKeyword(%q) = false, the table has it", w)
		}
	}
	for _, w := range []string{"", "a", "i", "If", "IF", "returns", "retur", "continu", "imports", "inouts", "uniformly", "float", "x", "zz", "aa"} {
		if isKeyword(w) != keywords[w] {
			t.Errorf("isKeyword(%q) = %v, the table says %v", w, isKeyword(w), keywords[w])
		}
	}
}

func FuzzIsKeyword(f *testing.F) {
	f.Add("return")
	f.Fuzz(func(t *testing.T, s string) {
		if isKeyword(s) != keywords[s] {
			t.Errorf("isKeyword(%q) = %v, the table says %v", s, isKeyword(s), keywords[s])
		}
	})
}
