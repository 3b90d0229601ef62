package rules

import (
	"strings"
	"testing"
	"time"

	"reuselab/ir"
	"reuselab/ir/irgen"
)

// The three ways a pack can go wrong at run time each end in a diagnostic
// within the limits, and the result says why it stopped.

func TestBrokenPackIsADiagnostic(t *testing.T) {
	cases := []struct {
		name, src, code, where string
	}{
		{"syntax", "sig(N, S) :- cur(N, _, _), S = \"a\"\nsig(N, S) :- cur(N, _, _).", CodePackSyntax, "broken.mg:2:1"},
		{"undeclared", "# pack: u\nsig(N, S) :- cur(N, _, _),\n   nosuch(N, S).", CodePackAnalysis, "broken.mg:2:1"},
		{"unbound", "\n\nsig(N, S) :- cur(N, _, _), S = fn:plus(N, Z).", CodePackAnalysis, "broken.mg:3:1"},
		{"unstratifiable", "sig(N, S) :- cur(N, _, _), !p(N), S = \"x\".\np(N) :- cur(N, _, _), sig(N, _).",
			CodePackStratify, "broken.mg:1:1"},
		{"no sig", "live(N) :- root(N).", CodePackInterface, "broken.mg:1:1"},
		{"derives a driver predicate", "sig(N, \"a\") :- cur(N, _, _).\ncur(1, \"x\", 0) :- root(1).", CodePackInterface, "broken.mg:2:1"},
		{"wrong arity", "sig(N, \"a\", 1) :- cur(N, _, _).", CodePackInterface, "broken.mg:1:1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, ds := ParsePack("broken.mg", c.src)
			if p != nil || !ds.HasErrors() {
				t.Fatalf("pack accepted: %v", ds.String())
			}
			d := ds.Items[0]
			if d.Code != c.code || !strings.HasPrefix(d.String(), c.where) {
				t.Errorf("got %s, want %s at %s", d.String(), c.code, c.where)
			}
		})
	}
}

func TestRuntimeErrorIsADiagnostic(t *testing.T) {
	// fn:plus is int-only: a float argument is a runtime error in Mangle,
	// with no clause named (MANGLE.md pitfall 8).
	p, ds := ParsePack("rt.mg", "sig(N, S) :- cur(N, \"Constant\", _), cval(N, 0, V), S = fn:plus(V, 1).")
	if ds.HasErrors() {
		t.Fatal(ds.String())
	}
	g := irgen.Generate(irgen.Config{Seed: 3, Nodes: 30})
	res, _, ds := Run(g, p, Options{})
	if res.StopReason != ir.StopError || len(ds.Items) == 0 || ds.Items[0].Code != CodePackRuntime {
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
	p, ds := ParsePack("forever.mg", src)
	if ds.HasErrors() {
		t.Fatal(ds.String())
	}
	g := irgen.Generate(irgen.Config{Seed: 1, Nodes: 20})
	start := time.Now()
	res, o, ds := Run(g, p, Options{Limits: ir.Limits{Timeout: time.Second, MaxFacts: 1 << 40}})
	if res.StopReason != ir.StopTimeout || len(ds.Items) != 1 || ds.Items[0].Code != CodeTimeout {
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
	p, ds := ParsePack("boom.mg", src)
	if ds.HasErrors() {
		t.Fatal(ds.String())
	}
	g := irgen.Generate(irgen.Config{Seed: 1, Nodes: 400})
	res, o, ds := Run(g, p, Options{Limits: ir.Limits{MaxFacts: 5000}})
	if res.StopReason != ir.StopFactLimit || len(ds.Items) == 0 || ds.Items[0].Code != CodeFactLimit {
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
	p := mustPack(t, "reuse-2.0")
	g := irgen.Generate(irgen.Config{Seed: 7, Nodes: 80, DupRate: 0.5})
	a, _, ds := Run(g, p, Options{Limits: ir.Limits{Timeout: time.Minute}})
	if ds.HasErrors() {
		t.Fatal(ds.String())
	}
	b, _, _ := Run(g, p, Options{})
	if c := Compare(a, b); !c.Agree() {
		t.Fatalf("child and in-process differ:\n%s", c)
	}
}
