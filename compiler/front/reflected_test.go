package front

import (
	"testing"

	"reuselab/ir"
)

// An engine class is found as written, then in another case; a folded
// match says so, and a name no class has finds nothing.
func TestLookupClass(t *testing.T) {
	for _, tc := range []struct {
		written, want string
		folded        bool
	}{
		{"TextureCoordinate", "TextureCoordinate", false},
		{"TexCoord", "TextureCoordinate", false}, // an alias is an exact spelling
		{"MaterialExpressionTime", "Time", false},
		{"texturecoordinate", "TextureCoordinate", true},
		{"NoSuchClassAnywhere", "", false},
	} {
		cls, folded := LookupClass(tc.written)
		got := ""
		if cls != nil {
			got = cls.Name
		}
		if got != tc.want || folded != tc.folded {
			t.Errorf("LookupClass(%q) = %q folded %v, want %q folded %v", tc.written, got, folded, tc.want, tc.folded)
		}
	}
}

// A binding refuses a pin given twice, keeps the widest numeric value,
// writes its lists only when they hold something, and an untyped output
// takes the binding's width (1 when none).
func TestReflectedBinding(t *testing.T) {
	rb := NewReflectedBinding()
	if rb.Given("A") || !rb.Give("A") || rb.Give("A") || !rb.Given("A") {
		t.Errorf("Give/Given: a pin is connected once, then refused")
	}
	rb.Widen(3)
	rb.Widen(2)
	if rb.Width != 3 {
		t.Errorf("width %d, want the widest, 3", rb.Width)
	}
	props := rb.Lists([]ir.Prop{{Name: "Period", Value: ir.Num(2)}})
	if len(props) != 1 {
		t.Errorf("empty lists added properties: %v", props)
	}
	rb.LateBound = []string{"X", "Y"}
	rb.Written = []string{"Input=VS"}
	props = rb.Lists(props)
	if len(props) != 3 || props[1].Name != "LateBoundPins" || props[1].Value.Str != "[X, Y]" || props[2].Name != "WrittenPins" || props[2].Value.Str != "[Input=VS]" {
		t.Errorf("lists: %v", props)
	}
	if o := ReflectedOutput("RGB", "float3", 4, Dialect2); o.Type != "float3" || o.Name != "RGB" {
		t.Errorf("a typed output changed type: %+v", o)
	}
	if o := ReflectedOutput("", "", rb.Width, Dialect2); o.Type != FloatN(3).IRType(Dialect2) {
		t.Errorf("an untyped output is %q, want the binding's width", o.Type)
	}
	if o := ReflectedOutput("", "", 0, Dialect1x); o.Type != FloatN(1).IRType(Dialect1x) {
		t.Errorf("an untyped output with no width is %q, want one component", o.Type)
	}
}
