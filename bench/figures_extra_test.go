package bench_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"reuselab/bench"
	"reuselab/bench/plot"
)

// A run with a research pack writes extra_merges.svg and its PDF, naming
// each operation the pack merges beyond reuse-2.0 with the change; a run
// without one writes neither. figures.md captions every figure it shows,
// and each of them is there as SVG and PDF.
func TestExtraMergesFigureFollowsResearchPacks(t *testing.T) {
	srcs, read := memCorpus(t, map[string]string{
		"comm/M_Comm.dsm":   opacity("A * B", "B * A"),
		"plain/M_Plain.dsm": opacity("A + 1.0", "B"),
	})
	cfg := researchConfig(t, read, "commutative")
	files := bench.Run(cfg, srcs)
	out := t.TempDir()
	if err := bench.Write(out, cfg, files, bench.Summarize(cfg, files)); err != nil {
		t.Fatal(err)
	}
	svg, err := os.ReadFile(filepath.Join(out, bench.ExtraMergesPlot))
	if err != nil {
		t.Fatalf("no extra merges figure with a research pack: %v", err)
	}
	for _, want := range []string{">Multiply", ">+1 (", ">datalog:commutative<", ">comm<", ">plain<"} {
		if !bytes.Contains(svg, []byte(want)) {
			t.Errorf("%s lacks %q", bench.ExtraMergesPlot, want)
		}
	}
	figures, err := os.ReadFile(filepath.Join(out, bench.FiguresMD))
	if err != nil {
		t.Fatal(err)
	}
	shown := regexp.MustCompile(`!\[[^]]*\]\(([^)]+)\)`).FindAllStringSubmatch(string(figures), -1)
	if len(shown) != 4 {
		t.Errorf("figures.md shows %d figures, want 4 (reduction, merges, extra merges, time):\n%s", len(shown), figures)
	}
	for _, m := range shown {
		for _, f := range []string{m[1], plot.PDFPath(m[1])} {
			if b, err := os.ReadFile(filepath.Join(out, f)); err != nil || len(b) == 0 {
				t.Errorf("figures.md shows %s, not written: %v", f, err)
			}
			if !strings.Contains(string(figures), "("+f+")") {
				t.Errorf("figures.md does not link %s", f)
			}
		}
	}

	plain := cfg
	plain.Variants = cfg.Variants[:2] // 2.0 and reuse-2.0: no research pack
	files = bench.Run(plain, srcs)
	out = t.TempDir()
	if err := bench.Write(out, plain, files, bench.Summarize(plain, files)); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(out, bench.ExtraMergesPlot)); err == nil {
		t.Errorf("%s written without a research pack", bench.ExtraMergesPlot)
	}
	if figures, _ := os.ReadFile(filepath.Join(out, bench.FiguresMD)); bytes.Contains(figures, []byte(bench.ExtraMergesPlot)) {
		t.Errorf("figures.md shows %s without a research pack", bench.ExtraMergesPlot)
	}
}
