package front

// The typed class catalog the `.dss` goldens are built against
// (LANGUAGE-DSS §3.1): upstream's hand-built test catalog, not reuselab's
// engine table (package ir), which differs in the pins and outputs of
// several classes. CatalogSet lays it over the engine table for real
// sources.

// PinType is a catalog pin or output type.
type PinType uint8

const (
	PinF1 PinType = iota + 1
	PinF2
	PinF3
	PinF4
	PinNumeric // width decided by the use
	PinTexture
	PinMaterial
	PinSubstrate
)

// Width is a float type's component count, 0 for any other type.
func (t PinType) Width() int {
	if t >= PinF1 && t <= PinF4 {
		return int(t-PinF1) + 1
	}
	return 0
}

// Type is the value type a pin of type t takes or an output gives; a
// numeric pin reads as float until the use decides its width.
func (t PinType) Type() Type {
	switch t {
	case PinF1, PinF2, PinF3, PinF4:
		return FloatN(t.Width())
	case PinTexture:
		return Type{Kind: Texture, Name: "Texture2D"}
	case PinMaterial:
		return Type{Kind: Material, Name: "material"}
	case PinSubstrate:
		return Type{Kind: Substrate, Name: "Substrate"}
	}
	return Type{Kind: Float, Width: 1}
}

// ClassPin is one input pin of a catalog class.
type ClassPin struct {
	Name     string
	Type     PinType
	Twin     string // Const* property written instead of a constant argument
	Aliases  []string
	Required bool
}

// PropKind is how a property's argument is read.
type PropKind uint8

const (
	PropInt PropKind = iota
	PropFloat
	PropEnum
	PropName
	PropString
	PropBool
	PropObject
	PropAuto // engine catalog: the value's own kind (number, word, string, bool)
)

// ClassProp is one property of a catalog class.
type ClassProp struct {
	Name    string
	Kind    PropKind
	Aliases []string
}

// ClassOutput is one output of a catalog class ("" names a class's only
// output).
type ClassOutput struct {
	Name string
	Type PinType
}

// Class is one typed catalog class. Its tables are shared by every compile:
// read them through the accessors, never change them.
type Class struct {
	ns, name   string
	aliases    []string
	pins       []ClassPin
	outs       []ClassOutput
	props      []ClassProp
	positional []string
	lateBound  bool // instance-dependent pins (MoonToonModifier)
	views      bool // outputs are channel views of one value (engine VertexColor, …)
	custom     bool // UE.Custom: a call names its own inputs
	bsdf       bool // a Substrate BSDF (S3 virtual arguments, DSH4380)
}

// Namespace is the class's `UE` or `Substrate`.
func (c *Class) Namespace() string { return c.ns }

// Name is the class's short name.
func (c *Class) Name() string { return c.name }

// Pins are the class's input pins in catalog order.
func (c *Class) Pins() []ClassPin { return c.pins }

// Outputs are the class's outputs in catalog order.
func (c *Class) Outputs() []ClassOutput { return c.outs }

// Props are the class's properties.
func (c *Class) Props() []ClassProp { return c.props }

// Positional names what a call's positional arguments bind to, in order.
func (c *Class) Positional() []string { return c.positional }

// LateBound says the class's pins depend on the instance (MoonToonModifier).
func (c *Class) LateBound() bool { return c.lateBound }

// ChannelViews says the outputs are channel views of one value.
func (c *Class) ChannelViews() bool { return c.views }

// Custom says a call names its own inputs (UE.Custom).
func (c *Class) Custom() bool { return c.custom }

// BSDF says the class is a Substrate BSDF, whose calls take the S3 virtual
// arguments.
func (c *Class) BSDF() bool { return c.bsdf }

// f is a pin of the test table: extra says "req", names its Const* twin,
// or gives an alias.
func f(n string, t PinType, extra ...string) ClassPin {
	p := ClassPin{Name: n, Type: t}
	for _, e := range extra {
		switch {
		case e == "req":
			p.Required = true
		case len(e) > 5 && e[:5] == "Const":
			p.Twin = e
		default:
			p.Aliases = append(p.Aliases, e)
		}
	}
	return p
}

var testCatalog = []*Class{
	{ns: "UE", name: "TextureCoordinate", aliases: []string{"TexCoord"},
		pins:  []ClassPin{f("Coordinates", PinF2, "UV")},
		outs:  []ClassOutput{{"", PinF2}},
		props: []ClassProp{{"CoordinateIndex", PropInt, []string{"Index"}}, {"UTiling", PropFloat, nil}, {"VTiling", PropFloat, nil}}, positional: []string{"CoordinateIndex"}},
	{ns: "UE", name: "VertexColor", outs: []ClassOutput{{"", PinF4}}},
	{ns: "UE", name: "Time", outs: []ClassOutput{{"", PinF1}}, props: []ClassProp{{"Period", PropFloat, nil}}},
	{ns: "UE", name: "SceneTexture", pins: []ClassPin{f("UV", PinF2)},
		outs:  []ClassOutput{{"Color", PinF4}, {"Size", PinF2}, {"InvSize", PinF2}},
		props: []ClassProp{{"SceneTextureId", PropEnum, nil}}},
	{ns: "UE", name: "LinearInterpolate", aliases: []string{"Lerp"},
		pins:       []ClassPin{f("A", PinNumeric, "ConstA"), f("B", PinNumeric, "ConstB"), f("Alpha", PinNumeric, "ConstAlpha")},
		outs:       []ClassOutput{{"", PinNumeric}},
		props:      []ClassProp{{"ConstA", PropFloat, nil}, {"ConstB", PropFloat, nil}, {"ConstAlpha", PropFloat, nil}},
		positional: []string{"A", "B", "Alpha"}},
	{ns: "UE", name: "ClearCoatNormalCustomOutput", pins: []ClassPin{f("Input", PinF3, "req")}},
	{ns: "UE", name: "BlendMaterialAttributes", pins: []ClassPin{f("A", PinMaterial), f("B", PinMaterial), f("Alpha", PinNumeric)}, outs: []ClassOutput{{"", PinMaterial}}},
	{ns: "Substrate", name: "Unlit", pins: []ClassPin{f("EmissiveColor", PinF3), f("TransmittanceColor", PinF3)}, outs: []ClassOutput{{"", PinSubstrate}}, bsdf: true},
	{ns: "UE", name: "VertexColorViews", outs: []ClassOutput{{"RGB", PinF3}, {"R", PinF1}, {"G", PinF1}, {"B", PinF1}, {"A", PinF1}}},
	{ns: "UE", name: "StaticSwitchParameter", pins: []ClassPin{f("A", PinNumeric, "True"), f("B", PinNumeric, "False")}, outs: []ClassOutput{{"", PinNumeric}},
		props: []ClassProp{{"ParameterName", PropName, []string{"Name"}}, {"DefaultValue", PropBool, []string{"Default"}}, {"Group", PropName, nil}, {"SortPriority", PropInt, nil}}},
	{ns: "UE", name: "Custom", outs: []ClassOutput{{"", PinNumeric}}, custom: true,
		props: []ClassProp{{"Code", PropString, nil}, {"Description", PropString, nil}, {"OutputType", PropEnum, nil}}},
	{ns: "UE", name: "DotProduct", pins: []ClassPin{f("A", PinNumeric, "req"), f("B", PinNumeric, "req")}, outs: []ClassOutput{{"", PinF1}}},
	{ns: "UE", name: "TextureSample", pins: []ClassPin{f("Coordinates", PinF2, "UVs", "UV"), f("TextureObject", PinTexture, "Tex")},
		outs: []ClassOutput{{"RGB", PinF3}, {"R", PinF1}, {"G", PinF1}, {"B", PinF1}, {"A", PinF1}, {"RGBA", PinF4}}, props: []ClassProp{{"SamplerType", PropEnum, nil}}},
	{ns: "UE", name: "TextureObject", outs: []ClassOutput{{"", PinTexture}}, props: []ClassProp{{"Texture", PropObject, nil}, {"SamplerType", PropEnum, nil}}},
	{ns: "UE", name: "CameraPositionWS", outs: []ClassOutput{{"", PinF3}}},
	{ns: "UE", name: "VertexInterpolator", pins: []ClassPin{f("Input", PinF4, "VS")}, outs: []ClassOutput{{"PS", PinNumeric}}},
	{ns: "Substrate", name: "MoonToonModifier", pins: []ClassPin{f("ChannelRGB", PinF3, "Color"), f("ChannelX", PinF1), f("ChannelW", PinF1, "Intensity")},
		outs: []ClassOutput{{"Payload", PinF4}, {"Id", PinF1}}, props: []ClassProp{{"Modifier", PropEnum, nil}}, lateBound: true},
	{ns: "UE", name: "MakeMaterialAttributes", pins: []ClassPin{f("BaseColor", PinF3), f("Roughness", PinF1)}, outs: []ClassOutput{{"", PinMaterial}}},
	{ns: "Substrate", name: "Slab", bsdf: true, outs: []ClassOutput{{"", PinSubstrate}},
		pins: []ClassPin{f("DiffuseAlbedo", PinF3), f("F0", PinF3), f("F90", PinF3), f("Roughness", PinF1), f("Normal", PinF3), f("SSSMFP", PinF3),
			f("EmissiveColor", PinF3), f("SecondRoughness", PinF1), f("SecondRoughnessWeight", PinF1), f("FuzzAmount", PinF1)}},
	{ns: "Substrate", name: "SimpleClearCoat", bsdf: true, outs: []ClassOutput{{"", PinSubstrate}},
		pins: []ClassPin{f("DiffuseAlbedo", PinF3), f("F0", PinF3), f("Roughness", PinF1), f("ClearCoatCoverage", PinF1), f("ClearCoatRoughness", PinF1)}},
	{ns: "Substrate", name: "Add", pins: []ClassPin{f("A", PinSubstrate), f("B", PinSubstrate)}, outs: []ClassOutput{{"", PinSubstrate}}, positional: []string{"A", "B"}},
	{ns: "Substrate", name: "Weight", pins: []ClassPin{f("A", PinSubstrate), f("Weight", PinF1)}, outs: []ClassOutput{{"", PinSubstrate}}, positional: []string{"A", "Weight"}},
	{ns: "Substrate", name: "HorizontalMixing", aliases: []string{"HorizontalMix", "Mix"},
		pins: []ClassPin{f("Background", PinSubstrate), f("Foreground", PinSubstrate), f("Mix", PinF1)}, outs: []ClassOutput{{"", PinSubstrate}}, positional: []string{"Background", "Foreground", "Mix"}},
	{ns: "Substrate", name: "VerticalLayering", aliases: []string{"VerticalLayer", "Layer"},
		pins: []ClassPin{f("Top", PinSubstrate), f("Base", PinSubstrate), f("Thickness", PinF1)}, outs: []ClassOutput{{"", PinSubstrate}}, positional: []string{"Top", "Base", "Thickness"}},
	{ns: "Substrate", name: "Select", pins: []ClassPin{f("A", PinSubstrate), f("B", PinSubstrate), f("SelectValue", PinF1)}, outs: []ClassOutput{{"", PinSubstrate}}, positional: []string{"A", "B", "SelectValue"}},
	{ns: "Substrate", name: "MetalnessToDiffuseAlbedoF0", pins: []ClassPin{f("BaseColor", PinF3), f("Metallic", PinF1), f("Specular", PinF1)},
		outs: []ClassOutput{{"DiffuseAlbedo", PinF3}, {"F0", PinF3}}},
	{ns: "Substrate", name: "HazinessToSecondaryRoughness", pins: []ClassPin{f("BaseRoughness", PinF1), f("Haziness", PinF1)},
		outs: []ClassOutput{{"SecondRoughness", PinF1}, {"SecondRoughnessWeight", PinF1}}},
	{ns: "Substrate", name: "TransmittanceToMFP", pins: []ClassPin{f("TransmittanceColor", PinF3), f("Thickness", PinF1)},
		outs: []ClassOutput{{"MFP", PinF3}, {"Thickness", PinF1}}},
	{ns: "Substrate", name: "ShadingModels", outs: []ClassOutput{{"", PinSubstrate}},
		pins:  []ClassPin{f("BaseColor", PinF3), f("Metallic", PinF1), f("Specular", PinF1), f("Roughness", PinF1), f("EmissiveColor", PinF3), f("Normal", PinF3), f("Opacity", PinF1)},
		props: []ClassProp{{"ShadingModelOverride", PropEnum, nil}}},
}

// testClass resolves `ns.Name` in the test catalog by short name or alias,
// exactly.
func testClass(ns, name string) *Class {
	for _, c := range testCatalog {
		if c.ns != ns {
			continue
		}
		if c.name == name {
			return c
		}
		for _, a := range c.aliases {
			if a == name {
				return c
			}
		}
	}
	return nil
}

// testSuggest finds a test-catalog class whose name matches ignoring case.
func testSuggest(ns, name string) string {
	for _, c := range testCatalog {
		if c.ns == ns && equalFold(c.name, name) {
			return c.name
		}
		for _, a := range c.aliases {
			if c.ns == ns && equalFold(a, name) {
				return a
			}
		}
	}
	return ""
}

// equalFold compares ASCII letters without case; unlike strings.EqualFold
// it does not match a Unicode fold (the Kelvin sign for k) that no catalog
// name has.
func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if x >= 'A' && x <= 'Z' {
			x += 'a' - 'A'
		}
		if y >= 'A' && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// Pin finds a written pin name: its index (-1: none) and, when the name is
// an alias, the alias.
func (c *Class) Pin(name string) (int, string) {
	for i, p := range c.pins {
		if p.Name == name {
			return i, ""
		}
		for _, a := range p.Aliases {
			if a == name {
				return i, a
			}
		}
	}
	return -1, ""
}

// Prop finds a written property name or alias: its index, -1 for none.
func (c *Class) Prop(name string) int {
	for i, p := range c.props {
		if p.Name == name {
			return i
		}
		for _, a := range p.Aliases {
			if a == name {
				return i
			}
		}
	}
	return -1
}

// MaterialAttribute is one material attribute: its name, type and 1.x
// alias.
type MaterialAttribute struct {
	Name  string
	Type  PinType
	Alias string
}

// testAttributes is the test catalog's attribute table (index =
// GetMaterialAttributes output slot).
var testAttributes = []MaterialAttribute{
	{"BaseColor", PinF3, ""}, {"EmissiveColor", PinF3, "Emissive"}, {"Roughness", PinF1, ""}, {"Normal", PinF3, ""},
	{"Opacity", PinF1, ""}, {"WorldPositionOffset", PinF3, ""}, {"FrontMaterial", PinSubstrate, ""}, {"MaterialAttributes", PinMaterial, "Attributes"},
}
