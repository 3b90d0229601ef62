package front

import (
	"strings"

	"reuselab/ir"
)

// Catalog selects what a compile binds `UE.`/`Substrate.` calls and
// material attributes against (the 2.0 front end; the 1.x one binds
// against the engine table alone, see counterparts.go).
type Catalog uint8

const (
	// EngineCatalog is for real sources: reuselab's engine class table
	// (package ir, the one the 1.x front end uses) for `UE.` classes, with
	// the test catalog's typed Substrate classes, and every material input
	// of the engine as an attribute.
	EngineCatalog Catalog = iota
	// TestCatalog is upstream's hand-built test catalog
	// (MakeDreamShaderTestBuiltinCatalog, LANGUAGE-DSS §3.1): what the
	// `IR/` goldens are built against, with its 8-attribute table.
	TestCatalog
)

// CatalogSet is the catalog of one compile: engine classes converted to
// typed ones are cached here, so it belongs to one compile at a time.
type CatalogSet struct {
	kind  Catalog
	attrs []MaterialAttribute
	cache map[string]*Class
}

// engineExtraAttributes follow the test table's eight (whose slots the
// dumps print first) in the engine's attribute table.
var engineExtraAttributes = []MaterialAttribute{
	{"Metallic", PinF1, ""}, {"Specular", PinF1, ""}, {"Anisotropy", PinF1, ""}, {"Tangent", PinF3, ""},
	{"SubsurfaceColor", PinF3, ""}, {"AmbientOcclusion", PinF1, "AO"}, {"Refraction", PinF3, ""},
	{"PixelDepthOffset", PinF1, "PDO"}, {"OpacityMask", PinF1, ""}, {"ShadingModel", PinF1, ""},
	{"Displacement", PinF1, ""}, {"CustomData0", PinF1, "ClearCoat"}, {"CustomData1", PinF1, "ClearCoatRoughness"},
	{"SurfaceThickness", PinF1, ""}, {"DiffuseColor", PinF3, ""}, {"SpecularColor", PinF3, ""},
}

// NewCatalogSet is a fresh catalog of the kind given.
func NewCatalogSet(kind Catalog) *CatalogSet {
	cs := &CatalogSet{kind: kind, attrs: testAttributes, cache: map[string]*Class{}}
	if kind == EngineCatalog {
		cs.attrs = append(append([]MaterialAttribute(nil), testAttributes...), engineExtraAttributes...)
	}
	return cs
}

// Kind is the catalog the set was made for.
func (cs *CatalogSet) Kind() Catalog { return cs.kind }

// Attributes are the material attributes in slot order: the test table's
// eight first (a source's GetMaterialAttributes prints those), then the
// engine's others.
func (cs *CatalogSet) Attributes() []MaterialAttribute { return cs.attrs }

// TestAttributes are the test table's eight attributes, the outputs every
// GetMaterialAttributes of a source starts with.
func TestAttributes() []MaterialAttribute {
	return testAttributes[:len(testAttributes):len(testAttributes)]
}

// Attribute resolves a written attribute name or alias to its index in
// Attributes, -1 for none.
func (cs *CatalogSet) Attribute(name string) int {
	for i, a := range cs.attrs {
		if a.Name == name || (a.Alias != "" && a.Alias == name) {
			return i
		}
	}
	return -1
}

// AttributeInOtherCase is the attribute a name Attribute refused means when
// case is ignored ("" for none; the last in slot order when several do).
func (cs *CatalogSet) AttributeInOtherCase(name string) string {
	hint := ""
	for _, a := range cs.attrs {
		if equalFold(a.Name, name) {
			hint = a.Name
		}
	}
	return hint
}

// Class resolves `ns.Name`, nil when the catalog has no such class.
func (cs *CatalogSet) Class(ns, name string) *Class {
	if cs.kind == TestCatalog || ns == "Substrate" {
		if c := testClass(ns, name); c != nil || cs.kind == TestCatalog {
			return c
		}
	}
	if ns != "UE" && ns != "Substrate" {
		return nil
	}
	key := ns + "." + name
	if c, ok := cs.cache[key]; ok {
		return c
	}
	ec, folded := LookupClass(name)
	if ec == nil || folded {
		if ns == "UE" {
			// Classes only the test catalog knows (MoonToonModifier's
			// neighbours, VertexColorViews) stay callable.
			return testClass(ns, name)
		}
		return nil
	}
	c := fromEngine(ns, ec)
	cs.cache[key] = c
	return c
}

// Suggest is the class a name Class refused means in another case, "" for
// none.
func (cs *CatalogSet) Suggest(ns, name string) string {
	if s := testSuggest(ns, name); s != "" || cs.kind == TestCatalog {
		return s
	}
	// Class found no exact match: a match here is one in another case.
	if c, _ := LookupClass(name); c != nil {
		return c.Name
	}
	return ""
}

func enginePinType(t string) PinType {
	switch t {
	case "float", "bool":
		return PinF1
	case "float2":
		return PinF2
	case "float3":
		return PinF3
	case "float4":
		return PinF4
	case "Texture", "Texture2D":
		return PinTexture
	case "material":
		return PinMaterial
	case "Substrate":
		return PinSubstrate
	}
	return PinNumeric
}

// fromEngine converts an engine class of package ir; pins are untyped
// there (the width follows the use), outputs keep their types.
func fromEngine(ns string, ec *ir.CatalogClass) *Class {
	c := &Class{ns: ns, name: ec.Name, aliases: ec.Aliases, views: ec.ChannelViews && len(ec.Outputs) > 1}
	for _, p := range ec.Pins {
		pt := PinNumeric
		switch {
		case p.Name == "TextureObject":
			pt = PinTexture
		case strings.Contains(ec.Name, "MaterialAttributes") && (p.Name == "A" || p.Name == "B"):
			pt = PinMaterial
		}
		c.pins = append(c.pins, ClassPin{Name: p.Name, Type: pt, Twin: p.Const, Aliases: p.Aliases, Required: p.Required})
	}
	for _, o := range ec.Outputs {
		c.outs = append(c.outs, ClassOutput{Name: o.Name, Type: enginePinType(o.Type)})
	}
	for _, p := range ec.Props {
		cp := ClassProp{Name: p.Name, Kind: PropAuto}
		if p.Alias != "" {
			cp.Aliases = []string{p.Alias}
		}
		c.props = append(c.props, cp)
	}
	if ec.Name == "Custom" {
		c.custom = true
	}
	if t := testClass("UE", ec.Name); t != nil {
		c.positional = t.positional
		// The test catalog names these properties' spellings and kinds.
		for _, tp := range t.props {
			found := false
			for i := range c.props {
				if c.props[i].Name == tp.Name {
					c.props[i].Aliases = append(c.props[i].Aliases, tp.Aliases...)
					c.props[i].Kind = tp.Kind
					found = true
				}
			}
			if !found {
				c.props = append(c.props, tp)
			}
		}
		// The test catalog types these pins; keep its widths.
		for i := range c.pins {
			if k, _ := t.Pin(c.pins[i].Name); k >= 0 {
				c.pins[i].Type = t.pins[k].Type
			}
		}
	}
	return c
}
