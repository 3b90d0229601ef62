package front

import (
	"testing"

	"reuselab/ir"
)

// The test catalog knows only its own classes; the engine catalog finds
// every engine class, types the pins the test catalog types and keeps the
// engine's others untyped, and converts a class once per compile.
func TestCatalogSetClasses(t *testing.T) {
	test, engine := NewCatalogSet(TestCatalog), NewCatalogSet(EngineCatalog)
	if _, ok := ir.LookupClass("Panner"); !ok {
		t.Fatal("the engine table has no Panner: pick another engine-only class")
	}
	if testClass("UE", "Panner") != nil {
		t.Fatal("the test catalog has a Panner: pick another engine-only class")
	}
	if c := test.Class("UE", "Panner"); c != nil {
		t.Errorf("the test catalog found UE.Panner")
	}
	c := engine.Class("UE", "Panner")
	if c == nil || c.Name() != "Panner" || c.Namespace() != "UE" {
		t.Fatalf("the engine catalog's UE.Panner = %+v", c)
	}
	if again := engine.Class("UE", "Panner"); again != c {
		t.Errorf("a second lookup converted the class again")
	}
	for _, p := range c.Pins() {
		if p.Type != PinNumeric {
			t.Errorf("Panner's pin %s is typed %d; the engine's pins are untyped", p.Name, p.Type)
		}
	}

	ts := engine.Class("UE", "TextureSample")
	if ts == nil {
		t.Fatal("the engine catalog does not find UE.TextureSample")
	}
	if k, _ := ts.Pin("Coordinates"); k < 0 || ts.Pins()[k].Type != PinF2 {
		t.Errorf("TextureSample's Coordinates = pin %d; want the test catalog's float2", k)
	}
	if k, _ := ts.Pin("MipValue"); k < 0 || ts.Pins()[k].Type != PinNumeric || ts.Pins()[k].Twin != "ConstMipValue" {
		t.Errorf("TextureSample's MipValue = pin %d; want the engine's untyped pin with its Const twin", k)
	}
	tc := engine.Class("UE", "TexCoord")
	if tc == nil || tc.Name() != "TextureCoordinate" {
		t.Fatal("the engine catalog does not find UE.TexCoord by its alias")
	}
	if i := tc.Prop("Index"); i < 0 || tc.Props()[i].Name != "CoordinateIndex" || tc.Props()[i].Kind != PropInt {
		t.Errorf("TextureCoordinate's Index = prop %d; want the test catalog's int CoordinateIndex", i)
	}
	if len(tc.Positional()) != 1 || tc.Positional()[0] != "CoordinateIndex" {
		t.Errorf("TextureCoordinate's positional arguments %v, want the test catalog's", tc.Positional())
	}

	if engine.Class("Other", "Panner") != nil {
		t.Errorf("a namespace other than UE and Substrate found a class")
	}
	if s := test.Suggest("UE", "texcoord"); s != "TexCoord" {
		t.Errorf("Suggest(texcoord) = %q, want the alias TexCoord", s)
	}
	if s := test.Suggest("UE", "panner"); s != "" {
		t.Errorf("the test catalog suggests %q for an engine-only class", s)
	}
	if s := engine.Suggest("UE", "panner"); s != "Panner" {
		t.Errorf("the engine catalog suggests %q for panner", s)
	}
}

// Both catalogs start with the test table's eight attributes; the engine
// one adds the engine's others after them, aliases resolve, and a name in
// another case is only a suggestion.
func TestCatalogSetAttributes(t *testing.T) {
	test, engine := NewCatalogSet(TestCatalog), NewCatalogSet(EngineCatalog)
	if len(test.Attributes()) != len(TestAttributes()) || len(engine.Attributes()) <= len(TestAttributes()) {
		t.Fatalf("%d test and %d engine attributes for a test table of %d", len(test.Attributes()), len(engine.Attributes()), len(TestAttributes()))
	}
	for i, a := range TestAttributes() {
		if engine.Attributes()[i] != a {
			t.Errorf("engine attribute %d is %+v, the test table's is %+v", i, engine.Attributes()[i], a)
		}
	}
	if i := test.Attribute("Emissive"); i < 0 || test.Attributes()[i].Name != "EmissiveColor" {
		t.Errorf("the alias Emissive resolved to %d", i)
	}
	if test.Attribute("Metallic") >= 0 || engine.Attribute("Metallic") < len(TestAttributes()) {
		t.Errorf("Metallic: test %d, engine %d; want only the engine's, past the eight", test.Attribute("Metallic"), engine.Attribute("Metallic"))
	}
	if test.Attribute("basecolor") >= 0 || test.AttributeInOtherCase("basecolor") != "BaseColor" {
		t.Errorf("basecolor resolved exactly or was not suggested as BaseColor")
	}
	if s := test.AttributeInOtherCase("NoSuchAttribute"); s != "" {
		t.Errorf("suggested %q for an attribute no case has", s)
	}
	// TestAttributes is the package's table: appending to it must not
	// write into what follows it.
	_ = append(TestAttributes(), MaterialAttribute{Name: "X"})
	if len(TestAttributes()) != 8 {
		t.Errorf("the test table has %d attributes, want 8", len(TestAttributes()))
	}
}

// A pin type's value type: floats by width, the others by kind, a numeric
// pin as float until its use decides.
func TestPinTypeType(t *testing.T) {
	for _, tc := range []struct {
		p    PinType
		want Type
	}{
		{PinF1, FloatN(1)}, {PinF3, FloatN(3)}, {PinF4, FloatN(4)},
		{PinNumeric, Type{Kind: Float, Width: 1}},
		{PinTexture, Type{Kind: Texture, Name: "Texture2D"}},
		{PinMaterial, Type{Kind: Material, Name: "material"}},
		{PinSubstrate, Type{Kind: Substrate, Name: "Substrate"}},
	} {
		if got := tc.p.Type(); got != tc.want {
			t.Errorf("PinType(%d).Type() = %+v, want %+v", tc.p, got, tc.want)
		}
	}
	if PinF2.Width() != 2 || PinNumeric.Width() != 0 {
		t.Errorf("widths: float2 %d, numeric %d", PinF2.Width(), PinNumeric.Width())
	}
}
