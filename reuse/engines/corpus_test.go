package engines_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"reuselab/compiler"
	"reuselab/compiler/passes"
	"reuselab/internal/shared"
	"reuselab/ir"
	"reuselab/reuse"
	"reuselab/rules/eval"
	"reuselab/rules/rulestest"
)

// corpusGraphs compiles every .dsm/.dsf of the real corpus (the upstream
// goldens' sources under TypeDreamMoon__DreamShader/Tests included) and
// returns its assets; files the compiler refuses are counted and skipped.
func corpusGraphs(t *testing.T) (gs []*ir.Graph, where []string, skipped int) {
	t.Helper()
	corpusRoot := filepath.Join(shared.Dir(), "corpus", "real")
	if _, err := os.Stat(corpusRoot); shared.Dir() == "" || err != nil {
		t.Skip("no shared corpus beside the repository (set REUSELAB_SHARED)")
	}
	_ = filepath.WalkDir(corpusRoot, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && d.Name() == "_versions" {
			return filepath.SkipDir
		}
		if ext := filepath.Ext(p); ext != ".dsm" && ext != ".dsf" {
			return nil
		}
		m, ds := compiler.CompileFile(p, compiler.Options{})
		if m == nil || ds.HasErrors() {
			skipped++
			return nil
		}
		for _, g := range m.Products {
			gs = append(gs, g)
			where = append(where, p+": "+g.Name)
		}
		return nil
	})
	return gs, where, skipped
}

// TestAgreeRealCorpus: D6 on every asset of the real corpus.
func TestAgreeRealCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the whole corpus")
	}
	gs, where, skipped := corpusGraphs(t)
	p := rulestest.MustPack(t, "reuse-2.0")
	outs := eval.EvaluateBatch(gs, p, eval.Options{})
	bad := 0
	for k, g := range gs {
		ref := passes.Run(g, passes.Options{Mode: "2.0", CheckIR: true})
		if c := reuse.Compare(ref, rulestest.CheckedBuild(t, g, p.Name, outs[k])); !c.Agree() {
			bad++
			if bad <= 5 {
				t.Errorf("%s:\n%s", where[k], c)
			}
		}
	}
	t.Logf("reuse-2.0 agrees with the reference on %d of %d assets of the real corpus (%d files not compiling, skipped)",
		len(gs)-bad, len(gs), skipped)
}

// TestExtraMergesPerOp counts what the experimental packs merge beyond the
// reference on the real corpus, per operation (go test -v prints them). A
// reference merge they miss fails the test.
func TestExtraMergesPerOp(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the whole corpus")
	}
	gs, where, _ := corpusGraphs(t)
	for _, name := range []string{"commutative", "identities"} {
		p := rulestest.MustPack(t, name)
		outs := eval.EvaluateBatch(gs, p, eval.Options{})
		perOp := map[string]int{}
		for k, g := range gs {
			ref := passes.Run(g, passes.Options{Mode: "2.0", CheckIR: true})
			extra, c := reuse.Coarsens(ref, eval.Build(g, p.Name, outs[k]))
			if !c.Agree() {
				t.Errorf("%s: %s misses a reference merge:\n%s", where[k], name, c)
			}
			for _, e := range extra {
				perOp[e.Op]++
			}
		}
		ops := make([]string, 0, len(perOp))
		for op := range perOp {
			ops = append(ops, op)
		}
		sort.Strings(ops)
		t.Logf("%s: extra merges over the reference on %d assets:", name, len(gs))
		for _, op := range ops {
			t.Logf("  %-20s %d", op, perOp[op])
		}
	}
}
