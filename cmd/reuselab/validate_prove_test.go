package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"reuselab/internal/tooltest"
	"reuselab/prove"
)

// A pack with an unsound clause that the input never fires used to agree
// and exit 0 (issue 29): it is now "not exercised", which fails validate
// unless --allow-unverified accepts it, and the clause is named.
func TestValidateNotExercisedClauseFails(t *testing.T) {
	dir := filesIn(t, map[string]string{
		"M_NoSub.dsm": "Shader(Name=\"M_NoSub\")\n{\n    Properties = {\n        float A = 0.5;\n    }\n\n" +
			"    Outputs = {\n        float Alpha;\n        Base.Opacity = Alpha;\n    }\n\n" +
			"    Graph = {\n        Alpha = A * 2.0 + A;\n    }\n}\n",
	})
	// Subtract's operands as a set, and no Subtract in the material.
	mg := "../../rules/examples/unsound.mg"
	src := filepath.Join(dir, "M_NoSub.dsm")
	code, out, errs := runCLI(t, "validate", "--rules", mg, src)
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s%s", code, out, errs)
	}
	for _, want := range []string{"1 agree, 0 disagree", "clause coverage of unsound: 0 of 2 merging clauses fired on 1 asset",
		"0  not exercised  " + mg + ":10: sig(N, S)", "0  not exercised  " + mg + ":13: sig(N, S)",
		"verdict of unsound: not exercised", "--allow-unverified accepts it"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	code, out, errs = runCLI(t, "validate", "--allow-unverified", "--rules", mg, src)
	if code != 0 || !strings.Contains(out, "verdict of unsound: not exercised") {
		t.Errorf("--allow-unverified: exit %d, want 0 and the verdict still said\n%s%s", code, out, errs)
	}
	// Where the clauses fire, evaluation refutes the pack.
	code, out, errs = runCLI(t, "validate", "--allow-unverified", "--rules", mg, "../../rules/examples/M_Subtract.dsm")
	if code != 1 || !strings.Contains(out, "verdict of unsound: refuted") || strings.Count(out, "1  refuted        "+mg) != 2 {
		t.Errorf("on M_Subtract: exit %d, want 1, each clause fired once and refuted (the culprit merge rests on both)\n%s%s", code, out, errs)
	}
	// A mirroring pack is judged by agreement, and its coverage is asked for.
	code, out, errs = runCLI(t, "validate", "--coverage", src)
	if code != 0 || !strings.Contains(out, "verdict of reuse-2.0: agrees with the reference") ||
		!regexp.MustCompile(`clause coverage of reuse-2.0: [1-9][0-9]* of [0-9]+ merging clauses fired on 1 asset \(a mirroring pack`).MatchString(out) {
		t.Errorf("reuse-2.0 --coverage: exit %d\n%s%s", code, out, errs)
	}
}

func TestValidateProveFlags(t *testing.T) {
	for _, args := range [][]string{
		{"--prove-all", "a.dsm"},
		{"--semantics", "real", "a.dsm"},
		{"--prove", "--semantics", "rational", "a.dsm"},
		{"--prove", "--prove-timeout", "0", "a.dsm"},
		{"--prove", "--prove-memory", "-1", "a.dsm"},
	} {
		dir := filesIn(t, map[string]string{"a.dsm": "Shader(Name=\"M\") {}\n"})
		for i, a := range args {
			if a == "a.dsm" {
				args[i] = filepath.Join(dir, a)
			}
		}
		if code, out, errs := runCLI(t, append([]string{"validate"}, args...)...); code != exitUsage {
			t.Errorf("validate %v: exit %d, want %d\n%s%s", args, code, exitUsage, out, errs)
		}
	}
}

func z3OrSkip(t *testing.T) {
	t.Helper()
	if err := prove.Z3().Available(); err != nil {
		tooltest.Skip(t, "z3", "z3 is not installed (apt-get install z3): %v", err)
	}
}

// Five rewrites wrong only on float32's edges (NaN, infinities, huge and
// tiny magnitudes), each written as a pack over M_Pat.dsm, which has the
// patterns: validate --prove refutes each with a witness ir/interp
// replays, and names the clause; evaluation alone (64 draws in float64)
// misses at least three of them.
func TestValidateProveRefutesEdgeRewrites(t *testing.T) {
	z3OrSkip(t)
	src := "testdata/prove/M_Pat.dsm"
	missed := 0
	for _, name := range []string{"mulzero", "subself", "addsubone", "sqrtsq", "halfdouble"} {
		t.Run(name, func(t *testing.T) {
			mg := "testdata/prove/" + name + ".mg"
			code, out, errs := runCLI(t, "validate", "--prove", "--rules", mg, src)
			if code != 1 {
				t.Fatalf("--prove: exit %d, want 1\n%s%s", code, out, errs)
			}
			for _, want := range []string{"refuted (sat", "witness", "(input) = [", "ir/interp: ", "verdict of " + name + ": refuted",
				"1 refuted, 0 unknown"} {
				if !strings.Contains(out, want) {
					t.Errorf("--prove output lacks %q:\n%s", want, out)
				}
			}
			// the clause behind the refuted claim is named
			if !regexp.MustCompile(`\n +[1-9][0-9]*  refuted +` + regexp.QuoteMeta(mg) + `:`).MatchString(out) {
				t.Errorf("no clause of %s refuted:\n%s", name, out)
			}
			code, out, errs = runCLI(t, "validate", "--rules", mg, src)
			switch {
			case code == 0 && strings.Contains(out, "0 failing evaluation"):
				missed++
			case code != 1:
				t.Errorf("evaluation: exit %d\n%s%s", code, out, errs)
			}
		})
	}
	if missed < 3 {
		t.Errorf("evaluation alone missed %d of the five, want at least 3 (the point of proving)", missed)
	}
	t.Logf("evaluation alone missed %d of 5", missed)
}

// x*1 → x and abs(abs(x)) → abs(x) hold for every float32 input: proved,
// exit 0; the second asset with the same claim is answered by the cache.
func TestValidateProveProvesSoundRewrites(t *testing.T) {
	z3OrSkip(t)
	dir := t.TempDir()
	pat, err := os.ReadFile("testdata/prove/M_Pat.dsm")
	if err != nil {
		t.Fatal(err)
	}
	writeFiles(t, dir, map[string]string{"M_Pat2.dsm": strings.Replace(string(pat), `"M_Pat"`, `"M_Pat2"`, 1)})
	for _, name := range []string{"mulone", "absabs"} {
		mg := "testdata/prove/" + name + ".mg"
		code, out, errs := runCLI(t, "validate", "--prove", "--semantics", "real", "--rules", mg, "testdata/prove/M_Pat.dsm", filepath.Join(dir, "M_Pat2.dsm"))
		if code != 0 {
			t.Fatalf("%s: exit %d\n%s%s", name, code, out, errs)
		}
		// the second asset's claim, and the clause's typed graphs beyond
		// the first, are answered by the cache
		if m := regexp.MustCompile(`proof cache: ([0-9]+) hits, ([0-9]+) misses`).FindStringSubmatch(out); m == nil || atoi(m[1]) <= atoi(m[2]) {
			t.Errorf("%s: the cache answered no more than it missed: %v\n%s", name, m, out)
		}
		for _, want := range []string{"verdict of " + name + ": proved", "merge 2 proved, 0 refuted, 0 unknown",
			"over the reals: proved"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s: output lacks %q:\n%s", name, want, out)
			}
		}
	}
}

// --prove-all proves what a mirroring pack does too: reuse-2.0's merges,
// folds and rewrites on the examples are congruences and exact folds, so
// its verdict goes from agreement to proved.
func TestValidateProveAllMirroringPack(t *testing.T) {
	z3OrSkip(t)
	code, out, errs := runCLI(t, "validate", "-q", "--prove", "--prove-all", "../../rules/examples/M_Double.dsm", "../../bench/corpus/examples")
	if code != 0 || !strings.Contains(out, "verdict of reuse-2.0: proved") {
		t.Fatalf("exit %d, want 0 and proved\n%s%s", code, out, errs)
	}
	m := regexp.MustCompile(`merge (\d+) proved, 0 refuted, 0 unknown`).FindStringSubmatch(out)
	if m == nil || m[1] == "0" {
		t.Errorf("no merge proved:\n%s", out)
	}
	// without --prove-all nothing is beyond the reference
	code, out, errs = runCLI(t, "validate", "-q", "--prove", "../../rules/examples/M_Double.dsm")
	if code != 0 || !strings.Contains(out, "none to prove") || !strings.Contains(out, "verdict of reuse-2.0: agrees with the reference") {
		t.Errorf("--prove alone: exit %d\n%s%s", code, out, errs)
	}
}

// validate --prove judges each clause for every graph it can fire on
// (rules/clauses): a sound identity is proved on a material where it never
// fires (its verdict no longer rests on the corpus), and each unsound
// rewrite is refuted there with a witness of its own pattern.
func TestValidateProveJudgesClausesForAllGraphs(t *testing.T) {
	z3OrSkip(t)
	src := "../../rules/examples/M_Double.dsm" // none of these clauses fires on it
	for _, mg := range []string{"testdata/prove/mulone.mg", "testdata/prove/absabs.mg", "../../rules/clauses/testdata/satsat.mg", "../../rules/clauses/testdata/maxself.mg"} {
		code, out, errs := runCLI(t, "validate", "--prove", "--rules", mg, src)
		if code != 0 || !regexp.MustCompile(`clauses of \S+ for all graphs \(float32\): 1 proved, 0 refuted, 0 per instance\n  proved for all graphs +`+regexp.QuoteMeta(mg)).MatchString(out) ||
			!regexp.MustCompile(`\n +0  proved +`+regexp.QuoteMeta(mg)).MatchString(out) || !strings.Contains(out, ": proved (") {
			t.Errorf("%s: exit %d, want 0, the clause proved for all graphs though it never fired\n%s%s", mg, code, out, errs)
		}
	}
	for _, name := range []string{"mulzero", "subself", "addsubone", "sqrtsq", "halfdouble"} {
		mg := "testdata/prove/" + name + ".mg"
		code, out, errs := runCLI(t, "validate", "--prove", "--rules", mg, src)
		if code != 1 || !strings.Contains(out, "refuted for all graphs "+mg) || !strings.Contains(out, "ir/interp: ") ||
			!strings.Contains(out, "verdict of "+name+": refuted") {
			t.Errorf("%s: exit %d, want 1 and the clause refuted for all graphs\n%s%s", name, code, out, errs)
		}
	}
}
