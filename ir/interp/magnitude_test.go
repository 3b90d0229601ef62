package interp

import (
	"math"
	"testing"

	"reuselab/ir"
)

// cancelling builds (k1 + k2) + k3 and k1 + (k2 + k3) with k1 = 2^40 and
// k2 = -2^40, whose float64 results differ by a rounding of the big terms
// (about 1e-4) although both are near k3, and a sink reading the second.
func cancelling(k3 float64) (*ir.Graph, int, int) {
	b := newBuilder()
	k1, k2, c := b.constant(math.Ldexp(1, 40)), b.constant(-math.Ldexp(1, 40)), b.constant(k3)
	left := b.op(ir.OpAdd, "float", b.op(ir.OpAdd, "float", k1, k2), c)
	right := b.op(ir.OpAdd, "float", k1, b.op(ir.OpAdd, "float", k2, c))
	b.sink("EmissiveColor", right)
	return b.g, left.Node, right.Node
}

// TestReassociationComparedToMagnitudes: a merge by a pass named
// reassoc… is compared within the bound of the magnitudes summed, so a
// cancelling sum regrouped passes; the same merge claimed exact, or
// compared within the result's ULPs only (a fold's bound), fails; a wrong
// merge fails under the magnitude bound too.
func TestReassociationComparedToMagnitudes(t *testing.T) {
	g, left, right := cancelling(1e-3)
	raw := NewMachine(g, Run{})
	a, _ := raw.Read(ir.Ref{Node: left})
	c, _ := raw.Read(ir.Ref{Node: right})
	if a.L[0] == c.L[0] || math.Abs(a.L[0]-c.L[0]) <= 4*ulp32 {
		t.Fatalf("the sums differ by %g: the case shows nothing", a.L[0]-c.L[0])
	}
	for _, tc := range []struct {
		pass string
		ok   bool
	}{{"reassoc", true}, {"dedupe", false}, {"fold", false}} {
		res := result(g, map[int]int{right: left}, nil, tc.pass)
		if rep := Check(res, Options{Runs: 4, Seed: 1}); rep.OK() != tc.ok {
			t.Errorf("pass %q: ok %v, want %v: %v", tc.pass, rep.OK(), tc.ok, rep)
		}
	}
	// A mode whose name claims reassociation makes every merge inexact.
	res := result(g, map[int]int{right: left}, nil, "dedupe")
	res.Mode = "reassociate"
	if rep := Check(res, Options{Runs: 4, Seed: 1}); !rep.OK() {
		t.Errorf("mode reassociate: %v", rep)
	}
	// A wrong merge among small terms: (1+1)+0.5 is 1 away from (1+1)-0.5,
	// far over 4 float32 ULPs of the 2.5 summed.
	small := newBuilder()
	x, y := small.constant(1), small.constant(0.5)
	l := small.op(ir.OpAdd, "float", small.op(ir.OpAdd, "float", x, x), y)
	r := small.op(ir.OpSubtract, "float", small.op(ir.OpAdd, "float", x, x), y)
	small.sink("EmissiveColor", r)
	if rep := Check(result(small.g, map[int]int{r.Node: l.Node}, nil, "reassoc"), Options{Runs: 4, Seed: 1}); rep.OK() {
		t.Errorf("(1+1)+0.5 merged with (1+1)-0.5 passes under the magnitude bound: %v", rep)
	}
}

func TestMagnitudesFollowLinearOps(t *testing.T) {
	b := newBuilder()
	p, q := b.constant(-3), b.constant(2)
	sum := b.op(ir.OpAdd, "float", p, q)         // |-3| + |2| = 5
	prod := b.op(ir.OpMultiply, "float", sum, q) // 5 * 2 = 10
	neg := b.op(ir.OpNegate, "float", prod)      // 10
	sub := b.op(ir.OpSubtract, "float", neg, p)  // 10 + 3 = 13
	other := b.op(ir.OpSin, "float", sub)        // |sin(5)|: a nonlinear op starts again
	m := newMagnitudes(NewMachine(b.g, Run{}))
	for _, c := range []struct {
		r    ir.Ref
		want float64
	}{{sum, 5}, {prod, 10}, {neg, 10}, {sub, 13}, {other, math.Abs(math.Sin(5))}} {
		if got := m.read(c.r); got.N != 1 || got.L[0] != c.want {
			t.Errorf("%%%d: magnitude %v, want %g", c.r.Node, got, c.want)
		}
	}
}
