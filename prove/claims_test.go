package prove_test

import (
	"math"
	"testing"

	"reuselab/ir"
	"reuselab/prove"
)

// One claim on two graphs that differ only in names and numbering is one
// formula: the second asks no solver, and its witness is about its own
// nodes.
func TestCacheKeysOnTheFormula(t *testing.T) {
	needSolver(t, prove.Z3())
	cache := prove.NewCache()
	p := prove.New(prove.Options{Cache: cache, Timeout: slowMachine})
	defer p.Close()
	claim := func(name string, pad int) (*ir.Graph, ir.Ref, ir.Ref) {
		b := newBuilder()
		for i := 0; i < pad; i++ {
			b.konst(float64(i) + 0.25)
		}
		x := b.param(name)
		z := b.konst(0)
		return b.g, b.op(ir.OpMultiply, x, z), z
	}
	g1, l1, r1 := claim("Roughness", 0)
	g2, l2, r2 := claim("Metallic", 3)
	v1 := p.Equal(g1, prove.Output(l1), prove.Output(r1))
	v2 := p.Equal(g2, prove.Output(l2), prove.Output(r2))
	if v1.Outcome != prove.Refuted || v2.Outcome != prove.Refuted || v1.Cached || !v2.Cached {
		t.Fatalf("first %v (cached %t), second %v (cached %t)", v1, v1.Cached, v2, v2.Cached)
	}
	if hits, misses := cache.Stats(); hits != 1 || misses != 1 {
		t.Errorf("cache: %d hits, %d misses, want 1 and 1", hits, misses)
	}
	if got := v2.Witness.Values[0]; got.Node != 3 || got.What != "Parameter Metallic" {
		t.Errorf("the cached witness should name the second graph's parameter: %+v", got)
	}
	if v2.Witness.Replay.Confirmation != prove.Confirmed {
		t.Errorf("the cached witness replays on the second graph: %v", v2.Witness)
	}
}

// Lanes, constants (the claim of a fold) and shapes.
func TestLanesAndConstants(t *testing.T) {
	needSolver(t, prove.Z3())
	p := prove.New(prove.Options{Timeout: slowMachine})
	defer p.Close()
	b := newBuilder()
	x, y := b.param("X"), b.param("Y")
	xy := ir.Ref{Node: b.g.Add(&ir.Node{Op: ir.OpAppend, Operands: []ir.Ref{x, y}, Outputs: []ir.Output{{Type: "float2"}}})}
	yx := ir.Ref{Node: b.g.Add(&ir.Node{Op: ir.OpSwizzle, Operands: []ir.Ref{xy}, Outputs: []ir.Output{{Type: "float2"}},
		Props: []ir.Prop{{Name: "Mask", Value: ir.Str("yx")}}})}
	sum := b.op(ir.OpAdd, b.konst(1), b.konst(2))
	third := b.op(ir.OpDivide, b.konst(1), b.konst(3))
	for _, c := range []struct {
		name string
		v    prove.Verdict
		want prove.Outcome
	}{
		{"append(x, y).y = y", p.Equal(b.g, prove.Lane(xy, 1), prove.Output(y)), prove.Proved},
		{"swizzle(append(x, y), yx).y = x", p.Equal(b.g, prove.Lane(yx, 1), prove.Output(x)), prove.Proved},
		{"append(x, y) = swizzle(…, yx)", p.Equal(b.g, prove.Output(xy), prove.Output(yx)), prove.Refuted},
		{"1 + 2 = 3", p.EqualsConst(b.g, prove.Output(sum), []float64{3}), prove.Proved},
		// 1/3 in float64, rounded to float32, is float32's 1/3: one rounding.
		{"1 / 3 = 0.333…", p.EqualsConst(b.g, prove.Output(third), []float64{1.0 / 3}), prove.Proved},
		{"1 + 2 = 4", p.EqualsConst(b.g, prove.Output(sum), []float64{4}), prove.Refuted},
		{"no lane 2", p.Equal(b.g, prove.Lane(xy, 2), prove.Output(x)), prove.Unknown},
	} {
		if c.v.Outcome != c.want {
			t.Errorf("%s: %v, want %v", c.name, c.v, c.want)
		}
	}
}

// Texture samples are functions of their coordinates: reading −0 as +0,
// as a sampler does, so uv+0 samples where uv does.
func TestTextureSamplesAreFunctions(t *testing.T) {
	needSolver(t, prove.Z3())
	p := prove.New(prove.Options{Timeout: slowMachine})
	defer p.Close()
	b := newBuilder()
	tex := ir.Ref{Node: b.g.Add(&ir.Node{Op: ir.OpTextureParameter, Outputs: []ir.Output{{Type: "Texture2D"}},
		Props: []ir.Prop{{Name: "ParameterName", Value: ir.Str("T")}}})}
	u := b.param("U")
	sample := func(uv ir.Ref) ir.Ref {
		return ir.Ref{Node: b.g.Add(&ir.Node{Op: ir.OpTextureSample, Operands: []ir.Ref{tex, uv},
			Outputs: []ir.Output{{Name: "RGB", Type: "float3"}, {Name: "R", Type: "float"}}})}
	}
	s0, s1, s2 := sample(u), sample(b.op(ir.OpAdd, u, b.konst(0))), sample(b.op(ir.OpMultiply, u, b.konst(2)))
	if v := p.Equal(b.g, prove.Output(s0), prove.Output(s1)); v.Outcome != prove.Proved {
		t.Errorf("sample(u) vs sample(u+0): %v", v)
	}
	// Output R is lane x of output RGB: one value, as interp reads it.
	if v := p.Equal(b.g, prove.Output(ir.Ref{Node: s0.Node, Out: 1}), prove.Lane(s1, 0)); v.Outcome != prove.Proved {
		t.Errorf("sample(u).R vs sample(u+0).RGB.x: %v", v)
	}
	v := p.Equal(b.g, prove.Output(s0), prove.Output(s2))
	if v.Outcome != prove.Refuted || v.Witness.Replay.Confirmation != prove.Confirmed {
		t.Fatalf("sample(u) vs sample(2u): %v, want refuted, confirmed with the texels the solver chose", v)
	}
}

// Over the reals a refutation's witness is rational, replayed at the
// nearest float64; a constant that is no real number (NaN) makes the claim
// Unknown, never proved.
func TestRealWitnesses(t *testing.T) {
	needSolver(t, prove.Z3())
	p := prove.New(prove.Options{Semantics: prove.Real, Timeout: slowMachine})
	defer p.Close()
	b := newBuilder()
	x, y := b.param("X"), b.param("Y")
	half := b.op(ir.OpMultiply, b.op(ir.OpAdd, x, y), b.konst(0.5))
	v := p.Equal(b.g, prove.Output(half), prove.Output(x))
	if v.Outcome != prove.Refuted || v.Witness.Replay.Confirmation != prove.Confirmed {
		t.Fatalf("(x+y)/2 vs x over the reals: %v, want refuted and confirmed", v)
	}
	if l, r := v.Witness.Left[0], v.Witness.Right[0]; l == r {
		t.Errorf("the witness's sides are equal: %v", v.Witness)
	}
	nan := b.konst(0)
	b.g.Nodes[nan.Node].Props[0].Value = ir.Tuple(math.NaN())
	if v := p.Equal(b.g, prove.Output(b.op(ir.OpAdd, x, nan)), prove.Output(nan)); v.Outcome != prove.Unknown {
		t.Errorf("x+NaN over the reals: %v, want unknown", v)
	}
}
