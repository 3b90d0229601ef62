package emit

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// The graph pins a MaterialGraphNode lists in a UE5 paste, per expression
// class. Sources: the pastes among ueblueprint 3.0.0's test fixtures
// (Constant, Constant2/3/4Vector, ComponentMask, Subtract,
// StaticSwitchParameter, TextureSample, MaterialFunctionCall,
// FunctionInput, Sqrt/Ln/Log) and the engine headers' metadata: an
// FExpressionInput with RequiredInput="false" is an "optional" pin, else
// "required"; a float with OverridingInputProperty gives that input pin its
// DefaultValue; a property with ShowAsInputPin becomes an extra pin that
// cannot be connected (bNotConnectable=True), "Advanced" ones folded
// (bAdvancedView=True). Pin sub-categories name the value type: "red"
// float, "rg", "rgb", "rgba", "bool", "byte" (enums and uint8), "int".

// GraphPin is one graph pin of a node's MaterialGraphNode as a UE5 paste
// lists it: the T3D writer writes these, and emit/layout sizes a node by
// them (one table, so the size of a node is the size of what is pasted).
type GraphPin struct {
	Name   string // PinName
	Label  string // what the editor draws beside it: "" for a pin named " " (PinFriendlyName)
	Output bool
	// Advanced pins are folded under the node's arrow (bAdvancedView).
	Advanced bool
	// Connectable is false for a property the editor shows as a pin
	// (bNotConnectable).
	Connectable bool
	Input       int    // index in AssetNode.Pins of an expression input, else -1
	Out         int    // output index of an output pin, else -1
	Prop        string // the expression property a property pin shows
	Kind        string // a property pin's value: "float", "bool", "rgb", "rgba", "enum"
	Category    string
	SubCategory string
	EnumPath    string // PinSubCategoryObject of an enum pin
	Default     string
	HasDefault  bool

	key       string // identity for the pin GUID
	spaceName bool   // PinFriendlyName " "
}

// overridingConst is an optional input whose value, when unconnected, is a
// float property of the expression.
type overridingConst struct {
	prop string
	def  float64
}

// propPin is a property the editor shows as a pin.
type propPin struct {
	pin      string // graph pin name
	prop     string // expression property
	kind     string // "float", "bool", "rgb", "rgba", "enum", "byte"
	def      string // the class default, in the property's T3D spelling
	advanced bool
	enumPath string
	enumPre  string // C++ prefix stripped before the display name
	display  map[string]string
}

type classPinInfo struct {
	optional map[string]overridingConst // optional inputs with a default value
	optNoDef []string                   // optional inputs without one
	display  map[string]string          // property name → graph pin name
	props    []propPin
	allOpt   bool // every input optional (function calls)
	maskOuts bool // outputs named R, G, B, A, RGB, RGBA are channel masks
}

var binaryConst = func(a, b float64) map[string]overridingConst {
	return map[string]overridingConst{"A": {"ConstA", a}, "B": {"ConstB", b}}
}

var textureSamplePins = classPinInfo{
	optional: map[string]overridingConst{},
	optNoDef: []string{"Coordinates", "TextureObject", "MipValue", "AutomaticViewMipBiasValue", "CoordinatesDX", "CoordinatesDY", "DDX", "DDY"},
	display: map[string]string{"Coordinates": "UVs", "TextureObject": "Tex", "AutomaticViewMipBiasValue": "Apply View MipBias",
		"CoordinatesDX": "DDX(UVs)", "CoordinatesDY": "DDY(UVs)", "DDX": "DDX(UVs)", "DDY": "DDY(UVs)"},
	props: []propPin{
		{pin: "MipValueMode", prop: "MipValueMode", kind: "enum", def: "TMVM_None", advanced: true,
			enumPath: "/Script/Engine.ETextureMipValueMode", enumPre: "TMVM_",
			display: map[string]string{"None": "None (use computed mip level)", "MipLevel": "MipLevel (absolute, 0 is full resolution)",
				"MipBias": "MipBias (relative to the computed mip level)", "Derivative": "Derivative (explicit derivative to compute mip level)"}},
		{pin: "Sampler Source", prop: "SamplerSource", kind: "enum", def: "SSM_FromTextureAsset", advanced: true,
			enumPath: "/Script/Engine.ESamplerSourceMode", enumPre: "SSM_",
			display: map[string]string{"FromTextureAsset": "From texture asset", "Wrap_WorldGroupSettings": "Shared: Wrap",
				"Clamp_WorldGroupSettings": "Shared: Clamp"}},
		{pin: "Sampler Type", prop: "SamplerType", kind: "enum", def: "SAMPLERTYPE_Color", advanced: true,
			enumPath: "/Script/Engine.EMaterialSamplerType", enumPre: "SAMPLERTYPE_"},
	},
	maskOuts: true,
}

var classPins = map[string]classPinInfo{
	"Add":               {optional: binaryConst(0, 1)},
	"Subtract":          {optional: binaryConst(1, 1)},
	"Multiply":          {optional: binaryConst(0, 1)},
	"Divide":            {optional: binaryConst(1, 2)},
	"Max":               {optional: binaryConst(0, 1)},
	"Min":               {optional: binaryConst(0, 1)},
	"LinearInterpolate": {optional: map[string]overridingConst{"A": {"ConstA", 0}, "B": {"ConstB", 1}, "Alpha": {"ConstAlpha", 0.5}}},
	"Power":             {optional: map[string]overridingConst{"Exponent": {"ConstExponent", 2}}, display: map[string]string{"Exponent": "Exp"}},
	"Clamp":             {optional: map[string]overridingConst{"Min": {"MinDefault", 0}, "Max": {"MaxDefault", 1}}},
	"SmoothStep":        {optional: map[string]overridingConst{"Min": {"ConstMin", 0}, "Max": {"ConstMax", 1}, "Value": {"ConstValue", 0}}},
	"Step":              {optional: map[string]overridingConst{"Y": {"ConstY", 0}, "X": {"ConstX", 0}}},
	"If": {optional: map[string]overridingConst{"B": {"ConstB", 0}}, optNoDef: []string{"AEqualsB"},
		display: map[string]string{"AGreaterThanB": "A > B", "AEqualsB": "A == B", "ALessThanB": "A < B"}},
	"Constant":            {props: []propPin{{pin: "Value", prop: "R", kind: "float", def: "0"}}},
	"Constant2Vector":     {props: []propPin{{pin: "X", prop: "R", kind: "float", def: "0"}, {pin: "Y", prop: "G", kind: "float", def: "0"}}},
	"Constant3Vector":     {props: []propPin{{pin: "Constant", prop: "Constant", kind: "rgb", def: "(R=0,G=0,B=0,A=0)"}}},
	"Constant4Vector":     {props: []propPin{{pin: "Constant", prop: "Constant", kind: "rgba", def: "(R=0,G=0,B=0,A=0)"}}},
	"ScalarParameter":     {props: []propPin{{pin: "Default Value", prop: "DefaultValue", kind: "float", def: "0"}}},
	"VectorParameter":     {props: []propPin{{pin: "Default Value", prop: "DefaultValue", kind: "rgba", def: "(R=0,G=0,B=0,A=0)"}}, maskOuts: true},
	"StaticBoolParameter": {props: []propPin{{pin: "Default Value", prop: "DefaultValue", kind: "bool", def: "False"}}},
	"StaticSwitchParameter": {display: map[string]string{"A": "True", "B": "False"},
		props: []propPin{{pin: "Default Value", prop: "DefaultValue", kind: "bool", def: "False"}}},
	"StaticSwitch": {display: map[string]string{"A": "True", "B": "False"}, optNoDef: []string{"Value"}},
	"ComponentMask": {props: []propPin{
		{pin: "R", prop: "R", kind: "bool", def: "False", advanced: true}, {pin: "G", prop: "G", kind: "bool", def: "False", advanced: true},
		{pin: "B", prop: "B", kind: "bool", def: "False", advanced: true}, {pin: "A", prop: "A", kind: "bool", def: "False", advanced: true}}},
	"TextureSample":              textureSamplePins,
	"TextureSampleParameter2D":   textureSamplePins,
	"TextureSampleParameterCube": textureSamplePins,
	"VertexColor":                {maskOuts: true},
	"FunctionInput":              {optNoDef: []string{"Preview"}},
	"MaterialFunctionCall":       {allOpt: true},
	"MakeMaterialAttributes":     {allOpt: true},
}

// GraphPins lists n's graph pins as a paste lists them: its connectable
// inputs (in AssetNode.Pins order; a TextureSample's mip inputs only in the
// mip mode that reads them, unless wired), then the property pins (one
// named like an input is left out: a paste has one pin per name), then the
// outputs.
func GraphPins(n *AssetNode) []GraphPin {
	info := classPins[n.Class]
	connected := map[string]bool{}
	for _, in := range n.Inputs {
		connected[in.Pin] = true
	}
	mode, _ := n.Prop("MipValueMode")
	var pins []GraphPin
	names := map[string]bool{}
	for k, pin := range n.Pins {
		if !connected[pin] && !texturePinShown(n.Class, pin, mode) {
			continue
		}
		p := GraphPin{key: "in-" + strconv.Itoa(k), Name: pin, Category: "required", Connectable: true, Input: k, Out: -1}
		if d, ok := info.display[pin]; ok {
			p.Name = d
		}
		if pin == "MipValue" {
			p.Name = "MipLevel"
			if strings.HasSuffix(mode, "MipBias") {
				p.Name = "MipBias"
			}
		}
		if c, ok := info.optional[pin]; ok {
			p.Category, p.SubCategory, p.HasDefault = "optional", "red", true
			v := c.def
			if s, ok := n.Prop(c.prop); ok {
				if x, isNum := parseNumber(s); isNum {
					v = x
				}
			}
			p.Default = t3dShortFloat(v)
		} else if info.allOpt || slices.Contains(info.optNoDef, pin) {
			p.Category = "optional"
		}
		if pin == "Coordinates" && isTextureSample(n.Class) {
			// ConstCoordinate (a uint8) overrides UVs.
			p.SubCategory, p.HasDefault, p.Default = "byte", true, "0"
			if s, ok := n.Prop("ConstCoordinate"); ok {
				p.Default = s
			}
		}
		p.spaceName = pin == "Input" && len(n.Pins) == 1
		pins = append(pins, labelled(p))
		names[pin], names[p.Name] = true, true
	}
	for _, pp := range info.props {
		if !names[pp.pin] {
			pins = append(pins, labelled(propertyPin(n, pp)))
		}
	}
	for k := range n.Outs {
		p := GraphPin{key: "out-" + strconv.Itoa(k), Name: outPinName(n.Outs, k), Output: true, Connectable: true, Input: -1, Out: k}
		p.spaceName = n.Outs[k] == ""
		p.Category, p.SubCategory = outputType(n, info, k)
		pins = append(pins, labelled(p))
	}
	return pins
}

// labelled sets the label the editor draws: the pin name, or none where
// the paste names the pin " ".
func labelled(p GraphPin) GraphPin {
	p.Label = p.Name
	if p.spaceName {
		p.Label = ""
	}
	return p
}

// isTextureSample: the classes whose pins are textureSamplePins'.
func isTextureSample(class string) bool {
	props := classPins[class].props
	return len(props) > 0 && props[0].prop == "MipValueMode"
}

// texturePinShown: a TextureSample shows its mip pins only for the mip
// mode that reads them; every other pin is always there.
func texturePinShown(class, pin, mode string) bool {
	if !isTextureSample(class) {
		return true
	}
	switch pin {
	case "MipValue":
		return strings.HasSuffix(mode, "MipLevel") || strings.HasSuffix(mode, "MipBias")
	case "CoordinatesDX", "CoordinatesDY", "DDX", "DDY":
		return strings.HasSuffix(mode, "Derivative")
	}
	return true
}

// inputProperty is the expression property an input pin is written under:
// the pin name, except a sampler's derivative pins, which the catalog
// names DDX and DDY after their graph pins and the engine stores as
// CoordinatesDX and CoordinatesDY.
func inputProperty(class, pin string) string {
	if isTextureSample(class) {
		switch pin {
		case "DDX":
			return "CoordinatesDX"
		case "DDY":
			return "CoordinatesDY"
		}
	}
	return pin
}

func propertyPin(n *AssetNode, pp propPin) GraphPin {
	p := GraphPin{key: "prop-" + pp.prop, Name: pp.pin, Category: "optional", Advanced: pp.advanced,
		HasDefault: true, Input: -1, Out: -1, Prop: pp.prop, Kind: pp.kind}
	v, ok := n.Prop(pp.prop)
	if !ok {
		v = pp.def
	}
	switch pp.kind {
	case "float":
		p.SubCategory = "red"
		x, _ := parseNumber(v)
		p.Default = t3dShortFloat(x)
	case "bool":
		p.SubCategory = "bool"
		p.Default = strings.ToLower(v)
	case "rgb":
		p.SubCategory = "rgb"
		c := append(structNums(v), 0, 0, 0)
		p.Default = t3dShortFloat(c[0]) + "," + t3dShortFloat(c[1]) + "," + t3dShortFloat(c[2])
	case "rgba":
		p.SubCategory = "rgba"
		c := append(structNums(v), 0, 0, 0, 0)
		p.Default = "(R=" + t3dFloat(c[0]) + ",G=" + t3dFloat(c[1]) + ",B=" + t3dFloat(c[2]) + ",A=" + t3dFloat(c[3]) + ")"
	case "enum":
		p.SubCategory, p.EnumPath = "byte", pp.enumPath
		short := strings.TrimPrefix(v, pp.enumPre)
		if d, ok := pp.display[short]; ok {
			p.Default = d
		} else {
			p.Default = DisplayName(short)
		}
	}
	return p
}

// outputType is an output pin's category and sub-category: a channel-mask
// output is "mask" with the channel it keeps ("red" … "alpha", "rgba" for
// all four, "" for RGB); the unnamed outputs of a constant vector are its
// whole value then one per channel; other outputs are plain.
func outputType(n *AssetNode, info classPinInfo, k int) (string, string) {
	channels := []string{"red", "green", "blue", "alpha"}
	switch n.Class {
	case "Constant2Vector", "Constant3Vector", "Constant4Vector":
		if k == 0 {
			if n.Class == "Constant4Vector" {
				return "mask", "rgba"
			}
			return "mask", ""
		}
		if k-1 < len(channels) {
			return "mask", channels[k-1]
		}
	}
	if !info.maskOuts {
		return "", ""
	}
	switch n.Outs[k] {
	case "R":
		return "mask", "red"
	case "G":
		return "mask", "green"
	case "B":
		return "mask", "blue"
	case "A":
		return "mask", "alpha"
	case "RGBA":
		return "mask", "rgba"
	case "RGB", "":
		return "mask", ""
	}
	return "", ""
}

// outputMask is the channel mask of n's output k as the engine declares
// it, in Input.Mask's letters ("xyz" for an RGB output, "x" for R, ""
// for an output that is no mask): an output pin is a "mask" pin exactly
// when its output has one, and its sub-category names the channels, so
// the mask follows from outputType.
func outputMask(n *AssetNode, k int) string {
	if k < 0 || k >= len(n.Outs) {
		return ""
	}
	cat, sub := outputType(n, classPins[n.Class], k)
	if cat != "mask" {
		return ""
	}
	switch sub {
	case "red":
		return "x"
	case "green":
		return "y"
	case "blue":
		return "z"
	case "alpha":
		return "w"
	case "rgba":
		return "xyzw"
	}
	if n.Class == "Constant2Vector" {
		return "xy"
	}
	return "xyz"
}

// DisplayName spaces a C++ name the way the editor (FName's display
// string) and ueblueprint print it: words split where a lower-case letter
// meets an upper-case one and where an acronym ends before a word
// ("LinearInterpolate" → "Linear Interpolate", "RGBColor" → "RGB Color"),
// underscores as spaces. Enumerators' display names, and ueblueprint's
// titles and pin labels in emit/layout's size model, both come from here.
func DisplayName(s string) string {
	var b strings.Builder
	rs := []rune(s)
	for i, r := range rs {
		if r == '_' {
			b.WriteByte(' ')
			continue
		}
		if i > 0 && unicode.IsUpper(r) && (unicode.IsLower(rs[i-1]) || i+1 < len(rs) && unicode.IsLower(rs[i+1]) && unicode.IsUpper(rs[i-1])) {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return b.String()
}
