package dss_test

import (
	"path/filepath"
	"testing"

	"reuselab/conform"
)

// TestLangParseMigrateGoldens runs upstream's Lang/, Parse/ and Migrate/
// goldens through the conform runner and holds each entry point to the
// issue's bar: outcome and codes agree on at least 95% of the goldens it
// ran, and it ran at least the floor (a golden that turns into a skip, or
// a corpus that loses goldens, shows here). The counts come from the run.
func TestLangParseMigrateGoldens(t *testing.T) {
	root := corpusTests(t)
	var paths []string
	for _, d := range []string{"Lang", "Parse", "Migrate"} {
		paths = append(paths, filepath.Join(root, d))
	}
	rs, err := conform.Run(paths, conform.Options{CorpusRoot: root})
	if err != nil {
		t.Fatal(err)
	}
	f := conform.Summarise(rs)
	floors := map[string]int{"lang": 90, "parse": 30, "migrate": 20}
	for entry, floor := range floors {
		e := f.PerEntry[entry]
		if e == nil {
			t.Errorf("%s: no golden run", entry)
			continue
		}
		t.Logf("%s outcome+codes: %d of %d (passed %d, skipped %d)", entry, e.CodesOK, e.Run, e.Passed, e.Skipped)
		if e.Run < floor {
			t.Errorf("%s ran %d goldens, below the floor %d", entry, e.Run, floor)
		}
		if e.CodesOK*100 < e.Run*95 {
			t.Errorf("%s outcome+codes agree on %d of %d, below 95%%", entry, e.CodesOK, e.Run)
		}
	}
	if f.CodesTotal != 0 || f.DSSCodesTotal != 0 {
		t.Errorf("lang/parse/migrate goldens counted in the 1.x or .dss figures: %d, %d", f.CodesTotal, f.DSSCodesTotal)
	}
	for _, r := range rs {
		if r.Status == conform.Fail && r.Known == "" {
			t.Errorf("FAIL %s: %s", r.Stem, r.Detail)
		}
		if r.Status == conform.Skip && r.Detail == "" {
			t.Errorf("SKIP %s without its reason", r.Stem)
		}
	}
}
