package ir

import "testing"

// The CaseFallback golden (Legacy/IR/Rules), built by hand: the dump must
// match upstream's text byte for byte.
func TestDumpMatchesCaseFallbackGolden(t *testing.T) {
	g := NewGraph(Material, "M_LiCase")
	g.Legacy = true
	g.Add(&Node{Op: OpReflected, Class: "TextureCoordinate", Props: []Prop{{"CoordinateIndex", Num(0)}},
		Outputs: []Output{{Type: "float2"}}, Span: Span{Line: 10, Col: 26}, Debug: "MyLocal"})
	g.Add(&Node{Op: OpSwizzle, Operands: []Ref{{0, 0}}, Props: []Prop{{"Mask", Str("x")}},
		Outputs: []Output{{Type: "float"}}, Span: Span{Line: 11, Col: 22}, Debug: "Color"})
	g.Add(&Node{Op: OpSwizzle, Operands: []Ref{{0, 0}}, Props: []Prop{{"Mask", Str("y")}},
		Outputs: []Output{{Type: "float"}}, Span: Span{Line: 11, Col: 33}, Debug: "Color"})
	g.Add(&Node{Op: OpConstant, Props: []Prop{{"Value", Tuple(0)}},
		Outputs: []Output{{Type: "float"}}, Span: Span{Line: 11, Col: 44}, Debug: "Color"})
	g.Add(&Node{Op: OpAppend, Operands: []Ref{{1, 0}, {2, 0}},
		Outputs: []Output{{Type: "float2"}}, Span: Span{Line: 11, Col: 17}, Debug: "Color"})
	g.Add(&Node{Op: OpAppend, Operands: []Ref{{4, 0}, {3, 0}},
		Outputs: []Output{{Type: "float3"}}, Span: Span{Line: 11, Col: 17}, Debug: "Color"})
	g.Sink = g.Add(&Node{Op: OpMaterialSink, Pins: []Pin{{"EmissiveColor", Ref{5, 0}}},
		Span: Span{Line: 2, Col: 1}, Role: RoleStatement})
	m := &Module{Leaf: "CaseFallback.dsm", Products: []*Graph{g}}
	want := "module \"CaseFallback.dsm\"\n\nproduct 0 Material \"M_LiCase\" backend=Graph\n  legacy root \"\"\n  %0 = Reflected[TextureCoordinate](CoordinateIndex=0) : float2 @L10:C26 \"MyLocal\"\n  %1 = Swizzle(%0, Mask=\"x\") : float @L11:C22 \"Color\"\n  %2 = Swizzle(%0, Mask=\"y\") : float @L11:C33 \"Color\"\n  %3 = Constant(Value=(0)) : float @L11:C44 \"Color\"\n  %4 = Append(%1, %2) : float2 @L11:C17 \"Color\"\n  %5 = Append(%4, %3) : float3 @L11:C17 \"Color\"\n  %6 = MaterialSink(EmissiveColor=%5) @L2:C1\n  sink %6\n"
	if got := Dump(m); got != want {
		t.Fatalf("dump differs:\n got %q\nwant %q", got, want)
	}
}

func TestFormatNumberIsPercentNineG(t *testing.T) {
	cases := map[float64]string{2: "2", 10.5: "10.5", 0.1: "0.1", 1e-7: "1e-07", 1e9: "1e+09",
		100000000: "100000000", float64(float32(0.8)): "0.800000012", -0.5: "-0.5"}
	for v, want := range cases {
		if got := FormatNumber(v); got != want {
			t.Errorf("FormatNumber(%v) = %q, want %q", v, got, want)
		}
	}
	if FormatNumber(negZero()) != "0" {
		t.Errorf("-0 must print 0")
	}
}

func negZero() float64 { z := 0.0; return -z }

func TestDedupeKeyOperandOrderAndPinSet(t *testing.T) {
	a := &Node{Op: OpMultiply, Operands: []Ref{{1, 0}, {2, 0}}, Outputs: []Output{{Type: "float"}}}
	b := &Node{Op: OpMultiply, Operands: []Ref{{2, 0}, {1, 0}}, Outputs: []Output{{Type: "float"}}}
	if DedupeKey(a, nil) == DedupeKey(b, nil) {
		t.Error("a*b and b*a must differ (R5: operands in order)")
	}
	p := &Node{Op: OpCustom, Class: "F", Pins: []Pin{{"A", Ref{1, 0}}, {"B", Ref{2, 0}}}}
	q := &Node{Op: OpCustom, Class: "F", Pins: []Pin{{"B", Ref{2, 0}}, {"A", Ref{1, 0}}}}
	if DedupeKey(p, nil) != DedupeKey(q, nil) {
		t.Error("named inputs compare as a set (R5)")
	}
	c1 := &Node{Op: OpConstant, Props: []Prop{{"Value", Tuple(1)}}, Outputs: []Output{{Type: "float"}}}
	c2 := &Node{Op: OpConstant, Props: []Prop{{"Value", Tuple(1.0000000001)}}, Outputs: []Output{{Type: "float"}}}
	c3 := &Node{Op: OpConstant, Props: []Prop{{"Value", Tuple(1)}}, Outputs: []Output{{Type: "bool"}}}
	if DedupeKey(c1, nil) != DedupeKey(c2, nil) {
		t.Error("constants equal to 9 significant digits are one key")
	}
	if DedupeKey(c1, nil) == DedupeKey(c3, nil) {
		t.Error("a bool and a float constant differ (output type in the key)")
	}
}
