package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"reuselab/ir"
	"reuselab/rules/eval"
)

// loopingPack never reaches a fixpoint, and each of its facts costs a join
// of every node of the graph with every node: it meets a time limit long
// before the fact limit, on either engine.
const loopingPack = "# pack: forever\ngrow(0) :- cur(_, _, _).\ngrow(X) :- grow(Y), node(A, _, _), node(B, _, _), X = fn:plus(Y, 1).\nsig(N, \"x\") :- cur(N, _, _), grow(0).\n"

// smallCorpus writes n small generated sources, one asset each, into a
// fresh folder (M_A0.dsm … in walk order).
func smallCorpus(t *testing.T, n int) string {
	t.Helper()
	dir := t.TempDir()
	for i := 0; i < n; i++ {
		code, out, errs := runCLI(t, "gen", "--nodes", "12", "--seed", strconv.Itoa(i+1))
		if code != 0 {
			t.Fatalf("gen: %s", errs)
		}
		if err := os.WriteFile(filepath.Join(dir, "M_A"+strconv.Itoa(i)+".dsm"), []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func writeTestPack(t *testing.T, name, src string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// The whole-run limits are usage errors like the per-asset ones when they
// cannot mean anything, and a budget no child fits in is refused.
func TestWholeRunLimitsAreUsageErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"validate", "--rules", "x.mg", "--run-timeout", "0", "a.dsm"}, "must be positive"},
		{[]string{"bench", "--rules", "x.mg", "--run-memory", "-1", "a.dsm"}, "must be positive"},
		{[]string{"reduce", "a.dsm", "--until", "disagree", "--give-up-after", "-1"}, "0 or more"},
		{[]string{"evalcheck", "--max-memory", "512", "--run-memory", "256", "a.dsm"}, "less than one child's --max-memory"},
		{[]string{"explain", "--run-memory", "2000000000", "a.dsm", "%1", "%2"}, "more memory than any machine has"},
	} {
		code, _, errs := runCLI(t, c.args...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %q", c.args, code, errs)
		}
	}
}

// A built-in pack runs in this process, so the run's memory budget, which
// bounds children, never refuses it, whatever --max-memory says.
func TestBuiltinPackIgnoresTheChildBudget(t *testing.T) {
	code, out, errs := runCLI(t, "validate", "-q", "--max-memory", "512", "--run-memory", "1024", smallCorpus(t, 2))
	if code != 0 || !strings.Contains(out, "2 agree") {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
}

// Every command that runs a pack takes the whole-run limits: past the
// run's time, even loading the pack is not started (DSH9312), exit 1.
func TestEveryPackCommandHonoursTheRunTimeout(t *testing.T) {
	pack := writeTestPack(t, "forever.mg", loopingPack)
	src := filepath.Join(smallCorpus(t, 1), "M_A0.dsm")
	dir := t.TempDir()
	for _, args := range [][]string{
		{"validate", src},
		{"evalcheck", src},
		{"explain", src, "%1", "%2"},
		{"view", src, "--out", filepath.Join(dir, "v.html")},
		{"reduce", src, "--until", "disagree", "--out", filepath.Join(dir, "r.dsm")},
		{"bench", "--modes", "2.0", "--out", filepath.Join(dir, "bench"), src},
	} {
		code, out, errs := runCLI(t, append(args, "--rules", pack, "--run-timeout", "1ns")...)
		if code != 1 || !strings.Contains(out+errs, "DSH9312") || !strings.Contains(out+errs, "was not loaded: the whole run's time limit of 1ns has passed") {
			t.Errorf("%s: exit %d\n%s%s", args[0], code, out, errs)
		}
	}
}

// A looping pack over a folder: after --give-up-after timeouts in a row
// validate stops running it, reports every other asset as not run with
// DSH9313, sums them up, and exits 1.
func TestValidateGivesUpOnALoopingPack(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns pack children that time out")
	}
	pack := writeTestPack(t, "forever.mg", loopingPack)
	code, out, errs := runCLI(t, "validate", "-q", "--rules", pack, "--timeout", "500ms", "--give-up-after", "2", smallCorpus(t, 6))
	if code != 1 {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	if n, m := strings.Count(out, "error DSH9306"), strings.Count(out, "error DSH9313"); n != 2 || m != 4 {
		t.Errorf("%d timeouts and %d not run, want 2 and 4:\n%s", n, m, out)
	}
	for _, want := range []string{`was not run on "Generated/G_n12_s6"`, "6 assets: 0 agree, 0 disagree, 6 stopped",
		"forever was not run on 4 assets: the run gave up on it"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
}

// The whole run's time limit stops what giving up does not (it is off
// here): the running evaluation is cut at it and the rest are not run.
func TestValidateStopsAtTheRunTimeout(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns pack children that time out")
	}
	pack := writeTestPack(t, "forever.mg", loopingPack)
	code, out, errs := runCLI(t, "validate", "-q", "--rules", pack, "--timeout", "1s", "--run-timeout", "2500ms", "--give-up-after", "0", smallCorpus(t, 5))
	if code != 1 || !strings.Contains(out, "5 stopped") {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	if !strings.Contains(out, `DSH9312: rule pack forever was not run on "Generated/G_n12_s5": the whole run's time limit of 2.5s has passed`) ||
		!strings.Contains(out, "the whole run passed its time limit (--run-timeout, DSH9312)") {
		t.Errorf("the last asset is not reported not run:\n%s", out)
	}
	if n := strings.Count(out, "error DSH9306") + strings.Count(out, "error DSH9312"); n != 5 {
		t.Errorf("%d of 5 assets stopped by a time limit:\n%s", n, out)
	}
}

// bench with two jobs: the report has the whole-run stop with its code on
// every asset the pack was not run on, and bench exits 1.
func TestBenchReportsTheWholeRunStop(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns pack children that time out")
	}
	pack := writeTestPack(t, "forever.mg", loopingPack)
	outDir := filepath.Join(t.TempDir(), "out")
	code, out, errs := runCLI(t, "bench", "--jobs", "2", "--modes", "2.0", "--rules", pack, "--timeout", "500ms", "--give-up-after", "2",
		"--out", outDir, smallCorpus(t, 6))
	if code != 1 || !strings.Contains(errs, "datalog:forever was not run on") {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	report, err := os.ReadFile(filepath.Join(outDir, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	// two in a row give up; the other job may have one more running then
	timeouts, notRun := strings.Count(string(report), "timeout: DSH9306"), strings.Count(string(report), "gave-up: DSH9313")
	if timeouts+notRun != 6 || timeouts < 2 || timeouts > 3 {
		t.Errorf("%d timeouts and %d not run of 6 assets in report.md", timeouts, notRun)
	}
}

// bench --jobs 2 under a budget of one child's limit: by the driver's
// account never more than one pack child alive, and each asset stops at
// the memory limit (DSH9310).
func TestBenchMemoryBudgetAcrossJobs(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns pack children that run out of memory")
	}
	if raceDetector {
		t.Skip("a memory-limited child cannot hold the race detector")
	}
	var pack strings.Builder
	pack.WriteString("# pack: bomb\ns0(\"ab\") :- cur(_, _, _).\n")
	for i := 1; i <= 40; i++ {
		pack.WriteString("s" + strconv.Itoa(i) + "(T) :- s" + strconv.Itoa(i-1) + "(S), T = fn:string:concat(S, S).\n")
	}
	pack.WriteString("sig(N, S) :- cur(N, _, _), s40(S).\n")
	var runs []*ir.RunLimits
	observeRunLimits = func(r *ir.RunLimits) { runs = append(runs, r) }
	defer func() { observeRunLimits = nil }()
	outDir := filepath.Join(t.TempDir(), "out")
	code, out, errs := runCLI(t, "bench", "--jobs", "2", "--modes", "2.0", "--rules", writeTestPack(t, "bomb.mg", pack.String()),
		"--max-memory", "256", "--run-memory", "256", "--out", outDir, smallCorpus(t, 4))
	if code != 1 || len(runs) != 1 {
		t.Fatalf("exit %d, %d runs\n%s%s", code, len(runs), out, errs)
	}
	report, err := os.ReadFile(filepath.Join(outDir, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(report), "memory-limit: DSH9310"); n != 4 {
		t.Errorf("%d of 4 assets stopped at the memory limit", n)
	}
	a := eval.Account(runs[0])
	if a.Budget != 256<<20 || a.Peak > a.Budget || a.PeakChildren != 1 || a.Evaluations < 4 {
		t.Errorf("account %+v: more than the budget alive at once", a)
	}
}
