package gen_test

import (
	"fmt"
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
