package explain_test

import (
	"strings"
	"testing"

	"reuselab/ir"
	"reuselab/rules/eval"
	"reuselab/rules/explain"
	"reuselab/rules/rulestest"
)

// The spec's example (node-reuse.txt): UV1.x * 2.0 and UV3.x * 2.0 are one
// node; 2.0 * UV1.x is not (operands in order), except under commutative.
func explainGraph() *ir.Graph {
	f := []ir.Output{{Type: "float"}}
	return rulestest.SinkGraph(
		&ir.Node{Op: ir.OpReflected, Class: "TextureCoordinate", Props: []ir.Prop{{Name: "CoordinateIndex", Value: ir.Num(0)}}, Outputs: []ir.Output{{Type: "float2"}}},
		&ir.Node{Op: ir.OpSwizzle, Operands: []ir.Ref{{Node: 0}}, Props: []ir.Prop{{Name: "Mask", Value: ir.Str("x")}}, Outputs: f},
		&ir.Node{Op: ir.OpConstant, Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(2)}}, Outputs: f},
		&ir.Node{Op: ir.OpMultiply, Operands: []ir.Ref{{Node: 1}, {Node: 2}}, Outputs: f},
		&ir.Node{Op: ir.OpSwizzle, Operands: []ir.Ref{{Node: 0}}, Props: []ir.Prop{{Name: "Mask", Value: ir.Str("x")}}, Outputs: f},
		&ir.Node{Op: ir.OpConstant, Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(2.0)}}, Outputs: f},
		&ir.Node{Op: ir.OpMultiply, Operands: []ir.Ref{{Node: 4}, {Node: 5}}, Outputs: f},
		&ir.Node{Op: ir.OpMultiply, Operands: []ir.Ref{{Node: 5}, {Node: 4}}, Outputs: f},
		&ir.Node{Op: ir.OpMaterialSink, Pins: []ir.Pin{{Name: "A", Ref: ir.Ref{Node: 3}}, {Name: "B", Ref: ir.Ref{Node: 6}}, {Name: "C", Ref: ir.Ref{Node: 7}}}, Role: ir.RoleStatement})
}

func TestExplain(t *testing.T) {
	g := explainGraph()
	p := rulestest.MustPack(t, "reuse-2.0")
	o := eval.Evaluate(g, p, eval.Options{Record: true})
	same := explain.Explain(g, p, o, 3, 6)
	for _, want := range []string{"one node under reuse-2.0", "share the signature", "operand 0: b1 and b4 are one node", "packs/reuse-2.0.mg:"} {
		if !strings.Contains(same, want) {
			t.Errorf("explain b3 b6 lacks %q:\n%s", want, same)
		}
	}
	diff := explain.Explain(g, p, o, 3, 7)
	if !strings.Contains(diff, "not one node") || !strings.Contains(diff, "operation: Swizzle vs Constant") {
		t.Errorf("explain b3 b7:\n%s", diff)
	}
	pc := rulestest.MustPack(t, "commutative")
	oc := eval.Evaluate(g, pc, eval.Options{Record: true})
	if c := explain.Explain(g, pc, oc, 3, 7); !strings.Contains(c, "compared as a set") || !strings.Contains(c, "packs/commutative.mg:") {
		t.Errorf("explain under commutative:\n%s", c)
	}
}
