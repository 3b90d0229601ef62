package prove

import (
	"testing"

	"reuselab/ir"
)

// deepCone is x passed through n rounds of sin and add: a cone the solver
// would have to write whole without the frontier.
func deepCone(add func(ir.Op, ...int) int, konst func(float64) int, x, n int) int {
	for i := 0; i < n; i++ {
		x = add(ir.OpAdd, add(ir.OpSin, x), konst(float64(i)))
	}
	return x
}

// A merge is first asked over its shared frontier: x*1 = x is one small
// formula whatever x computes, proved once and then answered by the cache
// on a different cone. A claim true only because of what the frontier
// computes (max(saturate(x), 0) = saturate(x)) is not proved by the free
// values, so it is asked whole, and proved there; a false one is still
// refuted with a witness interp confirms.
func TestFrontierProvesAndFallsBack(t *testing.T) {
	needZ3(t)
	p := New(Options{Timeout: slowMachine})
	defer p.Close()
	mulOne := func(depth int) (*ir.Graph, ir.Ref, ir.Ref) {
		return claimGraph(func(add func(ir.Op, ...int) int, konst func(float64) int, x int) (int, int) {
			d := deepCone(add, konst, x, depth)
			return add(ir.OpMultiply, d, konst(1)), d
		})
	}
	g, l, r := mulOne(40)
	v := p.Equal(g, Output(l), Output(r))
	if v.Outcome != Proved || v.Reason != "unsat over the shared inputs: no values of them make the sides differ" {
		t.Fatalf("x*1 = x over a deep x: %v (%s), want proved over the frontier", v.Outcome, v.Reason)
	}
	g, l, r = mulOne(7)
	if v := p.Equal(g, Output(l), Output(r)); v.Outcome != Proved || !v.Cached {
		t.Errorf("x*1 = x over another x: %v cached %v, want proved from the cache", v.Outcome, v.Cached)
	}
	g, l, r = claimGraph(func(add func(ir.Op, ...int) int, konst func(float64) int, x int) (int, int) {
		s := add(ir.OpSaturate, x)
		return add(ir.OpMax, s, konst(0)), s
	})
	if v := p.Equal(g, Output(l), Output(r)); v.Outcome != Proved || v.Reason == "unsat over the shared inputs: no values of them make the sides differ" {
		t.Errorf("max(saturate(x), 0) = saturate(x): %v (%s), want proved on the whole cone", v.Outcome, v.Reason)
	}
	g, l, r = claimGraph(func(add func(ir.Op, ...int) int, konst func(float64) int, x int) (int, int) {
		d := deepCone(add, konst, x, 3)
		return add(ir.OpSubtract, d, d), konst(0)
	})
	if v := p.Equal(g, Output(l), Output(r)); v.Outcome != Refuted || v.Witness == nil || v.Witness.Replay.Confirmation != Confirmed {
		t.Errorf("d - d = 0: %v (%s), want refuted with a confirmed witness", v.Outcome, v.Reason)
	}
}

// a*b and b*a (and a+b, b+a) are one term: IEEE's add and multiply are
// commutative, and a solver asked to prove it bit-blasts two multipliers.
// Subtraction is not reordered: a-b = b-a stays a refutable claim.
func TestCommutedOperandsAreOneTerm(t *testing.T) {
	needZ3(t)
	p := New(Options{Timeout: slowMachine})
	defer p.Close()
	for _, op := range []ir.Op{ir.OpMultiply, ir.OpAdd} {
		g, l, r := claimGraph(func(add func(ir.Op, ...int) int, konst func(float64) int, x int) (int, int) {
			y := add(ir.OpSin, x)
			return add(op, x, y), add(op, y, x)
		})
		if v := p.Equal(g, Output(l), Output(r)); v.Outcome != Proved || p.Stats().SolverChecks != 0 {
			t.Errorf("%s commuted: %v (%s), %d solver checks; want proved as one term", op, v.Outcome, v.Reason, p.Stats().SolverChecks)
		}
	}
	g, l, r := claimGraph(func(add func(ir.Op, ...int) int, konst func(float64) int, x int) (int, int) {
		y := add(ir.OpSin, x)
		return add(ir.OpSubtract, x, y), add(ir.OpSubtract, y, x)
	})
	if v := p.Equal(g, Output(l), Output(r)); v.Outcome != Refuted {
		t.Errorf("a-b = b-a: %v (%s), want refuted", v.Outcome, v.Reason)
	}
}
