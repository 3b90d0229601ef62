// Package rulestest holds the test helpers that the Datalog engine's stages
// (rules/eval, rules/explain) and reuse/engines share: a built-in pack that
// must load, a hand-made graph with its sink, and Build with the IR
// contract checked on what it returns. It is imported by tests only.
package rulestest

import (
	"testing"

	"reuselab/ir"
	"reuselab/rules/eval"
	"reuselab/rules/pack"
)

// MustPack loads a built-in pack or fails the test.
func MustPack(t testing.TB, name string) *pack.Pack {
	t.Helper()
	p, ds := pack.Builtin(name)
	if ds.HasErrors() || p == nil {
		t.Fatalf("pack %s: %s", name, ds.String())
	}
	return p
}

// SinkGraph is a material of the given nodes, in order, whose sink is its
// MaterialSink (the graph names its sink: ir.Check).
func SinkGraph(nodes ...*ir.Node) *ir.Graph {
	g := ir.NewGraph(ir.Material, "M_Hand")
	for _, n := range nodes {
		if id := g.Add(n); n.Op == ir.OpMaterialSink {
			g.Sink = id
		}
	}
	return g
}

// CheckedBuild is eval.Build with the IR contract checked on what it
// returns (ir.CheckResult: both graphs satisfy ir.Check and the fates
// describe a stable compaction), so every agreement test also checks the
// Datalog driver's result the way passes.Options.CheckIR checks the reference's.
func CheckedBuild(t testing.TB, g *ir.Graph, packName string, o *eval.Outcome) *ir.Result {
	t.Helper()
	res := eval.Build(g, packName, o)
	if err := ir.CheckResult(res); err != nil {
		t.Errorf("%s on %s: %v", packName, g.Name, err)
	}
	return res
}
