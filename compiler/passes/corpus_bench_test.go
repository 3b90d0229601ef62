package passes_test

import (
	"testing"

	"reuselab/compiler"
	"reuselab/compiler/passes"
	"reuselab/internal/cputime"
	"reuselab/internal/shared"
	"reuselab/ir"
)

// BenchmarkRunCorpusAssets runs the reference pipeline (mode 2.0) over
// every asset the real corpus compiles to, one Run per asset, as bench and
// validate do: what it measures is Run's cost per asset on small graphs
// (the corpus's assets have ten nodes on average), where a fixed cost per
// Run outweighs the passes themselves. The assets are compiled once,
// untimed. cpu-ns/asset is the process's CPU time per asset:
//
//	go test -run '^$' -bench RunCorpusAssets -count 5 ./compiler/passes
func BenchmarkRunCorpusAssets(b *testing.B) {
	var gs []*ir.Graph
	nodes := 0
	for _, f := range shared.AllSourceFiles(shared.CorpusOrSkip(b)) {
		m, ds := compiler.CompileFile(f, compiler.Options{})
		if m == nil || ds.HasErrors() {
			continue
		}
		for _, g := range m.Products {
			gs = append(gs, g)
			nodes += len(g.Nodes)
		}
	}
	if len(gs) == 0 {
		b.Fatal("the real corpus compiled to no asset")
	}
	opt := passes.Options{Mode: "2.0"}
	for _, g := range gs { // warm: the first Run of a process allocates its scratch
		passes.Run(g, opt)
	}
	b.ReportAllocs()
	b.ResetTimer()
	cputime.PerUnit(b, len(gs), "asset", func() {
		for _, g := range gs {
			passes.Run(g, opt)
		}
	})
	b.ReportMetric(float64(len(gs)), "assets")
	b.ReportMetric(float64(nodes)/float64(len(gs)), "nodes/asset")
}
