package interp

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"sort"
	"strings"

	"reuselab/ir"
)

// Run is one random input vector: every parameter, function input and
// hashed node of a graph takes its value from the run's seed, so two graphs
// evaluated under one Run see the same inputs.
type Run struct{ Seed uint64 }

// RunSeed derives the seed of run i from a base seed.
func RunSeed(base uint64, i int) uint64 { return mix64(base ^ mix64(uint64(i)+0x9e3779b97f4a7c15)) }

func mix64(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// specials are drawn a third of the time, zero twice as often as the
// others, so that Compare's equals pin, the zero-divisor guards (x/x is 1
// only when x is not 0) and the identities get exercised.
var specials = [...]float64{0, 0, 1, -1, 0.5, -0.5, 2}

// draw is the value of an input named key, of width w; boolean inputs are
// 0 or 1. The generator is keyed by name, not by evaluation order, so the
// value does not depend on which graph asks first.
func (r Run) draw(key string, w int, boolean bool) Value {
	rng := rand.New(rand.NewPCG(r.Seed, strHash(key)))
	v := Value{Kind: Num, N: max(w, 1)}
	for i := 0; i < v.N; i++ {
		switch {
		case boolean:
			v.L[i] = float64(rng.IntN(2))
		case rng.IntN(3) == 0:
			v.L[i] = specials[rng.IntN(len(specials))]
		default:
			v.L[i] = rng.Float64()*4 - 2
		}
	}
	return v
}

func strHash(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

// hasher builds the identity of a node the interpreter cannot compute.
type hasher struct{ b []byte }

func (h *hasher) str(s string) {
	h.b = binary.LittleEndian.AppendUint64(h.b, uint64(len(s)))
	h.b = append(h.b, s...)
}

// value hashes v with every lane rounded to 16 mantissa bits, −0 as +0 and
// one NaN (see the package doc for why).
func (h *hasher) value(v Value) {
	h.b = append(h.b, byte(v.Kind), byte(v.N))
	switch v.Kind {
	case Handle:
		h.b = binary.LittleEndian.AppendUint64(h.b, v.ID)
	case Record:
		h.b = binary.LittleEndian.AppendUint64(h.b, v.ID)
		names := make([]string, 0, len(v.Attrs))
		for n := range v.Attrs {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			h.str(n)
			h.value(v.Attrs[n])
		}
	default:
		for i := 0; i < v.N; i++ {
			h.b = binary.LittleEndian.AppendUint64(h.b, quantize(v.L[i]))
		}
	}
}

func quantize(x float64) uint64 {
	switch {
	case math.IsNaN(x):
		return 0x7ff8000000000000
	case x == 0:
		return 0
	}
	const drop = 52 - 16
	b := math.Float64bits(x)
	return (b + 1<<(drop-1)) >> drop // round to nearest at 16 mantissa bits
}

func (h *hasher) sum(seed uint64) uint64 {
	f := fnv.New64a()
	f.Write(h.b)
	return mix64(f.Sum64() ^ seed)
}

// pseudo fills w lanes in [-1, 1) from an identity.
func pseudo(id uint64, w int) Value {
	v := Value{Kind: Num, N: max(w, 1)}
	for i := 0; i < v.N; i++ {
		id = mix64(id + 0x9e3779b97f4a7c15)
		v.L[i] = float64(id>>11)/(1<<52) - 1
	}
	return v
}

// Machine evaluates one graph under one run, memoising every node. Reads
// go through redirect, which is how a replay substitutes a node for another
// without touching the graph.
type Machine struct {
	nodes    []*ir.Node
	run      Run
	redirect map[int]int
	memo     [][]Value
	state    []uint8 // 0 new, 1 on the stack, 2 done
}

// NewMachine prepares g for evaluation under run.
func NewMachine(g *ir.Graph, run Run) *Machine { return newMachine(g.Nodes, run, nil) }

func newMachine(nodes []*ir.Node, run Run, redirect map[int]int) *Machine {
	return &Machine{nodes: nodes, run: run, redirect: redirect,
		memo: make([][]Value, len(nodes)), state: make([]uint8, len(nodes))}
}

// Read evaluates one output of one node.
func (m *Machine) Read(r ir.Ref) (Value, error) {
	if !r.Valid() {
		return Value{}, fmt.Errorf("absent operand")
	}
	if to, ok := m.redirect[r.Node]; ok {
		r.Node = to
	}
	outs, err := m.node(r.Node)
	if err != nil {
		return Value{}, err
	}
	if r.Out < 0 || r.Out >= len(outs) {
		return Value{}, fmt.Errorf("%%%d has no output %d", r.Node, r.Out)
	}
	return outs[r.Out], nil
}

func (m *Machine) node(id int) ([]Value, error) {
	if id < 0 || id >= len(m.nodes) {
		return nil, fmt.Errorf("no node %%%d", id)
	}
	switch m.state[id] {
	case 2:
		return m.memo[id], nil
	case 1:
		return nil, fmt.Errorf("cycle through %%%d", id)
	}
	m.state[id] = 1
	outs, err := m.eval(m.nodes[id])
	if err != nil {
		err = fmt.Errorf("%%%d %s: %w", id, m.nodes[id].Op, err)
	}
	m.memo[id], m.state[id] = outs, 2
	return outs, err
}

func (m *Machine) operands(n *ir.Node) ([]Value, error) {
	vs := make([]Value, len(n.Operands))
	for i, r := range n.Operands {
		v, err := m.Read(r)
		if err != nil {
			return nil, err
		}
		vs[i] = v
	}
	return vs, nil
}

// pin reads a named input; ok is false when the node has none of that name.
func (m *Machine) pin(n *ir.Node, name string) (Value, bool, error) {
	for _, p := range n.Pins {
		if p.Name == name && p.Ref.Valid() {
			v, err := m.Read(p.Ref)
			return v, true, err
		}
	}
	return Value{}, false, nil
}

func one(v Value) []Value { return []Value{v} }

func outWidth(n *ir.Node) int {
	if len(n.Outputs) == 0 {
		return 0
	}
	return WidthOf(n.Outputs[0].Type)
}

func (m *Machine) eval(n *ir.Node) ([]Value, error) {
	if op, ok := lanewiseOps[n.Op]; ok {
		args, err := m.operands(n)
		if err != nil {
			return nil, err
		}
		v, err := evalLanewise(op, args, outWidth(n))
		return one(v), err
	}
	switch n.Op {
	case ir.OpConstant:
		val, _ := n.Prop("Value")
		v := Vec(val.Nums...)
		if w := outWidth(n); w > 0 {
			v = v.Fit(w)
		}
		return one(v), nil
	case ir.OpParameter:
		return one(m.parameter(n)), nil
	case ir.OpTextureParameter:
		name, _ := n.Prop("ParameterName")
		return one(Value{Kind: Handle, ID: strHash("texture:" + name.Str)}), nil
	case ir.OpFunctionInput:
		return one(m.functionInput(n)), nil
	case ir.OpSwizzle, ir.OpAppend, ir.OpConvert, ir.OpBroadcast:
		return m.shape(n)
	case ir.OpCompare, ir.OpSelect, ir.OpStaticSwitch:
		return m.control(n)
	case ir.OpMakeMaterialAttributes, ir.OpSetMaterialAttributes, ir.OpGetMaterialAttributes:
		return m.attributes(n)
	case ir.OpMaterialSink, ir.OpFunctionOutput:
		return nil, fmt.Errorf("a statement has no value")
	case ir.OpReflected, ir.OpCustom, ir.OpFunctionCall, ir.OpTextureSample, ir.OpDDX, ir.OpDDY, ir.OpFwidth:
		return m.hashed(n)
	}
	args, err := m.operands(n)
	if err != nil {
		return nil, err
	}
	if v, ok, err := evalGeometric(n.Op, args); ok {
		return one(v), err
	}
	return nil, fmt.Errorf("the interpreter does not know %s", n.Op)
}

func (m *Machine) parameter(n *ir.Node) Value {
	name, _ := n.Prop("ParameterName")
	static, _ := n.Prop("IsStatic")
	isBool := (static.Kind == ir.KindBool && static.Bool) || n.Type(0) == "bool"
	return m.run.draw("param:"+name.Str, outWidth(n), isBool)
}

func (m *Machine) functionInput(n *ir.Node) Value {
	name, _ := n.Prop("InputName")
	typ := n.Type(0)
	switch KindOf(typ) {
	case Handle:
		return Value{Kind: Handle, ID: mix64(m.run.Seed ^ strHash("input:"+name.Str))}
	case Record:
		return Value{Kind: Record, ID: mix64(m.run.Seed ^ strHash("input:"+name.Str)), Attrs: map[string]Value{}}
	}
	kind, _ := n.Prop("InputType")
	isBool := typ == "bool" || strings.Contains(strings.ToLower(kind.Str), "bool")
	return m.run.draw("input:"+name.Str, outWidth(n), isBool)
}

// shape computes Swizzle, Append, Convert and Broadcast: lane moves only,
// so every claim about them is exact.
func (m *Machine) shape(n *ir.Node) ([]Value, error) {
	args, err := m.operands(n)
	if err != nil {
		return nil, err
	}
	for _, a := range args {
		if a.Kind != Num && n.Op != ir.OpConvert {
			return nil, fmt.Errorf("operand is not a number")
		}
	}
	switch {
	case n.Op == ir.OpAppend && len(args) == 2:
		out := args[0]
		for i := 0; i < args[1].N && out.N < 4; i++ {
			out.L[out.N] = args[1].L[i]
			out.N++
		}
		return one(out), nil
	case n.Op == ir.OpSwizzle && len(args) == 1:
		mask, _ := n.Prop("Mask")
		out := Value{Kind: Num}
		for _, c := range strings.ToLower(mask.Str) {
			i := strings.IndexRune("xyzw", c)
			if i < 0 {
				i = strings.IndexRune("rgba", c)
			}
			if i < 0 || out.N == 4 {
				return nil, fmt.Errorf("bad mask %q", mask.Str)
			}
			out.L[out.N] = args[0].Lane(i)
			out.N++
		}
		return one(out), nil
	case n.Op == ir.OpConvert && len(args) == 1:
		// No node in the engine: the reader is wired to the operand, so
		// only the width changes (a bool is not normalised to 0/1).
		return one(args[0].Fit(outWidth(n))), nil
	case n.Op == ir.OpBroadcast && len(args) == 1:
		return one(Value{Kind: Num, N: 1, L: args[0].L}.Fit(outWidth(n))), nil
	}
	return nil, fmt.Errorf("wrong operand count %d", len(args))
}

// control computes the If-backed Compare and Select and the StaticSwitch.
func (m *Machine) control(n *ir.Node) ([]Value, error) {
	args, err := m.operands(n)
	if err != nil {
		return nil, err
	}
	w := outWidth(n)
	fit := func(v Value) []Value { return one(v.Fit(w)) }
	switch {
	case n.Op == ir.OpCompare && len(args) == 5:
		// If(A, B, AGreaterThanB, AEqualsB, ALessThanB) on lane 0 of A and B.
		return fit(pick(ifNode(args[0].L[0], args[1].L[0]), args[2], args[3], args[4])), nil
	case n.Op == ir.OpSelect && len(args) == 3:
		// If(A=c, B=fresh 0, t, f, t): negatives are true.
		return fit(pick(ifNode(args[0].L[0], 0), args[1], args[2], args[1])), nil
	case n.Op == ir.OpStaticSwitch && len(args) == 3:
		if args[0].L[0] != 0 {
			return fit(args[1]), nil
		}
		return fit(args[2]), nil
	}
	return nil, fmt.Errorf("wrong operand count %d", len(args))
}

// attributes computes MaterialAttributes records. An attribute read that
// no write reaches is the zero of its type, or a hash of the opaque base
// (a function input or call result) when there is one.
func (m *Machine) attributes(n *ir.Node) ([]Value, error) {
	base := Value{Kind: Record, Attrs: map[string]Value{}}
	if n.Op != ir.OpMakeMaterialAttributes {
		v, ok, err := m.pin(n, "MaterialAttributes")
		if err != nil {
			return nil, err
		}
		if ok {
			if v.Kind != Record {
				return nil, fmt.Errorf("MaterialAttributes pin is not a record")
			}
			base = v
		}
	}
	if n.Op == ir.OpGetMaterialAttributes {
		outs := make([]Value, len(n.Outputs))
		for i, o := range n.Outputs {
			switch a, ok := base.Attrs[o.Name]; {
			case ok:
				outs[i] = a.Fit(WidthOf(o.Type))
			case o.Name == "MaterialAttributes":
				outs[i] = base
			case base.ID != 0:
				outs[i] = m.opaque(mix64(base.ID^strHash(o.Name)), o.Type, "")
			case KindOf(o.Type) == Num:
				outs[i] = Value{Kind: Num, N: WidthOf(o.Type)}
			default:
				outs[i] = Value{Kind: KindOf(o.Type)}
			}
		}
		return outs, nil
	}
	rec := Value{Kind: Record, ID: base.ID, Attrs: make(map[string]Value, len(base.Attrs)+len(n.Pins))}
	for k, v := range base.Attrs {
		rec.Attrs[k] = v
	}
	for _, p := range n.Pins {
		if p.Name == "MaterialAttributes" || !p.Ref.Valid() {
			continue
		}
		v, err := m.Read(p.Ref)
		if err != nil {
			return nil, err
		}
		rec.Attrs[p.Name] = v
	}
	return one(rec), nil
}

// ChannelLanes maps a channel-view output name (R, RG, RGB, RGBA, A …) to
// its lanes, so that `%n#1` (R) and Swizzle(%n, "x") agree.
func ChannelLanes(name string) ([]int, bool) {
	if name == "" || len(name) > 4 {
		return nil, false
	}
	var ls []int
	for _, c := range name {
		i := strings.IndexRune("RGBA", c)
		if i < 0 || (len(ls) > 0 && i <= ls[len(ls)-1]) {
			return nil, false
		}
		ls = append(ls, i)
	}
	return ls, true
}

// hashed evaluates a node the interpreter cannot compute as a
// pseudo-random function of what makes it that node: op, class,
// properties, operand values in order, pin values by pin name (the
// dedupe key's set), and the run.
func (m *Machine) hashed(n *ir.Node) ([]Value, error) {
	var h hasher
	h.str(n.Op.String())
	h.str(n.Class)
	for _, p := range n.SortedProps() {
		h.str(p.Name)
		h.str(p.Value.String())
	}
	for _, r := range n.Operands {
		if !r.Valid() {
			h.str("_")
			continue
		}
		v, err := m.Read(r)
		if err != nil {
			return nil, err
		}
		h.value(v)
	}
	pins := append([]ir.Pin(nil), n.Pins...)
	sort.SliceStable(pins, func(i, j int) bool { return pins[i].Name < pins[j].Name })
	for _, p := range pins {
		h.str(p.Name)
		if !p.Ref.Valid() {
			h.str("_")
			continue
		}
		v, err := m.Read(p.Ref)
		if err != nil {
			return nil, err
		}
		h.value(v)
	}
	id := h.sum(m.run.Seed)
	views := n.Op == ir.OpTextureSample || n.Op == ir.OpReflected
	outs := make([]Value, len(n.Outputs))
	for i, o := range n.Outputs {
		outs[i] = m.opaque(id, o.Type, o.Name)
		if ls, ok := ChannelLanes(o.Name); ok && views && KindOf(o.Type) == Num {
			base := pseudo(id, 4)
			v := Value{Kind: Num, N: len(ls)}
			for j, l := range ls {
				v.L[j] = base.L[l]
			}
			outs[i] = v.Fit(WidthOf(o.Type))
		}
	}
	if len(outs) == 0 {
		return nil, fmt.Errorf("a statement has no value")
	}
	return outs, nil
}

// opaque is the value of an output the interpreter cannot compute: for an
// unnamed output the identity's own lanes, for a named one lanes of the
// identity and the name.
func (m *Machine) opaque(id uint64, typ, name string) Value {
	if name != "" {
		id = mix64(id ^ strHash(name))
	}
	switch KindOf(typ) {
	case Handle:
		return Value{Kind: Handle, ID: id}
	case Record:
		return Value{Kind: Record, ID: id, Attrs: map[string]Value{}}
	}
	return pseudo(id, WidthOf(typ))
}
