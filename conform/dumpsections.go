package conform

// The asset-level sections of a graph dump (settings, a function's
// signature) and the names the editor shows for input pins.

import (
	"strconv"
	"strings"
	"unicode"

	"reuselab/emit"
	"reuselab/ir"
)

// materialBoolSettings are the material flags the dump writes whatever
// their value, with the engine's defaults.
var materialBoolSettings = []struct {
	name string
	def  bool
}{
	{"TwoSided", false}, {"Wireframe", false}, {"DitheredLODTransition", false}, {"DitherOpacityMask", false},
	{"bAllowNegativeEmissiveColor", false}, {"bCastDynamicShadowAsMasked", false}, {"bEnableResponsiveAA", false},
	{"bScreenSpaceReflections", false}, {"bContactShadows", false}, {"bDisableDepthTest", false},
	{"bOutputTranslucentVelocity", false}, {"bTangentSpaceNormal", true}, {"bFullyRough", false}, {"bIsSky", false},
	{"bIsThinSurface", false}, {"bHasPixelAnimation", false}, {"bUsedWithSkeletalMesh", false},
	{"bUsedWithMorphTargets", false}, {"bUsedWithClothing", false}, {"bUsedWithNanite", false},
	{"bUsedWithEditorCompositing", false}, {"bUsedWithParticleSprites", false}, {"bUsedWithBeamTrails", false},
	{"bUsedWithMeshParticles", false}, {"bUsedWithNiagaraSprites", false}, {"bUsedWithNiagaraRibbons", false},
	{"bUsedWithNiagaraMeshParticles", false}, {"bUsedWithGeometryCache", false}, {"bUsedWithStaticLighting", false},
	{"bUsedWithSplineMeshes", false}, {"bUsedWithInstancedStaticMeshes", false},
	{"bUsedWithGeometryCollections", false}, {"bUsedWithHairStrands", false}, {"bUsedWithWater", false},
	{"bUsedWithVirtualHeightfieldMesh", false}, {"bUsedWithVolumetricCloud", false},
	{"bCastRayTracedShadows", true}, {"bWriteOnlyAlpha", false}, {"BlendableOutputAlpha", false},
	{"bAlwaysEvaluateWorldPositionOffset", false},
}

// setting finds a graph setting by any of its names, case-insensitively.
func setting(g *ir.Graph, names ...string) (string, bool) {
	if g == nil {
		return "", false
	}
	for _, s := range g.Settings {
		for _, n := range names {
			if strings.EqualFold(s.Key, n) {
				return strings.Trim(s.Value, `"`), true
			}
		}
	}
	return "", false
}

// enumText is a setting's value without its C++ prefix, as the dump's
// formatters print Domain, ShadingModel and BlendMode.
func enumText(v string, prefixes ...string) string {
	for _, p := range prefixes {
		if len(v) > len(p) && strings.EqualFold(v[:len(p)], p) {
			return v[len(p):]
		}
	}
	return v
}

func materialSettings(g *ir.Graph) *dumpValue {
	s := jObject()
	domain, ok := setting(g, "Domain", "MaterialDomain")
	if !ok {
		domain = "Surface"
	}
	s.set("Domain", jString(enumText(domain, "MD_")))
	model, ok := setting(g, "ShadingModel")
	if !ok {
		model = "DefaultLit"
	}
	s.set("ShadingModel", jString(enumText(model, "MSM_")))
	blend, ok := setting(g, "BlendMode")
	if !ok {
		blend = "Opaque"
	}
	s.set("BlendMode", jString(enumText(blend, "BLEND_")))
	for _, b := range materialBoolSettings {
		v := b.def
		if t, ok := setting(g, b.name); ok {
			v = strings.EqualFold(t, "true") || t == "1"
		}
		s.set(b.name, jBool(v))
	}
	decal, ok := setting(g, "MaterialDecalResponse", "DecalResponse")
	if !ok {
		decal = "ColorNormalRoughness"
	}
	s.set("MaterialDecalResponse", jString("MDR_"+enumText(decal, "MDR_")))
	return s
}

// functionUsage is EMaterialFunctionUsage's enumerator for a product.
func functionUsage(g *ir.Graph) string {
	if g == nil {
		return "Default"
	}
	switch g.Kind {
	case ir.MaterialLayer:
		return "MaterialLayer"
	case ir.MaterialLayerBlend:
		return "MaterialLayerBlend"
	}
	return "Default"
}

func functionSettings(g *ir.Graph) *dumpValue {
	s := jObject()
	s.set("Usage", jString(functionUsage(g)))
	desc, lib := "", ""
	if g != nil {
		desc, lib = g.Desc, g.Library
	}
	s.set("Description", jString(desc))
	s.set("bExposeToLibrary", jBool(lib != ""))
	cats := jArray()
	for _, c := range strings.Split(lib, ",") {
		if c = strings.TrimSpace(c); c != "" {
			cats.add(jString(c))
		}
	}
	s.set("LibraryCategories", cats)
	return s
}

// inputTypeNames are the DreamShader type names of EFunctionInputType.
var inputTypeNames = map[string]string{
	"Scalar": "float", "Vector2": "float2", "Vector3": "float3", "Vector4": "float4",
	"Texture2D": "Texture2D", "TextureCube": "TextureCube", "Texture2DArray": "Texture2DArray",
	"VolumeTexture": "Texture3D", "StaticBool": "bool", "MaterialAttributes": "MaterialAttributes",
	"TextureExternal": "TextureExternal", "Bool": "bool", "Substrate": "Substrate",
}

// inputTypeTags are the type suffixes the editor shows after a function
// call's input name: "UV (V2)".
var inputTypeTags = map[string]string{
	"Scalar": "S", "Vector2": "V2", "Vector3": "V3", "Vector4": "V4", "Texture2D": "T2d",
	"TextureCube": "TCube", "Texture2DArray": "T2dArr", "VolumeTexture": "TVol", "StaticBool": "B",
	"MaterialAttributes": "MA", "TextureExternal": "TExt", "Bool": "Bool", "Substrate": "Substrate",
}

func inputTypeOf(n *emit.AssetNode) string {
	t, _ := n.Prop("InputType")
	return strings.TrimPrefix(t, "FunctionInput_")
}

// functionInputNodes lists a function's inputs by sort priority.
func functionInputNodes(a *emit.Asset) []*emit.AssetNode {
	var ins []*emit.AssetNode
	for i := range a.Nodes {
		if a.Nodes[i].Class == "FunctionInput" {
			ins = append(ins, &a.Nodes[i])
		}
	}
	sortStable(ins)
	return ins
}

func sortStable(ns []*emit.AssetNode) {
	for i := 1; i < len(ns); i++ {
		for j := i; j > 0 && sortPriority(ns[j]) < sortPriority(ns[j-1]); j-- {
			ns[j], ns[j-1] = ns[j-1], ns[j]
		}
	}
}

func functionInputs(a *emit.Asset) *dumpValue {
	arr := jArray()
	for _, n := range functionInputNodes(a) {
		props := nodePropsOf(n)
		e := jObject()
		name, _ := n.Prop("InputName")
		e.set("name", jString(name))
		e.set("type", jString(inputTypeNames[inputTypeOf(n)]))
		e.set("sortPriority", jInt(int64(sortPriority(n))))
		desc, _ := n.Prop("Description")
		e.set("description", jString(desc))
		e.set("optional", props.member("bUsePreviewValueAsDefault"))
		preview := jArray()
		pv, ok := n.Prop("PreviewValue")
		if !ok {
			pv = "(X=0,Y=0,Z=0,W=1)"
		}
		for _, x := range structChannels(pv, 4, 1) {
			preview.add(jFloat32(x))
		}
		e.set("preview", preview)
		arr.add(e)
	}
	return arr
}

// member returns an object's member, or null.
func (v *dumpValue) member(key string) *dumpValue {
	for i, k := range v.keys {
		if k == key {
			return v.vals[i]
		}
	}
	return jNull()
}

// outputTypeName is the DreamShader type of an IR output type.
func outputTypeName(t string) string {
	switch t {
	case "material":
		return "MaterialAttributes"
	case "":
		return "float3"
	}
	return t
}

func functionOutputs(a *emit.Asset, g *ir.Graph) *dumpValue {
	var outs []*emit.AssetNode
	for i := range a.Nodes {
		if a.Nodes[i].Class == "FunctionOutput" {
			outs = append(outs, &a.Nodes[i])
		}
	}
	sortStable(outs)
	arr := jArray()
	for _, n := range outs {
		e := jObject()
		name, _ := n.Prop("OutputName")
		e.set("name", jString(name))
		e.set("type", jString(outputTypeName(functionOutputType(n, g))))
		e.set("sortPriority", jInt(int64(sortPriority(n))))
		desc, _ := n.Prop("Description")
		e.set("description", jString(desc))
		arr.add(e)
	}
	return arr
}

// functionOutputType is the type of what feeds a function output in the
// IR it was emitted from.
func functionOutputType(n *emit.AssetNode, g *ir.Graph) string {
	if g == nil || n.IR < 0 || n.IR >= len(g.Nodes) {
		return ""
	}
	irn := g.Nodes[n.IR]
	refs := append([]ir.Ref(nil), irn.Operands...)
	for _, p := range irn.Pins {
		refs = append(refs, p.Ref)
	}
	for _, r := range refs {
		if r.Valid() && r.Node < len(g.Nodes) && r.Out < len(g.Nodes[r.Node].Outputs) {
			return g.Nodes[r.Node].Outputs[r.Out].Type
		}
	}
	return ""
}

// structChannels reads the numbers of an exported struct, def for any
// missing.
func structChannels(v string, n int, def float64) []float64 {
	nums := numberText.FindAllString(v, -1)
	out := make([]float64, n)
	for i := range out {
		out[i] = def
		if i < len(nums) {
			if f, err := strconv.ParseFloat(nums[i], 64); err == nil {
				out[i] = f
			}
		}
	}
	return out
}

// pinDisplayName is the name the editor gives an input pin; false when
// it has none (a function output's one input).
func pinDisplayName(n *emit.AssetNode, pin string, g *ir.Graph, all []dumpAsset) (string, bool) {
	switch n.Class {
	case "FunctionOutput":
		return "", false
	case "StaticSwitch":
		switch pin {
		case "A":
			return "True", true
		case "B":
			return "False", true
		}
	case "SubstrateVerticalLayering":
		switch pin {
		case "Base":
			return "Bottom", true
		case "Thickness":
			return "Top Thickness", true
		}
	case "SubstrateSlabBSDF":
		return spaceWords(pin), true
	case "MaterialFunctionCall":
		if tag := callInputTag(n, pin, g, all); tag != "" {
			return pin + " (" + tag + ")", true
		}
	}
	return pin, true
}

// spaceWords spells a property name as its display name: words apart,
// runs of capitals (F0, SSSMFP) kept whole.
func spaceWords(s string) string {
	var b strings.Builder
	rs := []rune(s)
	for i, r := range rs {
		if i > 0 && unicode.IsUpper(r) && unicode.IsLower(rs[i-1]) {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// callInputTag is the type suffix of a function call's input: the called
// sibling's input type when the compile made it, else the type the IR
// (g, the caller's graph) gives the argument.
func callInputTag(n *emit.AssetNode, pin string, g *ir.Graph, all []dumpAsset) string {
	callee, _ := n.Prop("MaterialFunction")
	callee = strings.Trim(callee, `"`)
	if i := strings.LastIndexByte(callee, '/'); i >= 0 {
		callee = callee[i+1:]
	}
	if i := strings.IndexByte(callee, '.'); i >= 0 {
		callee = callee[:i]
	}
	for _, da := range all {
		if da.asset.Name != callee {
			continue
		}
		for _, in := range functionInputNodes(da.asset) {
			if name, _ := in.Prop("InputName"); name == pin {
				return inputTypeTags[inputTypeOf(in)]
			}
		}
	}
	if g == nil || n.IR < 0 || n.IR >= len(g.Nodes) {
		return ""
	}
	for _, p := range g.Nodes[n.IR].Pins {
		if p.Name == pin && p.Ref.Valid() && p.Ref.Node < len(g.Nodes) && p.Ref.Out < len(g.Nodes[p.Ref.Node].Outputs) {
			return irTypeTag(g.Nodes[p.Ref.Node].Outputs[p.Ref.Out].Type)
		}
	}
	return ""
}

func irTypeTag(t string) string {
	switch t {
	case "float":
		return "S"
	case "float2":
		return "V2"
	case "float3":
		return "V3"
	case "float4":
		return "V4"
	case "Texture2D":
		return "T2d"
	case "material":
		return "MA"
	case "bool":
		return "B"
	}
	return ""
}
