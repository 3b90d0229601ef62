package main

import (
	"strings"
	"testing"
)

// Every benchmark's units get the median of their runs, the benchmark
// named without its GOMAXPROCS suffix; lines that are not results are
// left out.
func TestParseBench(t *testing.T) {
	out := `goos: linux
BenchmarkCompiledReuse/10k-2   3   100 ns/op   300 reference-cpu-ns/node   9000 mangle-cpu-ns/node
BenchmarkCompiledReuse/10k-2   3   100 ns/op   310 reference-cpu-ns/node   7000 mangle-cpu-ns/node
BenchmarkCompiledReuse/10k-2   3   100 ns/op   900 reference-cpu-ns/node   8000 mangle-cpu-ns/node
BenchmarkRunCorpusAssets-2     10  5 ns/op     19000 cpu-ns/asset   399 assets
BenchmarkRunCorpusAssets-2     10  5 ns/op     21000 cpu-ns/asset   399 assets
--- BENCH: BenchmarkSkipped
PASS
`
	got := parseBench(out)
	if v := got["CompiledReuse/10k"]["reference-cpu-ns/node"]; v != 310 {
		t.Errorf("reference median %v, want 310", v)
	}
	if v := got["CompiledReuse/10k"]["mangle-cpu-ns/node"]; v != 8000 {
		t.Errorf("mangle median %v, want 8000", v)
	}
	if v := got["RunCorpusAssets"]["cpu-ns/asset"]; v != 20000 {
		t.Errorf("an even count's median %v, want 20000", v)
	}
	if len(got) != 2 {
		t.Errorf("benchmarks %v, want the two", got)
	}
}

// What was measured is worded, a ratio the benchmark does not report is
// computed from the medians, and what was not measured shows as "–" with
// its reason listed.
func TestRenderMissing(t *testing.T) {
	tb := &table{when: "today", commit: "abc", machine: "m", count: 3, sizes: []string{"10k", "100k"},
		engines:  map[string]metrics{"10k": {"reference-cpu-ns/node": 300, "mangle-cpu-ns/node": 45000, "compiled-cpu-ns/node": 1500}},
		cli:      map[string]*float64{},
		benchEng: map[string]*float64{},
		real:     "/work/shared/corpus/real",
		problems: []string{"the real corpus: /work/shared/corpus/real is absent"}}
	got := tb.render()
	for _, want := range []string{"| 10k | 300 ns | 45.0 µs | 1.50 µs | 150× | 5.00× | 30.0× | – | – |", "| 100k | – | – | – | – | – | – | – | – |",
		"`../shared/corpus/real`", "process CPU | – | – | – |", "Not measured:\n- the real corpus", "RunCorpusAssets`): not measured"} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
}

// The bench of an earlier revision is compared with this tree's on the same
// work (--repeat 1) and as each runs by default, and said to be absent when
// it could not be built.
func TestRenderBefore(t *testing.T) {
	secs := func(v float64) *float64 { return &v }
	tb := &table{when: "today", commit: "abc", machine: "m", count: 3, sizes: []string{"10k"},
		engines:  map[string]metrics{},
		cli:      map[string]*float64{"bench before": secs(0.8), "bench once": secs(0.4), "bench compiled": secs(0.5)},
		benchEng: map[string]*float64{},
		real:     "/work/shared/corpus/real",
		before:   "02dcb29"}
	got := tb.render()
	for _, want := range []string{"| the same work: one run of each variant (now `--repeat 1`) | 800 ms | 400 ms | 2.00× |",
		"| as each runs by default (now `--repeat 5`) | 800 ms | 500 ms | 1.60× |", "at 02dcb29 (where issue 32 measured it)"} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
	tb.before = ""
	if got := tb.render(); strings.Contains(got, "the same work") {
		t.Errorf("a run without -before shows the comparison:\n%s", got)
	}
}
