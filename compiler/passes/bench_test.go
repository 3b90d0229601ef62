package passes

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"reuselab/internal/cputime"
	"reuselab/ir"
	"reuselab/ir/irgen"
)

// FuzzPasses: fuzzer bytes choose an irgen graph (size, duplicate rate,
// shape, kind, seed); every property of checkRun must hold. Crashers land in
// testdata/fuzz/FuzzPasses and run as regression tests with go test.
func FuzzPasses(f *testing.F) {
	for seed := range byte(16) {
		f.Add([]byte{seed * 13, seed % 4, seed * 16, seed % 8, seed})
	}
	f.Add([]byte{255, 3, 255, 7, 1, 2, 3})
	f.Add([]byte{0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		checkRun(t, irgen.Generate(irgen.ConfigFromBytes(data)))
	})
}

var benchGraphs = map[string]*ir.Graph{}

// benchGraph is a 100k-node irgen Material, a third of its value nodes
// duplicates, made once per shape.
func benchGraph(shape string) *ir.Graph {
	if g, ok := benchGraphs[shape]; ok {
		return g
	}
	g := irgen.Generate(irgen.Config{Seed: 42, Nodes: 100_000, DupRate: 0.3, Shape: shape})
	benchGraphs[shape] = g
	return g
}

// measure runs b.N times the step setup returns for a fresh clone of g (the
// clone and setup neither timed nor counted) and reports nodes/s; the same
// from the process's CPU time, overall and for the fastest run (on a shared
// machine wall time says little, and the best run is the least disturbed);
// and the bytes the step allocates per node of g.
func measure(b *testing.B, g *ir.Graph, setup func(*ir.Graph) func()) {
	b.ReportAllocs()
	var before, after runtime.MemStats
	var allocated uint64
	var cpu time.Duration
	best := time.Duration(1<<63 - 1)
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		step := setup(cloneGraph(g))
		runtime.GC()
		runtime.ReadMemStats(&before)
		c0 := cputime.Process()
		b.StartTimer()
		step()
		b.StopTimer()
		d := cputime.Process() - c0
		cpu += d
		best = min(best, d)
		runtime.ReadMemStats(&after)
		allocated += after.TotalAlloc - before.TotalAlloc
		b.StartTimer()
	}
	b.StopTimer()
	nodes := float64(len(g.Nodes)) * float64(b.N)
	b.ReportMetric(nodes/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(nodes/cpu.Seconds(), "cpu-nodes/s")
	b.ReportMetric(cpu.Seconds()*1e9/nodes, "cpu-ns/node")
	b.ReportMetric(float64(len(g.Nodes))/best.Seconds(), "best-cpu-nodes/s")
	b.ReportMetric(float64(allocated)/nodes, "B/node")
}

// BenchmarkDedupe is the dedupe pass alone over the graph as built (every
// node alive; the pass state is made beforehand, as Run makes it once for
// all passes): targets ≥ 2 M nodes/s and ≤ 300 B/node at 100k nodes. The
// plain case has the fixed part of every key interned beforehand, as it is
// once per graph (dedupe.go; Run's newState does it while it reads the
// nodes); "cold" forgets it, so that the pass interns it on the way: the
// pass from scratch, as the pass before issue 16 always ran.
func BenchmarkDedupe(b *testing.B) {
	for _, shape := range []string{irgen.Forest, irgen.Deep} {
		for _, cold := range []bool{false, true} {
			name := fmt.Sprintf("%s-100k", shape)
			if cold {
				name += "-cold"
			}
			b.Run(name, func(b *testing.B) {
				g := benchGraph(shape)
				var merged int
				measure(b, g, func(c *ir.Graph) func() {
					s := newState(c)
					s.round = 1
					if cold {
						coldDedupe(s)
					} else {
						warmDedupe(s)
					}
					return func() { merged = dedupe(s.g, s) }
				})
				b.ReportMetric(float64(merged), "merged")
			})
		}
	}
}

// BenchmarkRun is the whole of Run, the deep copy of the input included.
func BenchmarkRun(b *testing.B) {
	for _, shape := range []string{irgen.Forest, irgen.Deep} {
		b.Run(fmt.Sprintf("%s-100k", shape), func(b *testing.B) {
			g := benchGraph(shape)
			var final int
			measure(b, g, func(c *ir.Graph) func() {
				return func() { final = Run(c, Options{}).Graph.Len() }
			})
			b.ReportMetric(float64(final), "final-nodes")
		})
	}
}

// BenchmarkRunScale is Run over forest graphs of 10k, 100k and 1M nodes:
// the CPU time per node should stay flat (within 1.5×) across the range.
func BenchmarkRunScale(b *testing.B) {
	for _, n := range []int{10_000, 100_000, 1_000_000} {
		b.Run(fmt.Sprintf("forest-%dk", n/1000), func(b *testing.B) {
			key := fmt.Sprintf("forest-%d", n)
			g, ok := benchGraphs[key]
			if !ok {
				g = irgen.Generate(irgen.Config{Seed: 42, Nodes: n, DupRate: 0.3, Shape: irgen.Forest})
				benchGraphs[key] = g
			}
			measure(b, g, func(c *ir.Graph) func() {
				return func() { Run(c, Options{}) }
			})
		})
	}
}
