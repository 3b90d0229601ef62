package eval_test

import (
	"testing"
	"time"

	"reuselab/internal/cputime"
	"reuselab/ir"
	"reuselab/ir/irgen"
	"reuselab/rules/eval"
)

// BenchmarkUserPackBatch evaluates a user's pack (double.mg) over 300
// graphs of about 100 nodes, graph by graph (a child request each, what
// EvaluateBatch did before batches) and with EvaluateBatch (a request a
// batch), and reports wall time and CPU of this process and its children
// per run of the 300; the serving children are stopped after each run so
// that their CPU is counted (an idle child is never reaped otherwise):
//
//	go test -run '^$' -bench UserPackBatch -benchtime 3x ./rules/eval
func BenchmarkUserPackBatch(b *testing.B) {
	p := examplePack(b, "double.mg")
	var gs []*ir.Graph
	for k := range 300 {
		gs = append(gs, irgen.Generate(irgen.Config{Seed: uint64(k), Nodes: 90 + k%21, DupRate: 0.4}))
	}
	for _, engine := range []string{eval.EngineMangle, eval.EngineCompiled} {
		opt := eval.Options{Engine: engine}
		for _, mode := range []struct {
			name string
			run  func()
		}{
			{"alone", func() {
				for _, g := range gs {
					eval.Run(g, p, opt)
				}
			}},
			{"batch", func() { eval.EvaluateBatch(gs, p, opt) }},
		} {
			b.Run(engine+"/"+mode.name, func(b *testing.B) {
				eval.StopIdleChildren()
				var wall, cpu time.Duration
				for b.Loop() {
					start, startCPU := time.Now(), cputime.WithChildren()
					mode.run()
					eval.StopIdleChildren()
					wall += time.Since(start)
					cpu += cputime.WithChildren() - startCPU
				}
				b.ReportMetric(float64(wall.Milliseconds())/float64(b.N), "wall-ms/300graphs")
				b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/300graphs")
			})
		}
	}
}
