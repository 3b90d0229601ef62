package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"reuselab/bench/gen"
	"reuselab/reduce"
)

// reduce on the README's unsound example reaches the two-statement class,
// exits 0, and its witness is one `check` passes without a word and
// `evalcheck` still catches.
func TestReduceExampleWitness(t *testing.T) {
	dest := filepath.Join(t.TempDir(), "small.dsm")
	code, out, errs := runCLI(t, "reduce", "../../rules/examples/M_Subtract.dsm", "--until", "mismatch",
		"--rules", "../../rules/examples/unsound.mg", "--out", dest)
	if code != 0 || !strings.Contains(out, "3 → 1 statements") && !strings.Contains(out, "3 → 2 statements") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	if code, out, errs := runCLI(t, "check", dest); code != 0 || out != "" || errs != "" {
		t.Errorf("check on the witness: exit %d\n%s%s", code, out, errs)
	}
	if code, out, _ := runCLI(t, "evalcheck", "--rules", "../../rules/examples/unsound.mg", dest); code != 1 || !strings.Contains(out, "culprit") {
		t.Errorf("the witness no longer mismatches: exit %d\n%s", code, out)
	}
}

// reduce that runs out of --max-tests writes the smallest file so far,
// says it stopped at its limit and how far it got, and exits 1 (a run that
// stops at a limit is a finding, as in bench), not 0.
func TestReduceStopsAtLimit(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "G.dsm")
	text, _ := gen.Program(gen.Config{Nodes: 1005, Seed: 3, DupRate: 0.3, Branches: 2, Lang: "dsm"})
	if err := os.WriteFile(src, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	dest := filepath.Join(dir, "small.dsm")
	code, out, errs := runCLI(t, "reduce", src, "--until", "disagree", "--rules", "commutative", "--max-tests", "10", "--out", dest)
	if code != 1 || !strings.Contains(errs, "stopped at its limit of 10 tests (--max-tests)") ||
		!strings.Contains(errs, "of 288 statements") || !strings.Contains(out, "10 tests; wrote "+dest) {
		t.Fatalf("exit %d, want 1 with the limit named\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	small, err := os.ReadFile(dest)
	if err != nil {
		t.Fatal(err)
	}
	if n := reduce.CountStatements(dest, small); n >= 288 || n == 0 {
		t.Errorf("the file written at the limit has %d statements", n)
	}
	// The default budget finishes: exit 0, no word of a limit.
	code, out, errs = runCLI(t, "reduce", src, "--until", "disagree", "--rules", "commutative", "--out", dest)
	if code != 0 || strings.Contains(errs, "limit") {
		t.Errorf("default budget: exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
}
