package eval_test

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"reuselab/ir"
	"reuselab/ir/irgen"
	"reuselab/rules/eval"
	"reuselab/rules/pack"
	"reuselab/rules/rulestest"
)

const foreverPack = "# pack: forever\ngrow(0) :- cur(_, _, _).\ngrow(X) :- grow(Y), X = fn:plus(Y, 1).\nsig(N, \"x\") :- cur(N, _, _), grow(0).\n"

func loadUserPack(t testing.TB, name, src string) *pack.Pack {
	t.Helper()
	p, ds := pack.Load(writePack(t, name, src), eval.Analyser(ir.Limits{Timeout: time.Minute}))
	if p == nil || ds.HasErrors() {
		t.Fatal(ds.String())
	}
	return p
}

func graphs(n int) []*ir.Graph {
	gs := make([]*ir.Graph, n)
	for i := range gs {
		gs[i] = irgen.Generate(irgen.Config{Seed: uint64(i + 1), Nodes: 12})
		gs[i].Name = fmt.Sprintf("G%d", i)
	}
	return gs
}

// A looping pack loops on every asset: after GiveUpAfter timeouts in a
// row the run stops running it, and every asset after is reported not run
// with its own reason and code, the assets it timed out on named.
func TestLoopingPackIsGivenUpOn(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns child processes that time out")
	}
	p := loadUserPack(t, "forever.mg", foreverPack)
	run := ir.NewRunLimits(time.Hour, 8<<30, 2)
	lim := ir.Limits{Timeout: 300 * time.Millisecond, MaxFacts: 1 << 40, Run: run}
	for i, g := range graphs(5) {
		res, _, ds := eval.Run(g, p, eval.Options{Limits: lim})
		want, code := ir.StopTimeout, eval.CodeTimeout
		if i >= 2 {
			want, code = ir.StopGaveUp, eval.CodeGaveUp
		}
		if res.StopReason != want || len(ds.Items) != 1 || ds.Items[0].Code != code {
			t.Fatalf("asset %d: stop %q, diags %s", i, res.StopReason, ds.String())
		}
		if i >= 2 && !strings.Contains(ds.Items[0].Message, `was not run on "G`+itoa(i)+`"`) ||
			i >= 2 && !strings.Contains(ds.Items[0].Message, `("G0", "G1")`) {
			t.Errorf("asset %d: %s", i, ds.Items[0].Message)
		}
		if len(res.Graph.Nodes) != len(g.Nodes) {
			t.Errorf("asset %d: a pack not run changed the graph", i)
		}
	}
}

// Any other end of an evaluation between two timeouts — here the fact
// limit — shows the pack is not stuck: only timeouts in a row count, and
// only the pack's own; the run goes on running the others.
func TestOnlyTimeoutsInARowGiveUp(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns child processes that time out")
	}
	forever := loadUserPack(t, "forever.mg", foreverPack)
	ok := loadUserPack(t, "ok.mg", "# pack: ok\nsig(N, \"x\") :- cur(N, _, _), role(N, \"value\").\n")
	run := ir.NewRunLimits(time.Hour, 8<<30, 2)
	slow := ir.Limits{Timeout: 300 * time.Millisecond, MaxFacts: 1 << 40, Run: run}
	capped := ir.Limits{Timeout: time.Minute, MaxFacts: 50, Run: run}
	gs := graphs(6)
	for i, step := range []struct {
		p    *pack.Pack
		lim  ir.Limits
		want ir.StopReason
	}{
		{forever, slow, ir.StopTimeout},
		{forever, capped, ir.StopFactLimit}, // not stuck: the count starts again
		{forever, slow, ir.StopTimeout},
		{ok, slow, ir.StopSaturated}, // another pack's answer changes nothing for forever
		{forever, slow, ir.StopTimeout},
		{forever, slow, ir.StopGaveUp},
	} {
		res, _, ds := eval.Run(gs[i], step.p, eval.Options{Limits: step.lim})
		if res.StopReason != step.want {
			t.Fatalf("step %d (%s): %q, want %q %s", i, step.p.Name, res.StopReason, step.want, ds.String())
		}
	}
	if res, _, _ := eval.Run(gs[0], ok, eval.Options{Limits: slow}); res.StopReason != ir.StopSaturated {
		t.Errorf("the run gave up on the pack that answers: %q", res.StopReason)
	}
}

// The whole run's clock bounds what the per-asset limit does not: an
// evaluation gets at most the time left, and none starts after it.
func TestRunTimeoutStopsAndSkips(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns child processes that time out")
	}
	p := loadUserPack(t, "forever.mg", foreverPack)
	run := ir.NewRunLimits(1500*time.Millisecond, 8<<30, 0)
	lim := ir.Limits{Timeout: time.Second, MaxFacts: 1 << 40, Run: run}
	var stops []ir.StopReason
	for _, g := range graphs(4) {
		res, _, ds := eval.Run(g, p, eval.Options{Limits: lim})
		stops = append(stops, res.StopReason)
		if len(ds.Items) != 1 {
			t.Fatalf("%s: %s", g.Name, ds.String())
		}
		d := ds.Items[0]
		switch res.StopReason {
		case ir.StopTimeout:
			if d.Code != eval.CodeTimeout {
				t.Errorf("%s: %s", g.Name, d)
			}
		case ir.StopRunTimeout:
			if d.Code != eval.CodeRunTimeout || !strings.Contains(d.Message, "whole run's time limit of 1.5s") {
				t.Errorf("%s: %s", g.Name, d)
			}
		default:
			t.Errorf("%s: stop %q", g.Name, res.StopReason)
		}
	}
	// the first asset may use its whole second or be cut; the last two
	// start after the run's 1.5 s at the latest
	if stops[2] != ir.StopRunTimeout || stops[3] != ir.StopRunTimeout {
		t.Errorf("stops %v: the run's limit did not stop the last assets", stops)
	}
}

// Under a budget of one child's limit, two jobs evaluating a pack that
// allocates without end never have more than one child alive, by the
// driver's account; each stops at its memory limit.
func TestRunMemoryBudgetHoldsAcrossJobs(t *testing.T) {
	if raceDetector {
		t.Skip("a memory-limited child cannot hold the race detector")
	}
	if testing.Short() {
		t.Skip("spawns child processes that run out of memory")
	}
	p := loadUserPack(t, "bomb.mg", stringBomb())
	const limit = 256 << 20
	run := ir.NewRunLimits(time.Hour, limit, 0)
	lim := ir.Limits{Timeout: time.Minute, MaxMemory: limit, Run: run}
	gs := graphs(4)
	stops := make([]ir.StopReason, len(gs))
	var wg sync.WaitGroup
	for job := 0; job < 2; job++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := job; i < len(gs); i += 2 {
				res, _, _ := eval.Run(gs[i], p, eval.Options{Limits: lim})
				stops[i] = res.StopReason
			}
		}()
	}
	wg.Wait()
	for i, s := range stops {
		if s != ir.StopMemory {
			t.Errorf("asset %d: %q, want the memory limit", i, s)
		}
	}
	a := eval.Account(run)
	if a.Peak > a.Budget || a.PeakChildren != 1 || a.Evaluations != len(gs) {
		t.Errorf("account %+v: more than one child's limit alive at once, or evaluations missing", a)
	}
}

// A budget for one child at a time still reuses the serving child across
// assets and jobs (its idle child is counted, not stopped, when the next
// evaluation takes it) and answers as without a budget.
func TestRunMemoryBudgetKeepsServingChildren(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns child processes")
	}
	ref := rulestest.MustPack(t, "reuse-2.0")
	user := loadUserPack(t, "mine.mg", strings.Replace(ref.Source, "# pack: reuse-2.0", "# pack: mine", 1))
	run := ir.NewRunLimits(time.Hour, 512<<20, 0)
	lim := ir.Limits{MaxMemory: 512 << 20, Run: run}
	gs := graphs(6)
	var wg sync.WaitGroup
	errs := make(chan string, len(gs))
	for job := 0; job < 2; job++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := job; i < len(gs); i += 2 {
				if res, _, ds := eval.Run(gs[i], user, eval.Options{Limits: lim}); !res.StopReason.Answered() {
					errs <- fmt.Sprintf("%s: %q %s", gs[i].Name, res.StopReason, ds.String())
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	a := eval.Account(run)
	if a.PeakChildren != 1 || a.Peak > a.Budget || a.Evaluations != len(gs) {
		t.Errorf("account %+v", a)
	}
	// the jobs take turns with one child: only the first starts it (an
	// idle child of another test's pack may be stopped to make room)
	if a.Reused != len(gs)-1 {
		t.Errorf("account %+v: the idle child of the same pack was stopped, not reused", a)
	}
}

// A child's memory limit bounds its resident memory, the program's own
// pages included, as the system measures it: a pack that doubles a string
// used to be written in full past the watchdog (1045 MiB under 768, 148
// under 100). From about 660 MiB up the child stays within its limit;
// below, within MemoryOvershoot of it.
func TestChildStaysWithinItsMemoryLimit(t *testing.T) {
	if raceDetector {
		t.Skip("a memory-limited child cannot hold the race detector")
	}
	if testing.Short() {
		t.Skip("spawns a child process that runs out of memory")
	}
	if runtime.GOOS != "linux" {
		t.Skip("the address-space ceiling and rusage's units are Linux's")
	}
	// a pack parsed here and run under a time limit takes the one-shot
	// child, whose peak the driver reads when it reaps it
	p, ds := pack.ParsePack("bomb.mg", stringBomb())
	if ds.HasErrors() {
		t.Fatal(ds.String())
	}
	for _, c := range []struct {
		mib  int64
		over int64
	}{{100, eval.MemoryOvershoot}, {768, 0}} {
		run := ir.NewRunLimits(time.Hour, c.mib<<20, 0)
		res, _, ds := eval.Run(irgen.Generate(irgen.Config{Seed: 1, Nodes: 12}), p,
			eval.Options{Limits: ir.Limits{Timeout: time.Minute, MaxMemory: c.mib << 20, Run: run}})
		if res.StopReason != ir.StopMemory {
			t.Fatalf("%d MiB: %q %s", c.mib, res.StopReason, ds.String())
		}
		a := eval.Account(run)
		if a.PeakResident == 0 || a.PeakResident > c.mib<<20+c.over {
			t.Errorf("under %d MiB the child peaked at %d MiB", c.mib, a.PeakResident>>20)
		}
	}
}

// A per-child limit no budget can hold is refused, not waited on for ever.
func TestChildLimitOverTheBudgetIsRefused(t *testing.T) {
	p := loadUserPack(t, "ok.mg", "# pack: ok\nsig(N, \"x\") :- cur(N, _, _).\n")
	run := ir.NewRunLimits(time.Hour, 64<<20, 0)
	res, _, ds := eval.Run(graphs(1)[0], p, eval.Options{Limits: ir.Limits{MaxMemory: 128 << 20, Run: run}})
	if res.StopReason != ir.StopError || len(ds.Items) != 1 || ds.Items[0].Code != eval.CodeChild ||
		!strings.Contains(ds.Items[0].Message, "more than the whole run's budget") {
		t.Fatalf("%q %s", res.StopReason, ds.String())
	}
	if o := eval.Evaluate(graphs(1)[0], p, eval.Options{Limits: ir.Limits{MaxMemory: 128 << 20, Run: run}}); o.Stop != ir.StopError {
		t.Errorf("Evaluate: %q", o.Stop)
	}
}
