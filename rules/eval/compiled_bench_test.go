package eval_test

import (
	"strconv"
	"testing"
	"time"

	"reuselab/compiler/passes"
	"reuselab/internal/cputime"
	"reuselab/ir"
	"reuselab/ir/irgen"
	"reuselab/rules/eval"
	"reuselab/rules/pack"
	"reuselab/rules/rulestest"
)

// BenchmarkCompiledReuse runs reuse-2.0 on the compiled evaluator, on
// Mangle's engine and the reference pipeline, interleaved (one of each per
// iteration, so that the machine's other tenants weigh on all three
// alike), and reports process CPU per node of each, the ratios to the
// reference, and each engine's peak heap growth per node (measured apart,
// once, outside the timed loop):
//
//	go test -run '^$' -bench CompiledReuse -benchtime 3x ./rules/eval
func BenchmarkCompiledReuse(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		b.Run(strconv.Itoa(n/1000)+"k", func(b *testing.B) { benchEngines(b, n) })
	}
}

func benchEngines(b *testing.B, n int) {
	p := rulestest.MustPack(b, "reuse-2.0")
	g := irgen.Generate(irgen.Config{Seed: 1, Nodes: n, DupRate: 0.4})
	// reps evens out the three: the reference runs a hundred times faster
	// than Mangle, and a burst of the other tenants' load over one short
	// run would weigh on it alone
	runs := []struct {
		name string
		reps int
		f    func()
	}{
		{"reference", 20, func() { passes.Run(g, passes.Options{Mode: "2.0"}) }},
		{"mangle", 1, func() { runPack(g, p, eval.EngineMangle) }},
		{"compiled", 4, func() { runPack(g, p, eval.EngineCompiled) }},
	}
	cpu := make([]time.Duration, len(runs))
	for b.Loop() {
		for k, r := range runs {
			start := cputime.Process()
			for range r.reps {
				r.f()
			}
			cpu[k] += (cputime.Process() - start) / time.Duration(r.reps)
		}
	}
	b.StopTimer()
	per := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / float64(b.N) / float64(n) }
	for k, r := range runs {
		b.ReportMetric(per(cpu[k]), r.name+"-cpu-ns/node")
	}
	b.ReportMetric(float64(cpu[1])/float64(cpu[0]), "mangle/ref")
	b.ReportMetric(float64(cpu[2])/float64(cpu[0]), "compiled/ref")
	for _, r := range runs[1:] {
		b.ReportMetric(float64(cputime.PeakHeap(10*time.Millisecond, r.f))/float64(n), r.name+"-peak-B/node")
	}
}

func runPack(g *ir.Graph, p *pack.Pack, engine string) {
	o := eval.Evaluate(g, p, eval.Options{Engine: engine})
	eval.Build(g, p.Name, o)
}

// BenchmarkCompiledAlone runs reuse-2.0 on the compiled evaluator only (an
// evaluation and its Build), for a profile of that engine without the
// other two in it:
//
//	go test -run '^$' -bench CompiledAlone -benchtime 3x -cpuprofile cpu.prof ./rules/eval
func BenchmarkCompiledAlone(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		b.Run(strconv.Itoa(n/1000)+"k", func(b *testing.B) {
			p := rulestest.MustPack(b, "reuse-2.0")
			g := irgen.Generate(irgen.Config{Seed: 1, Nodes: n, DupRate: 0.4})
			start := cputime.Process()
			for b.Loop() {
				runPack(g, p, eval.EngineCompiled)
			}
			b.ReportMetric(float64((cputime.Process()-start).Nanoseconds())/float64(b.N)/float64(n), "cpu-ns/node")
		})
	}
}

// BenchmarkResearchPacks runs each research pack on Mangle's engine and on
// the compiled evaluator, interleaved, and reports process CPU per node of
// each and how many times faster the compiled evaluator is (issue 32 asks
// for at least 5):
//
//	go test -run '^$' -bench ResearchPacks -benchtime 3x ./rules/eval
func BenchmarkResearchPacks(b *testing.B) {
	const n = 10_000
	g := irgen.Generate(irgen.Config{Seed: 1, Nodes: n, DupRate: 0.4})
	for _, name := range []string{"ranges", "reassociate", "swizzle-append"} {
		b.Run(name, func(b *testing.B) {
			p := rulestest.MustPack(b, name)
			if o := eval.Evaluate(g, p, eval.Options{Engine: eval.EngineCompiled}); o.Engine != eval.EngineCompiled {
				b.Fatalf("%s runs on %s: %s", name, o.Engine, o.EngineNote)
			}
			var mangle, comp time.Duration
			for b.Loop() {
				start := cputime.Process()
				runPack(g, p, eval.EngineMangle)
				mid := cputime.Process()
				for range 4 {
					runPack(g, p, eval.EngineCompiled)
				}
				mangle += mid - start
				comp += (cputime.Process() - mid) / 4
			}
			per := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / float64(b.N) / n }
			b.ReportMetric(per(mangle), "mangle-cpu-ns/node")
			b.ReportMetric(per(comp), "compiled-cpu-ns/node")
			b.ReportMetric(float64(mangle)/float64(comp), "mangle/compiled")
		})
	}
}
