package front

import "testing"

// The two dialects spell the same Type differently exactly where the two
// upstream front ends do; a change here changes every dump of one of them.
func TestIRTypeDialects(t *testing.T) {
	for _, c := range []struct {
		t       Type
		v1, v2  string
		numeric bool
	}{
		{FloatN(3), "float3", "float3", true},
		{Type{Kind: Int, Width: 2}, "float2", "float2", true},
		{Type{Kind: Bool, Width: 1}, "bool", "bool", true},
		{Type{Kind: Bool, Width: 3}, "float3", "bool3", true},
		{Type{Kind: Texture}, "Texture2D", "", false},
		{Type{Kind: Texture, Name: "TextureCube"}, "TextureCube", "TextureCube", false},
		{Type{Kind: Void}, "", "float", false},
		{Type{Kind: Sampler, Name: "SamplerState"}, "float", "SamplerState", false},
		{Type{}, "float", "float", false},
		{Type{Width: 4}, "float4", "float", false},
	} {
		if got := c.t.IRType(Dialect1x); got != c.v1 {
			t.Errorf("%+v.IRType(1x) = %q, want %q", c.t, got, c.v1)
		}
		if got := c.t.IRType(Dialect2); got != c.v2 {
			t.Errorf("%+v.IRType(2) = %q, want %q", c.t, got, c.v2)
		}
		if got := c.t.Numeric(); got != c.numeric {
			t.Errorf("%+v.Numeric() = %v, want %v", c.t, got, c.numeric)
		}
	}
}

// The zero Type is None to the 2.0 front end and a float to the 1.x one.
func TestZeroTypeIsFloatIn1x(t *testing.T) {
	var z Type
	if z.Kind != None || z.Numeric() {
		t.Errorf("zero Type: kind %v numeric %v, want None and not numeric", z.Kind, z.Numeric())
	}
	if !z.In1x().Numeric() || z.In1x().Kind != Float {
		t.Errorf("zero Type in 1.x: %+v, want a numeric float", z.In1x())
	}
	if z.String() != "float" {
		t.Errorf("zero Type prints %q, want float", z.String())
	}
}

func TestParseTypeSpellings(t *testing.T) {
	if got := ParseType2("Float3"); got.Kind != User {
		t.Errorf("2.0 type names are exact: Float3 is %+v, want a User type", got)
	}
	if got := ParseType2("float3x3"); got.Kind != Matrix {
		t.Errorf("float3x3 is %+v, want a Matrix", got)
	}
	if got, ok := ParseType1x("vec3"); !ok || got != FloatN(3) {
		t.Errorf("1.x vec3 is %+v %v, want float3", got, ok)
	}
	if _, ok := ParseType1x("vec1"); ok {
		t.Error("1.x vec1 is a type; GLSL has no vec1")
	}
	if got, ok := ParseType1x("staticbool"); !ok || got != (Type{Kind: Bool, Width: 1}) {
		t.Errorf("1.x staticbool is %+v %v, want bool", got, ok)
	}
}
