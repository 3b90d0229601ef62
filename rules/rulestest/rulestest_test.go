package rulestest_test

import (
	"testing"

	"reuselab/ir"
	"reuselab/rules/eval"
	"reuselab/rules/rulestest"
)

// The check is live: a result whose fates lose a survivor fails it.
func TestCheckedBuildCatchesABrokenResult(t *testing.T) {
	g := rulestest.SinkGraph(
		&ir.Node{Op: ir.OpConstant, Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(1)}}, Outputs: []ir.Output{{Type: "float"}}},
		&ir.Node{Op: ir.OpMaterialSink, Pins: []ir.Pin{{Name: "A", Ref: ir.Ref{Node: 0}}}, Role: ir.RoleStatement})
	res := rulestest.CheckedBuild(t, g, "reuse-2.0", eval.Evaluate(g, rulestest.MustPack(t, "reuse-2.0"), eval.Options{}))
	res.Fates[0].Kind = ir.Pruned
	res.Fates[0].Final = -1
	err := ir.CheckResult(res)
	if ce, ok := err.(*ir.CheckError); !ok || ce.Clause != ir.ClauseResult {
		t.Fatalf("a pruned node that survives: %v", err)
	}
}
