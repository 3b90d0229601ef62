package assetinterp

import (
	"fmt"
	"strconv"
	"strings"

	"reuselab/emit"
	"reuselab/ir"
)

// Problem is something about one asset node the lifting could not take as
// written: a pin the node needs left unconnected, a connection nothing
// reads, an output index past the node's outputs, a class without known
// semantics.
type Problem struct {
	Node  int    // asset node id
	Class string // its class
	Pin   string // the pin concerned ("" for the node as a whole)
	Msg   string
	// Uncomparable marks a node ir/interp cannot be compared with at all
	// (an opaque op the emitter lowers to several nodes), not a fault.
	Uncomparable bool
}

func (p Problem) String() string {
	s := "#" + strconv.Itoa(p.Node) + " " + p.Class
	if p.Pin != "" {
		s += " pin " + p.Pin
	}
	return s + ": " + p.Msg
}

// lifted is an asset as an ir graph ir/interp can run.
type lifted struct {
	a     *emit.Asset
	g     *ir.Graph
	nodes []*ir.Node
	// outs[i][j] is asset node i's engine output j in the lifted graph
	// (ir.NoRef when it has none).
	outs     [][]ir.Ref
	prim     []int // asset node → its main lifted node (-1 none)
	used     [][]bool
	problems []Problem
}

func (l *lifted) problem(node int, pin, format string, args ...any) {
	class := "?"
	if node >= 0 && node < len(l.a.Nodes) {
		class = l.a.Nodes[node].Class
	}
	l.problems = append(l.problems, Problem{Node: node, Class: class, Pin: pin, Msg: fmt.Sprintf(format, args...)})
}

func (l *lifted) add(n *ir.Node) int {
	n.ID = len(l.nodes)
	l.nodes = append(l.nodes, n)
	return n.ID
}

func (l *lifted) constant(vals ...float64) ir.Ref {
	typ := "float"
	if len(vals) > 1 {
		typ = "float" + strconv.Itoa(len(vals))
	}
	return ir.Ref{Node: l.add(&ir.Node{Op: ir.OpConstant, Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(vals...)}},
		Outputs: []ir.Output{{Type: typ}}}), Out: 0}
}

func (l *lifted) swizzle(r ir.Ref, mask string) ir.Ref {
	if !r.Valid() {
		return r
	}
	return ir.Ref{Node: l.add(&ir.Node{Op: ir.OpSwizzle, Operands: []ir.Ref{r}, Props: []ir.Prop{{Name: "Mask", Value: ir.Str(mask)}},
		Outputs: []ir.Output{{Type: widthType(len(mask))}}}), Out: 0}
}

func widthType(w int) string {
	if w <= 1 {
		return "float"
	}
	return "float" + strconv.Itoa(w)
}

// template is the IR node an asset node was made for, or nil.
func (l *lifted) template(an *emit.AssetNode) *ir.Node {
	if an.IR < 0 || l.g == nil || an.IR >= len(l.g.Nodes) {
		return nil
	}
	return l.g.Nodes[an.IR]
}

// lift builds the lifted graph of a; g is the IR graph a was emitted from
// (the identity of opaque nodes, the types of value nodes).
func lift(a *emit.Asset, g *ir.Graph) *lifted {
	l := &lifted{a: a, g: g, outs: make([][]ir.Ref, len(a.Nodes)), prim: make([]int, len(a.Nodes)), used: make([][]bool, len(a.Nodes))}
	for i := range a.Nodes {
		l.used[i] = make([]bool, len(a.Nodes[i].Inputs))
		l.prim[i] = -1
		l.skeleton(i)
	}
	for i := range a.Nodes {
		l.wire(i)
	}
	for i, an := range a.Nodes {
		for k, in := range an.Inputs {
			if !l.used[i][k] {
				l.problem(i, in.Pin, "connected to #%d output %d, but nothing of the node reads this pin", in.From, in.OutputIndex)
			}
		}
	}
	return l
}

// valueType is the output type a lifted value node gets: its IR node's,
// when the asset node is that node's own and it has one output; else ""
// (ir/interp then takes the widest operand).
func (l *lifted) valueType(an *emit.AssetNode) string {
	t := l.template(an)
	if an.Role == emit.RoleValue && t != nil && len(t.Outputs) == 1 {
		return t.Outputs[0].Type
	}
	return ""
}

// skeleton makes asset node i's lifted node without its inputs, and the
// refs of its engine outputs.
func (l *lifted) skeleton(i int) {
	an := &l.a.Nodes[i]
	t := l.template(an)
	switch {
	case an.Role == emit.RoleStatement || an.Class == "FunctionOutput",
		an.Class == "NamedRerouteDeclaration", an.Class == "NamedRerouteUsage":
		return // roots and wires: nothing to compute
	case t != nil && loweredOpaque[t.Op]:
		l.problems = append(l.problems, Problem{Node: i, Class: an.Class, Msg: fmt.Sprintf("part of %s, which ir/interp evaluates as one opaque node", t.Op), Uncomparable: true})
		return
	case t != nil && opaqueOps[t.Op] && an.Role == emit.RoleValue:
		l.opaqueSkeleton(i, t)
		return
	}
	n := &ir.Node{Outputs: []ir.Output{{Type: l.valueType(an)}}}
	if mc, ok := mathClasses[an.Class]; ok {
		n.Op = mc.op
		l.prim[i] = l.add(n)
		l.outs[i] = l.views(i, ir.Ref{Node: l.prim[i]})
		return
	}
	switch an.Class {
	case "If":
		n.Op = ir.OpCompare
	case "StaticSwitch":
		n.Op = ir.OpStaticSwitch
	case "ComponentMask":
		mask := ""
		for k, c := range []string{"R", "G", "B", "A"} {
			if v, ok := an.Prop(c); ok && strings.EqualFold(v, "True") {
				mask += string("xyzw"[k])
			}
		}
		n.Op = ir.OpSwizzle
		n.Props = []ir.Prop{{Name: "Mask", Value: ir.Str(mask)}}
		n.Outputs[0].Type = widthType(len(mask))
		if mask == "" {
			l.problem(i, "", "masks no channel")
		}
	case "Constant", "Constant2Vector", "Constant3Vector", "Constant4Vector":
		vals, err := constantValue(an)
		if err != nil {
			l.problem(i, "", "%v", err)
		}
		n.Op = ir.OpConstant
		n.Props = []ir.Prop{{Name: "Value", Value: ir.Tuple(vals...)}}
		n.Outputs[0].Type = widthType(len(vals))
	case "ScalarParameter", "VectorParameter", "StaticBoolParameter":
		name, _ := an.Prop("ParameterName")
		n.Op = ir.OpParameter
		n.Props = []ir.Prop{{Name: "ParameterName", Value: ir.Str(name)}}
		switch an.Class {
		case "VectorParameter":
			n.Outputs[0].Type = "float4" // RGBA: every lane is drawn
		case "StaticBoolParameter":
			n.Props = append(n.Props, ir.Prop{Name: "IsStatic", Value: ir.Bool(true)})
			n.Outputs[0].Type = "bool"
		default:
			// ir/interp draws 0/1 for a parameter the IR types bool.
			if t != nil && t.Op == ir.OpParameter && t.Type(0) == "bool" {
				n.Outputs[0].Type = "bool"
			} else {
				n.Outputs[0].Type = "float"
			}
		}
	case "TextureObjectParameter":
		name, _ := an.Prop("ParameterName")
		n.Op = ir.OpTextureParameter
		n.Props = []ir.Prop{{Name: "ParameterName", Value: ir.Str(name)}}
		n.Outputs[0].Type = "Texture2D"
	case "FunctionInput":
		name, _ := an.Prop("InputName")
		kind, _ := an.Prop("InputType")
		n.Op = ir.OpFunctionInput
		n.Props = []ir.Prop{{Name: "InputName", Value: ir.Str(name)}, {Name: "InputType", Value: ir.Str(kind)}}
		n.Outputs[0].Type = functionInputType(kind)
		if n.Outputs[0].Type == "" {
			l.problem(i, "", "InputType %q has no known type", kind)
		}
	case "MakeMaterialAttributes":
		n.Op = ir.OpMakeMaterialAttributes
		n.Outputs[0].Type = "material"
	case "SetMaterialAttributes":
		n.Op = ir.OpSetMaterialAttributes
		n.Outputs[0].Type = "material"
	case "BreakMaterialAttributes":
		n.Op = ir.OpGetMaterialAttributes
		n.Outputs = nil
		for _, o := range an.Outs {
			name := irAttribute(o)
			n.Outputs = append(n.Outputs, ir.Output{Name: name, Type: attributeType(name, t)})
		}
		l.prim[i] = l.add(n)
		for j := range an.Outs {
			l.outs[i] = append(l.outs[i], ir.Ref{Node: l.prim[i], Out: j})
		}
		return
	default:
		l.problem(i, "", "no semantics known for this class")
		return
	}
	l.prim[i] = l.add(n)
	l.outs[i] = l.views(i, ir.Ref{Node: l.prim[i]})
}

// views are the engine outputs of a node with one value: the unnamed
// output is the value, a channel-named one (R, RGB, RGBA…) its lanes.
func (l *lifted) views(i int, whole ir.Ref) []ir.Ref {
	an := &l.a.Nodes[i]
	if len(an.Outs) == 0 {
		return []ir.Ref{whole}
	}
	refs := make([]ir.Ref, len(an.Outs))
	for j, name := range an.Outs {
		if name == "" {
			refs[j] = whole
			continue
		}
		mask, ok := channelMask(name)
		if !ok {
			l.problem(i, "", "output %d %q is neither the value nor a channel of it", j, name)
			refs[j] = ir.NoRef
			continue
		}
		refs[j] = l.swizzle(whole, mask)
	}
	return refs
}

// channelMask is the swizzle of a channel-named output: RGB → xyz.
func channelMask(name string) (string, bool) {
	if name == "" || len(name) > 4 {
		return "", false
	}
	mask, last := "", -1
	for _, c := range name {
		k := strings.IndexRune("RGBA", c)
		if k <= last {
			return "", false
		}
		mask += string("xyzw"[k])
		last = k
	}
	return mask, true
}

// constantValue parses a Constant*'s value back from its properties.
func constantValue(an *emit.AssetNode) ([]float64, error) {
	get := func(name string) (float64, error) {
		s, ok := an.Prop(name)
		if !ok {
			return 0, nil // the engine's default
		}
		return parseNumber(s)
	}
	switch an.Class {
	case "Constant":
		r, err := get("R")
		return []float64{r}, err
	case "Constant2Vector":
		r, err1 := get("R")
		g, err2 := get("G")
		if err1 == nil {
			err1 = err2
		}
		return []float64{r, g}, err1
	}
	w := 3
	if an.Class == "Constant4Vector" {
		w = 4
	}
	vals := make([]float64, 4)
	s, _ := an.Prop("Constant")
	s = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(s), "("), ")")
	for _, part := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			continue
		}
		idx := strings.Index("RGBA", strings.TrimSpace(k))
		if idx < 0 || len(strings.TrimSpace(k)) != 1 {
			return vals[:w], fmt.Errorf("Constant component %q", part)
		}
		x, err := parseNumber(v)
		if err != nil {
			return vals[:w], err
		}
		vals[idx] = x
	}
	return vals[:w], nil
}

func parseNumber(s string) (float64, error) {
	x, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil {
		return 0, fmt.Errorf("number %q: %v", s, err)
	}
	return x, nil
}

// input finds the k-th connected input on pin of asset node i and marks
// it read; ok is false when there is none.
func (l *lifted) input(i int, pin string, k int) (emit.Input, bool) {
	for x, in := range l.a.Nodes[i].Inputs {
		if in.Pin == pin {
			if k == 0 {
				l.used[i][x] = true
				return in, true
			}
			k--
		}
	}
	return emit.Input{}, false
}

// ref is the lifted value an input reads: through named reroutes (a usage
// reads its declaration, a declaration its input), then the engine output,
// then the channel masks (1.x) of every connection on the way, innermost
// first.
func (l *lifted) ref(reader int, in emit.Input) ir.Ref {
	from, out := in.From, in.OutputIndex
	masks := []string{in.Mask} // outermost first
	for steps := 0; ; steps++ {
		if from < 0 || from >= len(l.a.Nodes) || steps > len(l.a.Nodes) {
			l.problem(reader, in.Pin, "reads #%d, which is no node (or a reroute cycle)", from)
			return ir.NoRef
		}
		src := &l.a.Nodes[from]
		if src.Class == "NamedRerouteUsage" {
			from, out = src.Decl, 0
			continue
		}
		if src.Class == "NamedRerouteDeclaration" {
			next := -1
			for _, x := range src.Inputs {
				if x.Pin == "Input" {
					next, out = x.From, x.OutputIndex
					masks = append(masks, x.Mask)
					break
				}
			}
			if next < 0 {
				return ir.NoRef // reported at the declaration
			}
			from = next
			continue
		}
		break
	}
	if out < 0 || out >= len(l.outs[from]) {
		if len(l.outs[from]) > 0 {
			l.problem(reader, in.Pin, "reads output %d of #%d %s, which has %d outputs", out, from, l.a.Nodes[from].Class, len(l.outs[from]))
		}
		return ir.NoRef
	}
	r := l.outs[from][out]
	for k := len(masks) - 1; k >= 0; k-- {
		if masks[k] != "" {
			r = l.swizzle(r, masks[k])
		}
	}
	return r
}

// pinRef reads pin of node i; a missing pin takes prop's value (or def)
// when prop is set, else it is reported.
func (l *lifted) pinRef(i int, p mathPin, why string) ir.Ref {
	if in, ok := l.input(i, p.name, 0); ok {
		return l.ref(i, in)
	}
	if p.prop != "" {
		v := p.def
		if s, ok := l.a.Nodes[i].Prop(p.prop); ok {
			x, err := parseNumber(s)
			if err != nil {
				l.problem(i, p.name, "%s: %v", p.prop, err)
			}
			v = x
		}
		return l.constant(v)
	}
	l.problem(i, p.name, "unconnected, and %s", why)
	return ir.NoRef
}

const needed = "the class has no default for it"

// wire sets the inputs of asset node i's lifted node.
func (l *lifted) wire(i int) {
	an := &l.a.Nodes[i]
	switch an.Class {
	case "NamedRerouteDeclaration":
		if _, ok := l.input(i, "Input", 0); !ok {
			l.problem(i, "Input", "unconnected: the reroute carries nothing")
		}
		return
	case "NamedRerouteUsage":
		if an.Decl < 0 || an.Decl >= len(l.a.Nodes) || l.a.Nodes[an.Decl].Class != "NamedRerouteDeclaration" {
			l.problem(i, "", "refers to #%d, which is no NamedRerouteDeclaration", an.Decl)
		}
		return
	}
	if an.Role == emit.RoleStatement || an.Class == "FunctionOutput" {
		for k := range an.Inputs {
			l.used[i][k] = true // read as roots
		}
		return
	}
	if l.prim[i] < 0 {
		for k := range an.Inputs {
			l.used[i][k] = true // reported already
		}
		return
	}
	n := l.nodes[l.prim[i]]
	if t := l.template(an); t != nil && opaqueOps[t.Op] && an.Role == emit.RoleValue {
		l.wireOpaque(i, n, t)
		return
	}
	if mc, ok := mathClasses[an.Class]; ok {
		for _, p := range mc.pins {
			n.Operands = append(n.Operands, l.pinRef(i, p, needed))
		}
		return
	}
	req := func(pin string) ir.Ref { return l.pinRef(i, mathPin{name: pin}, needed) }
	switch an.Class {
	case "If":
		if s, ok := an.Prop("EqualsThreshold"); ok {
			if x, err := parseNumber(s); err != nil || x != 0.00001 {
				l.problem(i, "", "EqualsThreshold %s: ir/interp models only the default 0.00001", s)
			}
		}
		for _, p := range ifPins {
			n.Operands = append(n.Operands, l.pinRef(i, p, needed))
		}
	case "StaticSwitch":
		var value ir.Ref
		if in, ok := l.input(i, "Value", 0); ok {
			value = l.ref(i, in)
		} else {
			s, _ := an.Prop("DefaultValue")
			value = l.constant(map[bool]float64{true: 1}[strings.EqualFold(s, "True")])
		}
		n.Operands = []ir.Ref{value, req("A"), req("B")}
	case "ComponentMask":
		n.Operands = []ir.Ref{req("Input")}
	case "BreakMaterialAttributes":
		n.Pins = []ir.Pin{{Name: "MaterialAttributes", Ref: l.pinRef(i, mathPin{name: "MaterialAttributes"}, "the Break then reads the default attributes, not the IR's")}}
	case "SetMaterialAttributes":
		n.Pins = []ir.Pin{{Name: "MaterialAttributes", Ref: l.pinRef(i, mathPin{name: "MaterialAttributes"}, "the Set then starts from the default attributes")}}
		l.attributePins(i, n)
	case "MakeMaterialAttributes":
		l.attributePins(i, n)
	case "FunctionInput":
		// The preview value is what the editor shows, not what a caller
		// passes: ir/interp draws the input by name.
		for k := range an.Inputs {
			l.used[i][k] = true
		}
	}
}

func (l *lifted) attributePins(i int, n *ir.Node) {
	for k, in := range l.a.Nodes[i].Inputs {
		if in.Pin == "MaterialAttributes" || l.used[i][k] {
			continue
		}
		l.used[i][k] = true
		n.Pins = append(n.Pins, ir.Pin{Name: irAttribute(in.Pin), Ref: l.ref(i, in)})
	}
}
