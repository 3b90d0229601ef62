package interp

import (
	"math"

	"reuselab/ir"
)

// Reassociation: (a + b) + c and a + (b + c) are one value in real
// arithmetic only. A reuse rule that merges them (the reassociate pack)
// makes a claim whose error is not bounded by the result's magnitude:
// when terms cancel, a sum near 0 may differ by a rounding of the terms.
// In float32 (what the GPU computes) summing n terms in any order is
// within (n-1)·2^-24·Σ|t| of the exact sum, so the root of a cone that
// holds such a merge is compared within the ULP bound of the magnitudes
// summed instead of the result's: mag(x) is Σ|t| over the terms of x, read
// through Add, Subtract, Multiply (Π|t|) and Negate, and |x| for any other
// node. The bound is max(1, |raw|, |opt|, mag(raw), mag(opt)) × ULPs ×
// 2^-23. It does not follow an error through a nonlinear op (a Step or a
// Frac of a cancelling sum can still differ): such a difference is real,
// the reassociated graph computes it on the GPU too, and Check reports it.

// magnitudes is the magnitude shadow of one Machine.
type magnitudes struct {
	m    *Machine
	memo map[int]Value
}

func newMagnitudes(m *Machine) *magnitudes { return &magnitudes{m: m, memo: map[int]Value{}} }

var magOps = map[ir.Op]lanewise{
	ir.OpAdd:      {2, func(x []float64) float64 { return x[0] + x[1] }},
	ir.OpSubtract: {2, func(x []float64) float64 { return x[0] + x[1] }},
	ir.OpMultiply: {2, func(x []float64) float64 { return x[0] * x[1] }},
	ir.OpNegate:   {1, func(x []float64) float64 { return x[0] }},
}

// read is the magnitude of what r reads (a non-number: no lanes).
func (s *magnitudes) read(r ir.Ref) Value {
	if !r.Valid() {
		return Value{}
	}
	if to, ok := s.m.redirect[r.Node]; ok {
		r.Node = to
	}
	if r.Node < 0 || r.Node >= len(s.m.nodes) {
		return Value{}
	}
	n := s.m.nodes[r.Node]
	op, linear := magOps[n.Op]
	if linear && r.Out == 0 && len(n.Operands) == op.arity {
		if v, ok := s.memo[r.Node]; ok {
			return v
		}
		args := make([]Value, len(n.Operands))
		for i, o := range n.Operands {
			if args[i] = s.read(o); args[i].Kind != Num || args[i].N == 0 {
				linear = false
			}
		}
		if linear {
			v, err := evalLanewise(op, args, outWidth(n))
			if err == nil {
				s.memo[r.Node] = v
				return v
			}
		}
	}
	v, err := s.m.Read(r)
	if err != nil || v.Kind != Num {
		return Value{}
	}
	for i := 0; i < v.N; i++ {
		v.L[i] = math.Abs(v.L[i])
	}
	return v
}

// equalScaled is Equal with the bound of the magnitudes ma and mb (lanes
// as the values'; a value without magnitudes compares as Equal does).
func equalScaled(a, b Value, ulps int, ma, mb Value) bool {
	if a.Kind != Num || b.Kind != Num || ulps == 0 || a.N != b.N {
		return Equal(a, b, ulps)
	}
	for i := 0; i < a.N; i++ {
		x, y := a.L[i], b.L[i]
		if laneEqual(x, y, ulps) {
			continue
		}
		if math.IsNaN(x) || math.IsNaN(y) || math.IsInf(x, 0) || math.IsInf(y, 0) {
			return false
		}
		mag := math.Max(1, math.Max(math.Abs(x), math.Abs(y)))
		if ma.Kind == Num && ma.N > 0 {
			mag = math.Max(mag, ma.Lane(i))
		}
		if mb.Kind == Num && mb.N > 0 {
			mag = math.Max(mag, mb.Lane(i))
		}
		if math.IsInf(mag, 0) || math.IsNaN(mag) || math.Abs(x-y) > float64(ulps)*ulp32*mag {
			return false
		}
	}
	return true
}
