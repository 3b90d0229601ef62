package assetinterp

import "reuselab/ir"

// mathPin is one input pin of an engine math class: the property whose
// value an unconnected pin takes, and the engine's default for that
// property. An empty prop means the engine reports the pin missing.
type mathPin struct {
	name string
	prop string
	def  float64
}

// mathClass is an engine class computed by one ir/interp op; the pins are
// in the op's operand order.
type mathClass struct {
	op   ir.Op
	pins []mathPin
}

func required(names ...string) []mathPin {
	ps := make([]mathPin, len(names))
	for i, n := range names {
		ps[i] = mathPin{name: n}
	}
	return ps
}

// ab are the A/B pins of the binary classes with ConstA/ConstB properties
// (UMaterialExpressionAdd and friends).
func ab(a, b float64) []mathPin {
	return []mathPin{{"A", "ConstA", a}, {"B", "ConstB", b}}
}

// mathClasses are the engine classes by their engine pin names, in the
// order of the HLSL intrinsic the class compiles to (Step is step(Y, X),
// SmoothStep smoothstep(Min, Max, Value), Arctangent2 atan2(Y, X)).
var mathClasses = map[string]mathClass{
	"Add":               {ir.OpAdd, ab(0, 1)},
	"Subtract":          {ir.OpSubtract, ab(1, 1)},
	"Multiply":          {ir.OpMultiply, ab(0, 1)},
	"Divide":            {ir.OpDivide, ab(1, 2)},
	"Min":               {ir.OpMin, ab(0, 1)},
	"Max":               {ir.OpMax, ab(0, 1)},
	"Fmod":              {ir.OpFmod, required("A", "B")},
	"LinearInterpolate": {ir.OpLerp, []mathPin{{"A", "ConstA", 0}, {"B", "ConstB", 1}, {"Alpha", "ConstAlpha", 0.5}}},
	"Clamp":             {ir.OpClamp, []mathPin{{name: "Input"}, {"Min", "MinDefault", 0}, {"Max", "MaxDefault", 1}}},
	"Power":             {ir.OpPow, []mathPin{{name: "Base"}, {"Exponent", "ConstExponent", 2}}},
	"Step":              {ir.OpStep, required("Y", "X")},
	"SmoothStep":        {ir.OpSmoothStep, required("Min", "Max", "Value")},
	"Abs":               {ir.OpAbs, required("Input")},
	"Floor":             {ir.OpFloor, required("Input")},
	"Ceil":              {ir.OpCeil, required("Input")},
	"Round":             {ir.OpRound, required("Input")},
	"Frac":              {ir.OpFrac, required("Input")},
	"Truncate":          {ir.OpTruncate, required("Input")},
	"Sign":              {ir.OpSign, required("Input")},
	"Saturate":          {ir.OpSaturate, required("Input")},
	"SquareRoot":        {ir.OpSqrt, required("Input")},
	"Exponential":       {ir.OpExp, required("Input")},
	"Exponential2":      {ir.OpExp2, required("Input")},
	"Logarithm":         {ir.OpLog, required("X")},
	"Logarithm2":        {ir.OpLog2, required("X")},
	"Logarithm10":       {ir.OpLog10, required("X")},
	"Sine":              {ir.OpSin, required("Input")},
	"Cosine":            {ir.OpCos, required("Input")},
	"Tangent":           {ir.OpTan, required("Input")},
	"Arcsine":           {ir.OpAsin, required("Input")},
	"Arccosine":         {ir.OpAcos, required("Input")},
	"Arctangent":        {ir.OpAtan, required("Input")},
	"Arctangent2":       {ir.OpAtan2, required("Y", "X")},
	"DotProduct":        {ir.OpDot, required("A", "B")},
	"CrossProduct":      {ir.OpCross, required("A", "B")},
	"Normalize":         {ir.OpNormalize, required("VectorInput")},
	"Length":            {ir.OpLength, required("Input")},
	"Distance":          {ir.OpDistance, required("A", "B")},
	"AppendVector":      {ir.OpAppend, required("A", "B")},
}

// ifPins are the If class's pins in Compare's operand order.
var ifPins = []mathPin{{name: "A"}, {"B", "ConstB", 0}, {name: "AGreaterThanB"}, {name: "AEqualsB"}, {name: "ALessThanB"}}

// opaqueOps are the ops ir/interp evaluates as pseudo-random functions of
// their identity (interp's hashed): the asset node made for one is
// evaluated the same way, whatever its engine class computes.
var opaqueOps = map[ir.Op]bool{
	ir.OpReflected: true, ir.OpCustom: true, ir.OpFunctionCall: true, ir.OpTextureSample: true,
	ir.OpDDX: true, ir.OpDDY: true,
}

// loweredOpaque are opaque ops the emitter writes as several engine nodes
// (Fwidth is DDX, DDY, two Abs and an Add): ir/interp hashes the op as a
// whole, so no wiring of the parts can give its value.
var loweredOpaque = map[ir.Op]bool{ir.OpFwidth: true}

// irAttribute is the IR name of a material attribute as the
// Make/Set/Break pins spell it: the clear-coat pins are CustomData0/1.
func irAttribute(pin string) string {
	switch pin {
	case "ClearCoat":
		return "CustomData0"
	case "ClearCoatRoughness":
		return "CustomData1"
	}
	return pin
}

// attributeType is the type of a material attribute read off a Break node.
func attributeType(name string, template *ir.Node) string {
	if template != nil {
		for _, o := range template.Outputs {
			if o.Name == name {
				return o.Type
			}
		}
	}
	if t, ok := ir.MaterialInputs[name]; ok {
		return t
	}
	switch name {
	case "CustomizedUVs0", "CustomizedUVs1", "CustomizedUVs2", "CustomizedUVs3",
		"CustomizedUVs4", "CustomizedUVs5", "CustomizedUVs6", "CustomizedUVs7":
		return "float2"
	}
	return "float"
}

// functionInputType is the IR type of a FunctionInput's InputType.
func functionInputType(inputType string) string {
	switch inputType {
	case "FunctionInput_Scalar":
		return "float"
	case "FunctionInput_Vector2":
		return "float2"
	case "FunctionInput_Vector3":
		return "float3"
	case "FunctionInput_Vector4":
		return "float4"
	case "FunctionInput_Texture2D", "FunctionInput_TextureCube", "FunctionInput_Texture2DArray",
		"FunctionInput_VolumeTexture", "FunctionInput_TextureExternal":
		return "Texture2D"
	case "FunctionInput_StaticBool", "FunctionInput_Bool":
		return "bool"
	case "FunctionInput_MaterialAttributes":
		return "material"
	case "FunctionInput_Substrate":
		return "Substrate"
	}
	return ""
}
