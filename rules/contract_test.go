package rules

import (
	"testing"

	"reuselab/ir"
)

// checkedBuild is Build with the IR contract checked on what it returns
// (ir.CheckResult: both graphs satisfy ir.Check and the fates describe a
// stable compaction), so every agreement test also checks the Datalog
// driver's result the way passes.CheckIR checks the reference's.
func checkedBuild(t testing.TB, g *ir.Graph, packName string, o *Outcome) *ir.Result {
	t.Helper()
	res := Build(g, packName, o)
	if err := ir.CheckResult(res); err != nil {
		t.Errorf("%s on %s: %v", packName, g.Name, err)
	}
	return res
}

// The check is live: a result whose fates lose a survivor fails it.
func TestCheckedBuildCatchesABrokenResult(t *testing.T) {
	g := sinkGraph(
		&ir.Node{Op: ir.OpConstant, Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(1)}}, Outputs: []ir.Output{{Type: "float"}}},
		&ir.Node{Op: ir.OpMaterialSink, Pins: []ir.Pin{{Name: "A", Ref: ir.Ref{Node: 0}}}, Role: ir.RoleStatement})
	res := checkedBuild(t, g, "reuse-2.0", Evaluate(g, mustPack(t, "reuse-2.0"), Options{}))
	res.Fates[0].Kind = ir.Pruned
	res.Fates[0].Final = -1
	err := ir.CheckResult(res)
	if ce, ok := err.(*ir.CheckError); !ok || ce.Clause != ir.ClauseResult {
		t.Fatalf("a pruned node that survives: %v", err)
	}
}
