package clauses

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"reuselab/rules/pack"
)

// Any pack the loader accepts is judged without a panic and within the
// budgets, each clause once. The prover has no solver, so each case it is
// asked is Unknown at once: the fuzzer exercises the reading, the
// unfolding and the typing.
func FuzzProve(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(cmdPacks, "*.mg"))
	more, _ := filepath.Glob("testdata/*.mg")
	files = append(files, append(more, "../examples/unsound.mg", "../examples/double.mg")...)
	for _, file := range files {
		if src, err := os.ReadFile(file); err == nil {
			// without the base pack, whose loading each run would pay
			// (a sig/2 clause keeps the pack an interface's)
			f.Add(strings.Replace(string(src), "# extends: reuse-2.0\n", "", 1) + "sig(N, K) :- cur(N, _, 0), key(N, K).\n")
		}
	}
	f.Add("sig(N, K) :- cur(N, _, 0), key(N, K).\nh(N, R) :- cur(N, \"Abs\", 1), arg(N, 0, \"\", R, 0).\nalias(N, R, 0) :- h(N, R), h(R, N).\n")
	pr := offline()
	defer pr.Close()
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 4096 {
			return
		}
		p, _ := pack.ParsePack("f.mg", src)
		if p == nil {
			return
		}
		own := 0
		for _, s := range p.Statements() {
			if s.Clause != nil && s.Pos.File == "f.mg" && targets[predName(s.Clause.Head.Predicate)] {
				own++
			}
		}
		rs := Prove(p, pr)
		if len(rs) != own {
			t.Fatalf("%d results for %d clauses", len(rs), own)
		}
		for _, r := range rs {
			if r.Verdict != PerInstance && r.Verdict != ProvedForAll {
				t.Fatalf("%s: %s without a solver", FormatResult(r), r.Verdict)
			}
		}
	})
}
