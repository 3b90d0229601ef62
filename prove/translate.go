package prove

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"reuselab/ir"
	"reuselab/ir/interp"
)

// vec is one output of one node in the formula: up to four lanes of
// numbers, as ir/interp's Value holds them, or an identity (a texture,
// material attributes, a Substrate value), which is only ever compared.
type vec struct {
	handle bool
	n      int
	l      [4]string // "" past n
	h      string
}

// plug is a value a witness assigns and a replay plugs into the graph: a
// leaf (parameter, function input) or the output of a node the solver does
// not know (its value is the solver's choice, as a texture's contents are).
type plug struct {
	node, out int
	leaf      bool
	// math: a math function's node (sin, pow…), which ir/interp computes
	// itself when it checks a refutation (see replay).
	math  bool
	what  string
	terms []string // one per lane
}

// translator writes the value of every node of a cone into a formula in
// one number system, mirroring ir/interp's evaluation step for step.
type translator struct {
	g    *ir.Graph
	a    ar
	memo map[int][]vec
	// narrow is set on the float64 translation: the float32 one, whose
	// plugged values (leaves, uninterpreted nodes) it reads widened, as a
	// replay gives ir/interp the float32 values a witness holds.
	narrow *translator
	// cut holds the nodes translated as free values (abstract.go).
	cut   map[int]bool
	plugs []plug
}

func newTranslator(g *ir.Graph, a ar) *translator {
	return &translator{g: g, a: a, memo: map[int][]vec{}}
}

// coneOrder lists the nodes the refs read, inputs before readers, by an
// explicit stack (a graph's depth is its input's to choose).
// Nodes in stop are translated but not what they read.
func coneOrder(g *ir.Graph, refs []ir.Ref, stop map[int]bool) ([]int, error) {
	state := make(map[int]uint8, 64) // 1 on the stack, 2 done
	var order []int
	type frame struct {
		id   int
		deps []int
		next int
	}
	for _, r := range refs {
		if r.Node < 0 || r.Node >= len(g.Nodes) {
			return nil, fmt.Errorf("no node %%%d", r.Node)
		}
		if state[r.Node] != 0 {
			continue
		}
		stack := []frame{{id: r.Node, deps: depsOf(g, r.Node, stop)}}
		state[r.Node] = 1
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			if top.next == len(top.deps) {
				state[top.id] = 2
				order = append(order, top.id)
				stack = stack[:len(stack)-1]
				continue
			}
			d := top.deps[top.next]
			top.next++
			if d < 0 || d >= len(g.Nodes) {
				return nil, fmt.Errorf("%%%d reads no node %%%d", top.id, d)
			}
			switch state[d] {
			case 1:
				return nil, fmt.Errorf("cycle through %%%d", d)
			case 0:
				state[d] = 1
				stack = append(stack, frame{id: d, deps: depsOf(g, d, stop)})
			}
		}
	}
	return order, nil
}

func depsOf(g *ir.Graph, id int, stop map[int]bool) []int {
	if stop[id] {
		return nil
	}
	return inputsOf(g.Nodes[id])
}

func inputsOf(n *ir.Node) []int {
	var ds []int
	n.Inputs(func(r ir.Ref) { ds = append(ds, r.Node) })
	return ds
}

// run translates the nodes of order.
func (t *translator) run(order []int) error {
	for _, id := range order {
		n := t.g.Nodes[id]
		if t.cut[id] {
			t.memo[id] = t.free(n)
			continue
		}
		outs, err := t.node(n)
		if err != nil {
			return fmt.Errorf("%%%d %s: %w", id, n.Op, err)
		}
		if t.a.f.err != nil {
			return fmt.Errorf("%%%d %s: %w", id, n.Op, t.a.f.err)
		}
		t.memo[id] = outs
	}
	return nil
}

func (t *translator) read(r ir.Ref) (vec, error) {
	outs, ok := t.memo[r.Node]
	if !ok {
		return vec{}, fmt.Errorf("%%%d is not translated", r.Node)
	}
	if r.Out < 0 || r.Out >= len(outs) {
		return vec{}, fmt.Errorf("%%%d has no output %d", r.Node, r.Out)
	}
	return outs[r.Out], nil
}

func (t *translator) operands(n *ir.Node) ([]vec, error) {
	vs := make([]vec, len(n.Operands))
	for i, r := range n.Operands {
		if !r.Valid() {
			return nil, fmt.Errorf("absent operand")
		}
		v, err := t.read(r)
		if err != nil {
			return nil, err
		}
		vs[i] = v
	}
	return vs, nil
}

// lane is lane i as a componentwise op reads it: a scalar broadcasts, a
// lane past the width is 0 (interp's Value.Lane).
func (t *translator) lane(v vec, i int) string {
	if v.n == 1 {
		i = 0
	}
	if i < v.n && v.l[i] != "" {
		return v.l[i]
	}
	return t.a.zero()
}

// fit is interp's Value.Fit: a scalar broadcasts, a wider vector keeps its
// leading lanes, a narrower one is padded with 0.
func (t *translator) fit(v vec, w int) vec {
	if v.handle || w <= 0 || w == v.n {
		return v
	}
	out := vec{n: w}
	for i := 0; i < w; i++ {
		out.l[i] = t.lane(v, i)
	}
	return out
}

func scalar(x string) vec { return vec{n: 1, l: [4]string{x}} }

// plugged reports whether a replay plugs op's value in rather than letting
// ir/interp compute it: the leaves and the nodes the solver does not know.
func plugged(op ir.Op) bool {
	switch op {
	case ir.OpParameter, ir.OpFunctionInput, ir.OpTextureParameter:
		return true
	}
	return opaque(op) || (laneOps[op].uf != nil)
}

// opaque lists the nodes that are uninterpreted functions of everything
// that makes them that node: the ones ir/interp hashes, and material
// attributes (a record the prover does not look inside).
func opaque(op ir.Op) bool {
	switch op {
	case ir.OpReflected, ir.OpCustom, ir.OpFunctionCall, ir.OpTextureSample, ir.OpDDX, ir.OpDDY, ir.OpFwidth,
		ir.OpMakeMaterialAttributes, ir.OpSetMaterialAttributes, ir.OpGetMaterialAttributes:
		return true
	}
	return false
}

func (t *translator) node(n *ir.Node) ([]vec, error) {
	if t.narrow != nil && plugged(n.Op) {
		return t.widened(n.ID)
	}
	if op, ok := laneOps[n.Op]; ok {
		args, err := t.operands(n)
		if err != nil {
			return nil, err
		}
		v, err := t.lanewise(op, args, outWidth(n))
		if err == nil && op.uf != nil {
			t.record(n, 0, v, false)
		}
		return []vec{v}, err
	}
	switch n.Op {
	case ir.OpConstant:
		val, _ := n.Prop("Value")
		v := vec{n: min(len(val.Nums), 4)}
		for i := 0; i < v.n; i++ {
			v.l[i] = t.a.lit(val.Nums[i])
		}
		return []vec{t.fit(v, outWidth(n))}, nil
	case ir.OpParameter, ir.OpFunctionInput, ir.OpTextureParameter:
		return t.leaf(n)
	case ir.OpSwizzle, ir.OpAppend, ir.OpConvert, ir.OpBroadcast:
		v, err := t.shape(n)
		return []vec{v}, err
	case ir.OpCompare, ir.OpSelect, ir.OpStaticSwitch:
		v, err := t.control(n)
		return []vec{v}, err
	case ir.OpMaterialSink, ir.OpFunctionOutput:
		return nil, fmt.Errorf("a statement has no value")
	}
	if opaque(n.Op) {
		return t.uninterpreted(n)
	}
	args, err := t.operands(n)
	if err != nil {
		return nil, err
	}
	if v, ok, err := t.geometric(n.Op, args); ok {
		return []vec{v}, err
	}
	return nil, fmt.Errorf("the prover does not know %s", n.Op)
}

// widened is a plugged node's float32 value as float64 lanes.
func (t *translator) widened(id int) ([]vec, error) {
	outs, ok := t.narrow.memo[id]
	if !ok {
		return nil, fmt.Errorf("no float32 value")
	}
	ws := make([]vec, len(outs))
	for i, v := range outs {
		ws[i] = v
		for k := 0; k < v.n && !v.handle; k++ {
			ws[i].l[k] = t.a.num(widen(v.l[k]))
		}
	}
	return ws, nil
}

func (t *translator) record(n *ir.Node, out int, v vec, leaf bool) {
	if t.narrow != nil || v.handle {
		return
	}
	what := n.Op.String()
	if n.Class != "" {
		what += "[" + n.Class + "]"
	}
	if name := leafName(n); name != "" {
		what += " " + name
	}
	if len(n.Outputs) > 1 {
		what += fmt.Sprintf("#%d", out)
	}
	terms := append([]string(nil), v.l[:v.n]...)
	for i := range terms {
		if terms[i] == "" {
			terms[i] = t.a.zero()
		}
	}
	t.plugs = append(t.plugs, plug{node: n.ID, out: out, leaf: leaf, math: laneOps[n.Op].uf != nil, what: what, terms: terms})
}

func leafName(n *ir.Node) string {
	for _, p := range []string{"ParameterName", "InputName"} {
		if v, ok := n.Prop(p); ok && v.Kind == ir.KindString {
			return v.Str
		}
	}
	return ""
}

// leaf is a parameter or function input: one variable per lane, shared by
// every node of that name, as ir/interp draws one value per name.
func (t *translator) leaf(n *ir.Node) ([]vec, error) {
	name := leafName(n)
	typ := n.Type(0)
	var key string
	var boolean bool
	switch n.Op {
	case ir.OpTextureParameter:
		return []vec{{handle: true, h: t.a.f.leaf("texture:"+name, 0, t.a.f.hsort, false)}}, nil
	case ir.OpParameter:
		static, _ := n.Prop("IsStatic")
		key, boolean = "param:"+name, (static.Kind == ir.KindBool && static.Bool) || typ == "bool"
	default:
		if interp.KindOf(typ) != interp.Num {
			return []vec{{handle: true, h: t.a.f.leaf("input:"+name, 0, t.a.f.hsort, false)}}, nil
		}
		kind, _ := n.Prop("InputType")
		key, boolean = "input:"+name, typ == "bool" || strings.Contains(strings.ToLower(kind.Str), "bool")
	}
	v := vec{n: max(outWidth(n), 1)}
	for i := 0; i < v.n; i++ {
		v.l[i] = t.a.f.leaf(key, i, t.a.sort(), boolean)
	}
	t.record(n, 0, v, true)
	return []vec{v}, nil
}

// uninterpreted makes each output of n a function of what makes n that
// node, as ir/interp hashes it: op, class, properties, operands in order,
// pins by name. The channel-view outputs of a texture sample or an engine
// class (R, RGB, RGBA…) are lanes of one four-lane value, so that `%n#1`
// and `Swizzle(%n, "x")` stay one value.
func (t *translator) uninterpreted(n *ir.Node) ([]vec, error) {
	var sig strings.Builder
	fmt.Fprintf(&sig, "%s|%q|", n.Op, n.Class)
	for _, p := range n.SortedProps() {
		fmt.Fprintf(&sig, "%q=%q;", p.Name, p.Value.String())
	}
	var args []string
	add := func(r ir.Ref) error {
		if !r.Valid() {
			sig.WriteString("_;")
			return nil
		}
		v, err := t.read(r)
		if err != nil {
			return err
		}
		if v.handle {
			sig.WriteString("H;")
			args = append(args, v.h)
			return nil
		}
		fmt.Fprintf(&sig, "%d;", v.n)
		for i := 0; i < v.n; i++ {
			args = append(args, t.a.canonical(t.lane(v, i)))
		}
		return nil
	}
	for _, r := range n.Operands {
		if err := add(r); err != nil {
			return nil, err
		}
	}
	pins := append([]ir.Pin(nil), n.Pins...)
	sort.SliceStable(pins, func(i, j int) bool { return pins[i].Name < pins[j].Name })
	for _, p := range pins {
		fmt.Fprintf(&sig, "|%q:", p.Name)
		if err := add(p.Ref); err != nil {
			return nil, err
		}
	}
	if len(n.Outputs) == 0 {
		return nil, fmt.Errorf("a statement has no value")
	}
	base := sig.String()
	views := n.Op == ir.OpTextureSample || n.Op == ir.OpReflected
	outs := make([]vec, len(n.Outputs))
	for i, o := range n.Outputs {
		if interp.KindOf(o.Type) != interp.Num {
			outs[i] = vec{handle: true, h: t.a.f.apply(base+"|out:"+o.Name, args, t.a.f.hsort)}
			continue
		}
		v := vec{n: max(interp.WidthOf(o.Type), 1)}
		if ls, ok := interp.ChannelLanes(o.Name); ok && views {
			view := vec{n: len(ls)}
			for j, l := range ls {
				view.l[j] = t.a.f.apply(fmt.Sprintf("%s|view|%d", base, l), args, t.a.sort())
			}
			v = t.fit(view, interp.WidthOf(o.Type))
		} else {
			for j := 0; j < v.n; j++ {
				v.l[j] = t.a.f.apply(fmt.Sprintf("%s|out:%q|%d", base, o.Name, j), args, t.a.sort())
			}
		}
		outs[i] = v
		t.record(n, i, v, false)
	}
	return outs, nil
}

// canonical is an argument of an uninterpreted function with −0 read as
// +0, as ir/interp's hash reads it: a texture sampled at −0 is sampled at
// 0. NaN is one value in SMT-LIB, but z3 bit-blasts it to several bit
// patterns and an uninterpreted function may then tell two NaNs apart, so
// every NaN argument is the NaN literal.
func (a ar) canonical(x string) string {
	if !a.fp() {
		return x
	}
	return a.ite(a.isNaN(x), a.lit(math.NaN()), a.ite(a.isZero(x), a.zero(), x))
}

// call is a math function the solver does not know, lane by lane.
func (a ar) call(name string, args ...string) string {
	for i := range args {
		args[i] = a.canonical(args[i])
	}
	return a.f.apply("math:"+name, args, a.sort())
}

func outWidth(n *ir.Node) int {
	if len(n.Outputs) == 0 {
		return 0
	}
	return interp.WidthOf(n.Outputs[0].Type)
}
