package ir

import "strings"

// The node-class catalog: for each engine expression class the corpus uses,
// its input pins in engine order (with the `Const*` property twin a literal
// may go to), its outputs with names and types, its literal properties and
// the spellings 1.x accepted for it. Upstream reads this off the engine's
// class default objects; reuselab has no engine, so the table is written out
// (LANGUAGE-2.0 §2.6, GOLDENS §2). A class the table lacks is still accepted
// from what the source says — the compiler warns, it never refuses, so real
// files compile.

// CatalogPin is one input pin of a class.
type CatalogPin struct {
	Name     string   // engine input name (`A`, `Coordinates`)
	Const    string   // the property twin a literal may fill (`ConstA`), "" if none
	Aliases  []string // display names accepted for the pin (`VS` for VertexInterpolator's Input)
	Required bool     // left open: DSH5279 in a 1.x body (L13)
}

// CatalogOutput is one output. Type "" means the output is as wide as the
// node's widest input (or its OutputType hint, or its destination).
type CatalogOutput struct {
	Name string // "" for the single unnamed output
	Type string
}

// CatalogProp is one literal property. Enum lists the values an enum
// property takes (matched leniently by L12); Alias is a display name.
type CatalogProp struct {
	Name  string
	Enum  []string
	Alias string
}

// CatalogClass is one engine expression class.
type CatalogClass struct {
	Index   int
	Name    string   // short name without the MaterialExpression prefix
	Aliases []string // other names callers may use (`TexCoord`)
	Pins    []CatalogPin
	Outputs []CatalogOutput
	Props   []CatalogProp
	// ChannelViews: the outputs are channel views of one value (TextureSample,
	// VertexColor, SceneColor), so a swizzle equal to one output reads it.
	ChannelViews bool
	// CustomOutput: a statement class (no outputs) that is a prune root.
	CustomOutput bool
}

// Pin returns the pin named name (exact, then alias).
func (c *CatalogClass) Pin(name string) (int, bool) {
	for i, p := range c.Pins {
		if p.Name == name {
			return i, true
		}
	}
	for i, p := range c.Pins {
		for _, a := range p.Aliases {
			if a == name {
				return i, true
			}
		}
	}
	return -1, false
}

// PinFold finds a pin ignoring case; ok only when exactly one matches.
func (c *CatalogClass) PinFold(name string) (int, bool) {
	found := -1
	for i, p := range c.Pins {
		match := strings.EqualFold(p.Name, name)
		for _, a := range p.Aliases {
			match = match || strings.EqualFold(a, name)
		}
		if match {
			if found >= 0 {
				return -1, false
			}
			found = i
		}
	}
	return found, found >= 0
}

// PinByConst finds the pin whose Const twin is name.
func (c *CatalogClass) PinByConst(name string) (int, bool) {
	for i, p := range c.Pins {
		if p.Const != "" && p.Const == name {
			return i, true
		}
	}
	return -1, false
}

// Prop returns the property named name: exact, its `b`-less bool spelling,
// or its display alias.
func (c *CatalogClass) Prop(name string) (*CatalogProp, bool) {
	for i := range c.Props {
		p := &c.Props[i]
		if p.Name == name || p.Alias == name || (strings.HasPrefix(p.Name, "b") && p.Name[1:] == name) {
			return p, true
		}
	}
	return nil, false
}

// PropFold finds a property ignoring case (unique match).
func (c *CatalogClass) PropFold(name string) (*CatalogProp, bool) {
	var found *CatalogProp
	for i := range c.Props {
		p := &c.Props[i]
		if strings.EqualFold(p.Name, name) || strings.EqualFold(p.Alias, name) ||
			(strings.HasPrefix(p.Name, "b") && strings.EqualFold(p.Name[1:], name)) {
			if found != nil {
				return nil, false
			}
			found = p
		}
	}
	return found, found != nil
}

// Output returns the output named name (exact).
func (c *CatalogClass) Output(name string) (int, bool) {
	for i, o := range c.Outputs {
		if o.Name != "" && o.Name == name {
			return i, true
		}
	}
	return -1, false
}

// OutputFold finds an output ignoring case (unique match).
func (c *CatalogClass) OutputFold(name string) (int, bool) {
	found := -1
	for i, o := range c.Outputs {
		if o.Name != "" && strings.EqualFold(o.Name, name) {
			if found >= 0 {
				return -1, false
			}
			found = i
		}
	}
	return found, found >= 0
}

var (
	catalogByName map[string]*CatalogClass
	catalogFold   map[string][]*CatalogClass
)

func init() {
	catalogByName = map[string]*CatalogClass{}
	catalogFold = map[string][]*CatalogClass{}
	for i := range catalogClasses {
		c := &catalogClasses[i]
		c.Index = i
		names := append([]string{c.Name}, c.Aliases...)
		for _, n := range names {
			if _, dup := catalogByName[n]; !dup {
				catalogByName[n] = c
			}
			k := strings.ToLower(n)
			if !containsClass(catalogFold[k], c) {
				catalogFold[k] = append(catalogFold[k], c)
			}
		}
	}
}

func containsClass(cs []*CatalogClass, c *CatalogClass) bool {
	for _, x := range cs {
		if x == c {
			return true
		}
	}
	return false
}

// trimClassName strips the spellings that name the same class:
// `/Script/Engine.MaterialExpressionX`, `MaterialExpressionX`, `UMaterialExpressionX`.
func trimClassName(name string) string {
	if i := strings.LastIndexByte(name, '.'); i >= 0 && strings.HasPrefix(name, "/Script/") {
		name = name[i+1:]
	}
	name = strings.TrimPrefix(name, "UMaterialExpression")
	name = strings.TrimPrefix(name, "MaterialExpression")
	return name
}

// LookupClass finds a class by short name, class name, `/Script/` path,
// `MaterialExpression`+name, `U`-name or alias, exactly.
func LookupClass(name string) (*CatalogClass, bool) {
	if c, ok := catalogByName[name]; ok {
		return c, true
	}
	t := trimClassName(name)
	if c, ok := catalogByName[t]; ok {
		return c, true
	}
	return nil, false
}

// LookupClassFold is the 1.x case-insensitive fallback (L19, DSH5276): it
// succeeds only when exactly one class matches.
func LookupClassFold(name string) (*CatalogClass, bool) {
	k := strings.ToLower(trimClassName(name))
	if strings.HasPrefix(strings.ToLower(name), "materialexpression") {
		k = strings.ToLower(name[len("materialexpression"):])
	}
	cs := catalogFold[k]
	if len(cs) == 1 {
		return cs[0], true
	}
	return nil, false
}

// CatalogSize is the number of known classes; an unknown class gets an index
// past the table.
func CatalogSize() int { return len(catalogClasses) }

// MaterialAttribute is one attribute of the test catalog's MaterialAttributes
// (GOLDENS §2: the eight a GetMaterialAttributes node outputs).
type MaterialAttribute struct {
	Name string
	Type string
}

// MaterialAttributes lists the attributes in the order GetMaterialAttributes
// prints its outputs.
var MaterialAttributes = []MaterialAttribute{
	{"BaseColor", "float3"},
	{"EmissiveColor", "float3"},
	{"Roughness", "float"},
	{"Normal", "float3"},
	{"Opacity", "float"},
	{"WorldPositionOffset", "float3"},
	{"FrontMaterial", "Substrate"},
	{"MaterialAttributes", "material"},
}

// MaterialInputs are the material's inputs a `Base.X` binding or an MA member
// may name, with their types; aliases map to the canonical name.
var MaterialInputs = map[string]string{
	"BaseColor": "float3", "EmissiveColor": "float3", "Normal": "float3", "Refraction": "float3",
	"WorldPositionOffset": "float3", "SubsurfaceColor": "float3", "DiffuseColor": "float3",
	"SpecularColor": "float3", "Tangent": "float3", "Opacity": "float", "OpacityMask": "float",
	"Metallic": "float", "Specular": "float", "Roughness": "float", "AmbientOcclusion": "float",
	"PixelDepthOffset": "float", "CustomData0": "float", "CustomData1": "float",
	"SurfaceThickness": "float", "Displacement": "float", "Anisotropy": "float",
	"MaterialAttributes": "material", "FrontMaterial": "Substrate", "ShadingModel": "float",
}

// MaterialInputAliases maps 1.x spellings to the canonical input.
var MaterialInputAliases = map[string]string{
	"Emissive": "EmissiveColor", "WPO": "WorldPositionOffset", "ClearCoat": "CustomData0",
	"ClearCoatRoughness": "CustomData1", "AO": "AmbientOcclusion", "PDO": "PixelDepthOffset",
	"Attributes": "MaterialAttributes",
}
