package engines_test

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"reuselab/compiler/passes"
	"reuselab/internal/cputime"
	"reuselab/ir"
	"reuselab/ir/irgen"
	"reuselab/reuse"
	"reuselab/rules/eval"
	"reuselab/rules/rulestest"
)

// Benchmarks, reference vs datalog, on irgen graphs. `go test -bench Reuse
// ./reuse/engines` for the Go benchmark form; REUSELAB_SCALING=1 go test
// -run TestScaling -v ./reuse/engines for the table (CPU time, since the
// machine is shared and wall time lies, and peak heap per node).

func benchGraph(nodes int) *ir.Graph {
	return irgen.Generate(irgen.Config{Seed: 1, Nodes: nodes, DupRate: 0.4})
}

func benchPair(b *testing.B, nodes int) {
	p := rulestest.MustPack(b, "reuse-2.0")
	g := benchGraph(nodes)
	b.Run("reference", func(b *testing.B) {
		start := cputime.Process()
		for b.Loop() {
			passes.Run(g, passes.Options{Mode: "2.0"})
		}
		reportPerNode(b, nodes, start)
	})
	b.Run("datalog", func(b *testing.B) {
		start := cputime.Process()
		for b.Loop() {
			eval.Build(g, p.Name, eval.Evaluate(g, p, eval.Options{}))
		}
		reportPerNode(b, nodes, start)
	})
}

// reportPerNode reports wall and CPU time per node. CPU time (getrusage:
// every thread of the process, the collector's included) is the fair
// measure on a shared machine, where wall time counts the other tenants.
func reportPerNode(b *testing.B, nodes int, cpuStart time.Duration) {
	per := float64(b.N) * float64(nodes)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/per, "ns/node")
	b.ReportMetric(float64((cputime.Process()-cpuStart).Nanoseconds())/per, "cpu-ns/node")
}

func BenchmarkReuse1k(b *testing.B)   { benchPair(b, 1_000) }
func BenchmarkReuse10k(b *testing.B)  { benchPair(b, 10_000) }
func BenchmarkReuse100k(b *testing.B) { benchPair(b, 100_000) }

// measure runs f reps times and returns CPU per run and the peak heap
// growth over the heap before it.
func measure(reps int, f func()) (cpu time.Duration, peak uint64) {
	peak = cputime.PeakHeap(20*time.Millisecond, func() {
		start := cputime.Process()
		for range reps {
			f()
		}
		cpu = (cputime.Process() - start) / time.Duration(reps)
	})
	return cpu, peak
}

func TestScaling(t *testing.T) {
	if os.Getenv("REUSELAB_SCALING") == "" {
		t.Skip("set REUSELAB_SCALING=1 (takes minutes)")
	}
	p := rulestest.MustPack(t, "reuse-2.0")
	var b strings.Builder
	fmt.Fprintf(&b, "\n| nodes | reference CPU | datalog CPU | ratio | datalog µs/node | datalog peak heap B/node | levels | facts |\n|---|---|---|---|---|---|---|---|\n")
	var perNode10k float64
	for _, n := range []int{1_000, 10_000, 100_000} {
		g := benchGraph(n)
		reps := max(1, 20_000/n)
		refCPU, _ := measure(reps*20, func() { passes.Run(g, passes.Options{Mode: "2.0"}) })
		var o *eval.Outcome
		dlCPU, peak := measure(reps, func() { o = eval.Evaluate(g, p, eval.Options{}); eval.Build(g, p.Name, o) })
		ref := passes.Run(g, passes.Options{Mode: "2.0"})
		if c := reuse.Compare(ref, eval.Build(g, p.Name, o)); !c.Agree() {
			t.Errorf("%d nodes: engines disagree:\n%s", n, c)
		}
		pn := float64(dlCPU.Microseconds()) / float64(n)
		if n == 10_000 {
			perNode10k = pn
		}
		fmt.Fprintf(&b, "| %d | %v | %v | %.0fx | %.1f | %d | %d | %d |\n", n, refCPU, dlCPU,
			float64(dlCPU)/float64(refCPU), pn, peak/uint64(n), o.Levels, o.Facts)
		if n == 100_000 && perNode10k > 0 {
			fmt.Fprintf(&b, "\ntime per node at 100k / at 10k: %.2f\n", pn/perNode10k)
		}
	}
	t.Log(b.String())
}
