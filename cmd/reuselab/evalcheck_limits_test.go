package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// evalcheck evaluates a user's pack like validate: under a wall-clock and
// a memory limit, and a limit that is zero or negative is a usage error
// (it used to mean none), refused before any file is read.
func TestEvalCheckLimitsMustBePositive(t *testing.T) {
	for _, args := range [][]string{
		{"evalcheck", "--rules", "x.mg", "--timeout", "0", "a.dsm"},
		{"evalcheck", "--rules", "x.mg", "--timeout", "-1s", "a.dsm"},
		{"evalcheck", "--rules", "x.mg", "--max-memory", "0", "a.dsm"},
		{"evalcheck", "--max-memory", "-3", "a.dsm"},
	} {
		code, _, errs := runCLI(t, args...)
		if code != 2 || !strings.Contains(errs, "must be positive") {
			t.Errorf("%v: exit %d, %q", args, code, errs)
		}
	}
}

// The limits reach the pack's child: a string-doubling pack under
// --max-memory 256 stops with the memory diagnostic, and evalcheck counts
// the asset stopped (exit 1), never "0 mismatching" on the untouched graph.
func TestEvalCheckMemoryLimitStopsPack(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns a pack child process")
	}
	var pack strings.Builder
	pack.WriteString("# pack: bomb\ns0(\"ab\") :- cur(_, _, _).\n")
	for i := 1; i <= 40; i++ {
		pack.WriteString("s" + strconv.Itoa(i) + "(T) :- s" + strconv.Itoa(i-1) + "(S), T = fn:string:concat(S, S).\n")
	}
	pack.WriteString("sig(N, S) :- cur(N, _, _), s40(S).\n")
	bomb := filepath.Join(t.TempDir(), "bomb.mg")
	if err := os.WriteFile(bomb, []byte(pack.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI(t, "evalcheck", "--rules", bomb, "--max-memory", "256", "--timeout", "60s", writeWitness(t))
	if code != 1 || !strings.Contains(out, "stopped") || !strings.Contains(out, "1 stopped") && !strings.Contains(out, "2 stopped") {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	if !strings.Contains(out, "DSH9310") || !strings.Contains(out, "256 MiB") {
		t.Errorf("the stop does not name the memory limit:\n%s", out)
	}
}
