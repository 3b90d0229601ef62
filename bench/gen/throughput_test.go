//go:build unix

package gen_test

import (
	"fmt"
	"reuselab/internal/cputime"
	"testing"

	"reuselab/bench/gen"
)

// BenchmarkFrontEnds compiles one generated program per size in each
// language (`gen --lang dsm|dss` at the same --nodes/--seed/--dup-rate/
// --branches), from memory: load, parse, bind and lower to raw IR, passes
// off. b.SetBytes makes the MB/s column the front end's throughput on
// programs of the same shape; raw-nodes/op says how much graph each built.
// The branches cases show what an if costs with many locals in scope (a
// merge visits each once), nodes=60000 what a large file costs (~0.7 MB of
// .dss). Compare the two with benchstat:
//
//	go test ./bench/gen -run '^$' -bench FrontEnds -count 10 > fe.txt
//	benchstat -col /lang fe.txt
func BenchmarkFrontEnds(b *testing.B) {
	for _, shape := range []struct{ nodes, branches int }{{1000, 4}, {10000, 4}, {10000, 16}, {60000, 32}} {
		for _, lang := range gen.Langs {
			cfg := gen.Config{Nodes: shape.nodes, Seed: 1, DupRate: 0.3, Branches: shape.branches, Lang: lang}
			src, _ := gen.Program(cfg)
			name := cfg.FileName()
			b.Run(fmt.Sprintf("nodes=%d/branches=%d/lang=%s", shape.nodes, shape.branches, lang), func(b *testing.B) {
				mod, ds := compileMemory(name, src)
				if ds.HasErrors() || mod == nil {
					b.Fatalf("%s does not compile: %s", name, firstErrors(ds))
				}
				b.SetBytes(int64(len(src)))
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					compileMemory(name, src)
				}
				b.ReportMetric(float64(mod.Products[0].Len()), "raw-nodes/op")
			})
		}
	}
}

// BenchmarkFrontEnd15MB compiles one generated program of about 1.5 MB in
// each language from memory (load, parse, bind, lower; passes off): the
// size issue 16 measures the front ends at. The node counts are the ones
// at which `gen` writes ≈1.5 MB at --dup-rate 0.3 --branches 32 (the two
// languages spell a node in different lengths). cpu-MB/s is the
// throughput over the process's CPU time (GC workers included), steadier
// than wall time on a shared machine.
func BenchmarkFrontEnd15MB(b *testing.B) {
	for _, c := range []struct {
		lang  string
		nodes int
	}{{"dsm", 98000}, {"dss", 122000}} {
		cfg := gen.Config{Nodes: c.nodes, Seed: 1, DupRate: 0.3, Branches: 32, Lang: c.lang}
		src, _ := gen.Program(cfg)
		name := cfg.FileName()
		b.Run("lang="+c.lang, func(b *testing.B) {
			mod, ds := compileMemory(name, src)
			if ds.HasErrors() || mod == nil {
				b.Fatalf("%s does not compile: %s", name, firstErrors(ds))
			}
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			b.ResetTimer()
			cpu0 := cputime.Process()
			for i := 0; i < b.N; i++ {
				compileMemory(name, src)
			}
			cpu := cputime.Process() - cpu0
			b.ReportMetric(float64(len(src))/1e6, "MB")
			if cpu > 0 {
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
				b.ReportMetric(float64(len(src))*float64(b.N)/1e6/cpu.Seconds(), "cpu-MB/s")
			}
		})
	}
}
