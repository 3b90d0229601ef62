package bench

import (
	"math"
	"testing"
)

// TestExactSumOrder: the sum is the same in any order of addition and of
// merging, where float64 addition is not; infinities give what float64
// gives.
func TestExactSumOrder(t *testing.T) {
	xs := []float64{1e16, 1, 1, -1e16, 0.1, 0.2, 0.3}
	if (xs[0]+xs[1])+xs[2] == xs[0]+(xs[1]+xs[2]) {
		t.Fatal("float64 addition is associative here: the test shows nothing")
	}
	var fwd, back, merged exactSum
	for i := range xs {
		fwd.add(xs[i])
		back.add(xs[len(xs)-1-i])
	}
	var half exactSum
	for i, x := range xs {
		if i%2 == 0 {
			merged.add(x)
		} else {
			half.add(x)
		}
	}
	merged.merge(half)
	if a, b, c := fwd.value(), back.value(), merged.value(); a != b || a != c || a != 2.6 {
		t.Errorf("sums %v, %v, %v; want 2.6 each", a, b, c)
	}
	var inf exactSum
	inf.add(1)
	inf.add(math.Inf(1))
	if v := inf.value(); !math.IsInf(v, 1) {
		t.Errorf("1 + Inf = %v", v)
	}
	inf.add(math.Inf(-1))
	if v := inf.value(); !math.IsNaN(v) {
		t.Errorf("Inf − Inf = %v", v)
	}
}

// TestRatioMedianFromCounts: the median kept as counts of distinct values
// is median over the list.
func TestRatioMedianFromCounts(t *testing.T) {
	for _, xs := range [][]float64{{0.5}, {0.5, 0.25}, {0.1, 0.1, 0.9, 0.3}, {0, 0, 0, 1, 1}, {0.2, 0.4, 0.4, 0.4, 0.6, 0.8}} {
		r := ratioAcc{Per: map[float64]int{}}
		for _, x := range xs {
			r.Per[x]++
			r.N++
		}
		if got, want := r.median(), median(xs); got != want {
			t.Errorf("median of %v: %v from counts, %v from the list", xs, got, want)
		}
	}
}
