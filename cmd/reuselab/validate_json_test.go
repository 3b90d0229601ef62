package main

import (
	"encoding/json"
	"os/exec"
	"testing"

	"reuselab/internal/tooltest"
)

// validate --format json: one document per run that the schema accepts,
// the verdict words as tokens, the clause that broke the pack refuted,
// the same bytes on a second run once the timings are set aside.
func TestValidateJSONVerdicts(t *testing.T) {
	schemas := loadSchemas(t)
	mg := "../../rules/examples/unsound.mg"
	type doc struct {
		Exit     int `json:"exit"`
		Judgment struct {
			Verdict string `json:"verdict"`
			Clauses []struct {
				At      string `json:"at"`
				Fired   int    `json:"fired"`
				Verdict string `json:"verdict"`
			} `json:"clauseVerdicts"`
		} `json:"judgment"`
		Proofs *struct {
			ByKind map[string]map[string]int `json:"byKind"`
		} `json:"proofs"`
		Timings map[string]int64 `json:"timingsMs"`
	}
	run := func(want int, args ...string) (doc, map[string]any) {
		t.Helper()
		code, out, errs := runCLI(t, append([]string{"validate", "--format", "json"}, args...)...)
		if code != want {
			t.Fatalf("%v: exit %d, want %d\n%s%s", args, code, want, out, errs)
		}
		v := parseOneJSON(t, "validate --format json", []byte(out))
		validate(t, schemas, "validate-json.schema.json", "validate --format json", v)
		var d doc
		if err := json.Unmarshal([]byte(out), &d); err != nil {
			t.Fatal(err)
		}
		if d.Exit != want {
			t.Errorf("the document says exit %d, the process %d", d.Exit, want)
		}
		m := v.(map[string]any)
		delete(m, "timingsMs")
		return d, m
	}
	d, first := run(1, "--rules", mg, "../../rules/examples/M_Subtract.dsm")
	if d.Judgment.Verdict != "refuted" || len(d.Judgment.Clauses) != 2 {
		t.Fatalf("unsound on M_Subtract: %+v", d.Judgment)
	}
	for _, c := range d.Judgment.Clauses {
		if c.Verdict != "refuted" || c.Fired != 1 {
			t.Errorf("clause %s: %s, fired %d; want refuted, fired once (its merge fails evaluation)", c.At, c.Verdict, c.Fired)
		}
	}
	_, second := run(1, "--rules", mg, "../../rules/examples/M_Subtract.dsm")
	a, _ := json.Marshal(first)
	b, _ := json.Marshal(second)
	if string(a) != string(b) {
		t.Errorf("two runs differ beyond the timings:\n%s\n%s", a, b)
	}
	// Where its clauses never fire: not exercised, never "sound".
	d, _ = run(1, "--rules", mg, "../../rules/examples/M_Double.dsm")
	if d.Judgment.Verdict != "not-exercised" {
		t.Errorf("unsound on M_Double: %q, want not-exercised", d.Judgment.Verdict)
	}
	d, _ = run(0, "--allow-unverified", "--rules", mg, "../../rules/examples/M_Double.dsm")
	if d.Judgment.Verdict != "not-exercised" {
		t.Errorf("--allow-unverified changed the verdict to %q", d.Judgment.Verdict)
	}
	if _, err := exec.LookPath("z3"); err != nil {
		tooltest.Skip(t, "z3", "z3 is not installed (apt-get install z3): the --prove half of this test needs it")
	}
	d, _ = run(0, "--prove", "--prove-all", "../../bench/corpus/examples/M_Reuse.dsm")
	if d.Judgment.Verdict != "proved" || d.Proofs == nil || d.Proofs.ByKind["merge"]["proved"] == 0 || d.Proofs.ByKind["merge"]["refuted"] != 0 {
		t.Errorf("reuse-2.0 --prove-all: %+v %+v, want proved merges", d.Judgment, d.Proofs)
	}
}
