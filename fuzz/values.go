package fuzz

import (
	"math"
	"math/rand/v2"
)

// Edge is the set of float32 values a merge rule is most often wrong on:
// signed zeros, the units, halves and doubles, the smallest denormal and
// normal, the largest finite value, the infinities, NaN, and a value one
// ULP away from 1. Unreal computes in float32, and such inputs are
// everyday values there (a cleared texture, a division guard, a huge world
// coordinate); random draws almost never meet them.
var Edge = []float64{
	0, math.Copysign(0, -1), 1, -1, 0.5, -0.5, 2, -2,
	float64(math.SmallestNonzeroFloat32), -float64(math.SmallestNonzeroFloat32),
	0x1p-126, // the smallest normal float32
	float64(math.MaxFloat32), -float64(math.MaxFloat32),
	math.Inf(1), math.Inf(-1), math.NaN(),
	float64(math.Nextafter32(1, 2)), float64(math.Nextafter32(1, 0)),
}

// finite reports whether x can be written as a number literal.
func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// randomValue is a random float32 value: uniform in [-4, 4] half the
// time, else of a random magnitude between 2^-30 and 2^30, either sign.
func randomValue(r *rand.Rand) float64 {
	if r.IntN(2) == 0 {
		return float64(float32(r.Float64()*8 - 4))
	}
	v := math.Ldexp(1+r.Float64(), r.IntN(61)-30)
	if r.IntN(2) == 0 {
		v = -v
	}
	return float64(float32(v))
}
