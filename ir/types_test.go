package ir

import "testing"

// TestTypeWidth: each numeric type has its component count, and every
// other name has none, near misses of the numeric names included (TypeWidth
// reads the width off the last byte, so these are what it could get wrong).
func TestTypeWidth(t *testing.T) {
	want := map[string]int{
		"float": 1, "float2": 2, "float3": 3, "float4": 4,
		"bool": 1, "bool2": 2, "bool3": 3, "bool4": 4,
	}
	for _, name := range []string{"", "f", "floa", "boo", "float1", "float5", "float0", "floatx", "float22",
		"float4 ", "bool1", "bool5", "boolx", "bool/", "float:", "float\xff", "Float", "double",
		"Texture2D", "Texture", "material", "Substrate", "int", "half3"} {
		want[name] = 0
	}
	for name, w := range want {
		if got := TypeWidth(name); got != w {
			t.Errorf("TypeWidth(%q) = %d, want %d", name, got, w)
		}
	}
}
