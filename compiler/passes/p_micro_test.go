package passes

import (
	"testing"

	"reuselab/ir"
	"reuselab/ir/irgen"
)

func BenchmarkPFixedHash(b *testing.B) {
	g := cloneGraph(benchGraph(irgen.Forest))
	var nk numberKeys
	var x uint64
	b.ResetTimer()
	c0 := cpuTime()
	for range b.N {
		for _, n := range g.Nodes {
			x += fixedHash(n, &nk)
		}
	}
	b.ReportMetric(float64((cpuTime()-c0).Nanoseconds())/float64(b.N*len(g.Nodes)), "cpu-ns/node")
	_ = x
}

func BenchmarkPPacked(b *testing.B) {
	g := cloneGraph(benchGraph(irgen.Forest))
	var buf []byte
	x := 0
	b.ResetTimer()
	c0 := cpuTime()
	for range b.N {
		for _, n := range g.Nodes {
			buf = ir.AppendPackedStatic(buf[:0], n)
			x += len(buf)
		}
	}
	b.ReportMetric(float64((cpuTime()-c0).Nanoseconds())/float64(b.N*len(g.Nodes)), "cpu-ns/node")
}

func BenchmarkPIntern(b *testing.B) {
	g := cloneGraph(benchGraph(irgen.Forest))
	s := newState(g)
	b.ResetTimer()
	c0 := cpuTime()
	for range b.N {
		s.dd = dedupeState{}
		s.dd.internAll(s)
	}
	b.ReportMetric(float64((cpuTime()-c0).Nanoseconds())/float64(b.N*len(g.Nodes)), "cpu-ns/node")
}

func BenchmarkPIntern2(b *testing.B) {
	g := cloneGraph(benchGraph(irgen.Forest))
	s := newState(g)
	b.ResetTimer()
	c0 := cpuTime()
	var x uint64
	for range b.N {
		for i, n := range s.g.Nodes {
			if s.alive[i] && n.Role == ir.RoleValue {
				x += fixedHash(n, &s.dd.numbers)
			}
		}
	}
	b.ReportMetric(float64((cpuTime()-c0).Nanoseconds())/float64(b.N*len(g.Nodes)), "cpu-ns/node")
}

func BenchmarkPStep(b *testing.B) {
	g := benchGraph(irgen.Forest)
	b.Run("hash", func(b *testing.B) {
		measure(b, g, func(c *ir.Graph) func() {
			s := newState(c)
			return func() {
				var x uint64
				for i, n := range s.g.Nodes {
					if s.alive[i] && n.Role == ir.RoleValue {
						x += fixedHash(n, &s.dd.numbers)
					}
				}
				s.round = int(x & 1)
			}
		})
	})
	b.Run("intern", func(b *testing.B) {
		measure(b, g, func(c *ir.Graph) func() {
			s := newState(c)
			return func() { s.dd.internAll(s) }
		})
	})
	b.Run("packed", func(b *testing.B) {
		measure(b, g, func(c *ir.Graph) func() {
			s := newState(c)
			return func() {
				var buf []byte
				x := 0
				for i, n := range s.g.Nodes {
					if s.alive[i] && n.Role == ir.RoleValue {
						buf = ir.AppendPackedKey(buf[:0], n, nil)
						x += len(buf)
					}
				}
				s.round = x & 1
			}
		})
	})
}
