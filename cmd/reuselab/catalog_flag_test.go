package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"reuselab/internal/shared"
)

// `compile --catalog test` reproduces a golden's ir dump byte for byte
// from the CLI, and `check --catalog` picks the table a .dss binds
// against: an attribute only the engine table knows is DSH5200 under the
// test catalog and fine under the default.
func TestCatalogFlag(t *testing.T) {
	corpus := shared.CorpusOrSkip(t)
	irDir := filepath.Join(corpus, "TypeDreamMoon__DreamShader", "Tests", "Corpus", "IR")
	for _, name := range []string{"Dedupe/D_DifferentArguments", "Dedupe/D_IdenticalCalls", "Branches/B_NestedIf"} {
		raw, err := os.ReadFile(filepath.Join(irDir, name+".expected.json"))
		if err != nil {
			t.Fatal(err)
		}
		var golden struct{ IR string }
		if err := json.Unmarshal(raw, &golden); err != nil || golden.IR == "" {
			t.Fatalf("%s: no ir in the golden (%v)", name, err)
		}
		var out, errb bytes.Buffer
		if code := runCompile([]string{"--catalog", "test", filepath.Join(irDir, name+".dss")}, &out, &errb); code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, errb.String())
		}
		if out.String() != golden.IR {
			t.Errorf("%s: compile --catalog test differs from the golden's ir:\n%s\nwant:\n%s", name, out.String(), golden.IR)
		}
	}

	bad := filepath.Join(irDir, "Material", "M_UnknownAttribute.bad.dss")
	var out, errb bytes.Buffer
	if code := runCheck([]string{"--catalog", "test", bad}, &out, &errb); code != 1 || !strings.Contains(out.String(), "DSH5200") {
		t.Errorf("check --catalog test: exit %d, want 1 with DSH5200:\n%s%s", code, out.String(), errb.String())
	}
	out.Reset()
	if code := runCheck([]string{bad}, &out, &errb); code != 0 || strings.Contains(out.String(), "DSH5200") {
		t.Errorf("check (engine catalog): exit %d, want 0 without DSH5200:\n%s", code, out.String())
	}
	errb.Reset()
	if code := runCompile([]string{"--catalog", "nope", bad}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "unknown --catalog") {
		t.Errorf("--catalog nope: exit %d: %s", code, errb.String())
	}
}
