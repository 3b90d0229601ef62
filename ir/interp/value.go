package interp

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Kind says what a Value holds.
type Kind uint8

const (
	// Num is a vector of 1–4 float64 lanes (bools are 0/1).
	Num Kind = iota
	// Handle is an opaque identity: a texture, a Substrate value, anything
	// the interpreter only needs to tell apart.
	Handle
	// Record is a MaterialAttributes set.
	Record
)

// Value is what one output of one node evaluates to.
type Value struct {
	Kind  Kind
	N     int // lanes, Num only
	L     [4]float64
	ID    uint64           // Handle identity; for a Record the opaque base (0 = none)
	Attrs map[string]Value // Record only
}

// Vec makes a Num value from lanes (at most 4 are kept).
func Vec(ls ...float64) Value {
	v := Value{Kind: Num, N: min(len(ls), 4)}
	copy(v.L[:], ls)
	return v
}

// Scalar makes a one-lane value.
func Scalar(x float64) Value { return Vec(x) }

// Lane returns lane i as a componentwise op reads it: a scalar broadcasts,
// a lane past the width reads 0.
func (v Value) Lane(i int) float64 {
	if v.N == 1 {
		return v.L[0]
	}
	if i < v.N {
		return v.L[i]
	}
	return 0
}

// Fit returns v as w lanes: a scalar broadcasts, a wider vector keeps its
// leading lanes (LANGUAGE-2.0 §2.4), a narrower one is padded with 0.
func (v Value) Fit(w int) Value {
	if v.Kind != Num || w <= 0 || w == v.N {
		return v
	}
	out := Value{Kind: Num, N: w}
	for i := 0; i < w; i++ {
		out.L[i] = v.Lane(i)
	}
	return out
}

func (v Value) String() string {
	switch v.Kind {
	case Handle:
		return fmt.Sprintf("handle(%016x)", v.ID)
	case Record:
		names := make([]string, 0, len(v.Attrs))
		for n := range v.Attrs {
			names = append(names, n)
		}
		sort.Strings(names)
		parts := make([]string, len(names))
		for i, n := range names {
			parts[i] = n + "=" + v.Attrs[n].String()
		}
		base := ""
		if v.ID != 0 {
			base = fmt.Sprintf("base %016x; ", v.ID)
		}
		return "{" + base + strings.Join(parts, ", ") + "}"
	}
	parts := make([]string, v.N)
	for i := 0; i < v.N; i++ {
		parts[i] = strconv.FormatFloat(v.L[i], 'g', 17, 64)
	}
	if v.N == 1 {
		return parts[0]
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// ulp32 is one float32 ULP at magnitude 1 (2^-23).
const ulp32 = 1.0 / (1 << 23)

// Equal compares two values under the policy of the package doc: exact bits
// when ulps is 0, else within ulps float32 ULPs of the larger magnitude
// (magnitudes below 1 count as 1). NaN equals NaN and −0 equals +0 in both.
func Equal(a, b Value, ulps int) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case Handle:
		return a.ID == b.ID
	case Record:
		if a.ID != b.ID || len(a.Attrs) != len(b.Attrs) {
			return false
		}
		for n, x := range a.Attrs {
			y, ok := b.Attrs[n]
			if !ok || !Equal(x, y, ulps) {
				return false
			}
		}
		return true
	}
	if a.N != b.N {
		return false
	}
	for i := 0; i < a.N; i++ {
		if !laneEqual(a.L[i], b.L[i], ulps) {
			return false
		}
	}
	return true
}

func laneEqual(x, y float64, ulps int) bool {
	if math.IsNaN(x) || math.IsNaN(y) {
		return math.IsNaN(x) && math.IsNaN(y)
	}
	if x == y { // also −0 == +0 and equal infinities
		return true
	}
	if ulps == 0 || math.IsInf(x, 0) || math.IsInf(y, 0) {
		return false
	}
	mag := math.Max(1, math.Max(math.Abs(x), math.Abs(y)))
	return math.Abs(x-y) <= float64(ulps)*ulp32*mag
}

// WidthOf is the lane count of an IR output type: float…float4, bool, int…
// Non-numeric types return 0.
func WidthOf(typ string) int {
	switch typ {
	case "", "Texture2D", "Texture", "TextureCube", "Texture2DArray", "TextureCubeArray",
		"Texture3D", "material", "Substrate":
		return 0
	}
	if n := len(typ); n > 0 && typ[n-1] >= '1' && typ[n-1] <= '4' {
		return int(typ[n-1] - '0')
	}
	return 1
}

// KindOf is the Kind an output of type typ holds.
func KindOf(typ string) Kind {
	switch {
	case typ == "material":
		return Record
	case typ == "Substrate", strings.HasPrefix(typ, "Texture"):
		return Handle
	}
	return Num
}
