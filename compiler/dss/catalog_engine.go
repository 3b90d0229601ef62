package dss

import (
	"strings"

	"reuselab/compiler/front"
	"reuselab/ir"
)

// Catalog selects what a compile binds `UE.`/`Substrate.` calls and
// material attributes against.
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

// catalogSet is the catalog of one compile.
type catalogSet struct {
	kind  Catalog
	attrs []attrInfo
	cache map[string]*catClass
}

// engineExtraAttributes follow the test table's eight (whose slots the
// dumps print first) in the engine's attribute table.
var engineExtraAttributes = []attrInfo{
	{"Metallic", ptF1, ""}, {"Specular", ptF1, ""}, {"Anisotropy", ptF1, ""}, {"Tangent", ptF3, ""},
	{"SubsurfaceColor", ptF3, ""}, {"AmbientOcclusion", ptF1, "AO"}, {"Refraction", ptF3, ""},
	{"PixelDepthOffset", ptF1, "PDO"}, {"OpacityMask", ptF1, ""}, {"ShadingModel", ptF1, ""},
	{"Displacement", ptF1, ""}, {"CustomData0", ptF1, "ClearCoat"}, {"CustomData1", ptF1, "ClearCoatRoughness"},
	{"SurfaceThickness", ptF1, ""}, {"DiffuseColor", ptF3, ""}, {"SpecularColor", ptF3, ""},
}

func newCatalogSet(kind Catalog) *catalogSet {
	cs := &catalogSet{kind: kind, attrs: testAttributes, cache: map[string]*catClass{}}
	if kind == EngineCatalog {
		cs.attrs = append(append([]attrInfo(nil), testAttributes...), engineExtraAttributes...)
	}
	return cs
}

// class resolves `ns.Name`.
func (cs *catalogSet) class(ns, name string) *catClass {
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
	ec, folded := front.LookupClass(name)
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

func (cs *catalogSet) suggest(ns, name string) string {
	if s := testSuggest(ns, name); s != "" || cs.kind == TestCatalog {
		return s
	}
	// class found no exact match: a match here is one in another case.
	if c, _ := front.LookupClass(name); c != nil {
		return c.Name
	}
	return ""
}

func enginePinType(t string) pinType {
	switch t {
	case "float", "bool":
		return ptF1
	case "float2":
		return ptF2
	case "float3":
		return ptF3
	case "float4":
		return ptF4
	case "Texture", "Texture2D":
		return ptTexture
	case "material":
		return ptMaterial
	case "Substrate":
		return ptSubstrate
	}
	return ptNumeric
}

// fromEngine converts an engine class of package ir; pins are untyped
// there (the width follows the use), outputs keep their types.
func fromEngine(ns string, ec *ir.CatalogClass) *catClass {
	c := &catClass{ns: ns, name: ec.Name, aliases: ec.Aliases, views: ec.ChannelViews && len(ec.Outputs) > 1}
	for _, p := range ec.Pins {
		pt := ptNumeric
		switch {
		case p.Name == "TextureObject":
			pt = ptTexture
		case strings.Contains(ec.Name, "MaterialAttributes") && (p.Name == "A" || p.Name == "B"):
			pt = ptMaterial
		}
		c.pins = append(c.pins, catPin{name: p.Name, typ: pt, twin: p.Const, aliases: p.Aliases, req: p.Required})
	}
	for _, o := range ec.Outputs {
		c.outs = append(c.outs, catOut{name: o.Name, typ: enginePinType(o.Type)})
	}
	for _, p := range ec.Props {
		cp := catProp{name: p.Name, kind: pkAuto}
		if p.Alias != "" {
			cp.aliases = []string{p.Alias}
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
				if c.props[i].name == tp.name {
					c.props[i].aliases = append(c.props[i].aliases, tp.aliases...)
					c.props[i].kind = tp.kind
					found = true
				}
			}
			if !found {
				c.props = append(c.props, tp)
			}
		}
		// The test catalog types these pins; keep its widths.
		for i := range c.pins {
			if k, _ := t.pin(c.pins[i].name); k >= 0 {
				c.pins[i].typ = t.pins[k].typ
			}
		}
	}
	return c
}
