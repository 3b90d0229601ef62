package prove_test

import (
	"os"
	"testing"
	"time"

	"reuselab/compiler/passes"
	"reuselab/ir"
	"reuselab/ir/irgen"
	"reuselab/prove"
)

// generated is n random graphs of the reference's kind, varied in size,
// shape, duplicate rate and product.
func generated(n int) []*ir.Graph {
	var gs []*ir.Graph
	for i := 0; i < n; i++ {
		shape := irgen.Forest
		if i%3 == 2 {
			shape = irgen.Deep
		}
		gs = append(gs, irgen.Generate(irgen.Config{Seed: uint64(1000 + i), Nodes: 10 + i%60,
			DupRate: 0.2 + float64(i%5)/10, Shape: shape, Function: i%4 == 3}))
	}
	return gs
}

// folded marks the build nodes whose cone holds a fold: a claim through
// one rests on the fold's float64 arithmetic (and on pow, sin… when it
// folds them), not on structure alone.
func folded(res *ir.Result) []bool {
	out := make([]bool, len(res.Build.Nodes))
	for id, n := range res.Build.Nodes { // build order is topological
		out[id] = res.Fates[id].Kind == ir.Folded || (n.Op != ir.OpConstant && res.Graph != nil &&
			res.Fates[id].Final >= 0 && res.Graph.Nodes[res.Fates[id].Final].Op == ir.OpConstant)
		n.Inputs(func(r ir.Ref) { out[id] = out[id] || out[r.Node] })
	}
	return out
}

// Every merge the reference pass makes joins two nodes with equal dedupe
// keys: on the build graph their operands are (transitively) merged nodes
// too, so the prover must prove each merge whose cones hold no fold,
// through swizzles, constants equal to 9 digits and every node it only
// knows as a function. A merge through a fold rests on the fold's float64
// arithmetic, and a fold on it alone: those are counted, and must not show
// a fault of the prover's own.
func TestReferenceMergesAreProved(t *testing.T) {
	needSolver(t, prove.Z3())
	n := 100 // 20 with -short, 300 with REUSELAB_LONG=1
	switch {
	case os.Getenv("REUSELAB_LONG") != "":
		n = 300
	case testing.Short():
		n = 20
	}
	// A fold through atan2 or pow can keep z3 busy to its limit, and
	// only the merges outside folds must be proved: 10 s a check.
	p := prove.New(prove.Options{Timeout: 10 * time.Second})
	defer p.Close()
	merges := 0
	var throughFolds, folds [3]int // by outcome
	for _, g := range generated(n) {
		res := passes.Run(g, passes.Options{})
		viaFold := folded(res)
		for m, f := range res.Fates {
			var v prove.Verdict
			switch {
			case f.Kind == ir.Merged:
				into := int(f.Into)
				for k := range res.Build.Nodes[m].Outputs {
					v = p.Equal(res.Build, prove.Output(ir.Ref{Node: m, Out: k}), prove.Output(ir.Ref{Node: into, Out: k}))
					if viaFold[m] || viaFold[into] {
						throughFolds[v.Outcome]++
					} else if merges++; v.Outcome != prove.Proved {
						t.Errorf("%s: %%%d#%d merged into %%%d: %v\n  %s\n  %s", g.Name, m, k, into, v,
							ir.NodeLine(res.Build.Nodes[m]), ir.NodeLine(res.Build.Nodes[into]))
					}
				}
			case f.Kind == ir.Folded && f.Final >= 0 && res.Graph.Nodes[f.Final].Op == ir.OpConstant:
				c, _ := res.Graph.Nodes[f.Final].Prop("Value")
				v = p.EqualsConst(res.Build, prove.Output(ir.Ref{Node: m}), c.Nums)
				folds[v.Outcome]++
			}
			if v.Bug {
				t.Errorf("%s: %%%d: %v", g.Name, m, v)
			}
		}
	}
	s := p.Stats()
	t.Logf("%d graphs: %d merges proved (%d claims as one term, %d solver checks, %d cache hits); "+
		"merges through a fold: %d proved, %d refuted, %d unknown; folds: %d proved, %d refuted, %d unknown",
		n, merges, s.OneTerm, s.SolverChecks, s.CacheHits, throughFolds[prove.Proved], throughFolds[prove.Refuted],
		throughFolds[prove.Unknown], folds[prove.Proved], folds[prove.Refuted], folds[prove.Unknown])
	if merges < n {
		t.Fatalf("only %d merges in %d graphs: the generator no longer makes duplicates", merges, n)
	}
}
