package main

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// bench --repeat N: N rows per asset and answering variant in timings.csv,
// repetitions 0 to N−1; 1x, which refuses a .dss, has no row for one and
// is in a table of its own on stdout, beside none and 2.0 on its assets.
func TestBenchRepeatAndLegacyTable(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, stderr := runCLI(t, "bench", "--engines", "reference", "--repeat", "3", "--out", out, "../../bench/corpus/examples")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	f, err := os.Open(filepath.Join(out, "timings.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil || len(rows) < 2 {
		t.Fatalf("timings.csv: %d rows, %v", len(rows), err)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	reps := map[string]map[string]bool{} // asset and variant → repetitions seen
	for _, r := range rows[1:] {
		k := r[col["asset"]] + " " + r[col["variant"]]
		if reps[k] == nil {
			reps[k] = map[string]bool{}
		}
		reps[k][r[col["rep"]]] = true
		if r[col["variant"]] == "1x" && strings.HasSuffix(r[col["file"]], ".dss") {
			t.Errorf("1x timed on a .dss it refuses: %v", r)
		}
	}
	for k, seen := range reps {
		if len(seen) != 3 || !seen["0"] || !seen["1"] || !seen["2"] {
			t.Errorf("%s: repetitions %v, want 0, 1 and 2", k, seen)
		}
	}
	if !strings.Contains(stdout, "On the assets 1x builds") {
		t.Errorf("stdout has no 1x table:\n%s", stdout)
	}
	head := stdout[:strings.Index(stdout, "\n")]
	if strings.Contains(head, " 1x ") {
		t.Errorf("the every-asset table has a 1x column: %s", head)
	}
	if code, _, stderr := runCLI(t, "bench", "--repeat", "0", "--out", filepath.Join(t.TempDir(), "o")); code != exitUsage {
		t.Errorf("--repeat 0: exit %d, want %d\n%s", code, exitUsage, stderr)
	}
}
