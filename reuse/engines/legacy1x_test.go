package engines_test

import (
	"fmt"
	"testing"

	"reuselab/compiler/passes"
	"reuselab/ir"
	"reuselab/ir/irgen"
	"reuselab/ir/legacy1x"
	"reuselab/reuse"
	"reuselab/rules/eval"
	"reuselab/rules/rulestest"
)

// legacy1xInput is what both engines see for mode 1x: the graph 1.x built
// (legacy1x.Build: a parameter once per scope). The reference builds
// it itself inside Run; the pack is evaluated on it.
func legacy1xInput(g *ir.Graph) *ir.Graph {
	return legacy1x.Build(g.Clone())
}

// agree1x compares the reference in mode 1x with the legacy-1x pack on gs.
func agree1x(t *testing.T, gs []*ir.Graph, where func(int) string) int {
	p := rulestest.MustPack(t, "legacy-1x")
	in := make([]*ir.Graph, len(gs))
	for k, g := range gs {
		in[k] = legacy1xInput(g)
	}
	outs := eval.EvaluateBatch(in, p, eval.Options{})
	bad := 0
	for k, g := range in {
		// legacy1x.Build of its own output adds nothing, so the reference's
		// build graph is the pack's.
		ref := passes.Run(g, passes.Options{Mode: "1x", CheckIR: true})
		if c := reuse.Compare(ref, rulestest.CheckedBuild(t, g, p.Name, outs[k])); !c.Agree() {
			if bad++; bad <= 3 {
				t.Errorf("%s:\n%s\nbuild:\n%s", where(k), c, ir.DumpGraph(g))
			}
		}
	}
	return bad
}

// TestLegacy1xAgreesIrgen: the legacy-1x pack gives exactly the partition
// and surviving graph of the reference's mode 1x on random graphs.
func TestLegacy1xAgreesIrgen(t *testing.T) {
	count := 2000
	if testing.Short() {
		count = 300
	}
	var gs []*ir.Graph
	var cfgs []irgen.Config
	for s := 0; s < count; s++ {
		cfg := irgen.Config{Seed: uint64(s), Nodes: 6 + s%24, DupRate: float64(s%5) / 5,
			Function: s%7 == 3, Legacy: s%5 == 4}
		if s%3 == 1 {
			cfg.Shape = irgen.Deep
		}
		cfgs = append(cfgs, cfg)
		gs = append(gs, irgen.Generate(cfg))
	}
	bad := agree1x(t, gs, func(k int) string { return fmt.Sprintf("irgen seed %d %+v", cfgs[k].Seed, cfgs[k]) })
	t.Logf("legacy-1x agrees with the reference (mode 1x) on %d of %d irgen graphs", count-bad, count)
}

// TestLegacy1xAgreesRealCorpus: the same on every asset of the real corpus.
func TestLegacy1xAgreesRealCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the whole corpus")
	}
	gs, where, _ := corpusGraphs(t)
	bad := agree1x(t, gs, func(k int) string { return where[k] })
	t.Logf("legacy-1x agrees with the reference (mode 1x) on %d of %d assets of the real corpus", len(gs)-bad, len(gs))
}
