package emit

import (
	"slices"

	"reuselab/ir"
)

// Two node shapes of upstream's 2.0 Graph backend: its material attribute
// nodes (Options.MaterialAttributeNodes) and the reroute of a named call
// result (Options.RerouteCallResults).

// emitBreakAndGet reads the IR's attribute outputs that something reads:
// those BreakMaterialAttributes has from one Break, each other attribute
// from a GetMaterialAttributes node of its own whose output 0 is the set
// passed through and output 1 the attribute. The IR lists an attribute
// set's outputs whether or not they are read; the engine graph has a node
// only for what is.
func (e *emitter) emitBreakAndGet(n *ir.Node) {
	src := e.operand(n, 0)
	for _, p := range n.Pins {
		if p.Name == "MaterialAttributes" {
			src = e.resolve(p.Ref)
		}
	}
	read := e.readOutputs(n.ID)
	m := make([]slot, len(n.Outputs))
	brk := -1
	for k, o := range n.Outputs {
		name := maPin(o.Name)
		switch {
		case o.Name == "MaterialAttributes":
			m[k] = src
		case !read[k]:
			m[k] = noSlot
		case slices.Contains(maPins, name):
			if brk < 0 {
				brk = e.add(n.ID, RoleValue, "BreakMaterialAttributes", nil, []string{"MaterialAttributes"}, maPins)
				e.own[n.ID] = brk
				e.connect(brk, "MaterialAttributes", src)
			}
			m[k] = slot{node: brk, out: slices.Index(maPins, name)}
		default:
			get := e.add(n.ID, RoleValue, "GetMaterialAttributes", []Prop{{Name: "AttributeGetTypes", Value: o.Name}},
				[]string{"MaterialAttributes"}, []string{"MaterialAttributes", o.Name})
			if e.own[n.ID] < 0 {
				e.own[n.ID] = get
			}
			e.connect(get, "MaterialAttributes", src)
			m[k] = slot{node: get, out: 1}
		}
	}
	e.outs[n.ID] = m
}

// readOutputs lists the outputs of IR node id that another node reads.
func (e *emitter) readOutputs(id int) map[int]bool {
	read := map[int]bool{}
	for _, other := range e.g.Nodes {
		for _, r := range other.Operands {
			if r.Valid() && r.Node == id {
				read[r.Out] = true
			}
		}
		for _, p := range other.Pins {
			if p.Ref.Valid() && p.Ref.Node == id {
				read[p.Ref.Out] = true
			}
		}
	}
	return read
}

// emitMakeThenSet writes the attributes MakeMaterialAttributes has inputs
// for into one Make and the others into a SetMaterialAttributes after it.
// A Make that is a function's material output routes each attribute
// through a named reroute pair DS_<attribute>.
func (e *emitter) emitMakeThenSet(n *ir.Node) {
	routed := e.feedsFunctionOutput(n.ID)
	attr := func(p ir.Pin) slot {
		s := e.resolve(p.Ref)
		if routed && s.node >= 0 {
			return e.reroutePair(n, "DS_"+p.Name, s)
		}
		return s
	}
	id := e.single(n, "MakeMaterialAttributes", nil, maPins)
	var rest []ir.Pin
	for _, p := range n.Pins {
		if slices.Contains(maPins, maPin(p.Name)) {
			e.connect(id, maPin(p.Name), attr(p))
		} else {
			rest = append(rest, p)
		}
	}
	if len(rest) == 0 {
		return
	}
	pins := []string{"MaterialAttributes"}
	var names string
	for i, p := range rest {
		pins = append(pins, p.Name)
		if i > 0 {
			names += ","
		}
		names += p.Name
	}
	set := e.add(n.ID, RoleValue, "SetMaterialAttributes", []Prop{{Name: "AttributeSetTypes", Value: names}}, pins, []string{""})
	e.connect(set, "MaterialAttributes", slot{node: id})
	for _, p := range rest {
		e.connect(set, p.Name, attr(p))
	}
	e.own[n.ID] = set
	e.outs[n.ID] = []slot{{node: set}}
}

// feedsFunctionOutput says whether IR node id is what a FunctionOutput
// returns.
func (e *emitter) feedsFunctionOutput(id int) bool {
	for _, o := range e.g.Nodes {
		if o.Op == ir.OpFunctionOutput {
			for _, r := range o.Operands {
				if r.Valid() && r.Node == id {
					return true
				}
			}
		}
	}
	return false
}

// callResult is the slot a read of a named function call's result goes
// through (Options.RerouteCallResults): the usage of its reroute pair,
// made at the first read. false when r is no such value.
func (e *emitter) callResult(r ir.Ref, s slot) (slot, bool) {
	p := e.g.Nodes[r.Node]
	if p.Op != ir.OpFunctionCall || p.Debug == "" || s.node < 0 || e.cur.Role == ir.RoleStatement {
		return s, false
	}
	if u, ok := e.calls[r]; ok {
		return u, true
	}
	if e.calls == nil {
		e.calls = map[ir.Ref]slot{}
	}
	name := "DS_" + p.Debug
	if len(p.Outputs) > 1 {
		name += "_" + p.Outputs[r.Out].Name
	}
	u := e.reroutePair(p, name, s)
	e.calls[r] = u
	return u, true
}
