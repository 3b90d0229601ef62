package eval

import (
	"testing"

	"reuselab/ir"
	"reuselab/rules/pack"
)

// When the record's budget runs out the outcome says so, the proofs made
// so far are kept, and the evaluation decides as without provenance.
func TestRecordBudget(t *testing.T) {
	f := []ir.Output{{Type: "float"}}
	g := ir.NewGraph(ir.Material, "M_Budget")
	g.Add(&ir.Node{Op: ir.OpReflected, Class: "TextureCoordinate", Props: []ir.Prop{{Name: "CoordinateIndex", Value: ir.Num(0)}}, Outputs: []ir.Output{{Type: "float2"}}})
	prev := ir.Ref{Node: 0}
	for k := 0; k < 12; k++ { // a chain of swizzles and negations, one level each
		op := ir.OpNegate
		n := &ir.Node{Op: op, Operands: []ir.Ref{prev}, Outputs: f}
		if k == 0 {
			n = &ir.Node{Op: ir.OpSwizzle, Operands: []ir.Ref{prev}, Props: []ir.Prop{{Name: "Mask", Value: ir.Str("x")}}, Outputs: f}
		}
		prev = ir.Ref{Node: g.Add(n)}
	}
	g.Sink = g.Add(&ir.Node{Op: ir.OpMaterialSink, Pins: []ir.Pin{{Name: "A", Ref: prev}}, Role: ir.RoleStatement})
	p, ds := pack.Builtin("reuse-2.0")
	if p == nil || ds.HasErrors() {
		t.Fatal(ds.String())
	}
	full := Evaluate(g, p, Options{Provenance: true})
	if full.ProofsCut || len(full.Proofs) != 13 {
		t.Fatalf("with the default budget: cut %v, %d nodes proved, want 13", full.ProofsCut, len(full.Proofs))
	}
	defer func(b int) { recordBudget = b }(recordBudget)
	recordBudget = 40
	o := Evaluate(g, p, Options{Provenance: true})
	if !o.ProofsCut || len(o.Proofs) == 0 || len(o.Proofs) >= 13 {
		t.Errorf("budget 40: cut %v, %d nodes proved", o.ProofsCut, len(o.Proofs))
	}
	steps := 0
	for _, ps := range o.Proofs {
		for _, pr := range ps {
			steps += pr.Size()
		}
	}
	if steps > 40 {
		t.Errorf("%d steps recorded over a budget of 40", steps)
	}
	for i := range o.Class {
		if o.Class[i] != full.Class[i] {
			t.Fatalf("the budget changed a decision: b%d class %d, not %d", i, o.Class[i], full.Class[i])
		}
	}
}
