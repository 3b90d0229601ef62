package interp_test

import (
	"os"
	"strings"
	"testing"

	"reuselab/bench/gen"
	"reuselab/compiler"
	"reuselab/diag"
	"reuselab/internal/shared"
	"reuselab/ir"
	"reuselab/ir/interp"
	"reuselab/reuse"
	"reuselab/reuse/engines"
	"reuselab/rules/eval"
)

const realCorpus = "../../../shared/corpus/real"

// reference is the reference passes in mode 2.0, resolved as every
// command resolves an engine (the tests of package interp may import the
// registry: nothing it links imports interp).
var reference = engines.MustResolve("2.0")

// checkModule evaluates every product of m under e; it returns the
// products checked, the mismatching reports and the reports of raw graphs
// the interpreter cannot evaluate (ill-formed IR: a compiler finding, not
// a reuse one).
func checkModule(m *ir.Module, e reuse.Engine, opts interp.Options) (n int, bad, unevaluable []*interp.Report) {
	for _, g := range m.Products {
		switch rep := interp.Check(e.Run(g, ir.Limits{}), opts); {
		case rep.Err != nil:
			unevaluable = append(unevaluable, rep)
		case !rep.OK():
			bad = append(bad, rep)
		}
	}
	return len(m.Products), bad, unevaluable
}

// corpusFiles lists the real corpus's sources: .dsm .dsf .dsh and .dss
// (the 2.0 front end), not the `_versions/` snapshots (older copies of
// the same files).
func corpusFiles(t testing.TB) []string {
	if _, err := os.Stat(realCorpus); err != nil {
		t.Skipf("real corpus absent at %s: %v", realCorpus, err)
	}
	return shared.AllSourceFiles(realCorpus)
}

// TestRealCorpusEval64 is `--eval 64` of the reference pass on every asset
// of the real corpus.
func TestRealCorpusEval64(t *testing.T) {
	checkCorpus(t, reference)
}

// TestRealCorpusPacksEval64 is `--eval 64` of every shipped rule pack on
// every asset of the real corpus.
func TestRealCorpusPacksEval64(t *testing.T) {
	packs := 0
	for _, name := range engines.Names() {
		if reuse.IsReferenceMode(name) {
			continue
		}
		packs++
		e, ds := engines.Resolve(name, ir.Limits{})
		if e == nil || ds.HasErrors() {
			t.Fatalf("pack %s: %s", name, ds.String())
		}
		// evaluated as the CLI evaluates a pack by default (the compiled
		// evaluator, held to Mangle's facts in rules/eval's tests)
		e = engines.WithEvaluator(e, eval.EngineCompiled)
		t.Run(name, func(t *testing.T) { checkCorpus(t, e) })
	}
	if packs == 0 {
		t.Fatal("the registry lists no built-in pack")
	}
}

func checkCorpus(t *testing.T, e reuse.Engine) {
	files := corpusFiles(t)
	compiled, products, failed, unevaluable, dss := 0, 0, 0, 0, 0
	for _, f := range files {
		m, ds := compiler.CompileFile(f, compiler.Options{})
		if m == nil || ds.HasErrors() {
			continue // not every corpus file compiles (errors are fixtures too)
		}
		compiled++
		if strings.HasSuffix(f, ".dss") {
			dss++
		}
		n, bad, unev := checkModule(m, e, interp.Options{Runs: 64, Seed: 1})
		products += n
		for _, rep := range bad {
			failed++
			t.Errorf("%s under %s:\n%v", strings.TrimPrefix(f, realCorpus+"/"), label(e), rep)
		}
		for _, rep := range unev {
			unevaluable++
			t.Logf("%s: raw graph not evaluable (compiler finding): %v", strings.TrimPrefix(f, realCorpus+"/"), rep.Err)
		}
	}
	t.Logf("%s: %d files, %d compiled (%d .dss), %d products × 64 runs, %d mismatching, %d not evaluable",
		label(e), len(files), compiled, dss, products, failed, unevaluable)
	if compiled == 0 {
		t.Skip("no corpus file compiles yet")
	}
	if dss < 60 {
		t.Errorf("%d .dss files evaluated; the corpus has over 60 that compile", dss)
	}
}

// TestGeneratedEval64 is `--eval 64` of the reference pass on small
// programs of the benchmark generator (bench/gen): 2,000 by default, 500
// with -short, 10,000 with REUSELAB_LONG=1. The 10,000 of the acceptance
// run are the reduce package's (its own generator, built to provoke the
// unsound rules); these add the benchmark's program shapes.
func TestGeneratedEval64(t *testing.T) {
	checkGenerated(t, reference)
}

// TestGeneratedDSSEval64 is the same on generated `.dss` programs (gen
// --lang dss): 500 by default, 100 with -short.
func TestGeneratedDSSEval64(t *testing.T) {
	n := 500
	if testing.Short() {
		n = 100
	}
	products, failed, skipped := 0, 0, 0
	for seed := 1; seed <= n; seed++ {
		src, _ := gen.Program(gen.Config{Nodes: 12 + seed%40, Seed: uint64(seed), DupRate: 0.4, Branches: seed % 3, Lang: "dss"})
		m, ds := compileSource("G.dss", src)
		if m == nil || ds.HasErrors() {
			skipped++
			if skipped <= 3 {
				t.Errorf("seed %d does not compile: %v", seed, ds.String())
			}
			continue
		}
		k, bad, unev := checkModule(m, reference, interp.Options{Runs: 64, Seed: uint64(seed)})
		products += k
		for _, rep := range append(bad, unev...) {
			failed++
			if failed <= 5 {
				t.Errorf("generated .dss seed %d:\n%v", seed, rep)
			}
		}
	}
	t.Logf("%s on .dss: %d programs, %d products × 64 runs, %d mismatching or not evaluable, %d not compiling", label(reference), n, products, failed, skipped)
}

func checkGenerated(t *testing.T, e reuse.Engine) {
	n := 2000
	switch {
	case os.Getenv("REUSELAB_LONG") != "":
		n = 10000
	case testing.Short():
		n = 500
	}
	products, failed, skipped := 0, 0, 0
	for seed := 1; seed <= n; seed++ {
		src, _ := gen.Program(gen.Config{Nodes: 12 + seed%24, Seed: uint64(seed), DupRate: 0.3, Branches: seed % 3})
		m, ds := compileSource("G.dsm", src)
		if m == nil || ds.HasErrors() {
			skipped++
			if skipped <= 3 {
				t.Logf("seed %d does not compile: %v", seed, ds.String())
			}
			continue
		}
		k, bad, unev := checkModule(m, e, interp.Options{Runs: 64, Seed: uint64(seed)})
		products += k
		for _, rep := range append(bad, unev...) {
			failed++
			if failed <= 5 {
				t.Errorf("generated seed %d under %s:\n%v", seed, label(e), rep)
			}
		}
	}
	t.Logf("%s: %d programs, %d products × 64 runs, %d mismatching, %d not compiling", label(e), n, products, failed, skipped)
	if skipped > n/100 {
		t.Errorf("%d of %d generated programs do not compile", skipped, n)
	}
}

func compileSource(path, src string) (*ir.Module, diag.List) {
	m, ds := compiler.CompileFile(path, compiler.Options{ReadFile: func(p string) ([]byte, error) {
		if p == path {
			return []byte(src), nil
		}
		return os.ReadFile(p)
	}})
	return m, ds
}

// label names an engine in the logs: "reference 2.0", "datalog reuse-2.0".
func label(e reuse.Engine) string { return e.Info().Kind + " " + e.Name() }
