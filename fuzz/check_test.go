package fuzz

import (
	"math/rand/v2"
	"testing"

	"reuselab/ir"
	"reuselab/prove"
	"reuselab/verify"
)

// Two Parameter nodes of one name are one parameter (the reference
// merges them, and ir/interp draws a parameter by its name): a draw sets
// them alike, so P + P' = P * 2 is not refuted, while P + Q = P * 2, over
// two parameters, is.
func TestParametersOfOneNameAreDrawnAlike(t *testing.T) {
	b := newBuilder("M_Same")
	p, again, q := b.param("P", 0.5), b.param("P", 0.5), b.param("Q", 0.5)
	two := b.constant(2)
	double, _ := b.op(ir.OpMultiply, "", p, two)
	sum, _ := b.op(ir.OpAdd, "", p, again)
	other, _ := b.op(ir.OpAdd, "", p, q)
	for _, r := range []ir.Ref{double, sum, other} {
		b.root(r)
	}
	g := b.finish()
	claim := func(x, y ir.Ref) verify.Claim {
		return verify.Claim{Kind: "merge", Build: y.Node, Other: x.Node, A: prove.Output(x), B: prove.Output(y)}
	}
	d := newDraws(g)
	plan := d.plan(rand.New(rand.NewPCG(1, 2)), 64)
	if ce, err := d.evaluate(claim(double, sum), plan); ce != nil || err != nil {
		t.Errorf("P * 2 = P + P' refuted over one parameter: %v %v", ce, err)
	}
	if ce, _ := d.evaluate(claim(double, other), plan); ce == nil {
		t.Error("P * 2 = P + Q not refuted over two parameters")
	}
}
