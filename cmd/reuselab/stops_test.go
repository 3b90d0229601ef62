package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// foreverPack never reaches a fixpoint: grow/1 counts up without end. It
// loads (its analysis is fine); only its evaluation never ends.
const foreverPack = `# pack: forever
grow(0) :- cur(_, _, _).
grow(X) :- grow(Y), X = fn:plus(Y, 1).
sig(N, "x") :- cur(N, _, _), grow(0).
`

func writeForever(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "forever.mg")
	if err := os.WriteFile(p, []byte(foreverPack), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// A user's pack that never terminates stops with DSH9306 within its limit
// under every command that runs a pack, because each resolves it through
// the one registry (reuse/engines) under the one set of limit flags.
func TestNonTerminatingPackStopsInEveryCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns pack child processes that run into their time limit")
	}
	pack := writeForever(t)
	src := writeWitness(t)
	// Mangle's engine, so that the time limit is what stops the pack: the
	// compiled evaluator can reach the fact limit first (DSH9305).
	cases := []struct {
		name string
		args []string
		// where the stop is reported
		stdout bool
	}{
		{"validate", []string{"validate", "--engine", "mangle", "--rules", pack, "--timeout", "2s", src}, true},
		{"explain", []string{"explain", "--engine", "mangle", "--rules", pack, "--timeout", "2s", "--asset", "0", src, "%1", "%2"}, false},
		{"bench", []string{"bench", "--engine", "mangle", "--rules", pack, "--timeout", "2s", "--modes", "2.0", "--out", t.TempDir() + "/b", src}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := runCLI(t, c.args...)
			text := errs
			if c.stdout {
				text = out
			}
			if c.name == "bench" {
				// bench reports the stopped asset in its report, goes on, and
				// exits 1: a stopped run is a finding
				if code != 1 {
					t.Errorf("bench: exit %d, want 1", code)
				}
				b, err := os.ReadFile(filepath.Join(c.args[len(c.args)-2], "report.md"))
				if err != nil {
					t.Fatalf("exit %d, no report: %v\n%s%s", code, err, out, errs)
				}
				text = string(b)
			} else if code != 1 {
				t.Errorf("exit %d, want 1\n%s%s", code, out, errs)
			}
			if !strings.Contains(text, "DSH9306") || !strings.Contains(text, "2s limit") {
				t.Errorf("the stop does not say DSH9306 and its limit:\nstdout:\n%s\nstderr:\n%s", out, errs)
			}
		})
	}
}

// bench's exit status: a pack that mirrors 2.0 but merges differently is a
// finding (exit 1); the same rules in a pack that only claims soundness are
// evaluated on the assets they change, and fail there (exit 1 too, for the
// mismatch); a sound pack that merges more is reported, not a finding.
func TestBenchExitsOneWhenAMirroringPackDisagrees(t *testing.T) {
	unsound, err := os.ReadFile("../../rules/examples/unsound.mg")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	mirror := filepath.Join(dir, "mirror.mg")
	text := strings.Replace(string(unsound), "# pack: unsound", "# pack: mirror\n# mirrors: 2.0", 1)
	if err := os.WriteFile(mirror, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	src := "../../rules/examples/M_Subtract.dsm"
	for _, c := range []struct {
		pack, src string
		want      int
		says      string
	}{
		{mirror, src, 1, "differs from 2.0 on 1 asset "},
		{"../../rules/examples/unsound.mg", src, 1, "evaluation fails on 1 of the 1 asset it changes"},
		{"commutative", "../../bench/corpus/examples", 0, "datalog:commutative leaves 2 IR nodes fewer than 2.0; evaluation fails on 0 of the 2 assets it changes"},
	} {
		code, out, errs := runCLI(t, "bench", "--modes", "2.0", "--rules", c.pack, "--out", filepath.Join(t.TempDir(), "b"), c.src)
		if code != c.want || !strings.Contains(out, c.says) {
			t.Errorf("bench --rules %s: exit %d, want %d, and a summary saying %q\n%s%s", filepath.Base(c.pack), code, c.want, c.says, out, errs)
		}
	}
}
