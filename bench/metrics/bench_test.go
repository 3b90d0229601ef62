package metrics

import (
	"fmt"
	"testing"

	"reuselab/ir/irgen"
)

// BenchmarkCompute measures one graph's metrics at the size of a real
// corpus's asset (about a dozen nodes, where bench computes them twice an
// asset) and at 100k nodes (bench --scaling's graphs):
//
//	go test -run '^$' -bench Compute -benchmem ./bench/metrics
func BenchmarkCompute(b *testing.B) {
	for _, n := range []int{14, 100_000} {
		g := irgen.Generate(irgen.Config{Seed: 1, Nodes: n, DupRate: 0.2})
		b.Run(fmt.Sprintf("nodes-%d", n), func(b *testing.B) {
			b.ReportAllocs()
			var m Metrics
			for b.Loop() {
				m = Compute(g)
			}
			if m.Nodes != n {
				b.Fatalf("measured %d nodes of %d", m.Nodes, n)
			}
		})
	}
}
