package campaign

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"reuselab/bench"
	"reuselab/diag"
	"reuselab/ir"
	"reuselab/reuse"
	"reuselab/reuse/engines"
)

// loops is a pack that never ends on a graph with a Compare node (a
// generated program with an if statement) and agrees with reuse-2.0 on
// any other: its sig/2 clause reads count/1, so the count is evaluated.
const loops = `# pack: loops
# extends: reuse-2.0
# claims: reuse-2.0; counts forever where a Compare node is, for the fault tests.
count(0) :- cur(_, "Compare", _).
count(M) :- count(N), M = fn:plus(N, 1).
sig(N, "never") :- cur(N, _, _), count(-1).
`

// TestSweepFaults: a pack that runs past its time or memory limit on some
// programs leaves those runs stopped, with their seeds; the others are
// measured, and the pipeline finishes.
func TestSweepFaults(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a looping pack to its limits")
	}
	file := filepath.Join(t.TempDir(), "loops.mg")
	if err := os.WriteFile(file, []byte(loops), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := ReadPack(file)
	if err != nil {
		t.Fatal(err)
	}
	lim := DefaultLimits()
	lim.Timeout, lim.MaxMemory, lim.MaxFacts, lim.GiveUpAfter = 3*time.Second, 256<<20, 1<<30, 0
	grid := Grid{Langs: []string{"dsm"}, Nodes: []int{40}, DupRates: []float64{0.3}, Branches: []int{0, 1}, From: 1, Count: 2}
	res, _ := sweep(t, SweepOptions{Grid: grid, Variants: Variants{Modes: []string{"2.0"}, Packs: []Pack{p}, Limits: lim}, Chunk: 1, Jobs: 2})

	if res.Report.Failed != 0 {
		t.Errorf("%d elements failed; want stopped runs only: %+v", res.Report.Failed, res.Report.Failures)
	}
	if res.Report.Stopped != 2 || len(res.Report.Stops) != 2 {
		t.Fatalf("%d runs stopped, want the 2 programs with an if statement: %+v", res.Report.Stopped, res.Report.Stops)
	}
	for i, s := range res.Report.Stops {
		if !strings.Contains(s.Corpus, "-b1") || s.Seed != uint64(i+1) || s.Variant != "datalog:loops" {
			t.Errorf("stop %d is %+v; want seed %d of the cell with branches", i, s, i+1)
		}
		if s.Stop != string(ir.StopTimeout) && s.Stop != string(ir.StopMemory) {
			t.Errorf("stop %d stopped by %q, want the time or the memory limit", i, s.Stop)
		}
		if strings.Contains(s.Reason, os.TempDir()+string(filepath.Separator)+"reuselab-campaign") {
			t.Errorf("stop %d names the worker's copy of the pack: %s", i, s.Reason)
		}
	}
	var loopsTotal *bench.VariantTotal
	for i := range res.Summary.Overall.Totals {
		if res.Summary.Overall.Totals[i].Variant == "datalog:loops" {
			loopsTotal = &res.Summary.Overall.Totals[i]
		}
	}
	if loopsTotal == nil || loopsTotal.Errors != 2 || loopsTotal.IRNodes == 0 {
		t.Errorf("the summary's loops column: %+v; want 2 errors and the other programs measured", loopsTotal)
	}
}

// slowEngine sleeps on every graph: an engine that runs past the
// element's limit.
type slowEngine struct{ d time.Duration }

func (e slowEngine) Name() string     { return "slow" }
func (e slowEngine) Info() reuse.Info { return reuse.Info{Kind: "reference"} }
func (e slowEngine) Run(g *ir.Graph, _ ir.Limits) *ir.Result {
	time.Sleep(e.d)
	return &ir.Result{Graph: g, Build: g, StopReason: ir.StopSaturated}
}

// TestElementFaults: an element past its limit, or one that panics
// outside bench's own recovery, is a failed record with its reason and
// seed; bench's report counts it as a failed file.
func TestElementFaults(t *testing.T) {
	c := Cell{Lang: "dsm", Nodes: 30, DupRate: 0.3, Branches: 0}
	g := c.Program(42)
	f := &sweepFn{ElementTimeout: 50 * time.Millisecond, unname: func(s string) string { return s }, share: &shared{slots: make(chan struct{}, 1)}}
	f.cfg = Config([]bench.Variant{{Name: "slow", Engine: slowEngine{time.Minute}}})
	r := f.runTask(task{gen: &g, corpus: c.Corpus()}, nil)
	if r.Failure == "" || !strings.Contains(r.Failure, "element limit") || r.Seed != 42 {
		t.Fatalf("a program past its limit gave %+v", r)
	}
	if !r.File.Failed || !strings.Contains(strings.Join(r.File.Diagnostics, "\n"), "seed 42") {
		t.Errorf("the failed file does not name its seed: %+v", r.File)
	}

	f.ElementTimeout = time.Minute
	f.cfg.Compile = func(string, string, bench.ReadFunc) (*ir.Module, diag.List) { panic("planted") }
	f.cfg.Variants = []bench.Variant{{Name: "2.0", Engine: engines.MustResolve("2.0")}}
	r = f.runTask(task{gen: &g, corpus: c.Corpus()}, nil)
	if !r.File.Failed || !strings.Contains(strings.Join(r.File.Diagnostics, "\n"), "planted") {
		t.Errorf("a planted panic gave %+v", r.File)
	}
	sum := bench.Summarize(f.cfg, []*bench.FileResult{r.File})
	if sum.Overall.FailedFiles != 1 || len(sum.Failures) != 1 {
		t.Errorf("the summary counts %d failed files", sum.Overall.FailedFiles)
	}
}
