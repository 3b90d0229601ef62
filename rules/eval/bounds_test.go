package eval_test

import (
	"path/filepath"
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

// stringBomb is the seven-fact pack in spirit: each level doubles
// a string, forty times, so evaluation asks for a terabyte.
func stringBomb() string {
	var b strings.Builder
	b.WriteString("# pack: bomb\ns0(\"ab\") :- cur(_, _, _).\n")
	for i := 1; i <= 40; i++ {
		b.WriteString("s" + itoa(i) + "(T) :- s" + itoa(i-1) + "(S), T = fn:string:concat(S, S).\n")
	}
	b.WriteString("sig(N, S) :- cur(N, _, _), s40(S).\n")
	return b.String()
}

// A user's pack that grows without bound stops at the memory limit, in
// its child, with one line saying so — not a goroutine dump — and the
// asset is stopped, its graph untouched.
func TestStringBombStopsAtTheMemoryLimit(t *testing.T) {
	if raceDetector {
		t.Skip("a memory-limited child cannot hold the race detector")
	}
	if testing.Short() {
		t.Skip("spawns child processes")
	}
	lim := ir.Limits{Timeout: 45 * time.Second, MaxMemory: 256 << 20}
	p, ds := pack.Load(writePack(t, "bomb.mg", stringBomb()), eval.Analyser(lim))
	if p == nil || ds.HasErrors() {
		t.Fatal(ds.String())
	}
	if !p.Untrusted() {
		t.Fatal("a .mg file is not marked untrusted")
	}
	g := irgen.Generate(irgen.Config{Seed: 1, Nodes: 20})
	res, _, ds := eval.Run(g, p, eval.Options{Limits: lim})
	if res.StopReason != ir.StopMemory || len(ds.Items) != 1 || ds.Items[0].Code != eval.CodeMemory {
		t.Fatalf("stop %q, diags %s", res.StopReason, ds.String())
	}
	msg := ds.Items[0].String()
	if strings.Contains(msg, "\n") || strings.Contains(msg, "goroutine") || !strings.Contains(msg, "256 MiB") {
		t.Errorf("the diagnostic is not one line with its cause: %q", msg)
	}
	if len(res.Graph.Nodes) != len(g.Nodes) || len(res.Notes) == 0 {
		t.Errorf("a stopped pack's result must be the build graph with the reason attached")
	}
}

// Evaluate itself never runs a user's pack in this process.
func TestEvaluateHandsUserPacksToTheChild(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns child processes")
	}
	src := "# pack: forever\ngrow(0) :- cur(_, _, _).\ngrow(X) :- grow(Y), X = fn:plus(Y, 1).\nsig(N, \"x\") :- cur(N, _, _), grow(0).\n"
	p, ds := pack.Load(writePack(t, "forever.mg", src), eval.Analyser(ir.Limits{Timeout: 20 * time.Second}))
	if p == nil {
		t.Fatal(ds.String())
	}
	o := eval.Evaluate(irgen.Generate(irgen.Config{Seed: 1, Nodes: 10}), p, eval.Options{Limits: ir.Limits{Timeout: time.Second, MaxFacts: 1 << 40}})
	if o.Stop != ir.StopTimeout || len(o.Diags) != 1 || o.Diags[0].Code != eval.CodeTimeout {
		t.Fatalf("stop %q, %v", o.Stop, o.Diags)
	}
}

// Loading a user's pack (Mangle's parse and analysis) runs under the same
// limits: a pack of deeply nested lists kept the parent busy for minutes.
func TestPackLoadingIsBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns a child process")
	}
	d := 20000
	src := "# pack: nest\nsig(N, S) :- cur(N, _, _), S = " + strings.Repeat("[", d) + "1" + strings.Repeat("]", d) + ".\n"
	start := time.Now()
	p, ds := pack.Load(writePack(t, "nest.mg", src), eval.Analyser(ir.Limits{Timeout: 2 * time.Second}))
	if p != nil || !ds.HasErrors() {
		t.Fatalf("loaded: %v %s", p != nil, ds.String())
	}
	if c := ds.Items[0].Code; c != eval.CodeTimeout && c != eval.CodeChild && c != eval.CodeMemory && c != pack.CodePackSyntax {
		t.Errorf("code %s: %s", c, ds.String())
	}
	if el := time.Since(start); el > 30*time.Second {
		t.Errorf("took %v under a 2s limit", el)
	}
}

func TestUserPackRefusals(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns a child process")
	}
	// a user's pack may not pass for a built-in one
	_, ds := pack.Load(writePack(t, "fake.mg", "# pack: reuse-2.0\nsig(N, \"x\") :- cur(N, _, _).\n"), eval.Analyser(ir.Limits{}))
	if !ds.HasErrors() || ds.Items[0].Code != pack.CodePackInterface || !strings.Contains(ds.Items[0].Message, "built-in") {
		t.Errorf("a pack named reuse-2.0: %s", ds.String())
	}
	_, ds = pack.Load(writePack(t, "reuse-2.0.mg", "sig(N, \"x\") :- cur(N, _, _).\n"), eval.Analyser(ir.Limits{}))
	if !ds.HasErrors() || ds.Items[0].Code != pack.CodePackInterface {
		t.Errorf("a file named reuse-2.0.mg: %s", ds.String())
	}
	// load errors carry a real position, never 0:0
	_, ds = pack.Load(filepath.Join(t.TempDir(), "missing.mg"), eval.Analyser(ir.Limits{}))
	if !ds.HasErrors() || ds.Items[0].Pos.Line != 1 || ds.Items[0].Pos.Col != 1 {
		t.Errorf("missing pack: %s", ds.String())
	}
	_, ds = pack.Load(writePack(t, "bad.mg", "# pack: bad\n\nsig(N, S) :- cur(N, _, _) S.\n"), eval.Analyser(ir.Limits{}))
	if !ds.HasErrors() || ds.Items[0].Pos.Line != 3 || ds.Items[0].Code != pack.CodePackSyntax {
		t.Errorf("syntax error: %s", ds.String())
	}
	// zero and negative limits are refused, not taken for "none"
	for _, lim := range []ir.Limits{{Timeout: -time.Second}, {MaxFacts: -1}, {MaxMemory: -1}} {
		if _, ds := pack.Load(writePack(t, "ok.mg", "# pack: ok\nsig(N, \"x\") :- cur(N, _, _).\n"), eval.Analyser(lim)); !ds.HasErrors() {
			t.Errorf("limits %+v accepted", lim)
		}
	}
}

// A serving child answers request after request exactly as this process
// would, and a request that times out costs its child, not the next one.
func TestServingChildMatchesInProcess(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns child processes")
	}
	ref := rulestest.MustPack(t, "reuse-2.0") // a built-in: its Source is its whole file
	user, ds := pack.Load(writePack(t, "mine.mg", strings.Replace(ref.Source, "# pack: reuse-2.0", "# pack: mine", 1)), eval.Analyser(ir.Limits{}))
	if user == nil || !user.Untrusted() {
		t.Fatal(ds.String())
	}
	forever, _ := pack.Load(writePack(t, "forever.mg", "# pack: forever\ngrow(0) :- cur(_, _, _).\ngrow(X) :- grow(Y), X = fn:plus(Y, 1).\nsig(N, \"x\") :- cur(N, _, _), grow(0).\n"), eval.Analyser(ir.Limits{}))
	for seed := uint64(1); seed <= 6; seed++ {
		g := irgen.Generate(irgen.Config{Seed: seed, Nodes: 60, DupRate: 0.5})
		a, _, ds := eval.Run(g, user, eval.Options{})
		if ds.HasErrors() {
			t.Fatal(ds.String())
		}
		b, _, _ := eval.Run(g, ref, eval.Options{})
		if c := reuse.Compare(a, b); !c.Agree() {
			t.Fatalf("seed %d: serving child and in-process differ:\n%s", seed, c)
		}
		if seed == 3 {
			if res, _, _ := eval.Run(g, forever, eval.Options{Limits: ir.Limits{Timeout: 500 * time.Millisecond, MaxFacts: 1 << 40}}); res.StopReason != ir.StopTimeout {
				t.Fatalf("forever: %s", res.StopReason)
			}
		}
	}
}
