package dss_test

import (
	"os"
	"path/filepath"
	"testing"

	"reuselab/conform"
	"reuselab/internal/shared"
)

// Floors measured on the corpus this front end was written against
// (`reuselab conform …/Tests/Corpus`, 2026-12-01): every one of the 106
// `.dss` graph goldens agrees on outcome and codes, and all 64 `ok` dumps
// (63 graph goldens + M_InstParent) are byte-identical. A change that
// loses one fails here.
const (
	floorCodesOK = 106
	floorIROK    = 64
	wantGoldens  = 106 // LANGUAGE-DSS §0: 104 + the two under IR/Instances
	wantDumps    = 64
)

func corpusTests(t *testing.T) string {
	t.Helper()
	c := shared.CorpusOrSkip(t)
	dir := filepath.Join(c, "TypeDreamMoon__DreamShader", "Tests", "Corpus")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("upstream Tests/Corpus absent (%v)", err)
	}
	return dir
}

// TestDSSGoldens runs every `.dss` golden (IR/** and Legacy/) through the
// conform runner and holds the pass counts to the measured floors; a
// failure must be listed in known-failures.txt.
func TestDSSGoldens(t *testing.T) {
	root := corpusTests(t)
	rs, err := conform.Run([]string{filepath.Join(root, "IR"), filepath.Join(root, "Legacy")}, conform.Options{CorpusRoot: root})
	if err != nil {
		t.Fatal(err)
	}
	f := conform.Summarise(rs)
	t.Logf(".dss outcome+codes: %d of %d; .dss ir byte-identical: %d of %d", f.DSSCodesOK, f.DSSCodesTotal, f.DSSIROK, f.DSSIRTotal)
	if f.DSSCodesTotal != wantGoldens {
		t.Errorf("ran %d .dss goldens, want %d (a golden was skipped or the corpus changed)", f.DSSCodesTotal, wantGoldens)
	}
	if f.DSSIRTotal != wantDumps {
		t.Errorf("compared %d .dss dumps, want %d", f.DSSIRTotal, wantDumps)
	}
	if f.DSSCodesOK < floorCodesOK {
		t.Errorf(".dss outcome+codes agree on %d, below the floor %d", f.DSSCodesOK, floorCodesOK)
	}
	if f.DSSIROK < floorIROK {
		t.Errorf(".dss dumps byte-identical on %d, below the floor %d", f.DSSIROK, floorIROK)
	}
	for _, r := range rs {
		if r.DSS && r.Status == conform.Fail && r.Known == "" {
			t.Errorf("FAIL %s: %s", r.Stem, r.Detail)
		}
	}
}
