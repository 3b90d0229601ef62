package emit

import (
	"fmt"
	"slices"
	"strconv"

	"reuselab/ir"
)

// Options configures emission.
type Options struct {
	// File is the source name the nodes' source positions are written with.
	File string
	// Legacy1x emits as the 1.5 generator did (SEMANTICS D3, LANGUAGE.md
	// §6.3, §9): a Swizzle is no node but a mask on each connection that
	// reads it (Input.Mask; 1.5 never made a ComponentMask, identity masks
	// included), and the constants the emitter makes itself — a negation's
	// −1, a truthy if's 0, a comparison's 1/0 — come from the one literal
	// cache, one node per value shared with the graph's own scalar
	// constants, instead of fresh ones (R8). The emitter knows no engine
	// modes: the caller that replays 1.5 (`--reuse 1x`) sets it.
	Legacy1x bool
	// RerouteFunctionOutputs feeds every FunctionOutput through a named
	// reroute pair DS_<Output>_<k>, k its place among the outputs, as
	// upstream's 2.0 Graph backend writes functions (its Compile goldens);
	// off, the output reads its value directly.
	RerouteFunctionOutputs bool
	// RerouteRegionExits feeds a named value (a variable's) that is made
	// inside a #Region and read outside it by another expression through
	// a named reroute pair DS_<variable>, one per value, as upstream's 2.0
	// Graph backend does (Compile/Material/C_Regions).
	RerouteRegionExits bool
	// MaterialAttributeNodes builds material attributes as upstream's 2.0
	// Graph backend does (Compile/Function/C_SubstrateLayerBlend): an
	// attribute BreakMaterialAttributes has no output for (a Substrate
	// FrontMaterial) is read with a GetMaterialAttributes node of its
	// own, one MakeMaterialAttributes lacks an input for is written by a
	// SetMaterialAttributes after it, and each attribute a function's
	// material output assembles goes through a named reroute pair
	// DS_<attribute>.
	MaterialAttributeNodes bool
	// RerouteCallResults feeds a named value a material function call
	// returns (`float2 Selected = MF_X(…);`) through a named reroute pair
	// DS_<variable> before anything reads it, as upstream's 2.0 Graph
	// backend does (Parity/MF_ToonUV).
	RerouteCallResults bool
}

// slot is one engine output: asset node and output index, and (Legacy1x
// only) the channel mask the connection applies, as `xyzw` letters.
type slot struct {
	node, out int
	mask      string
}

var noSlot = slot{node: -1, out: 0}

type emitter struct {
	g   *ir.Graph
	res *ir.Result
	// cur is the IR node being emitted (RerouteRegionExits); exits holds
	// the region-exit reroute usage made for each IR node.
	cur   *ir.Node
	exits map[int]slot
	// calls holds the reroute usage made for each named call result
	// (RerouteCallResults).
	calls map[ir.Ref]slot
	opt   Options
	a     *Asset
	outs  [][]slot // per IR node: IR output k → engine slot
	own   []int    // per IR node: its own asset node (-1 when none)
	// names/sources per final IR node, from the result's fates (D4).
	names   [][]string
	sources [][]string
	// legacy is Options.Legacy1x; consts are the shared scalar constants
	// by value then.
	legacy bool
	consts map[string]slot
	// later are connections to nodes emitted after their reader, made
	// once every node is emitted.
	later []func()
}

// FromGraph emits one product. res, when non-nil, is the reuse result whose
// Graph is g; it supplies stats and the names and spans of merged nodes.
func FromGraph(g *ir.Graph, res *ir.Result, opt Options) *Asset {
	e := &emitter{g: g, res: res, opt: opt,
		a:    &Asset{Kind: g.Kind.String(), Name: g.Name, Settings: append([]ir.Setting(nil), g.Settings...)},
		outs: make([][]slot, len(g.Nodes)), own: make([]int, len(g.Nodes))}
	e.legacy = opt.Legacy1x
	e.consts = map[string]slot{}
	e.provenance()
	for _, n := range g.Nodes {
		e.own[n.ID] = -1
		e.cur = n
		e.emitNode(n)
	}
	e.cur = nil
	for _, f := range e.later {
		f()
	}
	e.a.Stats = Stats{Built: len(g.Nodes), Final: len(g.Nodes)}
	if res != nil {
		if res.Build != nil {
			e.a.Stats.Built = len(res.Build.Nodes)
		}
		e.a.Stats.Rounds = res.Rounds
		e.a.Stats.Passes = append([]ir.PassStat(nil), res.Passes...)
	}
	return e.a
}

// provenance collects, for every final node, the debug names and spans of
// the build nodes that became it: a merged node stands for all of them.
func (e *emitter) provenance() {
	n := len(e.g.Nodes)
	e.names = make([][]string, n)
	e.sources = make([][]string, n)
	addName := func(f int, s string) {
		if s == "" {
			return
		}
		for _, x := range e.names[f] {
			if x == s {
				return
			}
		}
		e.names[f] = append(e.names[f], s)
	}
	addSpan := func(f int, sp ir.Span) {
		s := e.spanText(sp)
		for _, x := range e.sources[f] {
			if x == s {
				return
			}
		}
		e.sources[f] = append(e.sources[f], s)
	}
	if e.res != nil && e.res.Build != nil && len(e.res.Fates) == len(e.res.Build.Nodes) {
		// Every build node that became a final node, in build order: the
		// survivor first (R6), then what merged into it, which is the
		// order of the Result's span lists.
		for b, f := range e.res.Fates {
			if final := int(f.Final); final >= 0 && final < n && f.Kind != ir.Pruned {
				addName(final, e.res.Build.Nodes[b].Debug)
				addSpan(final, e.res.Build.Nodes[b].Span)
			}
		}
		e.unreadDuplicates(addName, addSpan)
	}
	for _, nd := range e.g.Nodes {
		// The survivor's own name comes first (R6), then the merged ones.
		if len(e.names[nd.ID]) == 0 || e.names[nd.ID][0] != nd.Debug {
			rest := e.names[nd.ID]
			e.names[nd.ID] = nil
			addName(nd.ID, nd.Debug)
			for _, s := range rest {
				addName(nd.ID, s)
			}
		}
		if len(e.sources[nd.ID]) == 0 {
			addSpan(nd.ID, nd.Span)
		}
	}
}

// unreadDuplicates credits a build node the first prune removed (nothing
// read it: `vec2 UV2 = UE.TexCoord(Index = 0);` never used) to the surviving
// node it equals, so the listing says UV1, UV2 as node-reuse.txt does. Equal
// means the same dedupe key once its inputs are mapped to surviving nodes.
func (e *emitter) unreadDuplicates(addName func(int, string), addSpan func(int, ir.Span)) {
	keys := map[string]int{}
	for _, nd := range e.g.Nodes {
		if !nd.IsStatement() {
			keys[ir.DedupeKey(nd, nil)] = nd.ID
		}
	}
	for b, f := range e.res.Fates {
		bn := e.res.Build.Nodes[b]
		if f.Kind != ir.Pruned || bn.IsStatement() {
			continue
		}
		ok := true
		key := ir.DedupeKey(bn, func(i int) int {
			if i < 0 || i >= len(e.res.Fates) || e.res.Fates[i].Final < 0 {
				ok = false
				return -1
			}
			return int(e.res.Fates[i].Final)
		})
		if f, found := keys[key]; ok && found {
			addName(f, bn.Debug)
			addSpan(f, bn.Span)
		}
	}
}

func (e *emitter) spanText(sp ir.Span) string {
	f := e.opt.File
	if sp.File != "" {
		f = sp.File
	}
	return f + ":" + strconv.Itoa(sp.Line) + ":" + strconv.Itoa(sp.Col)
}

// add appends an asset node made for IR node ir (or -1) and returns its id.
func (e *emitter) add(irID int, role, class string, props []Prop, pins, outs []string) int {
	id := len(e.a.Nodes)
	n := AssetNode{ID: id, Class: class, Props: props, IR: irID, Role: role, Pins: pins, Outs: outs, Decl: -1}
	if irID >= 0 {
		n.Names = append([]string(nil), e.names[irID]...)
		n.Sources = append([]string(nil), e.sources[irID]...)
	}
	e.a.Nodes = append(e.a.Nodes, n)
	return id
}

// connect wires input pin of asset node to the engine slot s.
func (e *emitter) connect(node int, pin string, s slot) {
	if s.node < 0 {
		return
	}
	if !slices.Contains(e.a.Nodes[node].Pins, pin) {
		// A pin the class table lacks still gets a graph pin in T3D.
		e.a.Nodes[node].Pins = append(e.a.Nodes[node].Pins, pin)
	}
	e.a.Nodes[node].Inputs = append(e.a.Nodes[node].Inputs, Input{Pin: pin, From: s.node, OutputIndex: s.out, Mask: s.mask})
}

// resolve is the engine slot an IR reference reads.
// regionExit is the slot a read of r from e.cur goes through: the value
// itself, or the usage of its region-exit reroute pair (RerouteRegionExits).
func (e *emitter) regionExit(r ir.Ref, s slot) slot {
	p := e.g.Nodes[r.Node]
	// A statement root (the sink, a function output) reads the value
	// through its own pair; a uniform is no variable of the region.
	if r.Out != 0 || p.Span.Region == "" || p.Span.Region == e.cur.Span.Region || p.Debug == "" || s.node < 0 ||
		e.cur.Role == ir.RoleStatement || p.Op == ir.OpParameter || p.Op == ir.OpTextureParameter {
		return s
	}
	if u, ok := e.exits[r.Node]; ok {
		return u
	}
	if e.exits == nil {
		e.exits = map[int]slot{}
	}
	u := e.reroutePair(p, "DS_"+p.Debug, s)
	e.exits[r.Node] = u
	return u
}

func (e *emitter) resolve(r ir.Ref) slot {
	if !r.Valid() || r.Node >= len(e.outs) {
		return noSlot
	}
	o := e.outs[r.Node]
	if r.Out < len(o) {
		if e.opt.RerouteCallResults && e.cur != nil {
			if s, ok := e.callResult(r, o[r.Out]); ok {
				return s
			}
		}
		if e.opt.RerouteRegionExits && e.cur != nil {
			return e.regionExit(r, o[r.Out])
		}
		return o[r.Out]
	}
	if len(o) > 0 && e.own[r.Node] >= 0 {
		// An output the IR names but the emitted class lacks: keep the
		// index so the wiring stays visible, and say so.
		e.warnf("%%%d#%d: output %d beyond the %d outputs emitted", r.Node, r.Out, r.Out, len(o))
		return slot{node: e.own[r.Node], out: r.Out}
	}
	return noSlot
}

func (e *emitter) warnf(format string, args ...any) {
	e.a.Warnings = append(e.a.Warnings, e.a.Name+": "+fmt.Sprintf(format, args...))
}

// single makes a node with one unnamed output for IR node n and records it
// as n's output 0.
func (e *emitter) single(n *ir.Node, class string, props []Prop, pins []string) int {
	id := e.add(n.ID, RoleValue, class, props, pins, []string{""})
	e.own[n.ID] = id
	e.outs[n.ID] = []slot{{node: id, out: 0}}
	return id
}

// fresh makes a constant owned by IR node n (R8): never shared. With
// Legacy1x it is the one constant of that value in the asset.
func (e *emitter) fresh(n *ir.Node, v float64) slot {
	if e.legacy {
		if s, ok := e.consts[num(v)]; ok {
			return s
		}
		id := e.add(n.ID, RoleFresh, "Constant", []Prop{{Name: "R", Value: num(v)}}, nil, []string{""})
		e.consts[num(v)] = slot{node: id}
		return slot{node: id}
	}
	id := e.add(n.ID, RoleFresh, "Constant", []Prop{{Name: "R", Value: num(v)}}, nil, []string{""})
	return slot{node: id, out: 0}
}

// helper makes an extra node of a lowered builtin.
func (e *emitter) helper(n *ir.Node, class string, props []Prop, pins []string, ins ...slot) slot {
	id := e.add(n.ID, RoleHelper, class, props, pins, []string{""})
	for i, s := range ins {
		if i < len(pins) {
			e.connect(id, pins[i], s)
		}
	}
	return slot{node: id, out: 0}
}

// operand is the engine slot of operand i of n (noSlot when absent).
func (e *emitter) operand(n *ir.Node, i int) slot {
	if i < len(n.Operands) {
		return e.resolve(n.Operands[i])
	}
	return noSlot
}
