package verdict

import (
	"testing"

	"reuselab/bench"
	"reuselab/compiler"
	"reuselab/ir"
	"reuselab/reuse/engines"
	"reuselab/rules/eval"
	"reuselab/verify"
)

// corpusGraphs are the bundled examples' assets, as built: written
// materials, as the real corpus's are (the generated programs are larger
// than any of them).
func corpusGraphs(b *testing.B) []*ir.Graph {
	b.Helper()
	sources, _, err := bench.DiscoverAll([]string{"../corpus/examples"})
	if err != nil {
		b.Fatal(err)
	}
	var gs []*ir.Graph
	for _, s := range sources {
		if m, ds := compiler.CompileFile(s.Path, compiler.Options{Root: s.Root}); m != nil && !ds.HasErrors() {
			gs = append(gs, m.Products...)
		}
	}
	return gs
}

// What judging a research pack adds to bench's run of it, per pass over
// the bundled examples: "plain" is the evaluation bench made before
// (Engine.Run), "coverage" the same evaluation counting the pack's own
// clauses (what the checker's Run does), "judged" that and the work
// after it (the comparison with 2.0's answer, extra work, tallies).
func BenchmarkJudgingAPack(b *testing.B) {
	gs := corpusGraphs(b)
	e, ds := engines.Resolve("commutative", ir.Limits{})
	if e == nil || ds.HasErrors() {
		b.Fatal(ds.Report())
	}
	p := e.(*engines.Pack)
	ref := engines.MustResolve("2.0")
	want := make([]*ir.Result, len(gs))
	for i, g := range gs {
		want[i] = ref.Run(g, ir.Limits{})
	}
	b.Run("plain", func(b *testing.B) {
		for b.Loop() {
			for _, g := range gs {
				p.Run(g, ir.Limits{})
			}
		}
	})
	b.Run("coverage", func(b *testing.B) {
		for b.Loop() {
			for _, g := range gs {
				p.Evaluate(g, ir.Limits{}, eval.Options{Coverage: true, CoverageFile: verify.OwnFile(p)})
			}
		}
	})
	b.Run("judged", func(b *testing.B) {
		c := New(p, Options{})
		defer c.Close()
		for b.Loop() {
			for i, g := range gs {
				_, done := c.Run(g, ir.Limits{})
				done(bench.Seen{Versus: want[i], Evaluated: true})
			}
		}
	})
}
