package pack

import (
	"strings"
	"testing"
)

// An arity mistake in a pack that extends reuse-2.0 is reported at the
// user's clause, at the atom that breaks the arity: Mangle's analysis used
// to blame the first clause of the merged unit using the name, one of
// packs/reuse-2.0.mg's.
func TestArityMistakeIsInTheUsersFile(t *testing.T) {
	cases := []struct {
		name, src, code, where, says string
	}{
		{"derived sig/1", "# extends: reuse-2.0\n\nsig(N) :- cur(N, \"Add\", 2).", CodePackInterface, "mine.mg:3:1:", "sig/2"},
		{"driver cur/2 in a premise", "# extends: reuse-2.0\nfoo(N) :- role(N, \"value\"),\n    cur(N, \"Add\").\nsig(N, \"x\") :- foo(N).", CodePackInterface, "mine.mg:3:5:", "cur(N, Op, NSlots)"},
		{"reuse-2.0 helper folds/2", "# extends: reuse-2.0\nsig(N, \"x\") :- cur(N, \"Add\", 2), !folds(N, 1).", CodePackAnalysis, "mine.mg:2:35:", "packs/reuse-2.0.mg:"},
		{"own helper, two arities", "h(N) :- cur(N, _, _).\nsig(N, \"x\") :- h(N, 1).", CodePackAnalysis, "mine.mg:2:16:", "1 at mine.mg:1:1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, ds := ParsePack("mine.mg", c.src)
			if p != nil || !ds.HasErrors() {
				t.Fatalf("pack accepted: %s", ds.String())
			}
			d := ds.Items[0]
			if s := d.String(); d.Code != c.code || !strings.HasPrefix(s, c.where) || !strings.Contains(s, c.says) {
				t.Errorf("got %s\nwant %s at %s saying %q", s, c.code, c.where, c.says)
			}
		})
	}
}
