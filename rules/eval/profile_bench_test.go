package eval_test

import (
	"testing"
	"time"

	"reuselab/internal/cputime"
	"reuselab/ir"
	"reuselab/ir/irgen"
	"reuselab/rules/eval"
	"reuselab/rules/rulestest"
)

// BenchmarkCoverageCompiled evaluates reuse-2.0 with Options.Coverage (what
// validate and fuzz ask of every graph) on the compiled engine over 200
// irgen graphs of about 100 nodes, each alone and all as one batch, and
// the same graphs alone without coverage (what the coverage adds), and
// reports process CPU per node:
//
//	go test -run '^$' -bench CoverageCompiled -benchtime 3x ./rules/eval
func BenchmarkCoverageCompiled(b *testing.B) {
	p := rulestest.MustPack(b, "reuse-2.0")
	var gs []*ir.Graph
	nodes := 0
	for k := range 200 {
		g := irgen.Generate(irgen.Config{Seed: uint64(1000 + k), Nodes: 80 + k%41, DupRate: 0.4})
		gs = append(gs, g)
		nodes += len(g.Nodes)
	}
	opt := eval.Options{Engine: eval.EngineCompiled, Coverage: true}
	for _, alone := range []struct {
		name string
		opt  eval.Options
	}{{"alone", opt}, {"alone-without-coverage", eval.Options{Engine: eval.EngineCompiled}}} {
		b.Run(alone.name, func(b *testing.B) {
			start := cputime.Process()
			for b.Loop() {
				for _, g := range gs {
					eval.Evaluate(g, p, alone.opt)
				}
			}
			reportPerNode(b, cputime.Process()-start, nodes)
		})
	}
	b.Run("batch", func(b *testing.B) {
		start := cputime.Process()
		for b.Loop() {
			eval.EvaluateBatch(gs, p, opt)
		}
		reportPerNode(b, cputime.Process()-start, nodes)
	})
}

func reportPerNode(b *testing.B, cpu time.Duration, nodes int) {
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N)/float64(nodes), "cpu-ns/node")
}
