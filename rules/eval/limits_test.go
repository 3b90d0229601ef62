package eval_test

import (
	"strings"
	"testing"
	"time"

	"reuselab/ir"
	"reuselab/ir/irgen"
	"reuselab/reuse"
	"reuselab/rules/eval"
	"reuselab/rules/pack"
	"reuselab/rules/rulestest"
)

// The three ways a pack can go wrong at run time each end in a diagnostic
// within the limits, and the result says why it stopped.

func TestRuntimeErrorIsADiagnostic(t *testing.T) {
	// fn:plus is int-only: a float argument is a runtime error in Mangle,
	// with no clause named (MANGLE.md pitfall 8).
	p, ds := pack.ParsePack("rt.mg", "sig(N, S) :- cur(N, \"Constant\", _), cval(N, 0, V), S = fn:plus(V, 1).")
	if ds.HasErrors() {
		t.Fatal(ds.String())
	}
	g := irgen.Generate(irgen.Config{Seed: 3, Nodes: 30})
	res, _, ds := eval.Run(g, p, eval.Options{})
	if res.StopReason != ir.StopError || len(ds.Items) == 0 || ds.Items[0].Code != eval.CodePackRuntime {
		t.Fatalf("stop %s, diags %s", res.StopReason, ds.String())
	}
	if !strings.HasPrefix(ds.Items[0].String(), "rt.mg:1:1: error DSH9304") {
		t.Errorf("diagnostic %s", ds.Items[0])
	}
}

// A pack whose recursion never ends: Mangle cannot be stopped, so the
// evaluation runs in a child process that is killed at the deadline.
func TestNonTerminatingPackTimesOut(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns a child process for a second")
	}
	src := `# pack: forever
grow(0) :- cur(_, _, _).
grow(X) :- grow(Y), X = fn:plus(Y, 1).
sig(N, "x") :- cur(N, _, _), grow(0).`
	p, ds := pack.ParsePack("forever.mg", src)
	if ds.HasErrors() {
		t.Fatal(ds.String())
	}
	g := irgen.Generate(irgen.Config{Seed: 1, Nodes: 20})
	start := time.Now()
	res, o, ds := eval.Run(g, p, eval.Options{Limits: ir.Limits{Timeout: time.Second, MaxFacts: 1 << 40}})
	if res.StopReason != ir.StopTimeout || len(ds.Items) != 1 || ds.Items[0].Code != eval.CodeTimeout {
		t.Fatalf("stop %s (%+v), diags %s", res.StopReason, o, ds.String())
	}
	if el := time.Since(start); el > 20*time.Second {
		t.Errorf("took %v for a 1s limit", el)
	}
	if !strings.Contains(ds.Items[0].Message, "ran past the 1s limit") {
		t.Errorf("message: %s", ds.Items[0].Message)
	}
	// The graph survives untouched.
	if len(res.Graph.Nodes) != len(g.Nodes) {
		t.Errorf("graph changed on timeout")
	}
}

// A pack that explodes the fact count stops at the created-fact limit.
func TestExplodingPackHitsFactLimit(t *testing.T) {
	src := `# pack: boom
pair(A, B) :- cur(A, _, _), node(B, _, _).
sig(N, S) :- cur(N, _, _), pair(N, _), S = "x".`
	p, ds := pack.ParsePack("boom.mg", src)
	if ds.HasErrors() {
		t.Fatal(ds.String())
	}
	g := irgen.Generate(irgen.Config{Seed: 1, Nodes: 400})
	res, o, ds := eval.Run(g, p, eval.Options{Limits: ir.Limits{MaxFacts: 5000}})
	if res.StopReason != ir.StopFactLimit || len(ds.Items) == 0 || ds.Items[0].Code != eval.CodeFactLimit {
		t.Fatalf("stop %s, diags %s", res.StopReason, ds.String())
	}
	if o.Facts > 5000+400*400 {
		t.Errorf("derived %d facts past a limit of 5000", o.Facts)
	}
}

// The child process path gives the same outcome as in-process evaluation.
func TestChildMatchesInProcess(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns a child process")
	}
	p := rulestest.MustPack(t, "reuse-2.0")
	g := irgen.Generate(irgen.Config{Seed: 7, Nodes: 80, DupRate: 0.5})
	a, _, ds := eval.Run(g, p, eval.Options{Limits: ir.Limits{Timeout: time.Minute}})
	if ds.HasErrors() {
		t.Fatal(ds.String())
	}
	b, _, _ := eval.Run(g, p, eval.Options{})
	if c := reuse.Compare(a, b); !c.Agree() {
		t.Fatalf("child and in-process differ:\n%s", c)
	}
}
