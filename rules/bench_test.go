package rules

import (
	"testing"

	"reuselab/compiler/passes"
	"reuselab/ir/irgen"
)

func benchGraphs(b *testing.B, nodes int) {
	pack := mustPack(b, "reuse-2.0")
	g := irgen.Generate(irgen.Config{Seed: 1, Nodes: nodes, DupRate: 0.4})
	b.Run("reference", func(b *testing.B) {
		for b.Loop() {
			passes.Run(g, passes.Options{Mode: "2.0"})
		}
	})
	b.Run("datalog", func(b *testing.B) {
		for b.Loop() {
			Build(g, pack.Name, Evaluate(g, pack, Options{}))
		}
	})
}

func BenchmarkReuse20(b *testing.B) { benchGraphs(b, 20) }

func BenchmarkReuse1k(b *testing.B) { benchGraphs(b, 1000) }
