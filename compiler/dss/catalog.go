package dss

// The class catalog the `.dss` goldens are built against (LANGUAGE-DSS
// §3.1): upstream's hand-built test catalog, not reuselab's ir catalog,
// which differs in the pins and outputs of several classes.

// pinType is a catalog pin or output type.
type pinType uint8

const (
	ptF1 pinType = iota + 1
	ptF2
	ptF3
	ptF4
	ptNumeric // width decided by the use
	ptTexture
	ptMaterial
	ptSubstrate
)

func (t pinType) width() int {
	if t >= ptF1 && t <= ptF4 {
		return int(t-ptF1) + 1
	}
	return 0
}

type catPin struct {
	name    string
	typ     pinType
	twin    string // Const* property written instead of a constant argument
	aliases []string
	req     bool
}

type propKind uint8

const (
	pkInt propKind = iota
	pkFloat
	pkEnum
	pkName
	pkString
	pkBool
	pkObject
	pkAuto // engine catalog: the value's own kind (number, word, string, bool)
)

type catProp struct {
	name    string
	kind    propKind
	aliases []string
}

type catOut struct {
	name string
	typ  pinType
}

type catClass struct {
	ns, name   string
	aliases    []string
	pins       []catPin
	outs       []catOut
	props      []catProp
	positional []string
	lateBound  bool // instance-dependent pins (MoonToonModifier)
	views      bool // outputs are channel views of one value (engine VertexColor, …)
	custom     bool // UE.Custom: a call names its own inputs
	bsdf       bool // a Substrate BSDF (S3 virtual arguments, DSH4380)
}

func f(n string, t pinType, extra ...string) catPin {
	p := catPin{name: n, typ: t}
	for _, e := range extra {
		switch {
		case e == "req":
			p.req = true
		case len(e) > 5 && e[:5] == "Const":
			p.twin = e
		default:
			p.aliases = append(p.aliases, e)
		}
	}
	return p
}

var catalog = []*catClass{
	{ns: "UE", name: "TextureCoordinate", aliases: []string{"TexCoord"},
		pins:  []catPin{f("Coordinates", ptF2, "UV")},
		outs:  []catOut{{"", ptF2}},
		props: []catProp{{"CoordinateIndex", pkInt, []string{"Index"}}, {"UTiling", pkFloat, nil}, {"VTiling", pkFloat, nil}}, positional: []string{"CoordinateIndex"}},
	{ns: "UE", name: "VertexColor", outs: []catOut{{"", ptF4}}},
	{ns: "UE", name: "Time", outs: []catOut{{"", ptF1}}, props: []catProp{{"Period", pkFloat, nil}}},
	{ns: "UE", name: "SceneTexture", pins: []catPin{f("UV", ptF2)},
		outs:  []catOut{{"Color", ptF4}, {"Size", ptF2}, {"InvSize", ptF2}},
		props: []catProp{{"SceneTextureId", pkEnum, nil}}},
	{ns: "UE", name: "LinearInterpolate", aliases: []string{"Lerp"},
		pins:       []catPin{f("A", ptNumeric, "ConstA"), f("B", ptNumeric, "ConstB"), f("Alpha", ptNumeric, "ConstAlpha")},
		outs:       []catOut{{"", ptNumeric}},
		props:      []catProp{{"ConstA", pkFloat, nil}, {"ConstB", pkFloat, nil}, {"ConstAlpha", pkFloat, nil}},
		positional: []string{"A", "B", "Alpha"}},
	{ns: "UE", name: "ClearCoatNormalCustomOutput", pins: []catPin{f("Input", ptF3, "req")}},
	{ns: "UE", name: "BlendMaterialAttributes", pins: []catPin{f("A", ptMaterial), f("B", ptMaterial), f("Alpha", ptNumeric)}, outs: []catOut{{"", ptMaterial}}},
	{ns: "Substrate", name: "Unlit", pins: []catPin{f("EmissiveColor", ptF3), f("TransmittanceColor", ptF3)}, outs: []catOut{{"", ptSubstrate}}, bsdf: true},
	{ns: "UE", name: "VertexColorViews", outs: []catOut{{"RGB", ptF3}, {"R", ptF1}, {"G", ptF1}, {"B", ptF1}, {"A", ptF1}}},
	{ns: "UE", name: "StaticSwitchParameter", pins: []catPin{f("A", ptNumeric, "True"), f("B", ptNumeric, "False")}, outs: []catOut{{"", ptNumeric}},
		props: []catProp{{"ParameterName", pkName, []string{"Name"}}, {"DefaultValue", pkBool, []string{"Default"}}, {"Group", pkName, nil}, {"SortPriority", pkInt, nil}}},
	{ns: "UE", name: "Custom", outs: []catOut{{"", ptNumeric}}, custom: true,
		props: []catProp{{"Code", pkString, nil}, {"Description", pkString, nil}, {"OutputType", pkEnum, nil}}},
	{ns: "UE", name: "DotProduct", pins: []catPin{f("A", ptNumeric, "req"), f("B", ptNumeric, "req")}, outs: []catOut{{"", ptF1}}},
	{ns: "UE", name: "TextureSample", pins: []catPin{f("Coordinates", ptF2, "UVs", "UV"), f("TextureObject", ptTexture, "Tex")},
		outs: []catOut{{"RGB", ptF3}, {"R", ptF1}, {"G", ptF1}, {"B", ptF1}, {"A", ptF1}, {"RGBA", ptF4}}, props: []catProp{{"SamplerType", pkEnum, nil}}},
	{ns: "UE", name: "TextureObject", outs: []catOut{{"", ptTexture}}, props: []catProp{{"Texture", pkObject, nil}, {"SamplerType", pkEnum, nil}}},
	{ns: "UE", name: "CameraPositionWS", outs: []catOut{{"", ptF3}}},
	{ns: "UE", name: "VertexInterpolator", pins: []catPin{f("Input", ptF4, "VS")}, outs: []catOut{{"PS", ptNumeric}}},
	{ns: "Substrate", name: "MoonToonModifier", pins: []catPin{f("ChannelRGB", ptF3, "Color"), f("ChannelX", ptF1), f("ChannelW", ptF1, "Intensity")},
		outs: []catOut{{"Payload", ptF4}, {"Id", ptF1}}, props: []catProp{{"Modifier", pkEnum, nil}}, lateBound: true},
	{ns: "UE", name: "MakeMaterialAttributes", pins: []catPin{f("BaseColor", ptF3), f("Roughness", ptF1)}, outs: []catOut{{"", ptMaterial}}},
	{ns: "Substrate", name: "Slab", bsdf: true, outs: []catOut{{"", ptSubstrate}},
		pins: []catPin{f("DiffuseAlbedo", ptF3), f("F0", ptF3), f("F90", ptF3), f("Roughness", ptF1), f("Normal", ptF3), f("SSSMFP", ptF3),
			f("EmissiveColor", ptF3), f("SecondRoughness", ptF1), f("SecondRoughnessWeight", ptF1), f("FuzzAmount", ptF1)}},
	{ns: "Substrate", name: "SimpleClearCoat", bsdf: true, outs: []catOut{{"", ptSubstrate}},
		pins: []catPin{f("DiffuseAlbedo", ptF3), f("F0", ptF3), f("Roughness", ptF1), f("ClearCoatCoverage", ptF1), f("ClearCoatRoughness", ptF1)}},
	{ns: "Substrate", name: "Add", pins: []catPin{f("A", ptSubstrate), f("B", ptSubstrate)}, outs: []catOut{{"", ptSubstrate}}, positional: []string{"A", "B"}},
	{ns: "Substrate", name: "Weight", pins: []catPin{f("A", ptSubstrate), f("Weight", ptF1)}, outs: []catOut{{"", ptSubstrate}}, positional: []string{"A", "Weight"}},
	{ns: "Substrate", name: "HorizontalMixing", aliases: []string{"HorizontalMix", "Mix"},
		pins: []catPin{f("Background", ptSubstrate), f("Foreground", ptSubstrate), f("Mix", ptF1)}, outs: []catOut{{"", ptSubstrate}}, positional: []string{"Background", "Foreground", "Mix"}},
	{ns: "Substrate", name: "VerticalLayering", aliases: []string{"VerticalLayer", "Layer"},
		pins: []catPin{f("Top", ptSubstrate), f("Base", ptSubstrate), f("Thickness", ptF1)}, outs: []catOut{{"", ptSubstrate}}, positional: []string{"Top", "Base", "Thickness"}},
	{ns: "Substrate", name: "Select", pins: []catPin{f("A", ptSubstrate), f("B", ptSubstrate), f("SelectValue", ptF1)}, outs: []catOut{{"", ptSubstrate}}, positional: []string{"A", "B", "SelectValue"}},
	{ns: "Substrate", name: "MetalnessToDiffuseAlbedoF0", pins: []catPin{f("BaseColor", ptF3), f("Metallic", ptF1), f("Specular", ptF1)},
		outs: []catOut{{"DiffuseAlbedo", ptF3}, {"F0", ptF3}}},
	{ns: "Substrate", name: "HazinessToSecondaryRoughness", pins: []catPin{f("BaseRoughness", ptF1), f("Haziness", ptF1)},
		outs: []catOut{{"SecondRoughness", ptF1}, {"SecondRoughnessWeight", ptF1}}},
	{ns: "Substrate", name: "TransmittanceToMFP", pins: []catPin{f("TransmittanceColor", ptF3), f("Thickness", ptF1)},
		outs: []catOut{{"MFP", ptF3}, {"Thickness", ptF1}}},
	{ns: "Substrate", name: "ShadingModels", outs: []catOut{{"", ptSubstrate}},
		pins:  []catPin{f("BaseColor", ptF3), f("Metallic", ptF1), f("Specular", ptF1), f("Roughness", ptF1), f("EmissiveColor", ptF3), f("Normal", ptF3), f("Opacity", ptF1)},
		props: []catProp{{"ShadingModelOverride", pkEnum, nil}}},
}

// testClass resolves `ns.Name` in the test catalog by short name or alias,
// exactly.
func testClass(ns, name string) *catClass {
	for _, c := range catalog {
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
	for _, c := range catalog {
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

func (c *catClass) pin(name string) (int, string) {
	for i, p := range c.pins {
		if p.name == name {
			return i, ""
		}
		for _, a := range p.aliases {
			if a == name {
				return i, a
			}
		}
	}
	return -1, ""
}

func (c *catClass) prop(name string) int {
	for i, p := range c.props {
		if p.name == name {
			return i
		}
		for _, a := range p.aliases {
			if a == name {
				return i
			}
		}
	}
	return -1
}

// attrInfo is one material attribute: its name, type and 1.x alias.
type attrInfo struct {
	name  string
	typ   pinType
	alias string
}

// testAttributes is the test catalog's attribute table (index =
// GetMaterialAttributes output slot).
var testAttributes = []attrInfo{
	{"BaseColor", ptF3, ""}, {"EmissiveColor", ptF3, "Emissive"}, {"Roughness", ptF1, ""}, {"Normal", ptF3, ""},
	{"Opacity", ptF1, ""}, {"WorldPositionOffset", ptF3, ""}, {"FrontMaterial", ptSubstrate, ""}, {"MaterialAttributes", ptMaterial, "Attributes"},
}

// attribute resolves a written attribute name to its table index.
func (cs *catalogSet) attribute(name string) int {
	for i, a := range cs.attrs {
		if a.name == name || (a.alias != "" && a.alias == name) {
			return i
		}
	}
	return -1
}
