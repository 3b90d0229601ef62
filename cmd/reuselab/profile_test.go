package main

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// double.mg on M_Double (rules/README.md's worked example): A + A and T +
// T match the Add clause (line 14), A * 2.0 and 2.0 * T the Multiply clause
// (line 17), and each of the four gets one signature (line 22).
var doubleCounts = map[string]string{"14": "2", "17": "2", "22": "4"}

func TestValidateProfile(t *testing.T) {
	code, out, errs := runCLI(t, "validate", "--profile", "--eval", "0", "--allow-unverified", "--rules", "../../rules/examples/double.mg", "../../rules/examples/M_Double.dsm")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	if !strings.Contains(out, "profile of double over 1 asset") {
		t.Fatalf("no profile:\n%s", out)
	}
	row := regexp.MustCompile(`(?m)^(\w+)\s+(\S+)\s+(\d+)\s+(\d+)\s+\S+\s+\S+\s+\S*double\.mg:(\d+): `)
	got := map[string]string{}
	for _, m := range row.FindAllStringSubmatch(out, -1) {
		got[m[5]] = m[3]
		if m[4] == "0" {
			t.Errorf("clause at line %s: no evaluations", m[5])
		}
	}
	for line, facts := range doubleCounts {
		if got[line] != facts {
			t.Errorf("double.mg:%s derived %q facts, want %s:\n%s", line, got[line], facts, out)
		}
	}
}

func TestBenchProfile(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	code, stdout, errs := runCLI(t, "bench", "--modes", "2.0", "--rules", "../../rules/examples/double.mg", "--profile", "--jobs", "1", "--out", out, "../../rules/examples")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, errs)
	}
	f, err := os.Open(filepath.Join(out, "rules-profile.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil || len(rows) < 2 {
		t.Fatalf("rules-profile.csv: %v, %d rows", err, len(rows))
	}
	if strings.Join(rows[0], ",") != "variant,phase,head,file,line,clause,facts,evals,productive,time_us,stratum_us" {
		t.Errorf("header %v", rows[0])
	}
	got := map[string]string{}
	for _, r := range rows[1:] {
		if r[0] == "datalog:double" && strings.HasSuffix(r[3], "double.mg") {
			got[r[4]] = r[6]
		}
	}
	// M_Subtract has no Add of one operand twice and no doubling: only
	// M_Double's nodes count
	for line, facts := range doubleCounts {
		if got[line] != facts {
			t.Errorf("rules-profile.csv: double.mg:%s derived %q facts over the corpus, want %s", line, got[line], facts)
		}
	}
	md, err := os.ReadFile(filepath.Join(out, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	if i, j := strings.Index(string(md), "## Timings"), strings.Index(string(md), "### Rule cost"); j < 0 || j < i {
		t.Errorf("report.md has no Rule cost section under Timings:\n%s", md)
	}
	if !strings.Contains(string(md), "datalog:double over 2 assets") {
		t.Errorf("report.md: the pack's rule cost is not over both assets:\n%s", md)
	}
	// without --profile, no profile
	out2 := filepath.Join(dir, "plain")
	if code, _, errs := runCLI(t, "bench", "--modes", "2.0", "--jobs", "1", "--out", out2, "../../rules/examples"); code != 0 {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	if _, err := os.Stat(filepath.Join(out2, "rules-profile.csv")); err == nil {
		t.Errorf("rules-profile.csv written without --profile")
	}
}
