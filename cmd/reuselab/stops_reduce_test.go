package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// A user's pack that never terminates stops with DSH9306 at its time limit
// under reduce and evalcheck too (writeForever is stops_test.go's). Neither
// counts the untouched build graph as an answer: evalcheck reports the
// asset stopped, and reduce finds that its condition cannot hold and says
// why, rather than shrinking towards the stop.
func TestNonTerminatingPackStopsReduceAndEvalcheck(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns pack child processes that run into their time limit")
	}
	pack := writeForever(t)
	src := writeWitness(t)
	// Mangle's engine, so that the time limit is what stops the pack: the
	// compiled evaluator can reach the fact limit first (DSH9305).
	t.Run("evalcheck", func(t *testing.T) {
		code, out, errs := runCLI(t, "evalcheck", "--engine", "mangle", "--rules", pack, "--timeout", "2s", src)
		if code != 1 || !strings.Contains(out, "1 stopped") {
			t.Fatalf("exit %d, want 1 with the asset stopped\nstdout:\n%s\nstderr:\n%s", code, out, errs)
		}
		// the stop points into the pack, with the code and the limit
		if !strings.Contains(out, pack+":1:1: error DSH9306") || !strings.Contains(out, "2s limit") {
			t.Errorf("the stop does not say DSH9306 at the pack and its limit:\n%s", out)
		}
	})
	for _, until := range []string{"mismatch", "disagree"} {
		t.Run("reduce "+until, func(t *testing.T) {
			dest := filepath.Join(t.TempDir(), "out.dsm")
			code, out, errs := runCLI(t, "reduce", src, "--until", until, "--engine", "mangle", "--rules", pack, "--timeout", "2s", "--out", dest)
			if code != 1 || !strings.Contains(errs, "does not hold") {
				t.Fatalf("exit %d, want 1 (the condition cannot hold)\nstdout:\n%s\nstderr:\n%s", code, out, errs)
			}
			if !strings.Contains(errs, "datalog forever stopped (timeout)") || !strings.Contains(errs, pack+":1:1: error DSH9306") ||
				!strings.Contains(errs, "2s limit") {
				t.Errorf("reduce does not say the pack stopped with DSH9306 at its limit:\n%s", errs)
			}
		})
	}
}

// reduce and evalcheck take the limit flags every engine command takes;
// a limit that is zero or negative is a usage error, before any work.
func TestReduceAndEvalcheckLimitFlags(t *testing.T) {
	src := writeWitness(t)
	for _, args := range [][]string{
		{"reduce", src, "--until", "mismatch", "--timeout", "0"},
		{"reduce", src, "--until", "mismatch", "--timeout", "-2s"},
		{"reduce", src, "--until", "mismatch", "--max-facts", "-1"},
		{"reduce", src, "--until", "mismatch", "--max-memory", "0"},
		{"evalcheck", "--max-facts", "0", src},
		{"evalcheck", "--max-facts", "-5", src},
	} {
		code, out, errs := runCLI(t, args...)
		if code != 2 || !strings.Contains(errs, "must be positive") || out != "" {
			t.Errorf("%v: exit %d\nstdout:\n%s\nstderr:\n%s", args, code, out, errs)
		}
	}
	// a fact limit the reference never meets changes nothing
	if code, out, errs := runCLI(t, "evalcheck", "--max-facts", "10", "--eval", "8", src); code != 0 || !strings.Contains(out, "evalcheck reference:") {
		t.Errorf("evalcheck --max-facts 10: exit %d\n%s%s", code, out, errs)
	}
}
