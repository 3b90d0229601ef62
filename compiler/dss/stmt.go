package dss

import (
	"reuselab/compiler/dss/syntax"
	"reuselab/compiler/front"
	"reuselab/ir"
)

// maxUnrolledIterations is upstream's MaxUnrolledIterations (Dv2).
const maxUnrolledIterations = 64

func (c *compiler) file() *srcFile { return c.b.top().file }

func (c *compiler) lowerBlock(b *syntax.Block, scope bool) {
	fr := c.b.top()
	if scope {
		fr.scopes = append(fr.scopes, map[string]*slot{})
		defer func() { fr.scopes = fr.scopes[:len(fr.scopes)-1] }()
	}
	for _, s := range b.Stmts {
		if fr.done {
			break
		}
		c.lowerStmt(s)
	}
}

func (c *compiler) lowerStmt(s syntax.Stmt) {
	if !c.spend(s.StmtPos()) {
		return
	}
	fr := c.b.top()
	saved := c.b.region
	// A statement of the root file is in the region open where it begins
	// (a region directive itself changes nothing it makes).
	if _, isRegion := s.(*syntax.RegionStmt); fr.file == c.root && !isRegion {
		c.b.region = c.root.p.RegionAt(s.StmtPos().Off)
	}
	defer func() {
		c.b.region = saved
		fr.settle()
	}()
	switch s := s.(type) {
	case *syntax.Block:
		c.lowerBlock(s, true)
	case *syntax.EmptyStmt, *syntax.RegionStmt:
	case *syntax.DeclStmt:
		c.lowerDecl(s)
	case *syntax.ExprStmt:
		c.lowerExprStmt(s)
	case *syntax.IfStmt:
		c.lowerIf(s)
	case *syntax.ForStmt:
		c.lowerFor(s)
	case *syntax.WhileStmt:
		c.lowerWhile(s)
	case *syntax.ReturnStmt:
		if s.Value != nil {
			v := c.lowerExpr(s.Value)
			if v.mat != nil {
				v.mat = v.mat.clone()
			}
			fr.ret = v
			fr.hasRet = true
		}
		fr.done = true
	case *syntax.JumpStmt:
		switch s.Word {
		case "discard":
			c.buildErr(c.file(), s.Pos, "DSH4362", "'discard' has no material graph form")
		default:
			c.bindErr(c.file(), s.Pos, "DSH4363", "'%s' outside a loop the compiler can unroll", s.Word)
		}
	}
}

func (c *compiler) lowerDecl(s *syntax.DeclStmt) {
	fr := c.b.top()
	t := front.ParseType2(s.Type.Name)
	for _, d := range s.Vars {
		sl := c.newSlot()
		*sl = slot{name: d.Name, t: t, ifDepth: c.b.ifDepth, pos: d.NamePos}
		switch {
		case d.Array:
			c.bindErr(c.file(), d.NamePos, "DSH4364", "array %s has no material graph form", d.Name)
			fr.declare(sl)
			continue
		case t.Kind == front.Matrix:
			c.buildErr(c.file(), s.Pos, "DSH4361", "matrix type %s has no material graph form", t.Name)
			fr.declare(sl)
			continue
		case t.Kind == front.User:
			if c.structs[t.Name] != nil {
				c.bindErr(c.file(), s.Type.Pos, "DSH4364", "struct %s values have no material graph form", t.Name)
			} else {
				c.bindErr(c.file(), s.Type.Pos, "DSH4201", "unknown type %s", t.Name)
			}
			fr.declare(sl)
			continue
		case t.Kind == front.Void:
			c.bindErr(c.file(), s.Type.Pos, "DSH4228", "a variable cannot be void")
			fr.declare(sl)
			continue
		}
		if d.Init == nil {
			if t.Kind == front.Material {
				sl.v = value{t: t, ref: ir.NoRef, mat: newMat()}
				sl.assigned = true
			}
			fr.declare(sl)
			continue
		}
		if t.Kind == front.Substrate {
			if bl := c.builderDecl(d, sl); bl != nil {
				fr.declare(sl)
				continue
			}
		}
		mark := c.nodes.Mark()
		var v value
		if il, ok := d.Init.(*syntax.InitList); ok {
			v = c.initList(il, t)
		} else {
			v = c.lowerExpr(d.Init)
		}
		v = c.assignConvert(v, t, d.NamePos)
		if v.mat != nil {
			v.mat = v.mat.clone()
		}
		// Assigned even when the value failed: its error is said once, here,
		// not again at every read.
		sl.v, sl.assigned = v, true
		fr.declare(sl)
		c.nodes.NameFrom(mark, d.Name)
	}
}

// initList lowers `{a, b, …}` as a constructor of t.
func (c *compiler) initList(il *syntax.InitList, t front.Type) value {
	var parts []value
	for _, e := range il.Elems {
		parts = append(parts, c.lowerExpr(e))
	}
	return c.construct(t, parts, il.Pos)
}

// assignTarget is the debug name a statement gives its new nodes.
func (c *compiler) assignTarget(e syntax.Expr) string {
	switch e := syntax.Unparen(e).(type) {
	case *syntax.Name:
		return e.Text
	case *syntax.Member:
		if root, ok := syntax.Unparen(e.X).(*syntax.Name); ok {
			if sl := c.b.top().lookup(root.Text); sl != nil {
				if sl.t.Kind == front.Material {
					if i := c.cat.Attribute(e.Name); i >= 0 {
						return c.attrName(i)
					}
					return ""
				}
				if sl.t.Kind == front.Substrate {
					return ""
				}
				return root.Text
			}
		}
	case *syntax.Index:
		return c.assignTarget(e.X)
	}
	return ""
}

func (c *compiler) lowerExprStmt(s *syntax.ExprStmt) {
	mark := c.nodes.Mark()
	switch x := s.X.(type) {
	case *syntax.Assign:
		c.discardValue = true
		c.lowerAssign(x)
		c.discardValue = false
		c.nodes.NameFrom(mark, c.assignTarget(x.L))
	case *syntax.Call:
		c.lowerCall(x, true)
	default:
		c.lowerExpr(s.X)
	}
}

func (c *compiler) lowerIf(s *syntax.IfStmt) {
	cond := c.lowerCondition(s.Cond)
	before := c.snapshot(s)
	fr := c.b.top()
	doneBefore := fr.done
	retBefore, hasBefore := fr.ret, fr.hasRet
	c.b.ifDepth++
	c.lowerStmtScoped(s.Then)
	thenDone, thenRet, thenHas := fr.done, fr.ret, fr.hasRet
	fr.done, fr.ret, fr.hasRet = doneBefore, retBefore, hasBefore
	after := c.thenState(before)
	c.restore(before)
	if s.Else != nil {
		c.lowerStmtScoped(s.Else)
	}
	elseDone, elseRet, elseHas := fr.done, fr.ret, fr.hasRet
	fr.done, fr.ret, fr.hasRet = doneBefore, retBefore, hasBefore
	c.b.ifDepth--
	c.merge(s, cond, before, after)
	c.release(before)
	c.release(after)
	// An arm that returned is a pending exit, folded into the final return
	// value at the end of the function (§3.10, ResolveExits).
	switch {
	case doneBefore:
	case thenDone && elseDone:
		fr.done = true
		if thenHas && elseHas {
			fr.ret, fr.hasRet = c.makeConditional(cond, thenRet, elseRet, s.Pos), true
		}
	case thenDone && thenHas && !thenRetIsBefore(thenRet, retBefore, hasBefore):
		fr.exits = append(fr.exits, exit{cond: cond, v: thenRet, then: true, pos: s.Pos})
	case elseDone && elseHas:
		fr.exits = append(fr.exits, exit{cond: cond, v: elseRet, then: false, pos: s.Pos})
	}
}

func thenRetIsBefore(v, before value, had bool) bool { return had && sameValue(v, before) }

// exit is an early `return` inside one arm of an if.
type exit struct {
	cond value
	v    value
	then bool // the then-arm returned
	pos  syntax.Pos
}

// resolveExits folds the pending exits into the frame's return value, the
// innermost last (MergeValues in reverse order).
func (c *compiler) resolveExits(fr *frame) {
	for i := len(fr.exits) - 1; i >= 0; i-- {
		e := fr.exits[i]
		switch {
		case !fr.hasRet:
			fr.ret, fr.hasRet = e.v, true
		case e.then:
			fr.ret = c.makeConditional(e.cond, e.v, fr.ret, e.pos)
		default:
			fr.ret = c.makeConditional(e.cond, fr.ret, e.v, e.pos)
		}
	}
	fr.exits = nil
}

func (c *compiler) lowerStmtScoped(s syntax.Stmt) {
	fr := c.b.top()
	fr.scopes = append(fr.scopes, map[string]*slot{})
	c.lowerStmt(s)
	fr.scopes = fr.scopes[:len(fr.scopes)-1]
}

// lowerCondition lowers an if/?: condition (its nodes unnamed).
func (c *compiler) lowerCondition(e syntax.Expr) value {
	v := c.lowerExpr(e)
	if v.t.Kind == front.Substrate || v.t.Kind == front.Material || v.t.Kind == front.Texture {
		c.bindErr(c.file(), e.ExprPos(), "DSH4228", "a condition must be a number or a bool")
		return badValue
	}
	return v
}

// merge joins the two arm states into the slots (§3.9). The else arm's
// state is the slots as they are (lowering it was the last thing done), so
// only the then arm needs a snapshot; each slot is merged once, in the
// before snapshot's order, which fixes the order of the Select/Compare
// nodes the merge adds.
func (c *compiler) merge(s *syntax.IfStmt, cond value, before, then state) {
	decided := cond.k != nil && !cond.bad
	elseLive := decided && cond.k[0] == 0
	for fi := range before.frames {
		for i := range before.frames[fi] {
			b := &before.frames[fi][i]
			sl := b.s
			if elseLive {
				continue
			}
			t := then.thenAt(b, sl, fi, i)
			if unchangedSlot(&b.slot, &t, sl) {
				continue
			}
			c.b.frames[fi].pending = append(c.b.frames[fi].pending, sl)
			if decided {
				*sl = t
				continue
			}
			*sl = c.mergeSlot(s, cond, b.slot, t, c.copySlot(sl).slot)
		}
	}
}

// unchangedSlot reports that neither arm touched a slot (then and now are
// the state before, field for field) and merging would leave it as it is:
// no material to rebuild, and not an assigned value without a node, which
// mergeSlot turns into a Conditional. Skipping those keeps an if among
// thousands of untouched locals from copying each one again. Slices and
// pointers compare by identity, so "same" is never a guess.
func unchangedSlot(before, then, now *slot) bool {
	if before.v.mat != nil || (before.assigned && before.v.sub == nil && !before.v.ref.Valid()) {
		return false
	}
	return sameSlot(before, then) && sameSlot(before, now)
}

func sameSlot(a, b *slot) bool {
	return a.name == b.name && a.t == b.t && a.assigned == b.assigned && a.param == b.param &&
		a.partial == b.partial && a.sealed == b.sealed && a.ifDepth == b.ifDepth && a.pos == b.pos && a.index == b.index &&
		sameValueFields(&a.v, &b.v)
}

func sameValueFields(a, b *value) bool {
	return a.t == b.t && a.ref == b.ref && sameFloats(a.k, b.k) && a.bconst == b.bconst &&
		a.static == b.static && a.mat == b.mat && a.multi == b.multi && a.views == b.views &&
		a.class == b.class && a.sub == b.sub && a.noOut == b.noOut && a.bad == b.bad && a.pinOK == b.pinOK
}

// sameFloats: the same slice (backing array, length and capacity), or both nil.
func sameFloats(a, b []float64) bool {
	if len(a) != len(b) || cap(a) != cap(b) || (a == nil) != (b == nil) {
		return false
	}
	return cap(a) == 0 || &a[:cap(a)][0] == &b[:cap(b)][0]
}

func (c *compiler) mergeSlot(s *syntax.IfStmt, cond value, b, t, e slot) slot {
	out := e
	if t.v.mat != nil && e.v.mat != nil && t.assigned && e.assigned {
		out.v.mat = c.mergeMaterial(s, cond, b.v.mat, t.v.mat, e.v.mat)
		return out
	}
	switch {
	case !t.assigned && !e.assigned:
		return out
	case t.assigned && !e.assigned:
		out = t
		out.partial = true
		return out
	case !t.assigned && e.assigned:
		out.partial = true
		return out
	}
	if sameValue(t.v, e.v) {
		out.partial = t.partial || e.partial
		return out
	}
	out.v = c.makeConditional(cond, t.v, e.v, s.Pos)
	out.partial = t.partial || e.partial
	return out
}

func sameValue(a, b value) bool {
	if a.sub != nil || b.sub != nil {
		return a.sub == b.sub
	}
	return a.ref == b.ref && a.ref.Valid()
}

func (c *compiler) mergeMaterial(s *syntax.IfStmt, cond value, b, t, e *matValue) *matValue {
	if t.source != e.source {
		c.buildErr(c.file(), s.Pos, "DSH4375", "the two branches leave different whole materials")
		return e
	}
	out := &matValue{source: t.source, get: -1, partial: map[int]bool{}}
	if t.get == e.get {
		out.get = t.get
	}
	var order []int
	seen := map[int]bool{}
	for _, a := range t.attrs {
		if !seen[a.idx] {
			seen[a.idx] = true
			order = append(order, a.idx)
		}
	}
	for _, a := range e.attrs {
		if !seen[a.idx] {
			seen[a.idx] = true
			order = append(order, a.idx)
		}
	}
	for _, idx := range order {
		ti, ei := t.find(idx), e.find(idx)
		switch {
		case ti >= 0 && ei >= 0:
			ta, ea := t.attrs[ti], e.attrs[ei]
			v := ta.v
			if !sameValue(ta.v, ea.v) {
				v = c.makeConditional(cond, ta.v, ea.v, s.Pos)
			}
			out.attrs = append(out.attrs, matAttr{idx: idx, spelling: ea.spelling, v: v})
			if t.partial[idx] || e.partial[idx] {
				out.partial[idx] = true
			}
		case ti >= 0:
			a := t.attrs[ti]
			if out.source.Valid() {
				other := c.readSourceAttr(out, idx, s.Pos)
				a.v = c.makeConditional(cond, a.v, other, s.Pos)
			} else {
				out.partial[idx] = true
			}
			out.attrs = append(out.attrs, a)
		default:
			a := e.attrs[ei]
			if out.source.Valid() {
				other := c.readSourceAttr(out, idx, s.Pos)
				a.v = c.makeConditional(cond, other, a.v, s.Pos)
			} else {
				out.partial[idx] = true
			}
			out.attrs = append(out.attrs, a)
		}
	}
	return out
}

// makeConditional is upstream's MakeConditional (§3.9).
func (c *compiler) makeConditional(cond, t, f value, pos syntax.Pos) value {
	if cond.bad || t.bad || f.bad {
		return badValue
	}
	if sameValue(t, f) {
		return t
	}
	if t.sub != nil {
		t = c.useBuilder(t, pos)
	}
	if f.sub != nil {
		f = c.useBuilder(f, pos)
	}
	if t.t.Kind == front.Texture || f.t.Kind == front.Texture || t.t.Kind == front.Sampler || f.t.Kind == front.Sampler {
		c.buildErr(c.file(), pos, "DSH4379", "a texture cannot be chosen by a branch")
		return t
	}
	if t.t.Kind == front.Substrate || f.t.Kind == front.Substrate {
		if cond.static {
			n := c.add(&ir.Node{Op: ir.OpStaticSwitch, Operands: c.nodes.Refs(cond.ref, t.ref, f.ref), Outputs: c.nodes.Out1("Substrate")}, pos)
			return value{t: tSubstrate, ref: ref(n)}
		}
		cls := c.cat.Class("Substrate", "Select")
		sel := cond
		if cond.t.Kind == front.Bool {
			n := c.add(&ir.Node{Op: ir.OpConvert, Operands: c.nodes.Refs(cond.ref), Outputs: c.nodes.Out1("float")}, pos)
			sel = value{t: tFloat, ref: ref(n)}
		}
		n := c.add(&ir.Node{Op: ir.OpReflected, Class: cls.Name(), Pins: []ir.Pin{{Name: "A", Ref: f.ref}, {Name: "B", Ref: t.ref}, {Name: "SelectValue", Ref: sel.ref}}, Outputs: c.nodes.Out1("Substrate")}, pos)
		if t.class != nil && f.class != nil && t.class.BSDF() && f.class.BSDF() && t.class != f.class {
			c.warn(c.file(), pos, "DSH4380", "the branches choose between different Substrate BSDFs (%s and %s)", t.class.Name(), f.class.Name())
		}
		return value{t: tSubstrate, ref: ref(n)}
	}
	if t.mat != nil || f.mat != nil {
		c.buildErr(c.file(), pos, "DSH4375", "a branch between whole materials")
		return t
	}
	w := t.t.Width
	if f.t.Width > w {
		w = f.t.Width
	}
	rt := front.FloatN(w)
	t = c.coerce(t, rt, pos)
	f = c.coerce(f, rt, pos)
	if cond.static {
		n := c.add(&ir.Node{Op: ir.OpStaticSwitch, Operands: c.nodes.Refs(cond.ref, t.ref, f.ref), Outputs: c.nodes.Out1(rt.IRType(front.Dialect2))}, pos)
		return value{t: rt, ref: ref(n)}
	}
	if cn := c.nodeOf(cond.ref); cn != nil && isComparison(cn.Op) && len(cn.Operands) == 2 && c.refWidth(cn.Operands[0]) == 1 && c.refWidth(cn.Operands[1]) == 1 {
		gt, eq, lt := t.ref, f.ref, f.ref
		switch cn.Op {
		case ir.OpGreaterEqual:
			gt, eq, lt = t.ref, t.ref, f.ref
		case ir.OpLess:
			gt, eq, lt = f.ref, f.ref, t.ref
		case ir.OpLessEqual:
			gt, eq, lt = f.ref, t.ref, t.ref
		case ir.OpEqual:
			gt, eq, lt = f.ref, t.ref, f.ref
		case ir.OpNotEqual:
			gt, eq, lt = t.ref, f.ref, t.ref
		}
		n := c.add(&ir.Node{Op: ir.OpCompare, Operands: c.nodes.Refs(cn.Operands[0], cn.Operands[1], gt, eq, lt), Outputs: c.nodes.Out1(rt.IRType(front.Dialect2))}, pos)
		return value{t: rt, ref: ref(n)}
	}
	n := c.add(&ir.Node{Op: ir.OpSelect, Operands: c.nodes.Refs(cond.ref, t.ref, f.ref), Outputs: c.nodes.Out1(rt.IRType(front.Dialect2))}, pos)
	return value{t: rt, ref: ref(n)}
}

func (c *compiler) nodeOf(r ir.Ref) *ir.Node {
	if !r.Valid() || r.Node >= len(c.nodes.Graph.Nodes) {
		return nil
	}
	return c.nodes.Graph.Nodes[r.Node]
}

func (c *compiler) refWidth(r ir.Ref) int {
	n := c.nodeOf(r)
	if n == nil {
		return 0
	}
	t := front.ParseType2(n.Type(r.Out))
	if t.Kind == front.Float || t.Kind == front.Bool || t.Kind == front.Int {
		return t.Width
	}
	return 0
}
