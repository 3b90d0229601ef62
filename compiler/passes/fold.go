package passes

import (
	"math"
	"slices"
	"strconv"

	"reuselab/ir"
)

// foldConstants is R3 (LANGUAGE-2.0 §1.5): a core math op (arithmetic,
// comparison, logic), Convert, Broadcast, Swizzle or Append whose every
// operand is a Constant read through output 0 is rewritten in place into
// one Constant: same index, span and debug name, `Value=(…)`, output
// `float N` (`bool N` if it was bool). It visits nodes in index order, so a
// whole constant subtree folds in one visit; a later round visits only the
// nodes that changed or read one that did (nothing else can fold then). The
// view's entry is pointed at a Constant shared by the folds of one value
// (state.folded), so the build graph is not written and a fold allocates
// nothing of its own; the values of Constants are kept in consts, each
// read once (fold.constIndex names them).
//
// Componentwise ops broadcast a 1-component operand and take the widest
// operand's width; Dot, Length and Distance are 1 wide, Normalize keeps the
// width, Cross is 3 wide. Guards: divide or fmod by 0, rcp of 0, sqrt,
// rsqrt or a log of x ≤ 0 give 0; asin and acos clamp to [-1, 1]. Never
// folded: DDX, DDY, Fwidth, Reflect, Refract, and everything structural —
// Compare, Select, StaticSwitch, Reflected, Custom, FunctionCall,
// parameters, material-attribute nodes, TextureSample. An x + 0 is not a
// constant and stays (no algebraic simplification).
// foldState is what fold keeps from round to round.
type foldState struct {
	// constIndex[i] is 1 + the index in consts of Constant i's value once
	// fold has read it (or made it); 0 = not yet, -1 = not a value fold
	// reads.
	constIndex []int32
	consts     constTable // the values of Constants, each once
	protos     protoTable // fold's Constants, one per value, type and role
	// nodes are the nodes that were foldable as built, in index order:
	// all fold ever looks at (no node becomes foldable), so that a later
	// round does not scan every node to find them; fold drops those that
	// died or were folded.
	nodes        []int32
	lastTick     int32 // the tick of the last fold; 0 = none yet
	touchedSince int32 // the lowest node changed since fold last began (state.backward)
}

func foldConstants(g *ir.Graph, s *state) int {
	folded := 0
	var in [4]foldConst
	since := s.fold.lastTick
	if s.fullRounds {
		since = 0
	}
	s.fold.lastTick = s.tick
	from, _ := slices.BinarySearch(s.fold.nodes, int32(s.revisitFrom(s.fold.touchedSince)))
	s.fold.touchedSince = noneTouched
	if s.fold.constIndex == nil {
		s.fold.constIndex = make([]int32, len(g.Nodes))
	}
	if s.dedupe.ent == nil { // a fold hands its Constant's fixed part to dedupe
		s.dedupe.start(len(g.Nodes))
	}
	// A node dead or no longer foldable never is again: the list keeps
	// only the others, so that a later round does not look at the 20k
	// folds of the first one again.
	kept := from
	for _, at := range s.fold.nodes[from:] {
		i := int(at)
		if !s.alive[i] || !s.has(i, flagFoldable) {
			continue
		}
		s.fold.nodes[kept] = at
		kept++
		if s.unchangedSince(i, since) {
			continue // as it was when fold last looked: it did not fold then
		}
		rs := s.reads(i) // its operands, unless it has named inputs too
		if s.has(i, flagPins) {
			rs = rs[:len(g.Nodes[i].Operands)]
		}
		ok := true
		for _, r := range rs {
			if ok = r >= 0 && int(r) < len(s.flags) && s.has(int(r), flagConstant); !ok {
				break // not a Constant: no need to read the node
			}
		}
		for k, lo := 0, int(s.readStart[i]); ok && k < len(rs); k++ {
			// A Constant read before (as built: newState read them all) is
			// in fold.constIndex; through output 0 only (outWide is not 0).
			if kv := s.fold.constIndex[rs[k]]; kv > 0 && s.outs[lo+k] == 0 {
				in[k] = s.fold.consts.vals[kv-1]
			} else {
				in[k], ok = s.readConstant(g, s.operand(i, k))
			}
		}
		if !ok {
			continue
		}
		// The op is the state's, so that the node is read only for what
		// a few ops keep in it (a mask, a width) and for a statement's role.
		res, ok := evaluate(s.ops[i], g, i, s.swizzle.masks[i], s.swizzle.width0[i], in[:len(rs)])
		if !ok {
			continue
		}
		role := ir.RoleValue
		if !s.has(i, flagValue) {
			role = g.Nodes[i].Role
		}
		proto := s.folded(&res, s.has(i, flagBool), role)
		value := proto.value
		g.Nodes[i] = proto.node
		s.swizzle.width0[i] = proto.width
		for k, rs := 0, s.reads(i); k < len(rs); k++ {
			rs[k] = -1 // a Constant reads nothing
		}
		s.flags[i] = s.flags[i]&^(flagFoldable|flagSwizzle) | flagConstant
		s.fold.constIndex[i] = value
		s.mark(i, ir.Folded)
		// Off the list: a Constant now.
		kept--
		if s.has(i, flagValue) { // one fixed part for every fold of the value: interned once
			if proto.gen != s.dedupe.gen {
				proto.sig, proto.gen = s.dedupe.intern(s, i), s.dedupe.gen
			}
			s.dedupe.ent[i].sig = proto.sig
		}
		folded++
	}
	s.fold.nodes = s.fold.nodes[:kept]
	return folded
}

// folded returns the Constant a fold made of a value, found by the value
// itself (the entry names it in consts): one node for every fold of the
// same value, type and role, shared in the view (a node's span and debug
// name are the build's, which reindex and the snapshots read there), so
// that the 20k folds of a 100k-node graph make a node per value rather
// than a node per fold.
func (s *state) folded(res *foldConst, isBool bool, role ir.Role) *protoEntry {
	e := s.fold.protos.find(&s.fold.consts, res, isBool, role)
	if e.node != nil {
		return e
	}
	var nums []float64 // as ir.Tuple makes it
	if res.n > 0 {
		nums = take(&s.slabs.nums, res.n, s.slabs.chunk)
		copy(nums, res.v[:res.n])
	}
	n := s.slabs.node()
	*n = ir.Node{Op: ir.OpConstant, Role: role, Props: take(&s.slabs.props, 1, s.slabs.chunk), Outputs: take(&s.slabs.outs, 1, s.slabs.chunk)}
	n.Props[0] = ir.Prop{Name: "Value", Value: ir.Value{Kind: ir.KindTuple, Nums: nums}}
	n.Outputs[0] = ir.Output{Type: typeName(isBool, res.n)}
	e.node, e.width = n, uint8(ir.TypeWidth(n.Outputs[0].Type))
	return e
}

// foldConst is a constant operand: up to four components, n of which count.
// A 1-component constant broadcasts; a component past a wider one's width
// reads 0.
type foldConst struct {
	v [4]float64
	n int
}

func (c *foldConst) at(i int) float64 {
	if c.n == 1 {
		return c.v[0]
	}
	if i < c.n {
		return c.v[i]
	}
	return 0
}

func foldable(op ir.Op) bool {
	switch op {
	case ir.OpConvert, ir.OpBroadcast, ir.OpSwizzle, ir.OpAppend:
		return true
	}
	return op.IsCoreMath() && !op.IsNeverFolded()
}

type arityRange struct{ min, max int }

// arity is how many operands a foldable op takes.
func arity(op ir.Op) arityRange {
	switch op {
	case ir.OpAdd, ir.OpSubtract, ir.OpMultiply, ir.OpDivide, ir.OpFmod, ir.OpMin, ir.OpMax,
		ir.OpStep, ir.OpPow, ir.OpAtan2, ir.OpDot, ir.OpCross, ir.OpDistance,
		ir.OpGreater, ir.OpGreaterEqual, ir.OpLess, ir.OpLessEqual, ir.OpEqual, ir.OpNotEqual,
		ir.OpLogicalAnd, ir.OpLogicalOr, ir.OpAppend:
		return arityRange{2, 2}
	case ir.OpClamp, ir.OpLerp, ir.OpSmoothStep:
		return arityRange{3, 3}
	}
	return arityRange{1, 1}
}

// readConstant reads operand r when it is a Constant read through output
// 0, from constIndex once read.
func (s *state) readConstant(g *ir.Graph, r ir.Ref) (foldConst, bool) {
	if !r.Valid() || r.Node >= len(g.Nodes) || r.Out != 0 {
		return foldConst{}, false
	}
	switch k := s.fold.constIndex[r.Node]; {
	case k > 0:
		return s.fold.consts.get(k), true
	case k < 0:
		return foldConst{}, false
	}
	c, ok := readConstant(g.Nodes[r.Node])
	s.fold.constIndex[r.Node] = -1
	if ok {
		s.fold.constIndex[r.Node] = s.fold.consts.add(c)
	}
	return c, ok
}

// readConstant reads n's value when it is a Constant.
func readConstant(n *ir.Node) (foldConst, bool) {
	var c foldConst
	if n.Op != ir.OpConstant {
		return c, false
	}
	v, ok := n.Prop("Value")
	if !ok || (v.Kind != ir.KindTuple && v.Kind != ir.KindNumber) {
		return c, false
	}
	c.n = min(max(len(v.Nums), 1), 4)
	copy(c.v[:], v.Nums)
	return c, true
}

// evaluate computes the folded value of node i of g, an op, over constant
// operands in; mask is a Swizzle's, packed (0: read it from the node), and
// width0 the width of the node's output (a Broadcast's; state.width0).
func evaluate(op ir.Op, g *ir.Graph, i int, mask packedMask, width0 uint8, in []foldConst) (foldConst, bool) {
	var out foldConst
	width := 1
	for k := range in {
		width = max(width, in[k].n)
	}
	switch op {
	case ir.OpSwizzle:
		if mask != 0 {
			out.n = mask.len()
			for k := range out.n {
				out.v[k] = in[0].at(mask.channel(k))
			}
			return out, true
		}
		mask, ok := g.Nodes[i].Prop("Mask")
		if !ok || mask.Kind != ir.KindString || mask.Str == "" {
			return out, false
		}
		out.n = min(len(mask.Str), 4)
		for k := 0; k < out.n; k++ {
			ch := ir.MaskChannel(mask.Str[k])
			if ch < 0 {
				return out, false
			}
			out.v[k] = in[0].at(ch)
		}
		return out, true
	case ir.OpAppend:
		for k := range in {
			for j := 0; j < in[k].n && out.n < 4; j++ {
				out.v[out.n] = in[k].v[j]
				out.n++
			}
		}
		out.n = max(out.n, 1)
		return out, true
	case ir.OpDot:
		out.n, out.v[0] = 1, dot(&in[0], &in[1], width)
		return out, true
	case ir.OpLength:
		out.n, out.v[0] = 1, math.Sqrt(dot(&in[0], &in[0], width))
		return out, true
	case ir.OpDistance:
		var d foldConst
		d.n = width
		for k := 0; k < width; k++ {
			d.v[k] = in[0].at(k) - in[1].at(k)
		}
		out.n, out.v[0] = 1, math.Sqrt(dot(&d, &d, width))
		return out, true
	case ir.OpNormalize:
		l := math.Sqrt(dot(&in[0], &in[0], width))
		out.n = width
		for k := 0; k < width; k++ {
			if l > 0 {
				out.v[k] = in[0].at(k) / l
			}
		}
		return out, true
	case ir.OpCross:
		a, b := &in[0], &in[1]
		out.n = 3
		out.v[0] = a.at(1)*b.at(2) - a.at(2)*b.at(1)
		out.v[1] = a.at(2)*b.at(0) - a.at(0)*b.at(2)
		out.v[2] = a.at(0)*b.at(1) - a.at(1)*b.at(0)
		return out, true
	case ir.OpBroadcast:
		width = max(int(width0), 1)
	}
	out.n = min(width, 4)
	for k := 0; k < out.n; k++ {
		var a, b, c float64
		a = in[0].at(k)
		if len(in) > 1 {
			b = in[1].at(k)
		}
		if len(in) > 2 {
			c = in[2].at(k)
		}
		v, ok := ir.FoldComponent(op, a, b, c)
		if !ok {
			return out, false
		}
		out.v[k] = v
	}
	return out, true
}

func dot(a, b *foldConst, width int) float64 {
	sum := 0.0
	for k := 0; k < width; k++ {
		sum += a.at(k) * b.at(k)
	}
	return sum
}

var typeNames = [2][5]string{{"float", "float", "float2", "float3", "float4"}, {"bool", "bool", "bool2", "bool3", "bool4"}}

// typeName is the IR type of an n-component float or bool.
func typeName(isBool bool, n int) string {
	if n >= 0 && n < 5 {
		if isBool {
			return typeNames[1][n]
		}
		return typeNames[0][n]
	}
	base := "float"
	if isBool {
		base = "bool"
	}
	if n <= 1 {
		return base
	}
	return base + strconv.Itoa(n)
}
