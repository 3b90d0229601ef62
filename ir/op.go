// Package ir is reuselab's intermediate representation: the graph of
// operations the DreamShader 2.0 compiler builds for one generated asset
// (LANGUAGE-2.0 §1.2), its dedupe key (§1.4), its text dump (§1.3, byte
// compatible with the upstream `ir` goldens) and what a reuse engine did to it
// (Result). It imports nothing of reuselab's, so both engines and every
// consumer can share it.
package ir

// Op is an IR operation (upstream EIROp). The dump prints Op.String().
type Op uint8

const (
	OpInvalid Op = iota

	// Values and declarations.
	OpConstant
	OpParameter
	OpTextureParameter
	OpFunctionInput
	OpFunctionOutput

	// Calls and engine nodes.
	OpReflected    // Reflected[Class]: an engine expression class by catalog index
	OpFunctionCall // FunctionCall[path]: a MaterialFunctionCall
	OpCustom       // Custom[Name]: an HLSL Custom node
	OpTextureSample

	// Shape.
	OpSwizzle
	OpAppend
	OpConvert
	OpBroadcast

	// Control.
	OpCompare
	OpSelect
	OpStaticSwitch

	// Material attributes and the material root.
	OpMakeMaterialAttributes
	OpSetMaterialAttributes
	OpGetMaterialAttributes
	OpMaterialSink

	// Core math, positional operands (LANGUAGE-2.0 §1.2 last rows).
	OpNegate
	OpAdd
	OpSubtract
	OpMultiply
	OpDivide
	OpFmod
	OpAbs
	OpFloor
	OpCeil
	OpRound
	OpFrac
	OpTruncate
	OpSign
	OpSaturate
	OpClamp
	OpMin
	OpMax
	OpLerp
	OpStep
	OpSmoothStep
	OpSqrt
	OpRsqrt
	OpRcp
	OpPow
	OpExp
	OpExp2
	OpLog
	OpLog2
	OpLog10
	OpSin
	OpCos
	OpTan
	OpAsin
	OpAcos
	OpAtan
	OpAtan2
	OpDot
	OpCross
	OpNormalize
	OpLength
	OpDistance
	OpDDX
	OpDDY
	OpFwidth
	OpReflect
	OpRefract
	OpGreater
	OpGreaterEqual
	OpLess
	OpLessEqual
	OpEqual
	OpNotEqual
	OpLogicalAnd
	OpLogicalOr
	OpLogicalNot

	opCount
)

var opNames = [...]string{
	OpInvalid:                "Invalid",
	OpConstant:               "Constant",
	OpParameter:              "Parameter",
	OpTextureParameter:       "TextureParameter",
	OpFunctionInput:          "FunctionInput",
	OpFunctionOutput:         "FunctionOutput",
	OpReflected:              "Reflected",
	OpFunctionCall:           "FunctionCall",
	OpCustom:                 "Custom",
	OpTextureSample:          "TextureSample",
	OpSwizzle:                "Swizzle",
	OpAppend:                 "Append",
	OpConvert:                "Convert",
	OpBroadcast:              "Broadcast",
	OpCompare:                "Compare",
	OpSelect:                 "Select",
	OpStaticSwitch:           "StaticSwitch",
	OpMakeMaterialAttributes: "MakeMaterialAttributes",
	OpSetMaterialAttributes:  "SetMaterialAttributes",
	OpGetMaterialAttributes:  "GetMaterialAttributes",
	OpMaterialSink:           "MaterialSink",
	OpNegate:                 "Negate",
	OpAdd:                    "Add",
	OpSubtract:               "Subtract",
	OpMultiply:               "Multiply",
	OpDivide:                 "Divide",
	OpFmod:                   "Fmod",
	OpAbs:                    "Abs",
	OpFloor:                  "Floor",
	OpCeil:                   "Ceil",
	OpRound:                  "Round",
	OpFrac:                   "Frac",
	OpTruncate:               "Truncate",
	OpSign:                   "Sign",
	OpSaturate:               "Saturate",
	OpClamp:                  "Clamp",
	OpMin:                    "Min",
	OpMax:                    "Max",
	OpLerp:                   "Lerp",
	OpStep:                   "Step",
	OpSmoothStep:             "SmoothStep",
	OpSqrt:                   "Sqrt",
	OpRsqrt:                  "Rsqrt",
	OpRcp:                    "Rcp",
	OpPow:                    "Pow",
	OpExp:                    "Exp",
	OpExp2:                   "Exp2",
	OpLog:                    "Log",
	OpLog2:                   "Log2",
	OpLog10:                  "Log10",
	OpSin:                    "Sin",
	OpCos:                    "Cos",
	OpTan:                    "Tan",
	OpAsin:                   "Asin",
	OpAcos:                   "Acos",
	OpAtan:                   "Atan",
	OpAtan2:                  "Atan2",
	OpDot:                    "Dot",
	OpCross:                  "Cross",
	OpNormalize:              "Normalize",
	OpLength:                 "Length",
	OpDistance:               "Distance",
	OpDDX:                    "DDX",
	OpDDY:                    "DDY",
	OpFwidth:                 "Fwidth",
	OpReflect:                "Reflect",
	OpRefract:                "Refract",
	OpGreater:                "Greater",
	OpGreaterEqual:           "GreaterEqual",
	OpLess:                   "Less",
	OpLessEqual:              "LessEqual",
	OpEqual:                  "Equal",
	OpNotEqual:               "NotEqual",
	OpLogicalAnd:             "LogicalAnd",
	OpLogicalOr:              "LogicalOr",
	OpLogicalNot:             "LogicalNot",
}

func (o Op) String() string {
	if int(o) < len(opNames) && opNames[o] != "" {
		return opNames[o]
	}
	return "Invalid"
}

var opByName = func() map[string]Op {
	m := make(map[string]Op, len(opNames))
	for i, n := range opNames {
		if n != "" && Op(i) != OpInvalid {
			m[n] = Op(i)
		}
	}
	return m
}()

// ParseOp returns the Op whose dump name is s.
func ParseOp(s string) (Op, bool) {
	o, ok := opByName[s]
	return o, ok
}

// AllOps lists every valid operation in declaration order.
func AllOps() []Op {
	ops := make([]Op, 0, opCount-1)
	for o := OpInvalid + 1; o < opCount; o++ {
		ops = append(ops, o)
	}
	return ops
}

// HasClass reports whether the dump prints a [Class] after the op name.
func (o Op) HasClass() bool {
	return o == OpReflected || o == OpCustom || o == OpFunctionCall
}

// IsCoreMath reports whether o is one of the positional math operations
// (including comparisons and logic), the ops FoldConstants may fold.
func (o Op) IsCoreMath() bool {
	return o >= OpNegate && o < opCount
}

// IsNeverFolded lists the core ops fold must leave alone (LANGUAGE-2.0 §1.5).
func (o Op) IsNeverFolded() bool {
	switch o {
	case OpDDX, OpDDY, OpFwidth, OpReflect, OpRefract:
		return true
	}
	return false
}
