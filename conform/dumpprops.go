package conform

// The properties a graph dump prints per expression class: upstream writes
// every reflected property that is content rather than presentation (its
// digest set: no positions, colours, Desc, GUIDs or inputs), at the value
// the node holds, so a property the emitter leaves at its engine default
// still prints. The defaults below are the engine's class defaults as the
// goldens show them; a class not listed prints the emitter's properties.

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

type propKind uint8

const (
	propBool propKind = iota
	propInt
	propFloat
	propName   // an FName or FString
	propEnum   // an enumerator, printed with its C++ prefix
	propObject // an asset reference: its path, or null
	propColor  // an FLinearColor as exported text
	propVector // an FVector4f as exported text
	propText   // any other struct as exported text, kept as given
	propNames  // an array of names, as a JSON array
)

// dumpProp is one property of a class: its kind and the class default.
type dumpProp struct {
	name   string
	kind   propKind
	def    string // in the emitter's spelling; "" for an object is null
	prefix string // an enumerator's prefix
}

func bp(name string, def bool) dumpProp {
	return dumpProp{name: name, kind: propBool, def: strconv.FormatBool(def)}
}
func ip(name string, def int) dumpProp {
	return dumpProp{name: name, kind: propInt, def: strconv.Itoa(def)}
}
func fp(name string, def string) dumpProp {
	return dumpProp{name: name, kind: propFloat, def: def}
}
func np(name, def string) dumpProp { return dumpProp{name: name, kind: propName, def: def} }
func ep(name, prefix, def string) dumpProp {
	return dumpProp{name: name, kind: propEnum, def: def, prefix: prefix}
}
func op(name string) dumpProp { return dumpProp{name: name, kind: propObject} }

// defaultTexture is what a texture parameter without a default holds: the
// generator gives it the engine's default texture so that it compiles.
var defaultTexture = dumpProp{name: "Texture", kind: propObject, def: "/Engine/EngineResources/DefaultTexture.DefaultTexture"}

var (
	parameterProps = []dumpProp{np("Group", "None"), np("ParameterName", "None"), ip("SortPriority", 32)}
	primitiveData  = []dumpProp{ip("PrimitiveDataIndex", 0), bp("bUseCustomPrimitiveData", false)}
	textureProps   = []dumpProp{bp("AutomaticViewMipBias", true), {name: "ChannelNames", kind: propText, def: "()"},
		ip("ConstCoordinate", 0), ip("ConstMipValue", -1), ep("GatherMode", "TGM_", "TGM_None"),
		bp("IsDefaultMeshpaintTexture", false), ep("MipValueMode", "TMVM_", "TMVM_None"),
		ep("SamplerSource", "SSM_", "SSM_FromTextureAsset"), ep("SamplerType", "SAMPLERTYPE_", "SAMPLERTYPE_Color")}
	binaryProps = func(a, b string) []dumpProp { return []dumpProp{fp("ConstA", a), fp("ConstB", b)} }
	mixingProps = []dumpProp{bp("bUseParameterBlending", false)}
)

func join(parts ...[]dumpProp) []dumpProp {
	var out []dumpProp
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// classProps lists the dumped properties of the classes the emitter makes.
var classProps = map[string][]dumpProp{
	"Add":                     binaryProps("0", "1"),
	"Subtract":                binaryProps("1", "1"),
	"Multiply":                binaryProps("0", "1"),
	"Divide":                  binaryProps("1", "2"),
	"Max":                     binaryProps("0", "1"),
	"Min":                     binaryProps("0", "1"),
	"Fmod":                    {},
	"AppendVector":            {},
	"DotProduct":              {},
	"CrossProduct":            {},
	"Frac":                    {},
	"Saturate":                {},
	"VertexColor":             {},
	"BreakMaterialAttributes": {},
	"MakeMaterialAttributes":  {},
	"NamedRerouteUsage":       {},
	"LinearInterpolate":       {fp("ConstA", "0"), fp("ConstAlpha", "0.5"), fp("ConstB", "1")},
	"If":                      {fp("ConstB", "0"), fp("EqualsThreshold", "0.00001")},
	"Power":                   {fp("ConstExponent", "2")},
	"Clamp":                   {ep("ClampMode", "CMODE_", "CMODE_Clamp"), fp("MaxDefault", "1"), fp("MinDefault", "0")},
	"Constant":                {fp("R", "0")},
	"Constant2Vector":         {fp("G", "0"), fp("R", "0")},
	"Constant3Vector":         {{name: "Constant", kind: propColor, def: "(R=0,G=0,B=0,A=0)"}},
	"Constant4Vector":         {{name: "Constant", kind: propColor, def: "(R=0,G=0,B=0,A=0)"}},
	"ComponentMask":           {bp("A", false), bp("B", false), bp("G", false), bp("R", false)},
	"ScalarParameter": join([]dumpProp{ep("ControlType", "", "Numeric"), fp("DefaultValue", "0"), op("Enumeration"),
		ip("EnumerationIndex", 0), fp("SliderMax", "0"), fp("SliderMin", "0")}, parameterProps, primitiveData),
	"VectorParameter": join([]dumpProp{{name: "ChannelNames", kind: propText, def: "()"},
		{name: "DefaultValue", kind: propColor, def: "(R=1,G=1,B=1,A=1)"}}, parameterProps, primitiveData),
	"StaticBoolParameter":      join([]dumpProp{bp("DefaultValue", false)}, parameterProps),
	"StaticSwitchParameter":    join([]dumpProp{bp("DefaultValue", false)}, parameterProps),
	"StaticSwitch":             {bp("DefaultValue", false)},
	"TextureObjectParameter":   join(textureProps, parameterProps, []dumpProp{defaultTexture}),
	"TextureSampleParameter2D": join(textureProps, parameterProps, []dumpProp{defaultTexture}),
	"TextureSample":            join(textureProps, []dumpProp{op("Texture")}),
	"TextureObject":            {ep("SamplerType", "SAMPLERTYPE_", "SAMPLERTYPE_Color"), op("Texture")},
	"CollectionParameter":      {op("Collection"), np("Group", "None"), np("ParameterName", "None"), ip("SortPriority", 32)},
	"Custom": {{name: "AdditionalDefines", kind: propText}, {name: "AdditionalOutputs", kind: propText}, np("Code", ""),
		ep("ContainsClipInstruction", "CMCI_", "CMCI_Search"), np("Description", "Custom"),
		{name: "IncludeFilePaths", kind: propText}, ep("OutputType", "CMOT_", "CMOT_Float3"), bp("ShowCode", false)},
	"FunctionInput": {ep("BlendInputRelevance", "", "General"), np("Description", ""), np("InputName", "In"),
		ep("InputType", "FunctionInput_", "FunctionInput_Vector3"), {name: "PreviewValue", kind: propVector, def: "(X=0,Y=0,Z=0,W=1)"},
		ip("SortPriority", 0), bp("bUsePreviewValueAsDefault", false)},
	"FunctionOutput":            {np("Description", ""), np("OutputName", "Result"), ip("SortPriority", 0)},
	"MaterialFunctionCall":      {op("MaterialFunction")},
	"NamedRerouteDeclaration":   {np("Name", "")},
	"GetMaterialAttributes":     {{name: "AttributeGetTypes", kind: propNames}},
	"SetMaterialAttributes":     {{name: "AttributeSetTypes", kind: propNames}},
	"SubstrateHorizontalMixing": mixingProps,
	"SubstrateVerticalLayering": mixingProps,
	"SubstrateSlabBSDF":         {op("SpecularProfile"), ep("SubSurfaceType", "MSS_", "MSS_Diffusion"), op("SubsurfaceProfile")},
	"Time":                      {fp("Period", "0"), bp("bIgnorePause", false), bp("bOverride_Period", false)},
	"TextureCoordinate":         {ip("CoordinateIndex", 0), fp("UTiling", "1"), bp("UnMirrorU", false), bp("UnMirrorV", false), fp("VTiling", "1")},
	"Transform": {ep("TransformSourceType", "TRANSFORMSOURCE_", "TRANSFORMSOURCE_Tangent"),
		ep("TransformType", "TRANSFORM_", "TRANSFORM_World")},
	"TransformPosition": {fp("ConstFirstPersonInterpolationAlpha", "1"), fp("ConstPeriodicWorldTileSize", "32"),
		ep("TransformSourceType", "TRANSFORMPOSSOURCE_", "TRANSFORMPOSSOURCE_Local"),
		// The generator writes World when the source names no
		// destination (Legacy/Compile/M_LegacySpaces); the IR keeps none.
		ep("TransformType", "TRANSFORMPOSSOURCE_", "TRANSFORMPOSSOURCE_World")},
	"WorldPosition": {ep("WorldPositionShaderOffset", "WPT_", "WPT_Default")},
	"Sine":          {fp("Period", "1")},
	"Cosine":        {fp("Period", "1")},
}

// nodeProps builds a node's props object from the emitter's properties
// over the class defaults.
func nodeProps(class string, prop func(string) (string, bool), all func() []string) *dumpValue {
	obj := jObject()
	schema, known := classProps[class]
	if !known {
		for _, name := range all() {
			if name == "Desc" {
				continue
			}
			v, _ := prop(name)
			obj.set(name, guessValue(v))
		}
		return obj
	}
	for _, p := range schema {
		v, ok := prop(p.name)
		if !ok {
			v = p.def
		}
		obj.set(p.name, propValue(p, v, ok))
	}
	return obj
}

var numberText = regexp.MustCompile(`-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?`)

// propValue converts one property from the emitter's spelling.
func propValue(p dumpProp, v string, given bool) *dumpValue {
	switch p.kind {
	case propBool:
		return jBool(strings.EqualFold(v, "true"))
	case propInt:
		f, _ := strconv.ParseFloat(v, 64)
		return jInt(int64(f))
	case propFloat:
		f, _ := strconv.ParseFloat(v, 64)
		return jFloat32(f)
	case propEnum:
		if p.prefix != "" && !strings.HasPrefix(v, p.prefix) {
			v = p.prefix + v
		}
		return jString(v)
	case propObject:
		return objectValue(p.name, v)
	case propColor:
		return jString(structText(v, "RGBA", 1))
	case propVector:
		return jString(structText(v, "XYZW", 1))
	case propNames:
		arr := jArray()
		for _, s := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' }) {
			arr.add(jString(s))
		}
		return arr
	}
	return jString(v)
}

// objectValue is an asset reference's path: a sibling product (a bare
// name) lives in the compile's own package, which the golden spells
// `<package>`.
func objectValue(name, v string) *dumpValue {
	v = strings.Trim(strings.TrimSpace(v), `"`)
	if i := strings.IndexByte(v, '\''); i > 0 && strings.HasSuffix(v, "'") {
		v = strings.Trim(v[i:], "'")
	}
	if v == "" || v == "None" {
		return jNull()
	}
	v = resolvePathSpelling(v)
	if !strings.HasPrefix(v, "/") {
		return jString("<package>/" + v + "." + v)
	}
	return jString(v)
}

// structText exports a color or vector as the engine does: each channel
// in %f of its float32, a missing one at def.
func structText(v, channels string, def float64) string {
	nums := numberText.FindAllString(v, -1)
	var parts []string
	for i, c := range channels {
		x := def
		if i < len(nums) {
			x, _ = strconv.ParseFloat(nums[i], 64)
		}
		parts = append(parts, fmt.Sprintf("%c=%f", c, float32(x)))
	}
	return "(" + strings.Join(parts, ",") + ")"
}

// guessValue types a property of a class the table does not know.
func guessValue(v string) *dumpValue {
	if strings.EqualFold(v, "true") || strings.EqualFold(v, "false") {
		return jBool(strings.EqualFold(v, "true"))
	}
	if f, err := strconv.ParseFloat(v, 64); err == nil {
		return jFloat32(f)
	}
	return jString(v)
}

// resolvePathSpelling turns a 1.x `Path(Root, "rel")` into the object
// path it names (`/Root/rel.leaf`; a plugin root `Plugins.X` mounts as
// /X), as the generator resolves it; any other text is returned as it is.
func resolvePathSpelling(v string) string {
	inner, ok := strings.CutPrefix(v, "Path(")
	if !ok || !strings.HasSuffix(inner, ")") {
		return v
	}
	root, rel, ok := strings.Cut(strings.TrimSuffix(inner, ")"), ",")
	if !ok {
		return v
	}
	root = strings.TrimPrefix(strings.TrimSpace(root), "Plugins.")
	rel = strings.TrimPrefix(strings.Trim(strings.TrimSpace(rel), `"`), "/")
	p := "/" + root + "/" + rel
	if leaf := p[strings.LastIndexByte(p, '/')+1:]; !strings.Contains(leaf, ".") {
		p += "." + leaf
	}
	return p
}
