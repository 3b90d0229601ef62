package bench_test

import (
	"encoding/json"
	"io/fs"
	"testing"
	"time"

	"reuselab/bench"
	"reuselab/bench/corpus"
)

// TestAggregateMerges: an Aggregate built from the files split into parts,
// each part added in its own order, sent through MarshalBinary and merged
// in another order, summarizes the files as Summarize does, byte for byte
// (summary.json, report.md), and times them as Timings does. The run has
// every section the merge must keep: reductions and their medians, 1x's
// subset, a research pack's changed assets, a failed file.
func TestAggregateMerges(t *testing.T) {
	srcs, err := bench.DiscoverFS(corpus.FS, ".", "embedded")
	if err != nil {
		t.Fatal(err)
	}
	cfg := researchConfig(t, func(p string) ([]byte, error) { return fs.ReadFile(corpus.FS, p) }, "swizzle-append")
	cfg.Variants = append([]bench.Variant{reference("none"), reference("1x")}, cfg.Variants...)
	files := bench.Run(cfg, srcs)
	files = append(files, &bench.FileResult{Source: bench.Source{Corpus: "zz", Rel: "broken.dsm"}, Failed: true, Diagnostics: []string{"broken.dsm:1:1: error DSH0000: planted"}})
	want := bench.Summarize(cfg, files)
	want.Timing = bench.Timings(cfg, files, time.Second, 2)
	if len(want.Research) == 0 || len(want.Research[0].Changed) == 0 || want.Overall.OnLegacy == nil || len(want.Failures) != 1 || len(want.Largest) == 0 {
		t.Fatalf("the run lacks a section the test is about: %+v", want.Overall)
	}
	if len(want.Corpora) < 2 {
		t.Fatalf("the run has %d corpora, want several", len(want.Corpora))
	}
	for _, parts := range []int{1, 2, 5, len(files)} {
		split := make([]*bench.Aggregate, parts)
		for i := range split {
			split[i] = bench.NewAggregate(cfg)
		}
		// File k goes to part k mod parts, the files in reverse order.
		for k := len(files) - 1; k >= 0; k-- {
			split[k%parts].Add(files[k])
		}
		got := bench.NewAggregate(cfg)
		for i := parts - 1; i >= 0; i-- {
			b, err := split[i].MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			a, err := bench.DecodeAggregate(cfg, b)
			if err != nil {
				t.Fatal(err)
			}
			got.Merge(a)
		}
		s := got.Summary()
		s.Timing = got.Timing(time.Second, 2)
		if a, b := bench.Markdown(s), bench.Markdown(want); a != b {
			t.Errorf("%d parts: report.md differs from Summarize's", parts)
		}
		if a, b := marshal(t, s), marshal(t, want); a != b {
			t.Errorf("%d parts: summary.json differs from Summarize's:\n%s\nwant\n%s", parts, a, b)
		}
	}
}

func marshal(t *testing.T, v any) string {
	t.Helper()
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
