package dss_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"reuselab/compiler/dss/syntax"
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

// TestLangBadSourcesErr: every `.bad.` source under Lang/, with a golden
// or without (four `.dsp` ones have none), gets an error from the 2.0
// parser, and none an internal one.
func TestLangBadSourcesErr(t *testing.T) {
	root := filepath.Join(corpusTests(t), "Lang")
	n := 0
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.Contains(filepath.Base(p), ".bad.") || strings.HasSuffix(p, ".json") {
			return err
		}
		n++
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		_, ds := syntax.ParseLang(p, string(src))
		if !ds.HasErrors() {
			t.Errorf("%s: no error", p)
		}
		for _, d := range ds.Items {
			if strings.Contains(d.Message, "internal") {
				t.Errorf("%s: %s", p, d)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 45 {
		t.Errorf("found %d .bad. sources under Lang/, want at least 45", n)
	}
}
