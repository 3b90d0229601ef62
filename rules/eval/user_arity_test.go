package eval_test

import (
	"strings"
	"testing"

	"reuselab/ir"
	"reuselab/rules/eval"
	"reuselab/rules/pack"
)

// A user's pack is checked in the child process; an arity mistake in it
// still comes back pointing into the user's file, not into the
// packs/reuse-2.0.mg it extends.
func TestUserPackArityMistakeInUsersFile(t *testing.T) {
	file := writePack(t, "mine.mg", "# pack: mine\n# extends: reuse-2.0\nsig(N) :- cur(N, \"Add\", 2).\n")
	p, ds := pack.Load(file, eval.Analyser(ir.Limits{}))
	if p != nil || !ds.HasErrors() {
		t.Fatalf("pack accepted: %s", ds.String())
	}
	got := ds.Items[0].String()
	if !strings.HasPrefix(got, file+":3:1: error DSH9303:") || !strings.Contains(got, "sig/2") {
		t.Errorf("got %s\nwant %s:3:1, DSH9303, naming sig/2", got, file)
	}
	for _, d := range ds.Items {
		if strings.Contains(d.Pos.File, "reuse-2.0") {
			t.Errorf("a diagnostic points into the base pack: %s", d)
		}
	}
}
