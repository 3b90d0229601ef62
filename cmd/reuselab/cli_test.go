package main

import (
	"bufio"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// missingPath stands for a path that does not exist in cliCases.
const missingPath = "<missing>"

// cliCase is how the table of TestEveryCommandConventions calls one
// command; srcPath stands for a source that compiles.
type cliCase struct {
	valid   []string // a run that succeeds (with --out added when out is set)
	missing []string // a run naming missingPath; nil: the command takes no path
	bad     []string // a bad flag value
	out     string   // "dir" or "file": the command's --out, "" if it has none
}

const srcPath = "<src>"

var cliCases = map[string]cliCase{
	"bench":     {valid: []string{"--modes", "none", "--engines", "reference", "--jobs", "1", srcPath}, missing: []string{"--modes", "none", "--engines", "reference", missingPath}, bad: []string{"--jobs", "0", srcPath}, out: "dir"},
	"check":     {valid: []string{srcPath}, missing: []string{missingPath}, bad: []string{"--catalog", "nope", srcPath}},
	"compile":   {valid: []string{"--format", "t3d", srcPath}, missing: []string{"--format", "t3d", missingPath}, bad: []string{"--format", "nope", srcPath}, out: "dir"},
	"conform":   {missing: []string{missingPath}, bad: []string{"--no-such-flag", srcPath}},
	"decompile": {valid: []string{srcPath}, missing: []string{missingPath}, bad: []string{"--reuse", "nope", srcPath}},
	"counts":    {valid: []string{srcPath}, missing: []string{missingPath}, bad: []string{"-v=maybe", srcPath}},
	"evalcheck": {valid: []string{"--eval", "4", srcPath}, missing: []string{missingPath}, bad: []string{"--eval", "-3", srcPath}},
	"explain":   {missing: []string{missingPath, "b1", "b2"}, bad: []string{"--max-facts", "0", srcPath, "b1", "b2"}},
	"facts":     {valid: []string{srcPath}, missing: []string{missingPath}, bad: []string{srcPath, "--asset"}},
	"fuzz":      {valid: []string{"--rules", "identities", "--prove=false"}, bad: []string{"--rules", "identities", "--budget", "nope"}},
	"gen":       {valid: []string{"--nodes", "50"}, bad: []string{"--nodes", "0"}, out: "dir"},
	"reduce":    {valid: []string{srcPath, "--until", "diag:DSH0000"}, missing: []string{missingPath, "--until", "panic"}, bad: []string{srcPath, "--until", "panic", "--eval", "0"}, out: "file"},
	"validate":  {valid: []string{srcPath}, missing: []string{missingPath}, bad: []string{"--eval", "-1", srcPath}},
	"view":      {valid: []string{srcPath}, missing: []string{missingPath}, bad: []string{"--timeout", "0s", srcPath}, out: "file"},
	"version":   {valid: []string{}, bad: []string{"--no-such-flag"}},
}

// flagTypes are the names flag.PrintDefaults gives a flag's value.
var flagTypes = map[string]bool{"int": true, "int64": true, "uint": true, "uint64": true, "float": true, "string": true, "duration": true, "value": true}

func subst(args []string, src, missing string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		switch a {
		case srcPath:
			out[i] = src
		case missingPath:
			out[i] = missing
		default:
			out[i] = a
		}
	}
	return out
}

func commandNames() []string {
	var names []string
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// TestEveryCommandConventions holds every registered command to the
// conventions of cli.go; a command missing from cliCases fails it.
func TestEveryCommandConventions(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "M_EvalWitness.dsm")
	if err := os.WriteFile(src, []byte(evalWitness), 0o644); err != nil {
		t.Fatal(err)
	}
	notDir := filepath.Join(dir, "plain-file")
	if err := os.WriteFile(notDir, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "nosuch.dsm")
	for _, name := range commandNames() {
		tc, ok := cliCases[name]
		if !ok {
			t.Errorf("command %s has no row in cliCases: add one", name)
			continue
		}
		t.Run(name, func(t *testing.T) {
			var help string
			for _, h := range []string{"-h", "--help"} {
				code, out, errs := runCLI(t, name, h)
				if code != 0 || errs != "" {
					t.Errorf("%s %s: exit %d, stderr %q", name, h, code, errs)
				}
				if !strings.HasPrefix(out, "usage: reuselab "+name) || !strings.Contains(out, "\nExamples:\n  reuselab "+name) || !strings.Contains(out, "\nFlags") {
					t.Errorf("%s %s: no synopsis, flags and example on stdout:\n%s", name, h, out)
				}
				help = out
			}
			if code, out, errs := runCLI(t, "help", name); code != 0 || out != help || errs != "" {
				t.Errorf("help %s: exit %d, differs from %s -h (stderr %q)", name, code, name, errs)
			}
			// every flag's usage reads as written: no backquoted word turned
			// into the flag's type name (flag.UnquoteUsage: "-eval mismatch")
			for _, l := range strings.Split(help, "\n") {
				f := strings.Fields(l)
				if strings.HasPrefix(l, "  -") && !strings.Contains(l, "\t") && len(f) == 2 && !flagTypes[f[1]] {
					t.Errorf("%s: flag line %q names no type", name, l)
				}
			}
			outPath := func(tag string) []string {
				if tc.out == "" {
					return nil
				}
				return []string{"--out", filepath.Join(dir, name+"-"+tag)}
			}
			for _, c := range []struct {
				tag  string
				args []string
			}{{"missing", tc.missing}, {"bad", tc.bad}} {
				if c.tag == "missing" && c.args == nil {
					continue
				}
				args := append(append([]string{name}, subst(c.args, src, missing)...), outPath(c.tag)...)
				code, out, errs := runCLI(t, args...)
				if code != 2 || out != "" || errs == "" {
					t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2, nothing on stdout, a message", args, code, out, errs)
				}
				if c.tag == "missing" && !strings.Contains(errs, missing+":1:1: error DSH8290") {
					t.Errorf("%v: the missing file is not named FILE:1:1: %q", args, errs)
				}
				if tc.out != "" {
					if _, err := os.Stat(outPath(c.tag)[1]); err == nil {
						t.Errorf("%v: created --out before refusing the arguments", args)
					}
				}
			}
			if tc.missing == nil {
				if code, _, _ := runCLI(t, name, src); code != 2 {
					t.Errorf("%s %s: exit %d, want 2 (takes no path)", name, src, code)
				}
			}
			if tc.out != "" && tc.valid != nil {
				bad := filepath.Join(notDir, "sub")
				args := append(append([]string{name}, subst(tc.valid, src, missing)...), "--out", bad)
				code, out, errs := runCLI(t, args...)
				if code != 2 || out != "" || !strings.Contains(errs, "--out") {
					t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2 before any work", args, code, out, errs)
				}
			}
		})
	}
}

// TestExitCodesFindings: 1 is for findings — errors in a source, a pack
// that merges unsoundly — and a broken pack source is a finding too, while
// a pack that is not there is a usage error.
func TestExitCodesFindings(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "M_Bad.dsm")
	if err := os.WriteFile(bad, []byte("Shader(Name=\"M_Bad\") {\n Graph = { float x = ; }\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := runCLI(t, "check", bad); code != 1 || !strings.Contains(out, bad+":") || !strings.Contains(out, "error DSH") {
		t.Errorf("check on a source with an error: exit %d\n%s", code, out)
	}
	if code, _, errs := runCLI(t, "compile", bad); code != 1 || !strings.Contains(errs, "error DSH") {
		t.Errorf("compile on a source with an error: exit %d\n%s", code, errs)
	}
	witness := writeWitness(t)
	unsound := filepath.Join(dir, "subtract-set.mg")
	if err := os.WriteFile(unsound, []byte(`# pack: subtract-set
# extends: reuse-2.0
# claims: UNSOUND: a - b and b - a are one node.
# touches: Subtract
sig(N, S) :- cur(N, "Subtract", 2), role(N, "value"), !folds(N), key(N, K),
    arg(N, 0, _, R0, Q0), arg(N, 1, _, R1, Q1), R0 <= R1,
    S = fn:string:concat(K, "|operand-set|", R0, "#", Q0, "|", R1, "#", Q1).
sig(N, S) :- cur(N, "Subtract", 2), role(N, "value"), !folds(N), key(N, K),
    arg(N, 0, _, R0, Q0), arg(N, 1, _, R1, Q1), R0 > R1,
    S = fn:string:concat(K, "|operand-set|", R1, "#", Q1, "|", R0, "#", Q0).
`), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errs := runCLI(t, "validate", "--eval", "32", witness, "--rules", unsound); code != 1 || !strings.Contains(out, "fails evaluation") {
		t.Errorf("validate on an unsound pack: exit %d\n%s%s", code, out, errs)
	}
	if code, out, errs := runCLI(t, "validate", witness); code != 0 {
		t.Errorf("validate reuse-2.0 (nothing found): exit %d\n%s%s", code, out, errs)
	}
	broken := filepath.Join(dir, "broken.mg")
	if err := os.WriteFile(broken, []byte("# pack: broken\nsig(N, S) :- cur(N, \n"), 0o644); err != nil {
		t.Fatal(err)
	}
	nosuch := filepath.Join(dir, "nosuch.mg")
	for _, cmd := range []string{"validate", "evalcheck", "view", "bench"} {
		args := []string{cmd, "--rules", broken, witness}
		if cmd == "bench" {
			args = append(args, "--out", filepath.Join(dir, "bench-out"))
		}
		if code, _, errs := runCLI(t, args...); code != 1 || !strings.Contains(errs, broken+":") {
			t.Errorf("%v: exit %d, want 1 with the pack's diagnostic\n%s", args, code, errs)
		}
		args[2] = nosuch
		if code, _, errs := runCLI(t, args...); code != 2 || !strings.Contains(errs, nosuch+":1:1: error DSH") {
			t.Errorf("%v: exit %d, want 2 with %s:1:1: error DSHnnnn\n%s", args, code, nosuch, errs)
		}
	}
}

// TestPathsAndFlagsAnywhere: flags after the paths, folders walked like
// files, and what the walk skipped named.
func TestPathsAndFlagsAnywhere(t *testing.T) {
	dir := t.TempDir()
	src := writeWitness(t)
	tree := filepath.Join(dir, "tree")
	for _, p := range []string{"a", "a/_versions/old"} {
		if err := os.MkdirAll(filepath.Join(tree, p), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{"a/M_EvalWitness.dsm", "a/_versions/old/M_Old.dsm", "a/_versions/M_Older.dsm"} {
		if err := os.WriteFile(filepath.Join(tree, p), []byte(evalWitness), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, before, _ := runCLI(t, "compile", "--format", "table", src)
	code, after, errs := runCLI(t, "compile", src, "--format", "table")
	if code != 0 || after != before || !strings.Contains(after, "asset nodes") {
		t.Errorf("compile FILE --format table: exit %d, differs from compile --format table FILE\n%s", code, errs)
	}
	// the folder holds the same source once more, and two snapshots
	_, fromFile, _ := runCLI(t, "facts", src)
	code, fromDir, errs := runCLI(t, "facts", tree)
	if code != 0 || fromDir != fromFile || fromFile == "" {
		t.Errorf("facts DIR: exit %d, output differs from facts FILE\n%s", code, errs)
	}
	if !strings.Contains(errs, "skipped 2 source files under _versions/ (snapshots; --versions reads them); -v lists them") {
		t.Errorf("facts DIR: the skipped snapshots are not counted: %q", errs)
	}
	// --versions reads the snapshots, each a file of its own
	for _, cmd := range []string{"counts", "bench"} {
		args := []string{cmd, "--versions", tree}
		if cmd == "bench" {
			args = append(args, "--out", filepath.Join(dir, "bench-out"), "--repeat", "1")
		}
		code, out, errs := runCLI(t, args...)
		if code != 0 || strings.Contains(errs, "under _versions/") || !strings.Contains(out+readOrEmpty(filepath.Join(dir, "bench-out", "assets.csv")), "M_Old.dsm") {
			t.Errorf("%s --versions DIR: exit %d, the snapshot not read\n%s\n%s", cmd, code, out, errs)
		}
	}
	_, _, verbose := runCLI(t, "check", "-v", tree)
	if !strings.Contains(verbose, filepath.Join(tree, "a", "_versions")+"/") {
		t.Errorf("check -v DIR: the skipped folder is not named: %q", verbose)
	}
	if code, _, errs := runCLI(t, "explain", tree, "b1", "b2"); code == 2 && strings.Contains(errs, "holds") {
		t.Errorf("explain DIR with one source: %q", errs)
	}
}

func TestVersion(t *testing.T) {
	f, err := os.Open("../../go.mod")
	if err != nil {
		t.Skip("no go.mod: ", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Scan()
	module := strings.TrimPrefix(sc.Text(), "module ")
	code, out, errs := runCLI(t, "version")
	if code != 0 || errs != "" || !strings.Contains(out, "\nmodule "+module+"\n") || !strings.HasPrefix(out, "reuselab ") {
		t.Errorf("version: exit %d, %q (want the module %s)", code, out+errs, module)
	}
}

func TestTopLevelHelp(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"--help"}, {"help"}} {
		code, out, errs := runCLI(t, args...)
		if code != 0 || errs != "" || !strings.HasPrefix(out, "usage: reuselab") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
		for _, n := range commandNames() {
			if !strings.Contains(out, "\n  "+n+" ") {
				t.Errorf("%v does not list %s", args, n)
			}
		}
	}
	if code, out, errs := runCLI(t); code != 2 || out != "" || errs == "" {
		t.Errorf("no command: exit %d, want 2 with the list on stderr", code)
	}
	if code, _, _ := runCLI(t, "help", "nosuch"); code != 2 {
		t.Errorf("help nosuch: exit %d, want 2", code)
	}
}

// readOrEmpty is the file's text, or "" when it cannot be read.
func readOrEmpty(path string) string {
	b, _ := os.ReadFile(path)
	return string(b)
}
