package front

import (
	"math"
	"strings"

	"reuselab/ir"
)

// Constant evaluation at build time folds on ir's rules (ir.FoldComponent),
// the ones the fold pass and the Datalog engine use, so that a constant the
// builder folds is the constant the passes would have folded. The front
// ends differ in what they accept, and both behaviours are kept:
// FoldBinary is the 2.0 front end's (the binder's constant, refused when
// widths disagree or a component is NaN), FoldPadded the 1.x one's (the
// width the expression has, a short operand read as 0 past its end).

// Truth is a condition as a component: 1 or 0.
func Truth(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// FoldBinary folds op componentwise with a scalar operand broadcast; ok is
// false when the widths disagree (neither scalar nor equal), op has no
// componentwise rule, or a component is NaN.
func FoldBinary(op ir.Op, l, r []float64) ([]float64, bool) {
	w := len(l)
	if len(r) > w {
		w = len(r)
	}
	if (len(l) != 1 && len(l) != w) || (len(r) != 1 && len(r) != w) {
		return nil, false
	}
	out := make([]float64, w)
	for i := range out {
		a, b := l[0], r[0]
		if len(l) > 1 {
			a = l[i]
		}
		if len(r) > 1 {
			b = r[i]
		}
		v, ok := ir.FoldComponent(op, a, b, 0)
		if !ok || math.IsNaN(v) {
			return nil, false
		}
		out[i] = v
	}
	return out, true
}

// FoldPadded folds op componentwise to width w: a scalar operand
// broadcasts, a shorter vector reads 0 past its end, an op without a
// componentwise rule gives 0, and NaN stays (the 1.x front end checked
// widths before it folds, and folded + - * / only).
func FoldPadded(op ir.Op, l, r []float64, w int) []float64 {
	out := make([]float64, w)
	for i := range out {
		if v, ok := ir.FoldComponent(op, component(l, i), component(r, i), 0); ok {
			out[i] = v
		}
	}
	return out
}

// component is k[i] with a scalar broadcast and 0 past the end.
func component(k []float64, i int) float64 {
	if len(k) == 1 {
		return k[0]
	}
	if i < len(k) {
		return k[i]
	}
	return 0
}

// Widen fits constant components to width w the way FoldPadded reads
// them: a scalar broadcasts, missing components are 0. A list already of
// width w is returned as is.
func Widen(k []float64, w int) []float64 {
	if len(k) == w {
		return k
	}
	out := make([]float64, w)
	for i := range out {
		out[i] = component(k, i)
	}
	return out
}

// Repeat is w copies of v.
func Repeat(v float64, w int) []float64 {
	out := make([]float64, w)
	for i := range out {
		out[i] = v
	}
	return out
}

// MapComponents is f applied to each component of k, in a new list.
func MapComponents(k []float64, f func(float64) float64) []float64 {
	out := make([]float64, len(k))
	for i, a := range k {
		out[i] = f(a)
	}
	return out
}

// MaskIndices reads a swizzle mask (xyzw or rgba, not mixed, at most four
// letters) as component indices; ok is false for anything else. An index
// past the width of the value swizzled is the caller's to refuse.
func MaskIndices(mask string) ([]int, bool) {
	if len(mask) == 0 || len(mask) > 4 {
		return nil, false
	}
	set := ""
	if strings.ContainsAny(mask[:1], "xyzw") {
		set = "xyzw"
	} else if strings.ContainsAny(mask[:1], "rgba") {
		set = "rgba"
	} else {
		return nil, false
	}
	var out []int
	for i := 0; i < len(mask); i++ {
		k := strings.IndexByte(set, mask[i])
		if k < 0 {
			return nil, false
		}
		out = append(out, k)
	}
	return out, true
}
