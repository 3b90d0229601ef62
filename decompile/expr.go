package decompile

import (
	"strconv"
	"strings"

	"reuselab/ir"
)

// Precedences, loosest first, as the `.dss` parser binds them.
const (
	precTernary = 1 + iota
	precOr
	precAnd
	precEquality
	precRelational
	precAdditive
	precMultiplicative
	precUnary
	precPrimary
)

var binaryOps = map[ir.Op]struct {
	sym  string
	prec int
}{
	ir.OpAdd: {"+", precAdditive}, ir.OpSubtract: {"-", precAdditive},
	ir.OpMultiply: {"*", precMultiplicative}, ir.OpDivide: {"/", precMultiplicative},
	ir.OpGreater: {">", precRelational}, ir.OpGreaterEqual: {">=", precRelational},
	ir.OpLess: {"<", precRelational}, ir.OpLessEqual: {"<=", precRelational},
	ir.OpEqual: {"==", precEquality}, ir.OpNotEqual: {"!=", precEquality},
	ir.OpLogicalAnd: {"&&", precAnd}, ir.OpLogicalOr: {"||", precOr},
}

// intrinsics are the ops written as an HLSL intrinsic call.
var intrinsics = map[ir.Op]string{
	ir.OpFmod: "fmod", ir.OpAbs: "abs", ir.OpFloor: "floor", ir.OpCeil: "ceil", ir.OpRound: "round",
	ir.OpFrac: "frac", ir.OpTruncate: "trunc", ir.OpSign: "sign", ir.OpSaturate: "saturate",
	ir.OpClamp: "clamp", ir.OpMin: "min", ir.OpMax: "max", ir.OpLerp: "lerp", ir.OpStep: "step",
	ir.OpSmoothStep: "smoothstep", ir.OpSqrt: "sqrt", ir.OpRsqrt: "rsqrt", ir.OpRcp: "rcp",
	ir.OpPow: "pow", ir.OpExp: "exp", ir.OpExp2: "exp2", ir.OpLog: "log", ir.OpLog2: "log2",
	ir.OpLog10: "log10", ir.OpSin: "sin", ir.OpCos: "cos", ir.OpTan: "tan", ir.OpAsin: "asin",
	ir.OpAcos: "acos", ir.OpAtan: "atan", ir.OpAtan2: "atan2", ir.OpDot: "dot", ir.OpCross: "cross",
	ir.OpNormalize: "normalize", ir.OpLength: "length", ir.OpDistance: "distance", ir.OpDDX: "ddx",
	ir.OpDDY: "ddy", ir.OpFwidth: "fwidth", ir.OpReflect: "reflect", ir.OpRefract: "refract",
}

// compareForms are the operators a Compare's sugar may name.
var compareForms = map[string]bool{">": true, "<": true, ">=": true, "<=": true, "==": true, "!=": true}

// hiddenProps are properties the builder sets itself, never written.
var hiddenProps = map[string]bool{"ClassSpecifier": true, "LateBoundPins": true, "WrittenPins": true}

func paren(s string, prec, ctx int) string {
	if prec < ctx {
		return "(" + s + ")"
	}
	return s
}

// expr prints the value r reads in a context of precedence ctx. Named
// values print as their name; nameLocals keeps an inline tree at most
// maxInlineDepth deep, which bounds the recursion.
func (b *body) expr(r ir.Ref, ctx int) string {
	if !r.Valid() {
		return "0.0"
	}
	if name, ok := b.names[r]; ok {
		return name
	}
	n := b.g.Nodes[r.Node]
	if name, ok := b.names[ir.Ref{Node: r.Node}]; ok && len(n.Outputs) > 1 {
		return name + outputSuffix(n, r.Out)
	}
	arg := func(k int) ir.Ref {
		if k < len(n.Operands) {
			return n.Operands[k]
		}
		return ir.NoRef
	}
	if op, ok := binaryOps[n.Op]; ok && b.sugar[n.ID].Form != "truth" {
		return paren(b.expr(arg(0), op.prec)+" "+op.sym+" "+b.expr(arg(1), op.prec+1), op.prec, ctx)
	}
	if fn, ok := intrinsics[n.Op]; ok {
		args := make([]string, 0, len(n.Operands))
		for _, o := range n.Operands {
			args = append(args, b.expr(o, 0))
		}
		return fn + "(" + strings.Join(args, ", ") + ")"
	}
	switch n.Op {
	case ir.OpConstant:
		v, _ := n.Prop("Value")
		if n.Type(0) == "bool" && len(v.Nums) == 1 {
			return strconv.FormatBool(v.Nums[0] != 0)
		}
		if len(v.Nums) == 1 && v.Nums[0] < 0 {
			return paren(floatLit(v.Nums[0]), precUnary, ctx)
		}
		return vectorLit(v.Nums)
	case ir.OpNegate:
		return paren("-"+b.expr(arg(0), precUnary), precUnary, ctx)
	case ir.OpLogicalNot:
		return paren("!"+b.expr(arg(0), precUnary), precUnary, ctx)
	case ir.OpSwizzle:
		mask, _ := n.Prop("Mask")
		return b.expr(arg(0), precPrimary) + "." + mask.Str
	case ir.OpAppend:
		return floatType(width0(n.Type(0))) + "(" + strings.Join(b.appendParts(n), ", ") + ")"
	case ir.OpConvert, ir.OpBroadcast:
		return typeName(n.Type(0)) + "(" + b.expr(arg(0), 0) + ")"
	case ir.OpCompare:
		sg, ok := b.sugar[n.ID]
		switch {
		case ok && sg.Form == "arm":
			return b.expr(operandAt(n, sg.I), ctx)
		case ok && sg.Form == "chain":
			s := b.expr(arg(0), precRelational) + " > " + b.expr(arg(1), precRelational+1) +
				" ? " + b.expr(arg(2), precTernary+1) + " : " +
				b.expr(arg(0), precEquality) + " == " + b.expr(arg(1), precEquality+1) +
				" ? " + b.expr(arg(3), precTernary+1) + " : " + b.expr(arg(4), precTernary)
			return paren(s, precTernary, ctx)
		}
		if ok && compareForms[sg.Form] && sg.I >= 2 && sg.J >= 2 {
			s := b.expr(arg(0), precRelational) + " " + sg.Form + " " + b.expr(arg(1), precRelational+1) +
				" ? " + b.expr(operandAt(n, sg.I), precTernary+1) + " : " + b.expr(operandAt(n, sg.J), precTernary)
			return paren(s, precTernary, ctx)
		}
	case ir.OpNotEqual:
		if b.sugar[n.ID].Form == "truth" {
			return b.expr(arg(0), ctx)
		}
	case ir.OpSelect, ir.OpStaticSwitch:
		s := b.expr(arg(0), precTernary+1) + " ? " + b.expr(arg(1), precTernary+1) + " : " + b.expr(arg(2), precTernary)
		return paren(s, precTernary, ctx)
	case ir.OpTextureSample:
		s := b.textureSample(n)
		return s + outputSuffix(n, r.Out)
	case ir.OpReflected:
		if cond, whenTrue, whenFalse, ok := b.substrateTernary(n); ok {
			s := b.expr(cond, precTernary+1) + " ? " + b.expr(whenTrue, precTernary+1) + " : " + b.expr(whenFalse, precTernary)
			return paren(s, precTernary, ctx)
		}
		return b.reflected(n) + outputSuffix(n, r.Out)
	case ir.OpFunctionCall:
		return callName(n) + "(" + strings.Join(b.pinArgs(n), ", ") + ")"
	case ir.OpCustom:
		return sourceIdent(n.Class, "Custom") + "(" + strings.Join(b.pinArgs(n), ", ") + ")"
	case ir.OpGetMaterialAttributes:
		src := ir.NoRef
		if len(n.Pins) > 0 {
			src = n.Pins[0].Ref
		}
		return b.expr(src, precPrimary) + "." + n.Outputs[min(r.Out, len(n.Outputs)-1)].Name
	}
	// What no sugar covers prints as the op's own name, so that the text
	// still says what the graph holds.
	args := make([]string, 0, len(n.Operands))
	for _, o := range n.Operands {
		args = append(args, b.expr(o, 0))
	}
	return n.Op.String() + "(" + strings.Join(args, ", ") + ")"
}

// outputSuffix names output k of a multi-output node: every output of an
// engine node by name; a texture sample's channel outputs (R, G, B, A) as
// the channel of its RGBA, which is what the source can say.
func outputSuffix(n *ir.Node, k int) string {
	if len(n.Outputs) <= 1 || k >= len(n.Outputs) {
		return ""
	}
	if n.Op == ir.OpTextureSample {
		if k == 0 || k > 4 {
			return ""
		}
		return "." + "xyzw"[k-1:k]
	}
	return "." + sourceIdent(n.Outputs[k].Name, "Output")
}

// appendParts flattens a left-nested chain of unnamed Appends into the
// constructor's arguments.
func (b *body) appendParts(n *ir.Node) []string {
	var parts []string
	cur := n
	for {
		if len(cur.Operands) != 2 {
			break
		}
		left := cur.Operands[0]
		parts = append([]string{b.expr(cur.Operands[1], 0)}, parts...)
		if _, named := b.names[left]; !named && left.Valid() && b.g.Nodes[left.Node].Op == ir.OpAppend {
			cur = b.g.Nodes[left.Node]
			continue
		}
		return append([]string{b.expr(left, 0)}, parts...)
	}
	return parts
}

func (b *body) textureSample(n *ir.Node) string {
	arg := func(k int) ir.Ref {
		if k < len(n.Operands) {
			return n.Operands[k]
		}
		return ir.NoRef
	}
	tex := b.expr(arg(0), precPrimary)
	if arg(2).Valid() {
		// An explicit sampler: `Tex.Sample(Sampler, UV)`.
		return tex + ".Sample(" + b.expr(arg(2), 0) + ", " + b.expr(arg(1), 0) + ")"
	}
	mode, _ := n.Prop("MipValueMode")
	switch mode.Str {
	case "MipLevel":
		return tex + ".SampleLevel(" + b.expr(arg(1), 0) + ", " + b.expr(arg(3), 0) + ")"
	case "MipBias":
		return tex + ".SampleBias(" + b.expr(arg(1), 0) + ", " + b.expr(arg(3), 0) + ")"
	}
	return tex + ".Sample(" + b.expr(arg(1), 0) + ")"
}

// reflected prints an engine node call: pins, then properties, by name.
func (b *body) reflected(n *ir.Node) string {
	var args []string
	written := writtenPins(n)
	for _, pin := range n.Pins {
		name := pin.Name
		if w, ok := written[name]; ok {
			name = w
		}
		args = append(args, sourceIdent(name, "Input")+" = "+b.expr(pin.Ref, 0))
	}
	for _, prop := range n.SortedProps() {
		if hiddenProps[prop.Name] {
			continue
		}
		// A literal given to a pin with a Const* twin was built as the
		// twin property; it is written to the pin again.
		name := prop.Name
		if pin, ok := strings.CutPrefix(name, "Const"); ok && pin != "" && prop.Value.Kind == ir.KindNumber {
			name = pin
		}
		args = append(args, sourceIdent(name, "Property")+" = "+propLit(prop))
	}
	ns := "UE."
	if n.Type(0) == "Substrate" || substrateClasses[n.Class] {
		ns = "Substrate."
	}
	if spec, ok := n.Prop("ClassSpecifier"); ok && spec.Str != "" && ns == "UE." {
		// Built by `UE.Expression(Class = "…", …)`, which the node
		// remembers; the call is written that way again.
		return "UE.Expression(" + strings.Join(append([]string{"Class = " + ir.QuoteString(spec.Str)}, args...), ", ") + ")"
	}
	return ns + sourceIdent(n.Class, "Expression") + "(" + strings.Join(args, ", ") + ")"
}

// substrateTernary reads a Substrate Select back as the conditional it
// was built from (S2: `c ? x : y` over Substrate values is Select(A = y,
// B = x, SelectValue = float(c))): the condition and the two arms; false
// when the select value is not a bool converted on the spot.
func (b *body) substrateTernary(n *ir.Node) (cond, whenTrue, whenFalse ir.Ref, ok bool) {
	if n.Class != "Select" || n.Type(0) != "Substrate" || len(n.Pins) != 3 || len(n.Props) != 0 {
		return ir.NoRef, ir.NoRef, ir.NoRef, false
	}
	pins := map[string]ir.Ref{}
	for _, p := range n.Pins {
		pins[p.Name] = p.Ref
	}
	sel, okSel := pins["SelectValue"]
	whenFalse, okA := pins["A"]
	whenTrue, okB := pins["B"]
	if !okSel || !okA || !okB || !sel.Valid() {
		return ir.NoRef, ir.NoRef, ir.NoRef, false
	}
	if _, named := b.names[sel]; named {
		return ir.NoRef, ir.NoRef, ir.NoRef, false
	}
	conv := b.g.Nodes[sel.Node]
	if conv.Op != ir.OpConvert || len(conv.Operands) != 1 || !conv.Operands[0].Valid() ||
		b.g.Nodes[conv.Operands[0].Node].Type(conv.Operands[0].Out) != "bool" {
		return ir.NoRef, ir.NoRef, ir.NoRef, false
	}
	return conv.Operands[0], whenTrue, whenFalse, true
}

// substrateClasses are the classes of the Substrate namespace whose
// outputs are plain floats, so their type does not say where they belong
// and `UE.` does not name them: the conversions a BSDF's virtual
// arguments go through (LANGUAGE-DSS §3.14, S3) and the modifier.
var substrateClasses = map[string]bool{
	"MetalnessToDiffuseAlbedoF0": true, "HazinessToSecondaryRoughness": true, "TransmittanceToMFP": true,
	"MoonToonModifier": true,
}

// writtenPins reads a node's WrittenPins, `[Pin=Name, …]`: the pins the
// source gave under the name the node shows, which the text gives again.
func writtenPins(n *ir.Node) map[string]string {
	v, ok := n.Prop("WrittenPins")
	if !ok {
		return nil
	}
	out := map[string]string{}
	list := strings.TrimSuffix(strings.TrimPrefix(v.Str, "["), "]")
	for _, item := range strings.Split(list, ",") {
		if pin, name, ok := strings.Cut(strings.TrimSpace(item), "="); ok && pin != "" && name != "" {
			out[pin] = name
		}
	}
	return out
}

// propLit prints an engine property's value: an index as an integer,
// other numbers as floats, an enum name bare.
func propLit(p ir.Prop) string {
	v := p.Value
	switch v.Kind {
	case ir.KindNumber:
		if strings.HasSuffix(p.Name, "Index") {
			return ir.FormatNumber(v.Nums[0])
		}
		return floatLit(v.Nums[0])
	case ir.KindTuple:
		return vectorLit(v.Nums)
	case ir.KindBool:
		return strconv.FormatBool(v.Bool)
	}
	if isIdent(v.Str) {
		return v.Str
	}
	return ir.QuoteString(v.Str)
}
