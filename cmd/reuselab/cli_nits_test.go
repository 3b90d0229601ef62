package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// help asks for help however it is spelled: `help help`, `help -h`,
// `help --help` print help's own synopsis, and `help CMD -h` is `CMD -h`.
func TestHelpOfHelp(t *testing.T) {
	for _, args := range [][]string{{"help", "help"}, {"help", "-h"}, {"help", "--help"}, {"help", "help", "-h"}} {
		code, out, errs := runCLI(t, args...)
		if code != 0 || errs != "" || !strings.HasPrefix(out, "usage: reuselab help [CMD]\n") || !strings.Contains(out, "\nExamples:\n  reuselab help ") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want help's synopsis and exit 0", args, code, out, errs)
		}
	}
	_, want, _ := runCLI(t, "compile", "-h")
	for _, args := range [][]string{{"help", "compile", "-h"}, {"help", "--help", "compile"}} {
		if code, out, errs := runCLI(t, args...); code != 0 || out != want || errs != "" {
			t.Errorf("%v: exit %d, differs from compile -h (stderr %q)", args, code, errs)
		}
	}
	if code, _, errs := runCLI(t, "help", "compile", "check"); code != 2 || !strings.Contains(errs, `unknown command "compile check"`) {
		t.Errorf("help compile check: exit %d, %q; want 2, an unknown command", code, errs)
	}
}

// A missing tool is the machine's problem, exit 2 by the README's table,
// found before any source is compiled; `dot` is hidden by an empty PATH.
func TestSVGWithoutGraphvizIsAUsageError(t *testing.T) {
	src := writeWitness(t)
	t.Setenv("PATH", t.TempDir())
	if _, err := exec.LookPath("dot"); err == nil {
		t.Fatal("dot is still found")
	}
	code, out, errs := runCLI(t, "compile", "--format", "svg", src)
	if code != 2 || out != "" || !strings.HasPrefix(errs, "reuselab compile: --format svg: svg needs Graphviz") {
		t.Errorf("compile --format svg without dot: exit %d, stdout %q, stderr %q; want 2 and the reason", code, out, errs)
	}
}

// A PATH that holds no source makes every command that reads sources stop
// with exit 2, as a missing file does: exit 0 said the sources were read
// and found in order when none was read. A folder whose only sources are
// snapshots (_versions/) is empty too, and the count of them is printed.
func TestNothingToWorkOnIsAUsageError(t *testing.T) {
	empty := t.TempDir()
	snapshots := t.TempDir()
	writeSource(t, filepath.Join(snapshots, "_versions", "M_Old.dsm"), evalWitness)
	out := filepath.Join(t.TempDir(), "out")
	for _, dir := range []string{empty, snapshots} {
		for _, args := range [][]string{
			{"check", dir}, {"compile", dir}, {"counts", dir}, {"evalcheck", dir}, {"facts", dir},
			{"validate", dir}, {"view", dir}, {"explain", dir, "b1", "b2"}, {"reduce", dir, "--until", "panic"},
			{"bench", "--modes", "none", "--engines", "reference", "--out", out, dir},
		} {
			code, stdout, errs := runCLI(t, args...)
			if code != 2 || stdout != "" || !strings.Contains(errs, "reuselab "+args[0]+": no source file (.dsm, .dsf, .dsh or .dss) under "+dir+": nothing to work on") {
				t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2 and no source named", args, code, stdout, errs)
			}
			if dir == snapshots && !strings.Contains(errs, "skipped 1 source file under _versions/") {
				t.Errorf("%v: the snapshot left out is not counted: %q", args, errs)
			}
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("bench wrote --out for no source")
	}
	if code, stdout, errs := runCLI(t, "conform", empty); code != 2 || stdout != "" || !strings.Contains(errs, "reuselab conform: no golden file") {
		t.Errorf("conform on an empty folder: exit %d, stdout %q, stderr %q; want 2", code, stdout, errs)
	}
}

// The flag lists spell flags as the synopses do (--name, -v), list each
// flag once with its aliases beside it, and list every flag a synopsis
// names.
func TestFlagListsSpellFlagsAsTheSynopses(t *testing.T) {
	flagLine := regexp.MustCompile(`^  (-[^\s,]+(?:, -[^\s,]+)*)(?: (\w+))?(?:\t|$)`)
	synopsisFlag := regexp.MustCompile(`\[(--?[a-z][a-z0-9-]*)`)
	for _, name := range commandNames() {
		_, help, _ := runCLI(t, name, "-h")
		seen := map[string]bool{}
		for _, l := range strings.Split(help, "\n") {
			m := flagLine.FindStringSubmatch(l)
			if m == nil {
				continue
			}
			for _, f := range strings.Split(m[1], ", ") {
				bare := strings.TrimLeft(f, "-")
				if want := dashed(bare); f != want {
					t.Errorf("%s -h: flag %s, want %s", name, f, want)
				}
				if seen[bare] {
					t.Errorf("%s -h: flag %s listed twice", name, f)
				}
				seen[bare] = true
			}
		}
		if len(seen) == 0 && name != "version" { // the one command without flags
			t.Errorf("%s -h lists no flag:\n%s", name, help)
		}
		synopsis, _, _ := strings.Cut(help, "\n\n")
		for _, m := range synopsisFlag.FindAllStringSubmatch(synopsis, -1) {
			if !seen[strings.TrimLeft(m[1], "-")] {
				t.Errorf("%s: the synopsis names %s, the flag list does not", name, m[1])
			}
		}
	}
	_, help, _ := runCLI(t, "bench", "-h")
	for _, want := range []string{"\n  --timeout, --pack-timeout duration\n", "\n  --max-memory, --pack-max-memory int\n"} {
		if !strings.Contains(help, want) {
			t.Errorf("bench -h lacks the alias line %q", want)
		}
	}
	if strings.Contains(help, "the same as --") {
		t.Error("bench -h lists an alias on a line of its own")
	}
	// package flag's own messages spell the flag as the user typed it
	if _, _, errs := runCLI(t, "compile", "--jobs", "2"); !strings.HasPrefix(errs, "reuselab compile: flag provided but not defined: --jobs\n") {
		t.Errorf("compile --jobs: %q", errs)
	}
}

// Every command's messages about its run start "reuselab NAME: ".
func TestOneErrorPrefix(t *testing.T) {
	src := writeWitness(t)
	dir := t.TempDir()
	cases := [][]string{
		{"compile", "--format", "nope", src}, {"compile", "--reuse", "nope", src}, {"check", "--catalog", "nope", src},
		{"validate", "--eval", "-1", src}, {"validate", "--rules", "2.0", src}, {"view", "--asset", "nope", src},
		{"facts", "--asset", "nope", src}, {"explain", src, "x1", "b2"}, {"conform", "--nope", dir},
	}
	for name, tc := range cliCases {
		args := append([]string{name}, subst(tc.bad, src, "")...)
		if tc.out != "" {
			args = append(args, "--out", filepath.Join(dir, name))
		}
		cases = append(cases, args)
	}
	for _, args := range cases {
		code, _, errs := runCLI(t, args...)
		if code == 0 || !strings.HasPrefix(errs, "reuselab "+args[0]+": ") {
			t.Errorf("%v: exit %d, stderr %q; want a message starting \"reuselab %s: \"", args, code, errs, args[0])
		}
	}
}

func TestPlural(t *testing.T) {
	for _, c := range []struct {
		n          int
		what, want string
	}{{0, "asset", "0 assets"}, {1, "asset", "1 asset"}, {2, "asset", "2 assets"}, {1, "entry", "1 entry"}, {3, "entry", "3 entries"}, {1, ".dss file", "1 .dss file"}} {
		if got := plural(c.n, c.what); got != c.want {
			t.Errorf("plural(%d, %q) = %q, want %q", c.n, c.what, got, c.want)
		}
	}
	src := writeWitness(t)
	if _, out, _ := runCLI(t, "validate", "--eval", "1", src); !strings.Contains(out, "validate reuse-2.0: 1 file (0 not compiling, skipped), 1 asset: ") {
		t.Errorf("validate on one asset:\n%s", out)
	}
	if _, out, _ := runCLI(t, "evalcheck", "--eval", "1", src); !strings.Contains(out, "evalcheck reference: 1 file (0 not compiling, skipped), 1 asset × 1 run, ") {
		t.Errorf("evalcheck on one asset:\n%s", out)
	}
	if _, out, _ := runCLI(t, "counts", src); !strings.Contains(out, "TOTAL (1 file)") {
		t.Errorf("counts on one file:\n%s", out)
	}
}
