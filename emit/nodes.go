package emit

import (
	"slices"
	"strconv"
	"strings"

	"reuselab/ir"
)

// emitConstant: Constant / Constant2Vector / Constant3Vector (alpha written
// 1) / Constant4Vector by the value's width (§1.2).
func (e *emitter) emitConstant(n *ir.Node) {
	v, _ := n.Prop("Value")
	nums := append([]float64(nil), v.Nums...)
	w := width(n.Type(0))
	if len(nums) == 1 && w > 1 {
		for len(nums) < w {
			nums = append(nums, nums[0])
		}
	}
	if e.legacy && len(nums) <= 1 && n.Type(0) != "bool" {
		// 1.x: one Constant per value, shared with the −1s and 0s the
		// emitter makes itself (LANGUAGE.md §9 literal-node).
		v := 0.0
		if len(nums) == 1 {
			v = nums[0]
		}
		if s, ok := e.consts[num(v)]; ok {
			e.outs[n.ID] = []slot{s}
			return
		}
		id := e.single(n, "Constant", []Prop{{Name: "R", Value: num(v)}}, nil)
		e.consts[num(v)] = slot{node: id}
		return
	}
	switch len(nums) {
	case 0:
		e.single(n, "Constant", []Prop{{Name: "R", Value: "0"}}, nil)
	case 1:
		e.single(n, "Constant", []Prop{{Name: "R", Value: num(nums[0])}}, nil)
	case 2:
		e.single(n, "Constant2Vector", []Prop{{Name: "R", Value: num(nums[0])}, {Name: "G", Value: num(nums[1])}}, nil)
	case 3:
		e.single(n, "Constant3Vector", []Prop{{Name: "Constant", Value: color(append(nums, 1))}}, nil)
	default:
		e.single(n, "Constant4Vector", []Prop{{Name: "Constant", Value: color(nums[:4])}}, nil)
	}
}

// vectorOuts are VectorParameter's and TextureSample's engine outputs; the
// IR's whole value (slot 0) is RGBA.
var vectorOuts = []string{"RGB", "R", "G", "B", "A", "RGBA"}

// emitParameter: StaticBoolParameter / VectorParameter (width ≥ 2, alpha
// padded 1) / ScalarParameter (§1.2).
func (e *emitter) emitParameter(n *ir.Node) {
	def, _ := n.Prop("DefaultValue")
	static, _ := n.Prop("IsStatic")
	props := []Prop{}
	if p, ok := n.Prop("ParameterName"); ok {
		props = append(props, Prop{Name: "ParameterName", Value: p.Str, Quoted: true})
	}
	switch {
	case static.Kind == ir.KindBool && static.Bool:
		b := len(def.Nums) > 0 && def.Nums[0] != 0 || def.Kind == ir.KindBool && def.Bool
		props = append(props, Prop{Name: "DefaultValue", Value: boolText(b)})
		e.single(n, "StaticBoolParameter", append(props, paramProps(n)...), nil)
	case width(n.Type(0)) >= 2 || len(def.Nums) >= 2:
		c := append([]float64(nil), def.Nums...)
		for len(c) < 3 {
			c = append(c, 0)
		}
		if len(c) < 4 {
			c = append(c, 1)
		}
		props = append(props, Prop{Name: "DefaultValue", Value: color(c[:4])})
		id := e.add(n.ID, RoleValue, "VectorParameter", append(props, paramProps(n)...), nil, vectorOuts)
		e.own[n.ID] = id
		e.outs[n.ID] = []slot{{node: id, out: 5}}
	default:
		d := 0.0
		if len(def.Nums) > 0 {
			d = def.Nums[0]
		}
		props = append(props, Prop{Name: "DefaultValue", Value: num(d)})
		e.single(n, "ScalarParameter", append(props, paramProps(n)...), nil)
	}
}

// paramProps carries the metadata of a parameter; the defaults the engine
// has anyway (SortPriority 32, no group) are left out.
func paramProps(n *ir.Node) []Prop {
	var ps []Prop
	for _, p := range n.SortedProps() {
		switch p.Name {
		case "ParameterName", "DefaultValue", "IsStatic":
			continue
		case "SortPriority":
			if p.Value.String() == "32" {
				continue
			}
		case "Group":
			if p.Value.Str == "" || p.Value.Str == "None" {
				continue
			}
		case "Description":
			ps = append(ps, Prop{Name: "Desc", Value: p.Value.Str, Quoted: true})
			continue
		}
		ps = append(ps, engineProp("Parameter", p))
	}
	return ps
}

func textureParamProps(n *ir.Node) []Prop {
	var ps []Prop
	if p, ok := n.Prop("ParameterName"); ok {
		ps = append(ps, Prop{Name: "ParameterName", Value: p.Str, Quoted: true})
	}
	for _, p := range n.SortedProps() {
		switch p.Name {
		case "ParameterName":
		case "DefaultAsset":
			ps = append(ps, Prop{Name: "Texture", Value: assetPath(p.Value.Str), Quoted: true})
		default:
			ps = append(ps, engineProp("TextureObjectParameter", p))
		}
	}
	return ps
}

func functionInputProps(n *ir.Node) []Prop {
	var ps []Prop
	for _, p := range n.SortedProps() {
		switch p.Name {
		case "IsOptional":
			ps = append(ps, Prop{Name: "bUsePreviewValueAsDefault", Value: boolText(p.Value.Bool)})
		case "PreviewValue":
			c := append(append([]float64(nil), p.Value.Nums...), 0, 0, 0, 0)
			ps = append(ps, Prop{Name: "PreviewValue", Value: "(X=" + num(c[0]) + ",Y=" + num(c[1]) + ",Z=" + num(c[2]) + ",W=" + num(c[3]) + ")"})
		default:
			ps = append(ps, engineProp("FunctionInput", p))
		}
	}
	return ps
}

func functionOutputProps(n *ir.Node) []Prop {
	var ps []Prop
	for _, p := range n.SortedProps() {
		ps = append(ps, engineProp("FunctionOutput", p))
	}
	return ps
}

// emitTextureSample: operands (tex, uv, sampler, level) onto the engine's
// TextureObject, Coordinates and MipValue; outputs mapped by name onto
// RGB, R, G, B, A, RGBA (§1.2).
func (e *emitter) emitTextureSample(n *ir.Node) {
	pins := []string{"Coordinates", "TextureObject", "MipValue", "AutomaticViewMipBiasValue", "CoordinatesDX", "CoordinatesDY"}
	id := e.add(n.ID, RoleValue, "TextureSample", reflectedProps(n), pins, vectorOuts)
	e.own[n.ID] = id
	e.connect(id, "Coordinates", e.operand(n, 1))
	e.connect(id, "TextureObject", e.operand(n, 0))
	e.connect(id, "MipValue", e.operand(n, 3))
	if len(n.Operands) > 2 && n.Operands[2].Valid() && n.Operands[2] != n.Operands[0] {
		e.warnf("%%%d: TextureSample has no sampler pin; the sampler operand is not wired", n.ID)
	}
	e.outs[n.ID] = e.mapOutputs(n, id, vectorOuts)
}

// mapOutputs maps the IR outputs of n onto the engine outputs outs of asset
// node id: by name where both are named, else by position.
func (e *emitter) mapOutputs(n *ir.Node, id int, outs []string) []slot {
	m := make([]slot, len(n.Outputs))
	for k, o := range n.Outputs {
		m[k] = slot{node: id, out: k}
		if o.Name == "" {
			continue
		}
		for j, name := range outs {
			if name == o.Name {
				m[k] = slot{node: id, out: j}
				break
			}
		}
	}
	if len(m) == 0 {
		m = []slot{{node: id, out: 0}}
	}
	return m
}

// emitReflected: the catalog class, pins by name (positional operands onto
// the catalog's pin order), literal properties as written. A class the
// catalog lacks is emitted from what the IR node says, with a warning.
func (e *emitter) emitReflected(n *ir.Node) {
	cls, known := lookupClass(n.Class)
	if !known && n.Type(0) == "Substrate" {
		cls, known = lookupClass("Substrate" + n.Class)
	}
	pins, outs := cls.pins, cls.outs
	if !known {
		e.warnf("%%%d: class %s is not in the catalog; pins and outputs taken from the IR node", n.ID, n.Class)
		for _, o := range n.Outputs {
			outs = append(outs, o.Name)
		}
	}
	for _, p := range n.Pins {
		if !slices.Contains(pins, p.Name) {
			pins = append(pins, p.Name) // late-bound pin (L24) or unknown class
		}
	}
	for k := len(outs); k < len(n.Outputs); k++ {
		// Outputs the catalog does not list (a Custom node's
		// AdditionalOutputs, an OutputType-widened class) exist because the
		// source wrote them.
		outs = append(outs, n.Outputs[k].Name)
	}
	role := RoleValue
	if len(n.Outputs) == 0 {
		role, outs = RoleStatement, nil
	}
	id := e.add(n.ID, role, engineClass(n), reflectedProps(n), pins, outs)
	e.own[n.ID] = id
	for i, r := range n.Operands {
		pin := "Input" + strconv.Itoa(i)
		if i < len(cls.pins) {
			pin = cls.pins[i]
		}
		e.connect(id, pin, e.resolve(r))
	}
	for _, p := range n.Pins {
		e.connect(id, p.Name, e.resolve(p.Ref))
	}
	if role == RoleValue {
		e.outs[n.ID] = e.mapOutputs(n, id, outs)
	}
}

// substrateClasses are the Substrate nodes the IR names by their short
// (DreamShader) names; the engine classes carry a Substrate prefix.
var substrateClasses = map[string]string{
	"Slab": "SubstrateSlabBSDF", "Unlit": "SubstrateUnlitBSDF", "HorizontalMixing": "SubstrateHorizontalMixing",
	"VerticalLayering": "SubstrateVerticalLayering", "Weight": "SubstrateWeight", "Add": "SubstrateAdd",
	"Select": "SubstrateSelect", "MetalnessToDiffuseAlbedoF0": "SubstrateMetalnessToDiffuseAlbedoF0",
}

// substrateConverters are Substrate helper nodes whose outputs are plain
// vectors: their short names clash with no other class, so they take the
// engine's Substrate prefix whatever they yield.
var substrateConverters = map[string]string{
	"MetalnessToDiffuseAlbedoF0":   "SubstrateMetalnessToDiffuseAlbedoF0",
	"HazinessToSecondaryRoughness": "SubstrateHazinessToSecondaryRoughness",
}

// engineClass is the class a Reflected node is written as: a Substrate
// node (its output is a Substrate value, so `Add` is SubstrateAdd, not the
// math Add) by its engine name.
func engineClass(n *ir.Node) string {
	if c, ok := substrateClasses[n.Class]; ok && n.Type(0) == "Substrate" {
		return c
	}
	if c, ok := substrateConverters[n.Class]; ok {
		return c
	}
	return n.Class
}

// reflectedProps are the IR node's literal properties minus the IR's own
// bookkeeping (the Class= text, late-bound pin lists, width hints).
func reflectedProps(n *ir.Node) []Prop {
	var ps []Prop
	for _, p := range n.SortedProps() {
		switch p.Name {
		case "ClassSpecifier", "LateBoundPins", "WrittenPins", "ResultType":
			continue
		case "OutputType":
			if n.Class != "Custom" {
				continue // a width hint; only Custom has the property
			}
		}
		ps = append(ps, engineProp(n.Class, p))
	}
	return ps
}

// emitCustom: a Custom node; its inputs are the IR node's named pins, its
// outputs the primary one plus AdditionalOutputs.
func (e *emitter) emitCustom(n *ir.Node) {
	var pins, outs []string
	for _, p := range n.Pins {
		pins = append(pins, p.Name)
	}
	for k, o := range n.Outputs {
		if k == 0 {
			outs = append(outs, "")
		} else {
			outs = append(outs, o.Name)
		}
	}
	if len(outs) == 0 {
		outs = []string{""}
	}
	var props []Prop
	for _, p := range n.SortedProps() {
		props = append(props, engineProp("Custom", p))
	}
	id := e.add(n.ID, RoleValue, "Custom", props, pins, outs)
	e.own[n.ID] = id
	for _, p := range n.Pins {
		e.connect(id, p.Name, e.resolve(p.Ref))
	}
	m := make([]slot, len(outs))
	for k := range m {
		m[k] = slot{node: id, out: k}
	}
	e.outs[n.ID] = m
}

// emitFunctionCall: a MaterialFunctionCall; every declared input is a pin
// (unconnected when the call left it out), outputs as the IR names them.
func (e *emitter) emitFunctionCall(n *ir.Node) {
	var pins, outs []string
	if d, ok := n.Prop("DeclaredInputs"); ok {
		pins = listProp(d.Str)
	}
	for _, p := range n.Pins {
		if !slices.Contains(pins, p.Name) {
			pins = append(pins, p.Name)
		}
	}
	for _, o := range n.Outputs {
		outs = append(outs, o.Name)
	}
	path := n.Class
	if fp, ok := n.Prop("FunctionPath"); ok && fp.Str != "" {
		path = fp.Str
	}
	props := []Prop{{Name: "MaterialFunction", Value: assetPath(path), Quoted: true}}
	id := e.add(n.ID, RoleValue, "MaterialFunctionCall", props, pins, outs)
	e.own[n.ID] = id
	for _, p := range n.Pins {
		e.connect(id, p.Name, e.resolve(p.Ref))
	}
	e.outs[n.ID] = e.mapOutputs(n, id, outs)
}

// maPins are MakeMaterialAttributes' inputs in engine order, which are also
// BreakMaterialAttributes' outputs.
var maPins = []string{"BaseColor", "Metallic", "Specular", "Roughness", "Anisotropy", "EmissiveColor",
	"Opacity", "OpacityMask", "Normal", "Tangent", "WorldPositionOffset", "SubsurfaceColor",
	"ClearCoat", "ClearCoatRoughness", "AmbientOcclusion", "Refraction", "CustomizedUVs0",
	"CustomizedUVs1", "CustomizedUVs2", "CustomizedUVs3", "CustomizedUVs4", "CustomizedUVs5",
	"CustomizedUVs6", "CustomizedUVs7", "PixelDepthOffset", "ShadingModel", "Displacement"}

// maPin is the Make/Break pin of a material attribute (CustomData0/1 are
// ClearCoat/ClearCoatRoughness on those nodes).
func maPin(attr string) string {
	switch attr {
	case "CustomData0":
		return "ClearCoat"
	case "CustomData1":
		return "ClearCoatRoughness"
	}
	return attr
}

func (e *emitter) emitMakeSetMA(n *ir.Node) {
	if n.Op == ir.OpMakeMaterialAttributes && e.opt.MaterialAttributeNodes {
		e.emitMakeThenSet(n)
		return
	}
	if n.Op == ir.OpMakeMaterialAttributes {
		id := e.single(n, "MakeMaterialAttributes", nil, maPins)
		for _, p := range n.Pins {
			e.connect(id, maPin(p.Name), e.resolve(p.Ref))
		}
		return
	}
	pins := []string{"MaterialAttributes"}
	for _, p := range n.Pins {
		if p.Name != "MaterialAttributes" {
			pins = append(pins, maPin(p.Name))
		}
	}
	id := e.single(n, "SetMaterialAttributes", nil, pins)
	e.connect(id, "MaterialAttributes", e.operand(n, 0))
	for _, p := range n.Pins {
		e.connect(id, maPin(p.Name), e.resolve(p.Ref))
	}
}

// emitBreakMA: a BreakMaterialAttributes reading the IR's MaterialAttributes
// input (a named pin in the IR, §3.13). Each IR output reads the engine
// output of its attribute; reading the whole set (the `MaterialAttributes`
// member) is the Break's input itself, no output of the Break. An
// attribute maPins lacks is an output of its own name after them: right
// for MooaToon's engine, which adds its MooaEncodedAttribute pins to Make
// and Break after Displacement (MoonToon's MoonEncodedAttributeN), but not
// for FrontMaterial. The early UE5 (Strata) MakeMaterialAttributes had a
// FrontMaterial input after ShadingModel; the later one (with
// Displacement) has none, its inputs, and so Break's outputs (one order,
// the engine's property-to-IO-index map), ending ShadingModel,
// Displacement.
// A Substrate FrontMaterial is read with GetMaterialAttributes, which names
// its attributes by the GUIDs of FMaterialAttributeDefinitionMap; those
// GUIDs are not known here, so the Break keeps the output (the wiring and
// emit/assetinterp stay consistent) and T3DSummary tells the user the link
// does not survive a paste.
func (e *emitter) emitBreakMA(n *ir.Node) {
	if e.opt.MaterialAttributeNodes {
		e.emitBreakAndGet(n)
		return
	}
	outs := append([]string(nil), maPins...)
	for _, o := range n.Outputs {
		if name := maPin(o.Name); o.Name != "MaterialAttributes" && !slices.Contains(outs, name) {
			outs = append(outs, name)
		}
	}
	id := e.add(n.ID, RoleValue, "BreakMaterialAttributes", nil, []string{"MaterialAttributes"}, outs)
	e.own[n.ID] = id
	src := e.operand(n, 0)
	for _, p := range n.Pins {
		if p.Name == "MaterialAttributes" {
			src = e.resolve(p.Ref)
		}
	}
	e.connect(id, "MaterialAttributes", src)
	m := make([]slot, len(n.Outputs))
	for k, o := range n.Outputs {
		if o.Name == "MaterialAttributes" {
			m[k] = src
			continue
		}
		for j, name := range outs {
			if name == maPin(o.Name) {
				m[k] = slot{node: id, out: j}
			}
		}
	}
	e.outs[n.ID] = m
}

// materialProperty is EMaterialProperty's value for each material input.
// The goldens number the reroute pairs with it (DS_BaseColor_5,
// DS_Roughness_8, DS_Opacity_1 in Legacy/Compile), not with the binding
// order LANGUAGE-2.0 §2.10 guesses.
var materialProperty = map[string]int{
	"EmissiveColor": 0, "Opacity": 1, "OpacityMask": 2, "DiffuseColor": 3, "SpecularColor": 4,
	"BaseColor": 5, "Metallic": 6, "Specular": 7, "Roughness": 8, "Anisotropy": 9, "Normal": 10,
	"Tangent": 11, "WorldPositionOffset": 12, "SubsurfaceColor": 15, "CustomData0": 16,
	"CustomData1": 17, "AmbientOcclusion": 18, "Refraction": 19, "PixelDepthOffset": 28,
	"ShadingModel": 29, "FrontMaterial": 30, "SurfaceThickness": 31, "Displacement": 32,
	"MaterialAttributes": 33,
}

// reroutePair routes src through a NamedRerouteDeclaration named name and
// returns the NamedRerouteUsage's slot; the pair carries n's names and
// sources.
func (e *emitter) reroutePair(n *ir.Node, name string, src slot) slot {
	decl := e.add(-1, RoleRerouteIn, "NamedRerouteDeclaration",
		[]Prop{{Name: "Name", Value: name, Quoted: true}}, []string{"Input"}, []string{""})
	e.a.Nodes[decl].Names = append([]string(nil), e.names[n.ID]...)
	e.a.Nodes[decl].Sources = append([]string(nil), e.sources[n.ID]...)
	e.connect(decl, "Input", src)
	use := e.add(-1, RoleRerouteTo, "NamedRerouteUsage",
		[]Prop{{Name: "Declaration", Value: name}}, nil, []string{""})
	e.a.Nodes[use].Decl = decl
	e.a.Nodes[use].Sources = append([]string(nil), e.sources[n.ID]...)
	return slot{node: use}
}

// emitSink routes every bound material input through a named reroute pair
// DS_<Attr>_<n>; the usage is what the material root reads.
func (e *emitter) emitSink(n *ir.Node) {
	for i, p := range n.Pins {
		src := e.resolve(p.Ref)
		k, ok := materialProperty[p.Name]
		if !ok {
			k = i
		}
		name := "DS_" + p.Name + "_" + strconv.Itoa(k)
		decl := e.add(-1, RoleRerouteIn, "NamedRerouteDeclaration",
			[]Prop{{Name: "Name", Value: name, Quoted: true}}, []string{"Input"}, []string{""})
		e.a.Nodes[decl].Names = append([]string(nil), e.names[n.ID]...)
		e.a.Nodes[decl].Sources = append([]string(nil), e.sources[n.ID]...)
		e.connect(decl, "Input", src)
		use := e.add(-1, RoleRerouteTo, "NamedRerouteUsage",
			[]Prop{{Name: "Declaration", Value: name}}, nil, []string{""})
		e.a.Nodes[use].Decl = decl
		e.a.Nodes[use].Sources = append([]string(nil), e.sources[n.ID]...)
		e.a.Outputs = append(e.a.Outputs, Output{Target: p.Name, Node: use})
	}
	for range n.Operands {
		e.warnf("%%%d: MaterialSink operand without an attribute name ignored", n.ID)
	}
}

func irProps(n *ir.Node) []Prop {
	var ps []Prop
	for _, p := range n.SortedProps() {
		ps = append(ps, engineProp("", p))
	}
	return ps
}

// listProp splits the IR's list text "[A, B]".
func listProp(s string) []string {
	s = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(s), "["), "]")
	if strings.TrimSpace(s) == "" {
		return nil
	}
	parts := strings.Split(s, ",")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}
