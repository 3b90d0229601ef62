package explain_test

// The worked example of rules/README.md (rules/examples), run the way
// `reuselab validate` runs it (reuse/engines, then the evaluation checker)
// and explained, so that the README cannot go stale: double.mg must load
// from its file, merge more than reuse-2.0, pass evaluation and be
// explained by its own clause; unsound.mg must merge more and fail
// evaluation. The examples are data, not a package (internal/archtest
// gives every package a layer); the test lives with explain, the last
// stage, as an external test that may reach reuse/engines.

import (
	"flag"
	"os"
	"strings"
	"testing"

	"reuselab/compiler"
	"reuselab/ir"
	"reuselab/ir/interp"
	"reuselab/reuse"
	"reuselab/reuse/engines"
	"reuselab/rules/eval"
	"reuselab/rules/explain"
)

// TestMain lets the test binary serve as the evaluation child process a
// .mg pack runs in (rules/eval, child.go).
func TestMain(m *testing.M) {
	eval.MaybeChild()
	flag.Parse()
	os.Exit(m.Run())
}

// verdict is validate's judgement of one asset: the extra merges the
// comparison accepts, whether the partitions are compatible, and whether
// evaluation on 64 runs (validate's default) finds the result sound.
type verdict struct {
	extra    []reuse.ExtraMerge
	agree    bool
	evalOK   bool
	evalText string
}

func validate(t *testing.T, packFile, source string) verdict {
	t.Helper()
	e, ds := engines.Resolve(packFile, ir.Limits{})
	if e == nil || ds.HasErrors() {
		t.Fatalf("%s: %s", packFile, ds.String())
	}
	if e.Info().Mirrors != "" {
		t.Fatalf("%s claims to mirror %s: the example is a pack that merges more", packFile, e.Info().Mirrors)
	}
	m, cds := compiler.CompileFile(source, compiler.Options{})
	if m == nil || cds.HasErrors() || len(m.Products) != 1 {
		t.Fatalf("%s: %s", source, cds.String())
	}
	g := m.Products[0]
	ref := engines.MustResolve(reuse.Versus(e))
	res := e.Run(g, ir.Limits{})
	extra, cmp := reuse.Coarsens(ref.Run(g, ir.Limits{}), res)
	rep := interp.Check(res, interp.Options{Runs: 64, Seed: 1})
	if rep.Err != nil {
		t.Fatalf("%s is not evaluable: %v", source, rep.Err)
	}
	return verdict{extra: extra, agree: cmp.Agree(), evalOK: rep.OK(), evalText: rep.String()}
}

func TestDoubleValidates(t *testing.T) {
	v := validate(t, "../examples/double.mg", "../examples/M_Double.dsm")
	if !v.agree {
		t.Fatal("double.mg disagrees with reuse-2.0 beyond its extra merges")
	}
	// a2 = A * 2.0 with aa = A + A, and t2 = 2.0 * T with tt = T + T.
	var got []string
	for _, e := range v.extra {
		got = append(got, ir.BuildName(e.Build[0])+"+"+ir.BuildName(e.Build[1]))
	}
	if strings.Join(got, " ") != "b4+b5 b9+b12" {
		t.Errorf("extra merges %v, want b4+b5 (A*2.0, A+A) and b9+b12 (2.0*T, T+T)", got)
	}
	if !v.evalOK {
		t.Errorf("double.mg fails evaluation:\n%s", v.evalText)
	}
}

// TestUnsoundFailsValidation: the comparison alone accepts unsound.mg's
// merge of A - B with B - A (a pack without `# mirrors:` may merge more);
// evaluation, which validate now runs on every extra merge, rejects it.
func TestUnsoundFailsValidation(t *testing.T) {
	v := validate(t, "../examples/unsound.mg", "../examples/M_Subtract.dsm")
	if len(v.extra) != 1 || v.extra[0].Op != "Subtract" {
		t.Fatalf("extra merges %+v, want one Subtract", v.extra)
	}
	if !v.agree {
		t.Error("the comparison rejects unsound.mg by itself: the test no longer shows that evaluation is needed")
	}
	if v.evalOK || !strings.Contains(v.evalText, "mismatches") {
		t.Errorf("evaluation passes unsound.mg:\n%s", v.evalText)
	}
}

// TestDoubleExplained: explain names the pack's own clause and says the
// operands differ (x * 2 against x + x), instead of claiming they are
// equal; a user's pack, loaded as the CLI loads it, is named by its file.
func TestDoubleExplained(t *testing.T) {
	e, ds := engines.Resolve("../examples/double.mg", ir.Limits{})
	if e == nil || ds.HasErrors() {
		t.Fatal(ds.String())
	}
	p := e.(*engines.Pack)
	m, cds := compiler.CompileFile("../examples/M_Double.dsm", compiler.Options{})
	if m == nil || cds.HasErrors() {
		t.Fatal(cds.String())
	}
	g := m.Products[0]
	// A user's pack is evaluated in a child process: the proofs come back
	// with the outcome.
	_, o, _ := eval.Run(p.Input(g), p.Rules(), explain.Options(ir.Limits{}, 4, 5))
	out := explain.Explain(g, p.Rules(), o, 4, 5)
	for _, want := range []string{"one node under double", `share the signature "double|float|2#0"`,
		`sig(4,"double|float|2#0")  by ../examples/double.mg:22: sig(N, S) :- double(N, R, Q), output(N, 0, _, T), output(R, Q, _, T),`,
		`double(4,2,0)  by ../examples/double.mg:`, `cval(3,0,2)  schema`, `double(5,2,0)  by ../examples/double.mg:14: double(N, R, Q) :- cur(N, "Add", 2)`,
		"are different nodes"} {
		if !strings.Contains(out, want) {
			t.Errorf("explain b4 b5 lacks %q:\n%s", want, out)
		}
	}
}
