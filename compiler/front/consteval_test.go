package front

import (
	"math"
	"slices"
	"testing"

	"reuselab/ir"
)

// The 2.0 fold refuses what it cannot trust; the 1.x fold pads and keeps
// going. Both divide by zero as ir does (0), so a folded constant is the
// one the fold pass would make.
func TestFoldBinaryAndFoldPaddedDiffer(t *testing.T) {
	if got, ok := FoldBinary(ir.OpAdd, []float64{1}, []float64{1, 2, 3}); !ok || !slices.Equal(got, []float64{2, 3, 4}) {
		t.Errorf("scalar + float3 = %v %v, want [2 3 4]", got, ok)
	}
	if _, ok := FoldBinary(ir.OpAdd, []float64{1, 2}, []float64{1, 2, 3}); ok {
		t.Error("float2 + float3 folded; the 2.0 binder refuses mismatched widths")
	}
	if _, ok := FoldBinary(ir.OpSubtract, []float64{math.Inf(1)}, []float64{math.Inf(1)}); ok {
		t.Error("inf - inf folded to NaN; the 2.0 binder leaves it to the graph")
	}
	if got := FoldPadded(ir.OpAdd, []float64{1, 2}, []float64{1, 2, 3}, 3); !slices.Equal(got, []float64{2, 4, 3}) {
		t.Errorf("1.x float2 + float3 at width 3 = %v, want [2 4 3] (missing components read 0)", got)
	}
	if got := FoldPadded(ir.OpSubtract, []float64{math.Inf(1)}, []float64{math.Inf(1)}, 1); !math.IsNaN(got[0]) {
		t.Errorf("1.x inf - inf = %v, want NaN kept", got)
	}
	for _, got := range [][]float64{FoldPadded(ir.OpDivide, []float64{1}, []float64{0}, 1), must(FoldBinary(ir.OpDivide, []float64{1}, []float64{0}))} {
		if !slices.Equal(got, []float64{0}) {
			t.Errorf("1/0 = %v, want [0] as ir.FoldComponent", got)
		}
	}
}

func must(k []float64, ok bool) []float64 {
	if !ok {
		return nil
	}
	return k
}

func TestWidenAndMasks(t *testing.T) {
	if got := Widen([]float64{5}, 3); !slices.Equal(got, []float64{5, 5, 5}) {
		t.Errorf("Widen scalar = %v", got)
	}
	if got := Widen([]float64{1, 2}, 4); !slices.Equal(got, []float64{1, 2, 0, 0}) {
		t.Errorf("Widen float2 to 4 = %v", got)
	}
	if got, ok := MaskIndices("bgr"); !ok || !slices.Equal(got, []int{2, 1, 0}) {
		t.Errorf("bgr = %v %v", got, ok)
	}
	for _, bad := range []string{"", "xr", "xyzwx", "q"} {
		if _, ok := MaskIndices(bad); ok {
			t.Errorf("mask %q accepted", bad)
		}
	}
}
