package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fuzz finds rules/examples/unsound.mg (Subtract's operands as a set,
// which the real corpus never fires) with a witness that validate fails
// on, written where --witness-out says.
func TestFuzzUnsoundWitnessFailsValidate(t *testing.T) {
	pack := "../../rules/examples/unsound.mg"
	w := filepath.Join(t.TempDir(), "W.dsm")
	code, out, errs := runCLI(t, "fuzz", "--rules", pack, "--prove=false", "--witness-out", w)
	if code != exitFindings || !strings.Contains(out, "verdict of unsound: refuted") {
		t.Fatalf("fuzz exit %d, want 1 and refuted:\n%s\n%s", code, out, errs)
	}
	src, err := os.ReadFile(w)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(strings.TrimSpace(string(src)), "\n") {
		if !strings.Contains(out, "    "+l+"\n") {
			t.Errorf("line %q of the witness written is not in the one printed:\n%s", l, out)
		}
	}
	code, vout, verrs := runCLI(t, "validate", "--rules", pack, w)
	if code != exitFindings || !strings.Contains(vout, "fails evaluation") {
		t.Fatalf("validate on the witness: exit %d, want 1 by a failed evaluation:\n%s\n%s\n%s", code, vout, verrs, src)
	}
}

// The JSON document follows its schema, and a sound pack's run exits 0.
func TestFuzzJSONFollowsItsSchema(t *testing.T) {
	schemas := loadSchemas(t)
	code, out, errs := runCLI(t, "fuzz", "--rules", "identities", "--prove=false", "--format", "json", "--timings")
	if code != exitOK {
		t.Fatalf("fuzz identities: exit %d, want 0:\n%s\n%s", code, out, errs)
	}
	validate(t, schemas, "fuzz-json.schema.json", "fuzz --format json", parseOneJSON(t, "fuzz output", []byte(out)))
	code, out, _ = runCLI(t, "fuzz", "--rules", "../../rules/examples/unsound.mg", "--prove=false", "--format", "json")
	if code != exitFindings {
		t.Fatalf("fuzz unsound.mg: exit %d, want 1", code)
	}
	validate(t, schemas, "fuzz-json.schema.json", "fuzz --format json with a witness", parseOneJSON(t, "fuzz output", []byte(out)))
}

func TestFuzzUsage(t *testing.T) {
	for _, args := range [][]string{
		{"fuzz"},
		{"fuzz", "--rules", "identities", "--budget", "0s"},
		{"fuzz", "--rules", "identities", "--budget", "10s,5s"},
		{"fuzz", "--rules", "identities", "some/path"},
		{"fuzz", "--rules", "identities", "--format", "xml"},
		{"fuzz", "--rules", "identities", "--batch", "0"},
		{"fuzz", "--rules", "no-such-pack"},
	} {
		if code, _, _ := runCLI(t, args...); code != exitUsage {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	if w, g, err := parseBudget("3s,40"); err != nil || w.Seconds() != 3 || g != 40 {
		t.Errorf("--budget 3s,40: %v %d %v", w, g, err)
	}
}

// --batch says how many graphs are evaluated together; the report says
// so, and nothing else in it changes.
func TestFuzzBatchOnlyChangesWhatItSays(t *testing.T) {
	var outs [2]string
	for i, batch := range []string{"1", "5"} {
		code, out, errs := runCLI(t, "fuzz", "--rules", "identities", "--prove=false", "--budget", "12", "--exhaust", "--batch", batch)
		if code != exitOK && code != exitFindings {
			t.Fatalf("--batch %s: exit %d:\n%s\n%s", batch, code, out, errs)
		}
		said := "; evaluated in batches of " + batch + ";"
		if !strings.Contains(out, said) {
			t.Errorf("--batch %s: the report does not say %q:\n%s", batch, said, out)
		}
		outs[i] = strings.Replace(out, said, ";", 1)
	}
	if outs[0] != outs[1] {
		t.Errorf("--batch 1 and 5 report differently:\n%s\n---\n%s", outs[0], outs[1])
	}
}
