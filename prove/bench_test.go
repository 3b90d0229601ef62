package prove

import (
	"testing"

	"reuselab/ir"
)

// claimGraph is a one-parameter claim lhs = rhs made by mk.
func claimGraph(mk func(add func(op ir.Op, args ...int) int, konst func(float64) int, x int) (int, int)) (*ir.Graph, ir.Ref, ir.Ref) {
	g := ir.NewGraph(ir.Material, "B")
	x := g.Add(&ir.Node{Op: ir.OpParameter, Outputs: []ir.Output{{Type: "float"}},
		Props: []ir.Prop{{Name: "ParameterName", Value: ir.Str("X")}}})
	add := func(op ir.Op, args ...int) int {
		n := &ir.Node{Op: op, Outputs: []ir.Output{{Type: "float"}}}
		for _, a := range args {
			n.Operands = append(n.Operands, ir.Ref{Node: a})
		}
		return g.Add(n)
	}
	konst := func(v float64) int {
		return g.Add(&ir.Node{Op: ir.OpConstant, Outputs: []ir.Output{{Type: "float"}},
			Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(v)}}})
	}
	l, r := mk(add, konst, x)
	return g, ir.Ref{Node: l}, ir.Ref{Node: r}
}

// BenchmarkEqual is the cost of one claim by how it is decided: without
// the solver (one term, a cache hit), proved by it, refuted (a witness
// interp confirms at once), refuted in float32 only (the edge search and
// the float64 query on top), and over the reals. The cache is emptied
// before each claim except in "cached".
func BenchmarkEqual(b *testing.B) {
	needZ3(b)
	type claim func(add func(ir.Op, ...int) int, konst func(float64) int, x int) (int, int)
	cases := []struct {
		name  string
		sem   Semantics
		keep  bool
		claim claim
	}{
		{"one-term/sin(x)=sin(x)", Float32, false, func(add func(ir.Op, ...int) int, _ func(float64) int, x int) (int, int) {
			return add(ir.OpSin, x), add(ir.OpSin, x)
		}},
		{"cached/x*1=x", Float32, true, func(add func(ir.Op, ...int) int, konst func(float64) int, x int) (int, int) {
			return add(ir.OpMultiply, x, konst(1)), x
		}},
		{"proved/x*1=x", Float32, false, func(add func(ir.Op, ...int) int, konst func(float64) int, x int) (int, int) {
			return add(ir.OpMultiply, x, konst(1)), x
		}},
		{"proved/saturate(saturate(x))=saturate(x)", Float32, false, func(add func(ir.Op, ...int) int, _ func(float64) int, x int) (int, int) {
			s := add(ir.OpSaturate, x)
			return add(ir.OpSaturate, s), s
		}},
		{"refuted/x*0=0", Float32, false, func(add func(ir.Op, ...int) int, konst func(float64) int, x int) (int, int) {
			z := konst(0)
			return add(ir.OpMultiply, x, z), z
		}},
		{"refuted/sqrt(x*x)=abs(x)", Float32, false, func(add func(ir.Op, ...int) int, _ func(float64) int, x int) (int, int) {
			return add(ir.OpSqrt, add(ir.OpMultiply, x, x)), add(ir.OpAbs, x)
		}},
		{"float32-only/(x*2)/2=x", Float32, false, func(add func(ir.Op, ...int) int, konst func(float64) int, x int) (int, int) {
			two := konst(2)
			return add(ir.OpDivide, add(ir.OpMultiply, x, two), two), x
		}},
		{"real/(x+1)-1=x", Real, false, func(add func(ir.Op, ...int) int, konst func(float64) int, x int) (int, int) {
			one := konst(1)
			return add(ir.OpSubtract, add(ir.OpAdd, x, one), one), x
		}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			g, l, r := claimGraph(c.claim)
			p := New(Options{Semantics: c.sem})
			defer p.Close()
			p.Equal(g, Output(l), Output(r)) // the solver started, the cache warm
			for b.Loop() {
				if !c.keep {
					p.opts.Cache = NewCache()
				}
				if v := p.Equal(g, Output(l), Output(r)); v.Outcome == Unknown {
					b.Fatal(v)
				}
			}
		})
	}
}
