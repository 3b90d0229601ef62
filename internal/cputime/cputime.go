// Package cputime is what the benchmarks measure besides wall time: the
// CPU the process (and the children it waited for) used, which is the
// steadier figure on a shared machine, and the per-unit metrics of a
// scaling benchmark.
package cputime

import (
	"fmt"
	"testing"
)

// PerUnit runs f in b's loop and reports, besides ns/op, the wall and CPU
// time per unit of work (n units an iteration): figures that grow with n
// mark a superlinear walk.
func PerUnit(b *testing.B, n int, unit string, f func()) {
	cpu0 := Process()
	for b.Loop() {
		f()
	}
	cpu := Process() - cpu0
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/"+unit)
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N)/float64(n), "cpu-ns/"+unit)
}

// SizeName is n as a benchmark's name says it: 10k, 1M.
func SizeName(n int) string {
	if n >= 1_000_000 {
		return fmt.Sprintf("%dM", n/1_000_000)
	}
	return fmt.Sprintf("%dk", n/1000)
}
