package passes

import (
	"strings"
	"testing"

	"reuselab/ir"
)

// §6.18: `vec3 S = A + B; Color = S.rgb;` — in a .dsm (a 1.x product) the
// identity mask stays a full ComponentMask; in a .dss it is no node, and
// its reader reads the source. A mask read through output k ≠ 0 is never an
// identity (its readers would silently move to output 0).
func TestIdentityMaskKeptInLegacyRemovedOtherwise(t *testing.T) {
	build := func(legacy bool) *ir.Graph {
		b := newMaterial("M", legacy)
		a := b.add(2, 1, "A", param("A", 1, 1, 1))
		c := b.add(3, 1, "B", param("B", 1, 1, 1))
		s := b.add(4, 14, "S", op(ir.OpAdd, "float3", a, c))
		rgb := b.add(5, 13, "Color", swz(s, "xyz"))
		tex := b.add(6, 1, "T", texParam("T"))
		uv := b.add(7, 1, "", texCoord(0))
		smp := b.add(8, 1, "", sample(tex, uv))
		r := b.add(9, 1, "", swz(out(smp, 1), "x"))
		b.sink(1, pin("EmissiveColor", rgb), pin("Opacity", r))
		return b.g
	}
	r := Run(build(true), Options{CheckIR: true})
	want(t, ir.DumpGraph(r.Graph),
		`product 0 Material "M" backend=Graph`,
		`  legacy root ""`,
		`  %0 = Parameter(DefaultValue=(1, 1, 1), ParameterName="A", SortPriority=32) : float3 @L2:C1 "A"`,
		`  %1 = Parameter(DefaultValue=(1, 1, 1), ParameterName="B", SortPriority=32) : float3 @L3:C1 "B"`,
		`  %2 = Add(%0, %1) : float3 @L4:C14 "S"`,
		`  %3 = Swizzle(%2, Mask="xyz") : float3 @L5:C13 "Color"`,
		`  %4 = TextureParameter(ParameterName="T", SortPriority=0) : Texture2D @L6:C1 "T"`,
		`  %5 = Reflected[TextureCoordinate](CoordinateIndex=0) : float2 @L7:C1`,
		`  %6 = TextureSample(%4, %5, _, _) : [RGBA:float4, R:float, G:float, B:float, A:float] @L8:C1`,
		`  %7 = Swizzle(%6#1, Mask="x") : float @L9:C1`,
		`  %8 = MaterialSink(EmissiveColor=%3, Opacity=%7) @L1:C1`,
		`  sink %8`)

	r = Run(build(false), Options{CheckIR: true})
	want(t, ir.DumpGraph(r.Graph),
		`product 0 Material "M" backend=Graph`,
		`  %0 = Parameter(DefaultValue=(1, 1, 1), ParameterName="A", SortPriority=32) : float3 @L2:C1 "A"`,
		`  %1 = Parameter(DefaultValue=(1, 1, 1), ParameterName="B", SortPriority=32) : float3 @L3:C1 "B"`,
		`  %2 = Add(%0, %1) : float3 @L4:C14 "S"`,
		`  %3 = TextureParameter(ParameterName="T", SortPriority=0) : Texture2D @L6:C1 "T"`,
		`  %4 = Reflected[TextureCoordinate](CoordinateIndex=0) : float2 @L7:C1`,
		`  %5 = TextureSample(%3, %4, _, _) : [RGBA:float4, R:float, G:float, B:float, A:float] @L8:C1`,
		`  %6 = Swizzle(%5#1, Mask="x") : float @L9:C1`,
		`  %7 = MaterialSink(EmissiveColor=%2, Opacity=%6) @L1:C1`,
		`  sink %7`)
	// The removed mask is recorded as merged into its source, by swizzles.
	if f := r.Fates[3]; f.Kind != ir.Merged || f.Into != 2 || f.Final != 2 || f.Pass.String() != "swizzles" || f.Round != 1 {
		t.Errorf("fate of the identity mask = %+v", f)
	}
}

// §6.19: `v.rgb.rg` is one `Swizzle(v, "xy")` (and merges with an existing
// v.xy); `v.ga.r` is `Swizzle(v, "y")`. The inner masks nothing reads any
// more are pruned. The same holds in a 1.x product.
func TestMaskOfMaskIsOneMask(t *testing.T) {
	for _, legacy := range []bool{false, true} {
		b := newMaterial("M", legacy)
		v := b.add(2, 1, "v", param("v", 1, 2, 3, 4))
		xy := b.add(3, 1, "", swz(v, "xy"))
		rgb := b.add(4, 1, "", swz(v, "xyz"))
		rgbRG := b.add(4, 1, "", swz(rgb, "xy"))
		ga := b.add(5, 1, "", swz(v, "yw"))
		gaR := b.add(5, 1, "", swz(ga, "x"))
		b.sink(1, pin("BaseColor", xy), pin("Normal", rgbRG), pin("Opacity", gaR))
		r := Run(b.g, Options{CheckIR: true})
		lines := []string{`product 0 Material "M" backend=Graph`}
		if legacy {
			lines = append(lines, `  legacy root ""`)
		}
		want(t, ir.DumpGraph(r.Graph), append(lines,
			`  %0 = Parameter(DefaultValue=(1, 2, 3, 4), ParameterName="v", SortPriority=32) : float4 @L2:C1 "v"`,
			`  %1 = Swizzle(%0, Mask="xy") : float2 @L3:C1`,
			`  %2 = Swizzle(%0, Mask="y") : float @L5:C1`,
			`  %3 = MaterialSink(BaseColor=%1, Normal=%1, Opacity=%2) @L1:C1`,
			`  sink %3`)...)
		if f := r.Fates[rgbRG.Node]; f.Kind != ir.Merged || int(f.Into) != xy.Node {
			t.Errorf("legacy=%v: fate of v.rgb.rg = %+v", legacy, f)
		}
		if f := r.Fates[gaR.Node]; f.Kind != ir.Rewritten || f.Pass.String() != "swizzles" || f.Final != 2 {
			t.Errorf("legacy=%v: fate of v.ga.r = %+v", legacy, f)
		}
	}
}

// A composition that is not strictly ascending is no ComponentMask: the
// masks stay two nodes (the builder never makes such a mask; hand-made).
func TestMaskCompositionMustAscend(t *testing.T) {
	if _, ok := compose("xy", "zx"); ok {
		t.Error(`"xy" of "zx" composed`)
	}
	if got, ok := compose("y", "zx"); !ok || got != "x" {
		t.Errorf(`"y" of "zx" = %q, %v`, got, ok)
	}
	if got, ok := compose("xz", "xyw"); !ok || got != "xw" {
		t.Errorf(`"xz" of "xyw" = %q, %v`, got, ok)
	}
	if _, ok := compose("z", "xy"); ok {
		t.Error("a channel past the inner mask composed")
	}
}

// TestPackedMasks: every mask of up to five letters of x, y, z, w (and one
// letter no mask has) packs to what it says, composes with every other as
// compose does, and is an identity exactly as "xyzw"[:width].
func TestPackedMasks(t *testing.T) {
	var masks []string
	var grow func(m string)
	grow = func(m string) {
		masks = append(masks, m)
		if len(m) < 5 {
			for _, c := range "xyzwq" {
				grow(m + string(c))
			}
		}
	}
	grow("")
	packable := 0
	for _, outer := range masks {
		p := packMask(outer)
		valid := len(outer) > 0 && len(outer) <= 4 && !strings.ContainsRune(outer, 'q')
		if (p != 0) != valid {
			t.Fatalf("%q packs to %d", outer, p)
		}
		if p == 0 {
			continue
		}
		packable++
		if p.String() != outer {
			t.Fatalf("%q packs and unpacks to %q", outer, p.String())
		}
		for w := 1; w <= 4; w++ {
			if p.identityOf(w) != (outer == "xyzw"[:w]) {
				t.Fatalf("%q identity of width %d: %v", outer, w, p.identityOf(w))
			}
		}
		for _, inner := range masks {
			q := packMask(inner)
			if q == 0 {
				continue
			}
			got, ok := composePacked(p, q)
			want, wantOK := compose(outer, inner)
			if got != want || ok != wantOK {
				t.Fatalf("%q of %q: %q %v, compose gives %q %v", outer, inner, got, ok, want, wantOK)
			}
		}
	}
	if packable != 4+16+64+256 {
		t.Errorf("%d packable masks, want 340", packable)
	}
}
