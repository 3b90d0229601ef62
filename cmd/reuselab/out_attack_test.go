package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"reuselab/bench"
	"reuselab/outfile"
)

// shaderNamed is a one-asset 1.x source whose asset is called name.
func shaderNamed(name, value string) string {
	return "Shader(Name=\"" + name + "\"){\n Properties = { ScalarParameter A = " + value + "; }\n" +
		" Outputs = { float C; Base.EmissiveColor = C; }\n Graph = { C = A + A; }\n}\n"
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for n, s := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func unchanged(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	ents, _ := os.ReadDir(dir)
	if len(ents) != len(files) {
		t.Errorf("%s now holds %d entries, want its %d files", dir, len(ents), len(files))
	}
	for n, s := range files {
		if b, err := os.ReadFile(filepath.Join(dir, n)); err != nil || string(b) != s {
			t.Errorf("%s/%s changed: %q, %v", dir, n, b, err)
		}
	}
}

// Attack 3: `bench --out mynotes x.dsm` on a folder of the user's
// thesis.md, data.csv and config.json replaced it. Now every command with
// a folder --out refuses it before any work (exit 2, a message naming the
// folder and what to do) and leaves it as it was; so is a report of a
// bench from before the marker. bench's own report folder is replaced on
// the next run, and a folder another command wrote is refused.
func TestOutRefusesAFolderReuselabDidNotWrite(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "x.dsm")
	writeFiles(t, dir, map[string]string{"x.dsm": shaderNamed("X", "1.0")})
	notes := filepath.Join(dir, "mynotes")
	files := map[string]string{"thesis.md": "# my thesis\n", "data.csv": "a,b\n", "config.json": "{}\n"}
	writeFiles(t, notes, files)
	oldReport := filepath.Join(dir, "old-bench-out")
	oldFiles := map[string]string{bench.ReportMD: "# old\n", bench.SummaryJSON: "{}\n", bench.AssetsCSV: "corpus\n"}
	writeFiles(t, oldReport, oldFiles)
	for _, args := range [][]string{
		{"bench", "--modes", "2.0", "--engines", "reference", "--out", notes, src},
		{"bench", "--modes", "2.0", "--engines", "reference", "--out", oldReport, src},
		{"bench", "--scaling", "--scaling-max", "1000", "--scaling-datalog-max", "1000", "--out", notes},
		{"compile", "--format", "t3d", "--out", notes, src},
		{"gen", "--nodes", "50", "--out", notes},
	} {
		code, stdout, stderr := runCLI(t, args...)
		target := ""
		for i, a := range args {
			if a == "--out" {
				target = args[i+1]
			}
		}
		if code != exitUsage || stdout != "" {
			t.Errorf("%v: exit %d, stdout %q; want 2 and no work", args, code, stdout)
		}
		for _, want := range []string{"--out", target, outfile.MarkerName, "name a new or empty folder"} {
			if !strings.Contains(stderr, want) {
				t.Errorf("%v: message %q lacks %q", args, stderr, want)
			}
		}
	}
	unchanged(t, notes, files)
	unchanged(t, oldReport, oldFiles)

	report := filepath.Join(dir, "report")
	for range 2 { // the second run replaces the first's report
		if code, _, stderr := runCLI(t, "bench", "--modes", "2.0", "--engines", "reference", "--out", report, src); code != exitOK {
			t.Fatalf("bench into its own folder: exit %d: %s", code, stderr)
		}
	}
	if code, _, stderr := runCLI(t, "gen", "--nodes", "50", "--out", report); code != exitUsage || !strings.Contains(stderr, "`reuselab bench`") {
		t.Errorf("gen into bench's report: exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(report, "G_n50_s1.dsm")); err == nil {
		t.Error("gen wrote into bench's report")
	}
}

// Attack 11: assets X, X and X-2 wrote X-2.t3d twice and lost one. With x
// (a clash on a file system that folds case) and names a file name cannot
// hold beside them, every asset gets a file of its own, holding what
// compile prints for it alone, under a name that is the same on every run.
func TestCompileT3DOutGivesEveryAssetAFile(t *testing.T) {
	dir := t.TempDir()
	assets := []struct{ file, name string }{
		{"a.dsm", "X"}, {"b.dsm", "X"}, {"c.dsm", "X-2"}, {"d.dsm", "x"}, {"e.dsm", "Mat/A"}, {"f.dsm", "Mat:A"},
	}
	var paths []string
	for i, a := range assets {
		p := filepath.Join(dir, a.file)
		os.WriteFile(p, []byte(shaderNamed(a.name, string(rune('1'+i))+".0")), 0o644)
		paths = append(paths, p)
	}
	run := func(out string) map[string]string {
		code, _, stderr := runCLI(t, append([]string{"compile", "--format", "t3d", "--out", out}, paths...)...)
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		got := map[string]string{}
		ents, _ := os.ReadDir(out)
		for _, e := range ents {
			if e.Name() == outfile.MarkerName {
				continue
			}
			b, _ := os.ReadFile(filepath.Join(out, e.Name()))
			got[e.Name()] = string(b)
		}
		if n := strings.Count(stderr, "wrote "); n != len(assets) {
			t.Errorf("%d files named on stderr, want %d", n, len(assets))
		}
		return got
	}
	first := run(filepath.Join(dir, "t3d"))
	if len(first) != len(assets) {
		t.Fatalf("%d files for %d assets: %v", len(first), len(assets), keys(first))
	}
	seen := map[string]bool{}
	for n := range first {
		if seen[strings.ToLower(n)] {
			t.Errorf("%s clashes with another file ignoring case", n)
		}
		seen[strings.ToLower(n)] = true
	}
	names := outfile.FileNames([]string{"X", "X", "X-2", "x", "Mat/A", "Mat:A"}, ".t3d")
	for i, p := range paths {
		code, alone, _ := runCLI(t, "compile", "--format", "t3d", p)
		if code != exitOK {
			t.Fatalf("%s: exit %d", p, code)
		}
		if first[names[i]] != alone {
			t.Errorf("%s (asset %q) is not in %s", p, assets[i].name, names[i])
		}
	}
	second := run(filepath.Join(dir, "t3d-again"))
	for n, s := range first {
		if second[n] != s {
			t.Errorf("%s differs between two runs", n)
		}
	}
}

func keys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// bench exited 0 when every file failed. A corpus in which no file
// compiles is a finding (exit 1, a message); one where some files fail
// beside others that compile (upstream's .bad. negative tests) is not.
func TestBenchEveryFileFailingIsAFinding(t *testing.T) {
	dir := t.TempDir()
	bad := "Shader(Name=\"M\"){\n Outputs = { float C; Base.EmissiveColor = C; }\n Graph = { C = Nope; }\n}\n"
	writeFiles(t, filepath.Join(dir, "allbad"), map[string]string{"a.dsm": bad, "b.dsm": bad})
	writeFiles(t, filepath.Join(dir, "mixed"), map[string]string{"a.bad.dsm": bad, "ok.dsm": shaderNamed("M", "1.0")})
	code, stdout, stderr := runCLI(t, "bench", "--modes", "2.0", "--engines", "reference", "--out", filepath.Join(dir, "o1"), filepath.Join(dir, "allbad"))
	if code != exitFindings || !strings.Contains(stderr, "all 2 source files failed to compile") {
		t.Errorf("every file failing: exit %d, stderr %q", code, stderr)
	}
	if strings.Contains(stdout, "partition on every asset") {
		t.Errorf("with no asset the summary still claims agreement:\n%s", stdout)
	}
	if _, err := os.Stat(filepath.Join(dir, "o1", bench.ReportMD)); err != nil {
		t.Errorf("no report: %v", err)
	}
	if code, _, stderr := runCLI(t, "bench", "--modes", "2.0", "--engines", "reference", "--out", filepath.Join(dir, "o2"), filepath.Join(dir, "mixed")); code != exitOK {
		t.Errorf("a failing .bad. file beside one that compiles: exit %d: %s", code, stderr)
	}
}
