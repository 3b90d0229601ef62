package compiled

import (
	"slices"

	"github.com/google/mangle/ast"

	"reuselab/ir"
	"reuselab/rules/facts"
)

// Schema facts read straight from the graph, by node id: the predicates
// the packs look up most, which the base store serves by building an
// atom per fact (rules/facts, exportOne) that the run then interns back.
// The facts are exportOne's, field for field; the differential tests
// (Mangle's engine reads the store) hold the two together. A lookup whose
// node is not bound, or a predicate not listed here, goes to the store.
type schemaKind uint8

const (
	sNone schemaKind = iota
	sRole
	sRoot
	sNOper
	sNOuts
	sWidth
	sOutput
	sUses
	sOperand
	sMask
)

var schemaKinds = map[ast.PredicateSym]schemaKind{
	{Symbol: "role", Arity: 2}: sRole, {Symbol: "root", Arity: 1}: sRoot,
	{Symbol: "noperands", Arity: 2}: sNOper, {Symbol: "nouts", Arity: 2}: sNOuts,
	{Symbol: "width", Arity: 3}: sWidth, {Symbol: "output", Arity: 4}: sOutput,
	{Symbol: "uses", Arity: 2}: sUses, {Symbol: "operand", Arity: 4}: sOperand,
	{Symbol: "mask", Arity: 2}: sMask,
}

func roleName(r ir.Role) string {
	switch r {
	case ir.RoleStatement:
		return "statement"
	case ir.RoleInput:
		return "input"
	}
	return "value"
}

// schemaRows calls emit with node n's facts of kind k.
func (r *run) schemaRows(k schemaKind, n *ir.Node, id Val, emit func([]Val) error) error {
	row := r.schemaRow[:0]
	switch k {
	case sRole:
		return emit(append(row, id, r.in.str(roleName(n.Role))))
	case sRoot:
		if n.Role != ir.RoleValue {
			return emit(append(row, id))
		}
	case sNOper:
		return emit(append(row, id, Val(len(n.Operands))))
	case sNOuts:
		return emit(append(row, id, Val(len(n.Outputs))))
	case sWidth:
		for p, o := range n.Outputs {
			if err := emit(append(row[:0], id, Val(p), r.in.num(int64(ir.TypeWidth(o.Type))))); err != nil {
				return err
			}
		}
	case sOutput:
		for p, o := range n.Outputs {
			if err := emit(append(row[:0], id, Val(p), r.in.str(o.Name), r.in.str(o.Type))); err != nil {
				return err
			}
		}
	case sOperand:
		for i, ref := range n.Operands {
			if err := emit(append(row[:0], id, Val(i), r.in.num(int64(facts.RefNode(ref))), r.in.num(int64(ref.Out)))); err != nil {
				return err
			}
		}
	case sUses:
		var buf [8]int
		seen := buf[:0]
		visit := func(ref ir.Ref) error {
			if !ref.Valid() || slices.Contains(seen, ref.Node) {
				return nil
			}
			seen = append(seen, ref.Node)
			return emit(append(row[:0], id, r.in.num(int64(ref.Node))))
		}
		for _, ref := range n.Operands {
			if err := visit(ref); err != nil {
				return err
			}
		}
		for _, p := range n.Pins {
			if err := visit(p.Ref); err != nil {
				return err
			}
		}
	case sMask:
		if n.Op == ir.OpSwizzle {
			if v, ok := n.Prop("Mask"); ok && v.Kind == ir.KindString {
				return emit(append(row, id, r.in.str(v.Str)))
			}
		}
	}
	return nil
}

// schemaNode is the node a lookup names, when the run serves its
// predicate from the graph and its node is bound.
func (r *run) schemaNode(o *op, key []Val) (*ir.Node, schemaKind) {
	k := r.p.schema[o.pred]
	if k == sNone || r.graph == nil || len(o.bound) == 0 || o.bound[0] != 0 {
		return nil, sNone
	}
	id := key[0]
	if id&internedBit != 0 || id >= Val(len(r.graph.Nodes)) {
		return nil, sNone
	}
	return r.graph.Nodes[id], k
}

// scanSchema is scanStore for a predicate served from the graph.
func (r *run) scanSchema(rl *rule, ops []op, k int, n *ir.Node, kind schemaKind, key []Val) error {
	o := &ops[k]
	cb := r.schemaCBs[o.id]
	if cb == nil {
		cb = func(row []Val) error {
			key := r.keys[o.id]
			for j, c := range o.bound {
				if row[c] != key[j] {
					return nil
				}
			}
			for c, ck := range o.cols {
				switch ck {
				case cBind:
					r.slots[o.args[c].idx] = row[c]
				case cCheck:
					if r.slots[o.args[c].idx] != row[c] {
						return nil
					}
				}
			}
			return r.exec(rl, ops, k+1)
		}
		r.schemaCBs[o.id] = cb
	}
	return r.schemaRows(kind, n, key[0], cb)
}
