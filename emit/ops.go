package emit

import (
	"strconv"
	"strings"

	"reuselab/ir"
)

// mathClass is the engine class and input pins of a positional core op
// (LANGUAGE-2.0 §1.2 last rows, §2.6): operand i goes to pin i.
type mathClass struct {
	class string
	pins  []string
}

var mathClasses = map[ir.Op]mathClass{
	ir.OpAdd:        {"Add", []string{"A", "B"}},
	ir.OpSubtract:   {"Subtract", []string{"A", "B"}},
	ir.OpMultiply:   {"Multiply", []string{"A", "B"}},
	ir.OpDivide:     {"Divide", []string{"A", "B"}},
	ir.OpFmod:       {"Fmod", []string{"A", "B"}},
	ir.OpAbs:        {"Abs", []string{"Input"}},
	ir.OpFloor:      {"Floor", []string{"Input"}},
	ir.OpCeil:       {"Ceil", []string{"Input"}},
	ir.OpRound:      {"Round", []string{"Input"}},
	ir.OpFrac:       {"Frac", []string{"Input"}},
	ir.OpTruncate:   {"Truncate", []string{"Input"}},
	ir.OpSign:       {"Sign", []string{"Input"}},
	ir.OpSaturate:   {"Saturate", []string{"Input"}},
	ir.OpClamp:      {"Clamp", []string{"Input", "Min", "Max"}},
	ir.OpMin:        {"Min", []string{"A", "B"}},
	ir.OpMax:        {"Max", []string{"A", "B"}},
	ir.OpLerp:       {"LinearInterpolate", []string{"A", "B", "Alpha"}},
	ir.OpStep:       {"Step", []string{"Y", "X"}}, // step(edge, x): edge on Y
	ir.OpSmoothStep: {"SmoothStep", []string{"Min", "Max", "Value"}},
	ir.OpSqrt:       {"SquareRoot", []string{"Input"}},
	ir.OpPow:        {"Power", []string{"Base", "Exponent"}},
	ir.OpExp:        {"Exponential", []string{"Input"}},
	ir.OpExp2:       {"Exponential2", []string{"Input"}},
	ir.OpLog:        {"Logarithm", []string{"X"}},
	ir.OpLog2:       {"Logarithm2", []string{"X"}},
	ir.OpLog10:      {"Logarithm10", []string{"X"}},
	ir.OpSin:        {"Sine", []string{"Input"}},
	ir.OpCos:        {"Cosine", []string{"Input"}},
	ir.OpTan:        {"Tangent", []string{"Input"}},
	ir.OpAsin:       {"Arcsine", []string{"Input"}},
	ir.OpAcos:       {"Arccosine", []string{"Input"}},
	ir.OpAtan:       {"Arctangent", []string{"Input"}},
	ir.OpAtan2:      {"Arctangent2", []string{"Y", "X"}},
	ir.OpDot:        {"DotProduct", []string{"A", "B"}},
	ir.OpCross:      {"CrossProduct", []string{"A", "B"}},
	ir.OpNormalize:  {"Normalize", []string{"VectorInput"}},
	ir.OpLength:     {"Length", []string{"Input"}},
	ir.OpDistance:   {"Distance", []string{"A", "B"}},
	ir.OpDDX:        {"DDX", []string{"Value"}},
	ir.OpDDY:        {"DDY", []string{"Value"}},
	ir.OpLogicalAnd: {"Multiply", []string{"A", "B"}},
	ir.OpLogicalOr:  {"Max", []string{"A", "B"}},
}

var ifPins = []string{"A", "B", "AGreaterThanB", "AEqualsB", "ALessThanB"}

// comparison results as (A>B, A==B, A<B), 1 = true, for the hand-lowered
// comparison ops: an If with a fresh Constant 1 and Constant 0.
var comparisons = map[ir.Op][3]int{
	ir.OpGreater: {1, 0, 0}, ir.OpGreaterEqual: {1, 1, 0}, ir.OpLess: {0, 0, 1},
	ir.OpLessEqual: {0, 1, 1}, ir.OpEqual: {0, 1, 0}, ir.OpNotEqual: {1, 0, 1},
}

// emitNode emits IR node n. Operands precede n (IR order is creation order,
// which is topological), so every input is already resolved.
func (e *emitter) emitNode(n *ir.Node) {
	if mc, ok := mathClasses[n.Op]; ok {
		id := e.single(n, mc.class, nil, mc.pins)
		for i, p := range mc.pins {
			e.connect(id, p, e.operand(n, i))
		}
		return
	}
	if cmp, ok := comparisons[n.Op]; ok {
		id := e.single(n, "If", nil, ifPins)
		one, zero := e.fresh(n, 1), e.fresh(n, 0)
		pick := func(b int) slot {
			if b == 1 {
				return one
			}
			return zero
		}
		for i, s := range []slot{e.operand(n, 0), e.operand(n, 1), pick(cmp[0]), pick(cmp[1]), pick(cmp[2])} {
			e.connect(id, ifPins[i], s)
		}
		return
	}
	switch n.Op {
	case ir.OpConvert, ir.OpBroadcast:
		// No node: users read the operand (§1.2).
		e.outs[n.ID] = []slot{e.operand(n, 0)}
	case ir.OpConstant:
		e.emitConstant(n)
	case ir.OpParameter:
		e.emitParameter(n)
	case ir.OpTextureParameter:
		e.single(n, "TextureObjectParameter", textureParamProps(n), nil)
	case ir.OpSwizzle:
		e.emitSwizzle(n)
	case ir.OpAppend:
		id := e.single(n, "AppendVector", nil, []string{"A", "B"})
		e.connect(id, "A", e.operand(n, 0))
		e.connect(id, "B", e.operand(n, 1))
	case ir.OpCompare:
		id := e.single(n, "If", nil, ifPins)
		for i, p := range ifPins {
			e.connect(id, p, e.operand(n, i))
		}
	case ir.OpSelect:
		// If(A=c, B=fresh 0, A>B=t, A==B=f, A<B=t): nonzero is true (§2.8).
		id := e.single(n, "If", nil, ifPins)
		t, f := e.operand(n, 1), e.operand(n, 2)
		for i, s := range []slot{e.operand(n, 0), e.fresh(n, 0), t, f, t} {
			e.connect(id, ifPins[i], s)
		}
	case ir.OpStaticSwitch:
		id := e.single(n, "StaticSwitch", nil, []string{"A", "B", "Value"})
		e.connect(id, "A", e.operand(n, 1))
		e.connect(id, "B", e.operand(n, 2))
		e.connect(id, "Value", e.operand(n, 0))
	case ir.OpNegate:
		id := e.single(n, "Multiply", nil, []string{"A", "B"})
		e.connect(id, "A", e.operand(n, 0))
		e.connect(id, "B", e.fresh(n, -1))
	case ir.OpLogicalNot:
		id := e.single(n, "Subtract", []Prop{{Name: "ConstA", Value: "1"}}, []string{"A", "B"})
		e.connect(id, "B", e.operand(n, 0))
	case ir.OpRcp:
		id := e.single(n, "Divide", []Prop{{Name: "ConstA", Value: "1"}}, []string{"A", "B"})
		e.connect(id, "B", e.operand(n, 0))
	case ir.OpRsqrt:
		root := e.helper(n, "SquareRoot", nil, []string{"Input"}, e.operand(n, 0))
		id := e.single(n, "Divide", []Prop{{Name: "ConstA", Value: "1"}}, []string{"A", "B"})
		e.connect(id, "B", root)
	case ir.OpFwidth:
		x := e.operand(n, 0)
		ax := e.helper(n, "Abs", nil, []string{"Input"}, e.helper(n, "DDX", nil, []string{"Value"}, x))
		ay := e.helper(n, "Abs", nil, []string{"Input"}, e.helper(n, "DDY", nil, []string{"Value"}, x))
		id := e.single(n, "Add", nil, []string{"A", "B"})
		e.connect(id, "A", ax)
		e.connect(id, "B", ay)
	case ir.OpReflect:
		e.emitReflect(n)
	case ir.OpRefract:
		e.emitRefract(n)
	case ir.OpTextureSample:
		e.emitTextureSample(n)
	case ir.OpReflected:
		e.emitReflected(n)
	case ir.OpCustom:
		e.emitCustom(n)
	case ir.OpFunctionCall:
		e.emitFunctionCall(n)
	case ir.OpFunctionInput:
		id := e.single(n, "FunctionInput", functionInputProps(n), []string{"Preview"})
		for _, p := range n.Pins {
			if p.Ref.Node >= n.ID {
				// The preview default may be built after the input it
				// serves (PreviewDefault.dsf: Preview=%2 on %0); wire it
				// once every node has its engine slots.
				e.later = append(e.later, func() { e.connect(id, "Preview", e.resolve(p.Ref)) })
				continue
			}
			e.connect(id, "Preview", e.resolve(p.Ref))
		}
	case ir.OpFunctionOutput:
		id := e.add(n.ID, RoleStatement, "FunctionOutput", functionOutputProps(n), []string{"A"}, nil)
		e.own[n.ID] = id
		name, _ := n.Prop("OutputName")
		src := e.operand(n, 0)
		if e.opt.RerouteFunctionOutputs {
			src = e.reroutePair(n, "DS_"+name.Str+"_"+strconv.Itoa(len(e.a.Outputs)), src)
		}
		e.connect(id, "A", src)
		e.a.Outputs = append(e.a.Outputs, Output{Target: name.Str, Node: id})
	case ir.OpMakeMaterialAttributes, ir.OpSetMaterialAttributes:
		e.emitMakeSetMA(n)
	case ir.OpGetMaterialAttributes:
		e.emitBreakMA(n)
	case ir.OpMaterialSink:
		e.emitSink(n)
	default:
		e.warnf("%%%d: no engine class for op %s; emitted as %s", n.ID, n.Op, n.Op)
		id := e.single(n, n.Op.String(), irProps(n), nil)
		e.connectAll(id, n)
	}
}

// connectAll wires operands (as Input0…) and named pins of n onto node id,
// for classes whose pins come from the IR node itself.
func (e *emitter) connectAll(id int, n *ir.Node) {
	for i, r := range n.Operands {
		if r.Valid() {
			e.connect(id, "Input"+strconv.Itoa(i), e.resolve(r))
		}
	}
	for _, p := range n.Pins {
		e.connect(id, p.Name, e.resolve(p.Ref))
	}
}

// emitReflect: reflect(i, n) = i − 2·dot(n, i)·n, four nodes (§1.2).
func (e *emitter) emitReflect(n *ir.Node) {
	i, nn := e.operand(n, 0), e.operand(n, 1)
	dot := e.helper(n, "DotProduct", nil, []string{"A", "B"}, nn, i)
	two := e.helper(n, "Multiply", []Prop{{Name: "ConstB", Value: "2"}}, []string{"A", "B"}, dot)
	scaled := e.helper(n, "Multiply", nil, []string{"A", "B"}, two, nn)
	id := e.single(n, "Subtract", nil, []string{"A", "B"})
	e.connect(id, "A", i)
	e.connect(id, "B", scaled)
}

// emitRefract: refract(i, n, eta) as fourteen nodes ending in an If that
// returns 0 on total internal reflection (k < 0), as §1.2 counts them.
func (e *emitter) emitRefract(n *ir.Node) {
	i, nn, eta := e.operand(n, 0), e.operand(n, 1), e.operand(n, 2)
	ab := []string{"A", "B"}
	d := e.helper(n, "DotProduct", nil, ab, nn, i)
	d2 := e.helper(n, "Multiply", nil, ab, d, d)
	oneMinus := e.helper(n, "Subtract", []Prop{{Name: "ConstA", Value: "1"}}, ab, noSlot, d2)
	e2 := e.helper(n, "Multiply", nil, ab, eta, eta)
	t := e.helper(n, "Multiply", nil, ab, e2, oneMinus)
	k := e.helper(n, "Subtract", []Prop{{Name: "ConstA", Value: "1"}}, ab, noSlot, t)
	sk := e.helper(n, "SquareRoot", nil, []string{"Input"}, k)
	ed := e.helper(n, "Multiply", nil, ab, eta, d)
	sum := e.helper(n, "Add", nil, ab, ed, sk)
	sn := e.helper(n, "Multiply", nil, ab, sum, nn)
	ei := e.helper(n, "Multiply", nil, ab, eta, i)
	r := e.helper(n, "Subtract", nil, ab, ei, sn)
	zero := e.fresh(n, 0)
	id := e.single(n, "If", nil, ifPins)
	e.connect(id, "A", k)
	e.connect(id, "AGreaterThanB", r)
	e.connect(id, "AEqualsB", r)
	e.connect(id, "ALessThanB", zero)
}

// emitSwizzle reads an engine output pin when one is exactly the mask,
// else makes a ComponentMask (§2.5).
func (e *emitter) emitSwizzle(n *ir.Node) {
	mask := ""
	if v, ok := n.Prop("Mask"); ok {
		mask = v.Str
	}
	src := e.operand(n, 0)
	if e.legacy {
		// 1.5: no node, a mask on each connection, composed with the
		// mask the source value already has (LANGUAGE.md §6.3).
		if src.mask != "" {
			composed := ""
			for _, c := range mask {
				if k := strings.IndexRune("xyzw", c); k >= 0 && k < len(src.mask) {
					composed += string(src.mask[k])
				}
			}
			mask = composed
		}
		src.mask = mask
		e.outs[n.ID] = []slot{src}
		return
	}
	if pin, ok := e.channelPin(n, src, mask); ok {
		e.outs[n.ID] = []slot{pin}
		return
	}
	var props []Prop
	for _, c := range []struct{ letter, flag string }{{"x", "R"}, {"y", "G"}, {"z", "B"}, {"w", "A"}} {
		if strings.Contains(mask, c.letter) {
			props = append(props, Prop{Name: c.flag, Value: "True"})
		}
	}
	id := e.single(n, "ComponentMask", props, []string{"Input"})
	e.connect(id, "Input", src)
}

// channelPin: a leading-prefix mask shorter than the operand, read from an
// output that is the whole value of a node with a named output of exactly
// those channels (`.rgb` of a VectorParameter → its RGB pin; `.x` of a
// TexCoord has no such pin).
func (e *emitter) channelPin(n *ir.Node, src slot, mask string) (slot, bool) {
	chans, ok := map[string]string{"x": "R", "xy": "RG", "xyz": "RGB", "xyzw": "RGBA"}[mask]
	if !ok || src.node < 0 || len(n.Operands) == 0 {
		return noSlot, false
	}
	op := n.Operands[0]
	if !op.Valid() || op.Node >= len(e.g.Nodes) || width(e.g.Nodes[op.Node].Type(op.Out)) <= len(mask) {
		return noSlot, false
	}
	an := &e.a.Nodes[src.node]
	if src.out >= len(an.Outs) || (an.Outs[src.out] != "RGBA" && an.Outs[src.out] != "RGB") {
		return noSlot, false
	}
	if width := map[string]int{"RGB": 3, "RGBA": 4}[an.Outs[src.out]]; len(mask) >= width {
		return noSlot, false
	}
	for k, name := range an.Outs {
		if name == chans {
			return slot{node: src.node, out: k}, true
		}
	}
	return noSlot, false
}

func width(t string) int {
	switch t {
	case "float2":
		return 2
	case "float3":
		return 3
	case "float4":
		return 4
	}
	return 1
}
