package main

import (
	"strings"
	"testing"
)

// conform's closing lines become the README's sentence: every "N of M" in
// its place, the known failures and the skips counted by reason.
func TestConformFigures(t *testing.T) {
	out := "PASS a: ok\nSKIP b: source file absent\nSKIP c: source file absent\nFAIL (known: hash) d: ir differs\n" +
		"outcome+codes: 172 of 172; ir byte-identical: 37 of 38; compile asset node counts: 4 of 4; graphDump classes+edges: 3 of 4; .dss outcome+codes: 106 of 106; .dss ir byte-identical: 64 of 64; graphDump byte-identical: 27 of 27; decompile/roundtrip text byte-identical: 31 of 36\n" +
		"lang outcome+codes: 94 of 94 (passed 94, skipped 1); parse outcome+codes: 32 of 32 (passed 32, skipped 0)\n" +
		"277 passed, 1 failed, 2 skipped\n"
	got, err := conformFigures(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"`277 passed, 1 failed, 2 skipped`", "agree on 172 of 172 1.x", "byte-identical on 37 of 38", "106 of 106 `.dss`", "64 of 64 `ok`", "graph dumps on 3 of 4", "the failure is a known gap", "2 skipped: source file absent", "`graphDump` byte-identical on 27 of 27", "round-trip text byte-identical on 31 of 36", "`lang` outcome and codes on 94 of 94", "`parse` outcome and codes on 32 of 32"} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
	// conform leaves ", 0 skipped" out
	noSkip, err := conformFigures("PASS a: ok\noutcome+codes: 1 of 1\n1 passed, 0 failed\n")
	if err != nil || !strings.Contains(noSkip, "`1 passed, 0 failed`") {
		t.Errorf("totals without skips: %q, %v", noSkip, err)
	}
	if _, err := conformFigures("no totals\n"); err == nil {
		t.Error("output without totals was accepted")
	}
}

// Long lines break at spaces within the width, list items continue two
// spaces in, and a code span with spaces stays whole.
func TestWrap(t *testing.T) {
	in := "- aaaa bbbb `cc dd ee` ffff\nshort\n"
	got := wrap(in, 12)
	want := "- aaaa bbbb\n  `cc dd ee`\n  ffff\nshort\n"
	if got != want {
		t.Errorf("wrap:\n%q\nwant\n%q", got, want)
	}
}

// bench's own medians become the README's timing words: each variant's
// median and range, wall and CPU, and nothing for a single repetition.
func TestTimingFigures(t *testing.T) {
	tm := &timing{Repeat: 5}
	tm.Variants = append(tm.Variants, struct {
		Variant string  `json:"variant"`
		Wall    *spread `json:"wall_ms"`
		CPU     *spread `json:"cpu_ms"`
	}{"2.0", &spread{Median: 12.4, Min: 11.2, Max: 30}, &spread{Median: 9.5, Min: 9.1, Max: 9.9}})
	got := timingFigures(tm)
	for _, want := range []string{"median of 5 interleaved repetitions", "2.0 12 ms (11–30) wall, 9.5 ms (9.1–9.9) CPU"} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in %q", want, got)
		}
	}
	tm.Repeat = 1
	if got := timingFigures(tm); got != "" {
		t.Errorf("one repetition gave %q: no median", got)
	}
}
