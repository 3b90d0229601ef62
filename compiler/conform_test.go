package compiler_test

import (
	"os"
	"reuselab/internal/shared"
	"testing"

	"reuselab/conform"
)

var legacyGoldens = shared.LegacyGoldens()

// TestGoldenConformance runs the upstream Legacy goldens: outcome and codes
// must agree on ≥95% of the fixtures reuselab runs, and the IR dump must be
// byte-identical on ≥90% of the legacy-ir ones compared; no failure may be
// unlisted in known-failures.txt.
func TestGoldenConformance(t *testing.T) {
	if _, err := os.Stat(legacyGoldens); err != nil {
		t.Skipf("upstream goldens absent (%v)", err)
	}
	rs, err := conform.Run([]string{legacyGoldens}, conform.Options{})
	if err != nil {
		t.Fatal(err)
	}
	f := conform.Summarise(rs)
	t.Logf("outcome+codes: %d of %d; ir byte-identical: %d of %d; %d passed, %d failed, %d skipped",
		f.CodesOK, f.CodesTotal, f.IROK, f.IRTotal, f.Passed, f.Failed, f.Skipped)
	for _, r := range rs {
		if r.Status == conform.Fail && r.Known == "" {
			t.Errorf("FAIL %s: %s", r.Stem, r.Detail)
		}
	}
	if f.CodesTotal == 0 || float64(f.CodesOK) < 0.95*float64(f.CodesTotal) {
		t.Errorf("outcome+codes agree on %d of %d (< 95%%)", f.CodesOK, f.CodesTotal)
	}
	if f.IRTotal == 0 || float64(f.IROK) < 0.90*float64(f.IRTotal) {
		t.Errorf("ir byte-identical on %d of %d (< 90%%)", f.IROK, f.IRTotal)
	}
}
