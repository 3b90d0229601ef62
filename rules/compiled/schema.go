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
	sSwzKey
	// a Constant's facts, the graph's and the published (facts.Store's
	// Constants, Published), and a lower Swizzle's published form
	// (PublishedSwizzle): asked of the base store by node
	sConstant
	sCWidth
	sCVal
	sFolded
	sESwz
	// the virtual predicates (rules/facts/fnstore.go), computed when
	// their inputs (inputsOf) are bound
	vComp
	vMV
	vM
	vTuple9
	vMaskInfo
	vMaskChan
	vNum9
)

var schemaKinds = map[ast.PredicateSym]schemaKind{
	{Symbol: "role", Arity: 2}: sRole, {Symbol: "root", Arity: 1}: sRoot,
	{Symbol: "noperands", Arity: 2}: sNOper, {Symbol: "nouts", Arity: 2}: sNOuts,
	{Symbol: "width", Arity: 3}: sWidth, {Symbol: "output", Arity: 4}: sOutput,
	{Symbol: "uses", Arity: 2}: sUses, {Symbol: "operand", Arity: 4}: sOperand,
	{Symbol: "mask", Arity: 2}: sMask, {Symbol: "swzkey", Arity: 2}: sSwzKey,
	facts.PredConstant: sConstant, facts.PredCWidth: sCWidth, facts.PredCVal: sCVal, facts.PredFolded: sFolded, facts.PredESwz: sESwz,
	{Symbol: "comp", Arity: 3}: vComp, {Symbol: "mv", Arity: 6}: vMV, {Symbol: "m", Arity: 5}: vM,
	{Symbol: "tuple9", Arity: 6}: vTuple9, {Symbol: "maskinfo", Arity: 3}: vMaskInfo,
	{Symbol: "maskchan", Arity: 3}: vMaskChan, {Symbol: "num9", Arity: 2}: vNum9,
}

// inputsOf is the columns a virtual predicate's lookup must bind: the
// store answers nothing (or, for tuple9, nothing a rule can use) without
// them, and the run then asks it anyway.
var inputsOf = [...]uint64{vComp: 0b11, vMV: 0b11111, vM: 0b1111, vTuple9: 0b11111, vMaskInfo: 1, vMaskChan: 1, vNum9: 1}

func roleName(r ir.Role) string {
	switch r {
	case ir.RoleStatement:
		return "statement"
	case ir.RoleInput:
		return "input"
	}
	return "value"
}

// role is in.str(roleName(x)), looked up once per interner generation.
func (r *run) role(x ir.Role) Val {
	if r.rolesGen != r.in.gen || r.roles[0] == 0 {
		for k := range r.roles {
			r.roles[k] = r.in.str(roleName(ir.Role(k)))
		}
		r.rolesGen = r.in.gen
	}
	if int(x) < len(r.roles) {
		return r.roles[x]
	}
	return r.in.str(roleName(x))
}

// schemaRows calls emit with node n's facts of kind k.
func (r *run) schemaRows(k schemaKind, n *ir.Node, id Val, emit func([]Val) error) error {
	row := r.schemaRow[:0]
	switch k {
	case sRole:
		return emit(append(row, id, r.role(n.Role)))
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
		if xs, ok := r.base.Uses(r.graph, int(id)); ok {
			for _, x := range xs {
				if err := emit(append(row[:0], id, r.in.num(int64(x)))); err != nil {
					return err
				}
			}
			return nil
		}
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
	case sSwzKey:
		if key, ok := facts.SwizzleKey(n); ok {
			return emit(append(row, id, r.in.str(key)))
		}
	}
	return nil
}

// serve answers a lookup of a predicate the run serves itself, calling
// emit with each fact as a row; false when the store must answer it.
func (r *run) serve(o *op, key []Val, emit func([]Val) error) (bool, error) {
	k := r.p.schema[o.pred]
	switch {
	case k == sNone:
		return false, nil
	case k < sConstant:
		if r.graph == nil {
			return false, nil
		}
		if o.mask&1 == 0 {
			// a scan (a prune's roots): every node's, in id order, as the
			// store serves it, unless the store holds added facts too
			if r.base == nil || !r.onlyServed[o.pred] {
				return false, nil
			}
			if k == sRoot {
				if done, err := r.rootRows(emit); done {
					return true, err
				}
			}
			for id, n := range r.graph.Nodes {
				if err := r.schemaRows(k, n, Val(id), emit); err != nil {
					return true, err
				}
			}
			return true, nil
		}
		id := key[0]
		if id&internedBit != 0 || id >= Val(len(r.graph.Nodes)) {
			return false, nil
		}
		if k == sRole && r.base != nil {
			if role, ok := r.base.NodeRole(r.graph, int(id)); ok {
				return true, emit(append(r.schemaRow[:0], id, r.role(role)))
			}
		}
		return true, r.schemaRows(k, r.graph.Nodes[id], id, emit)
	case k <= sESwz:
		if r.base == nil || o.mask&1 == 0 || !r.onlyServed[o.pred] {
			return false, nil
		}
		return true, r.constantRows(k, key[0], emit)
	default:
		if r.base == nil || o.mask&inputsOf[k] != inputsOf[k] {
			return false, nil
		}
		// the inputs are the first columns, all bound: key begins with them
		return true, r.virtualRows(k, key, emit)
	}
}

// rootRows calls emit with every root/1 fact in id order, reading the
// base store's roles rather than the nodes; false when it holds none.
func (r *run) rootRows(emit func([]Val) error) (bool, error) {
	for id := range r.graph.Nodes {
		role, ok := r.base.NodeRole(r.graph, id)
		if !ok {
			if id == 0 {
				return false, nil
			}
			role = r.graph.Nodes[id].Role
		}
		if role != ir.RoleValue {
			if err := emit(append(r.schemaRow[:0], Val(id))); err != nil {
				return true, err
			}
		}
	}
	return true, nil
}

// constantRows calls emit with node id's facts of a Constant's kind k, or
// its published form as a Swizzle (sESwz).
func (r *run) constantRows(k schemaKind, id Val, emit func([]Val) error) error {
	if id&internedBit != 0 || id >= 1<<31 {
		return nil // not a node: the store holds nothing of it
	}
	switch k {
	case sFolded:
		if _, _, ok := r.base.Published(int(id)); ok {
			return emit(append(r.schemaRow[:0], id))
		}
		return nil
	case sESwz:
		if src, out, mask, ok := r.base.PublishedSwizzle(int(id)); ok {
			return emit(append(r.schemaRow[:0], id, r.in.num(int64(src)), r.in.num(int64(out)), r.in.str(mask)))
		}
		return nil
	}
	var err error
	r.base.Constants(int(id), func(typ string, vals []float64) {
		if err != nil {
			return
		}
		row := r.schemaRow[:0]
		switch k {
		case sConstant:
			err = emit(append(row, id, r.in.str(typ)))
		case sCWidth:
			err = emit(append(row, id, r.in.num(int64(len(vals)))))
		case sCVal:
			for i, v := range vals {
				if err = emit(append(row[:0], id, Val(i), r.in.float(v))); err != nil {
					return
				}
			}
		}
	})
	return err
}

// virtualRows calls emit with the facts of virtual predicate k whose
// inputs key begins with, as the base store computes them.
func (r *run) virtualRows(k schemaKind, key []Val, emit func([]Val) error) error {
	row := append(r.schemaRow[:0], key...)
	switch k {
	case vComp:
		x, ok1 := r.in.number(key[0])
		i, ok2 := r.in.number(key[1])
		if !ok1 || !ok2 || !fitsInt(x) || !fitsInt(i) {
			return nil
		}
		if v, ok := r.base.Component(int(x), int(i)); ok {
			return emit(append(row[:2], r.in.float(v)))
		}
	case vMV:
		op, ok := r.in.text(key[0])
		i, ok2 := r.in.number(key[4])
		if !ok || !ok2 || !fitsInt(i) {
			return nil
		}
		var xs [3]int
		for c := range xs {
			x, ok := r.in.number(key[1+c])
			if !ok || !fitsInt(x) {
				return nil
			}
			xs[c] = int(x)
		}
		v, ok := r.base.MV(op, xs, int(i))
		if ok {
			return emit(append(row[:5], r.in.float(v)))
		}
	case vM:
		op, ok := r.in.text(key[0])
		var in [3]float64
		for c := range in {
			if in[c], ok = r.floatArg(key[1+c]); !ok {
				return nil
			}
		}
		if v, ok := facts.Scalar(op, in[0], in[1], in[2]); ok {
			return emit(append(row[:4], r.in.float(v)))
		}
	case vTuple9:
		w, ok := r.in.number(key[0])
		if !ok || w < 1 || w > 4 {
			return nil
		}
		var vals [4]float64
		for c := range w {
			if vals[c], ok = r.floatArg(key[1+c]); !ok {
				return nil
			}
		}
		r.text = facts.AppendTuple9(r.text[:0], vals[:w])
		return emit(append(row[:5], r.in.strBytes(r.text)))
	case vMaskInfo:
		m, ok := r.in.text(key[0])
		if !ok {
			return nil
		}
		l, valid := facts.MaskInfo(m)
		return emit(append(row[:1], r.in.num(int64(l)), r.in.num(int64(valid))))
	case vMaskChan:
		m, ok := r.in.text(key[0])
		if !ok {
			return nil
		}
		for i := 0; i < len(m); i++ {
			if c := ir.MaskChannel(m[i]); c >= 0 {
				// the row whole each time: what emit runs serves its own
				// lookups into the same buffer
				if err := emit(append(r.schemaRow[:0], key[0], Val(i), Val(c))); err != nil {
					return err
				}
			}
		}
	case vNum9:
		f, ok := r.floatArg(key[0])
		if !ok {
			return nil
		}
		r.text = facts.AppendNum9(r.text[:0], f)
		return emit(append(row[:1], r.in.strBytes(r.text)))
	}
	return nil
}

// floatArg reads v as facts.FloatArg reads its constant: a float, or an
// int as a float.
func (r *run) floatArg(v Val) (float64, bool) {
	if f, ok := r.in.floatOf(v); ok {
		return f, true
	}
	n, ok := r.in.number(v)
	return float64(n), ok
}

// fitsInt reports whether n converts to an int as facts.IntArg converts
// it, without wrapping (an int64 wider than int only on 32-bit targets).
func fitsInt(n int64) bool { return int64(int(n)) == n }

// serveCallback is the emit of a served lookup: it checks a row against
// the bound columns, binds the free ones and runs the rest of the plan.
// One per operation, made once (a closure per lookup was an allocation
// per lookup).
func (r *run) serveCallback(rl *rule, ops []op, k int) func([]Val) error {
	o := &ops[k]
	if cb := r.schemaCBs[o.id]; cb != nil {
		return cb
	}
	cb := func(row []Val) error {
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
	return cb
}

// existsCallback is the emit of a served negation: any row with the
// bound columns is a fact, and ends the lookup.
func (r *run) existsCallback(o *op) func([]Val) error {
	if cb := r.schemaCBs[o.id]; cb != nil {
		return cb
	}
	cb := func(row []Val) error {
		key := r.keys[o.id]
		for j, c := range o.bound {
			if row[c] != key[j] {
				return nil
			}
		}
		r.found = true
		return errFound
	}
	r.schemaCBs[o.id] = cb
	return cb
}
