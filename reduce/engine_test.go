package reduce_test

import (
	"os/exec"
	"strings"
	"testing"

	"reuselab/ir"
	"reuselab/ir/irgen"
	"reuselab/reduce"
	"reuselab/reuse"
)

// reduce takes its engines from its caller: it must link neither engine,
// nor Mangle, so that a tool that only compares results stays small.
func TestReduceLinksNoEngine(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command to list the dependencies: %v", err)
	}
	out, err := exec.Command(goTool, "list", "-deps", "reuselab/reduce").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps reuselab/reduce: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if !contains(deps, "reuselab/reuse") || !contains(deps, "reuselab/ir/interp") {
		t.Fatalf("go list gave no plausible dependency list:\n%s", out)
	}
	for _, d := range deps {
		if strings.HasPrefix(d, "github.com/google/mangle") || d == "reuselab/rules" ||
			strings.HasPrefix(d, "reuselab/rules/") || d == "reuselab/compiler/passes" || d == "reuselab/reuse/engines" {
			t.Errorf("reduce links %s", d)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// timingOut is a pack that never answers, as a runaway .mg pack does once
// its child process is killed; it records the limits it was run under.
type timingOut struct{ got []ir.Limits }

func (e *timingOut) Name() string { return "forever" }
func (e *timingOut) Info() reuse.Info {
	return reuse.Info{Kind: "datalog", Input: "build", Untrusted: true}
}
func (e *timingOut) Run(g *ir.Graph, lim ir.Limits) *ir.Result {
	e.got = append(e.got, lim)
	return reuse.Stopped("datalog", e.Name(), g, lim, ir.StopTimeout, ir.Note{Code: "DSH9306", Severity: "error", Node: -1,
		File: "forever.mg", Span: ir.Span{Line: 1, Col: 1}, Message: "rule pack forever ran past the 2s limit"})
}

// A run that is not the engine's answer neither holds nor fails a
// condition: the untouched graph would evaluate "sound" and "disagree"
// with the reference. OnStop hears why, at the pack's position, and every
// run gets the Env's limits.
func TestStoppedRunHoldsNoCondition(t *testing.T) {
	src := []byte(Program(seedBytes(5, 256), 6))
	lim := ir.Limits{MaxFacts: 1234, Timeout: 2e9}
	for _, spec := range []string{"mismatch", "disagree"} {
		e := &timingOut{}
		var whys []string
		env := reduce.Env{Path: "S.dsm", Reference: reference, Engine: e, Other: e, Limits: lim,
			OnStop: func(engine, asset, why string) { whys = append(whys, engine+": "+why) }}
		cond, err := reduce.ParseCondition(spec, env)
		if err != nil {
			t.Fatal(err)
		}
		if cond(src) {
			t.Errorf("%s holds on a run that stopped", spec)
		}
		if len(e.got) == 0 || len(whys) != len(e.got) {
			t.Fatalf("%s: %d runs, %d stops heard", spec, len(e.got), len(whys))
		}
		for _, got := range e.got {
			if got != lim {
				t.Errorf("%s: the engine ran under %+v, not the Env's %+v", spec, got, lim)
			}
		}
		want := "datalog forever: stopped (timeout): forever.mg:1:1: error DSH9306: rule pack forever ran past the 2s limit"
		if whys[0] != want {
			t.Errorf("%s: heard %q, want %q", spec, whys[0], want)
		}
	}
}

// A stopped result's note without a file of its own is placed in the
// source; an answered one is not stopped, whatever engine made it.
func TestStoppedPlacesNotes(t *testing.T) {
	g := irgen.Generate(irgen.Config{Seed: 2, Nodes: 30})
	res := reuse.Stopped("reference", "1x", g, ir.Limits{}, ir.StopRefused, ir.Note{Code: ir.CodeNo1x, Severity: "error", Node: -1,
		Span: ir.Span{Line: 3, Col: 7}, Message: "refused"})
	why, stopped := reduce.Stopped(res, "M.dss")
	if want := "stopped (refused): M.dss:3:7: error " + ir.CodeNo1x + ": refused"; !stopped || why != want {
		t.Errorf("stopped %v, %q; want %q", stopped, why, want)
	}
	if why, stopped := reduce.Stopped(reference.Run(g, ir.Limits{}), "M.dss"); stopped {
		t.Errorf("the reference's answer reported stopped: %s", why)
	}
}

func TestLabel(t *testing.T) {
	for e, want := range map[reuse.Engine]string{
		reference:    "reference",
		&timingOut{}: "datalog forever",
		unsound("subtract-as-set", subtractAsSet): "test subtract-as-set",
	} {
		if got := reduce.Label(e); got != want {
			t.Errorf("Label(%s) = %q, want %q", e.Name(), got, want)
		}
	}
}
