package dss

import (
	"reuselab/compiler/dss/syntax"
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
	if fr.file == c.root {
		if r, ok := c.root.p.StmtRegion[s]; ok {
			c.b.region = r
		}
	}
	defer func() { c.b.region = saved }()
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
	t := parseType(s.Type.Name)
	for _, d := range s.Vars {
		sl := c.newSlot()
		*sl = slot{name: d.Name, t: t, ifDepth: c.b.ifDepth, pos: d.NamePos}
		switch {
		case d.Array:
			c.bindErr(c.file(), d.NamePos, "DSH4364", "array %s has no material graph form", d.Name)
			fr.declare(sl)
			continue
		case t.b == bMatrix:
			c.buildErr(c.file(), s.Pos, "DSH4361", "matrix type %s has no material graph form", t.name)
			fr.declare(sl)
			continue
		case t.b == bUser:
			if c.structs[t.name] != nil {
				c.bindErr(c.file(), s.Type.Pos, "DSH4364", "struct %s values have no material graph form", t.name)
			} else {
				c.bindErr(c.file(), s.Type.Pos, "DSH4201", "unknown type %s", t.name)
			}
			fr.declare(sl)
			continue
		case t.b == bVoid:
			c.bindErr(c.file(), s.Type.Pos, "DSH4228", "a variable cannot be void")
			fr.declare(sl)
			continue
		}
		if d.Init == nil {
			if t.b == bMaterial {
				sl.v = value{t: t, ref: ir.NoRef, mat: newMat()}
				sl.assigned = true
			}
			fr.declare(sl)
			continue
		}
		if t.b == bSubstrate {
			if bl := c.builderDecl(d, sl); bl != nil {
				fr.declare(sl)
				continue
			}
		}
		mark := c.mark()
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
		c.nameFrom(mark, d.Name)
	}
}

// initList lowers `{a, b, …}` as a constructor of t.
func (c *compiler) initList(il *syntax.InitList, t typ) value {
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
				if sl.t.b == bMaterial {
					if i := c.cat.attribute(e.Name); i >= 0 {
						return c.cat.attrs[i].name
					}
					return ""
				}
				if sl.t.b == bSubstrate {
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
	mark := c.mark()
	switch x := s.X.(type) {
	case *syntax.Assign:
		c.discardValue = true
		c.lowerAssign(x)
		c.discardValue = false
		c.nameFrom(mark, c.assignTarget(x.L))
	case *syntax.Call:
		c.lowerCall(x, true)
	default:
		c.lowerExpr(s.X)
	}
}

// state is a snapshot of the frames' slots an if's arms may change: per
// frame, of its locals in declaration order then its parameters, those
// snapshot keeps. nlocals[fi] is how many locals frame fi had, and a
// slotState's at its index among them, so that a slot of an earlier
// snapshot is found in the live frame by position (holds, O(1)) rather
// than by a search, which made every if cost (locals)².
type state struct {
	frames  [][]slotState
	nlocals []int
}

type slotState struct {
	s  *slot
	at int // index in its frame's locals-then-parameters when taken
	slot
}

// snapshotEverySlot makes snapshot keep every slot, as it did before it
// kept only those an if's arms may change; a test compiles with both and
// compares.
var snapshotEverySlot = false

// snapshot copies the slots the arms of s may change. An arm changes a slot
// only through its name: assignments, ++/--, out arguments and reads (a
// read clears partial) all look the slot up by a name the arm spells, and
// a call's own locals live in a frame of its own. So a slot whose name the
// arms never mention is left as it is by both, and merge would skip it,
// unless merge rebuilds it anyway: a material, or an assigned value
// without a node (mergeSlot makes it a Conditional); those are always
// kept. Copying only these keeps an if among thousands of locals from
// copying and comparing each of them several times.
func (c *compiler) snapshot(s *syntax.IfStmt) state {
	names := c.namesOfArms(s)
	st := state{frames: make([][]slotState, 0, len(c.b.frames)), nlocals: make([]int, 0, len(c.b.frames))}
	for _, f := range c.b.frames {
		ss := c.snapBuf(0) // few slots pass: grown as needed
		for i, sl := range f.slots {
			if mayChange(sl, names) {
				ss = append(ss, slotState{})
				snapInto(&ss[len(ss)-1], sl)
				ss[len(ss)-1].at = i
			}
		}
		for i, sl := range f.params {
			if mayChange(sl, names) {
				ss = append(ss, slotState{})
				snapInto(&ss[len(ss)-1], sl)
				ss[len(ss)-1].at = len(f.slots) + i
			}
		}
		st.frames = append(st.frames, ss)
		st.nlocals = append(st.nlocals, len(f.slots))
	}
	return st
}

// mayChange reports whether snapshot must keep sl (see there).
func mayChange(sl *slot, names *armNames) bool {
	if snapshotEverySlot || sl.v.mat != nil || (sl.assigned && sl.v.sub == nil && !sl.v.ref.Valid()) {
		return true
	}
	return names.has(sl.name)
}

// armNames is the set of names an if's arms mention, with a 256-bit
// filter in front of the map: most slots' names are not in the set, and
// the filter turns most of those away without hashing the name.
type armNames struct {
	filter [4]uint64
	set    map[string]struct{}
}

func nameBit(s string) uint {
	if s == "" {
		return 0
	}
	return (uint(s[len(s)-1]) + 7*uint(s[len(s)/2]) + 31*uint(len(s))) & 255
}

func (a *armNames) add(s string) {
	b := nameBit(s)
	a.filter[b>>6] |= 1 << (b & 63)
	a.set[s] = struct{}{}
}

func (a *armNames) has(s string) bool {
	b := nameBit(s)
	if a.filter[b>>6]&(1<<(b&63)) == 0 {
		return false
	}
	_, ok := a.set[s]
	return ok
}

// namesOfArms is every name mentioned in the arms of s, once per if (an if
// in an unrolled loop is lowered again and again).
func (c *compiler) namesOfArms(s *syntax.IfStmt) *armNames {
	if names, ok := c.armNames[s]; ok {
		return names
	}
	names := &armNames{set: map[string]struct{}{}}
	add := func(e syntax.Expr) {
		if n, ok := e.(*syntax.Name); ok {
			names.add(n.Text)
		}
	}
	walkExprs(s.Then, add)
	if s.Else != nil {
		walkExprs(s.Else, add)
	}
	if c.armNames == nil {
		c.armNames = map[*syntax.IfStmt]*armNames{}
	}
	c.armNames[s] = names
	return names
}

// snapInto is copySlot writing into x.
func snapInto(x *slotState, s *slot) {
	x.s = s
	x.slot = *s
	if x.slot.v.mat != nil {
		x.slot.v.mat = x.slot.v.mat.clone()
	}
}

func (c *compiler) copySlot(s *slot) slotState {
	cp := *s
	if cp.v.mat != nil {
		cp.v.mat = cp.v.mat.clone()
	}
	return slotState{s: s, slot: cp}
}

// snapBuf is an empty slice for n slot states, reused from a snapshot
// already merged when one is big enough: a snapshot copies every local, and
// allocating it afresh for each if among thousands of locals was most of
// what the front end allocated (and so most of its GC).
func (c *compiler) snapBuf(n int) []slotState {
	for i := len(c.snapFree) - 1; i >= 0; i-- {
		if buf := c.snapFree[i]; cap(buf) >= n {
			c.snapFree = append(c.snapFree[:i], c.snapFree[i+1:]...)
			return buf[:0]
		}
	}
	// Headroom: locals are only appended, so the next if's snapshot is
	// bigger than this one (by the locals an arm declares) and should fit.
	return make([]slotState, 0, 2*n+16)
}

// release hands a merged snapshot's buffers back to snapBuf. A few are
// kept, the largest (the next snapshot is bigger): one pair per if nesting
// level in flight is what a program reuses.
func (c *compiler) release(st state) {
	for _, ss := range st.frames {
		c.snapFree = append(c.snapFree, ss)
		if len(c.snapFree) > 8 {
			small := 0
			for i, buf := range c.snapFree {
				if cap(buf) < cap(c.snapFree[small]) {
					small = i
				}
			}
			c.snapFree = append(c.snapFree[:small], c.snapFree[small+1:]...)
		}
	}
}

// absentSlot marks, in a thenState, a slot the then arm's frames no
// longer hold (merge then reads it as it is, as at() does).
var absentSlot = &slot{}

// thenState is what at() would find in a snapshot taken after the then
// arm, for each slot of before, without copying every local again: an
// entry is nil for a slot the arm left as it was (read from before),
// absentSlot for one no longer in its frame, else a copy of the slot.
func (c *compiler) thenState(before state) state {
	st := state{frames: make([][]slotState, len(before.frames))}
	for fi, bs := range before.frames {
		ts := c.snapBuf(len(bs))[:len(bs)]
		for i := range bs {
			b, x := &bs[i], &ts[i]
			switch {
			case !c.holds(fi, before.nlocals[fi], b.at, b.s):
				x.s = absentSlot
			case b.s.v.mat == nil && sameSlot(&b.slot, b.s):
				x.s = nil
			default:
				snapInto(x, b.s)
			}
		}
		st.frames[fi] = ts
	}
	return st
}

// holds reports whether frame fi still has slot s, which sat at index i of
// a snapshot taken when the frame had nlocals locals (at()'s look-up, on
// the live frame).
func (c *compiler) holds(fi, nlocals, i int, s *slot) bool {
	if fi >= len(c.b.frames) {
		return false
	}
	f := c.b.frames[fi]
	j := i
	if i >= nlocals {
		j = i - nlocals + len(f.slots)
	}
	if j < len(f.slots) && f.slots[j] == s || j >= len(f.slots) && j-len(f.slots) < len(f.params) && f.params[j-len(f.slots)] == s {
		return true
	}
	for _, x := range f.slots {
		if x == s {
			return true
		}
	}
	for _, x := range f.params {
		if x == s {
			return true
		}
	}
	return false
}

// thenAt is the then arm's state of before's slot b (now at sl) from a
// thenState.
func (st state) thenAt(b *slotState, sl *slot, fi, i int) slot {
	switch x := &st.frames[fi][i]; x.s {
	case nil:
		return b.slot
	case absentSlot:
		return *sl
	default:
		return x.slot
	}
}

func (c *compiler) restore(st state) {
	for _, ss := range st.frames {
		for i := range ss {
			x := &ss[i]
			if x.slot.v.mat == nil && sameSlot(&x.slot, x.s) {
				continue // the arm left it alone: nothing to write back
			}
			v := x.slot
			if v.v.mat != nil {
				v.v.mat = v.v.mat.clone()
			}
			*x.s = v
		}
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
	if v.t.b == bSubstrate || v.t.b == bMaterial || v.t.b == bTexture {
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
		a.partial == b.partial && a.sealed == b.sealed && a.ifDepth == b.ifDepth && a.pos == b.pos &&
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
	if t.t.b == bTexture || f.t.b == bTexture || t.t.b == bSampler || f.t.b == bSampler {
		c.buildErr(c.file(), pos, "DSH4379", "a texture cannot be chosen by a branch")
		return t
	}
	if t.t.b == bSubstrate || f.t.b == bSubstrate {
		if cond.static {
			n := c.add(&ir.Node{Op: ir.OpStaticSwitch, Operands: []ir.Ref{cond.ref, t.ref, f.ref}, Outputs: out1("Substrate")}, pos)
			return value{t: tSubstrate, ref: ref(n)}
		}
		cls := c.cat.class("Substrate", "Select")
		sel := cond
		if cond.t.b == bBool {
			n := c.add(&ir.Node{Op: ir.OpConvert, Operands: []ir.Ref{cond.ref}, Outputs: out1("float")}, pos)
			sel = value{t: tFloat, ref: ref(n)}
		}
		n := c.add(&ir.Node{Op: ir.OpReflected, Class: cls.name, Pins: []ir.Pin{{Name: "A", Ref: f.ref}, {Name: "B", Ref: t.ref}, {Name: "SelectValue", Ref: sel.ref}}, Outputs: out1("Substrate")}, pos)
		if t.class != nil && f.class != nil && t.class.bsdf && f.class.bsdf && t.class != f.class {
			c.warn(c.file(), pos, "DSH4380", "the branches choose between different Substrate BSDFs (%s and %s)", t.class.name, f.class.name)
		}
		return value{t: tSubstrate, ref: ref(n)}
	}
	if t.mat != nil || f.mat != nil {
		c.buildErr(c.file(), pos, "DSH4375", "a branch between whole materials")
		return t
	}
	w := t.t.w
	if f.t.w > w {
		w = f.t.w
	}
	rt := floatN(w)
	t = c.coerce(t, rt, pos)
	f = c.coerce(f, rt, pos)
	if cond.static {
		n := c.add(&ir.Node{Op: ir.OpStaticSwitch, Operands: []ir.Ref{cond.ref, t.ref, f.ref}, Outputs: out1(rt.graph())}, pos)
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
		n := c.add(&ir.Node{Op: ir.OpCompare, Operands: []ir.Ref{cn.Operands[0], cn.Operands[1], gt, eq, lt}, Outputs: out1(rt.graph())}, pos)
		return value{t: rt, ref: ref(n)}
	}
	n := c.add(&ir.Node{Op: ir.OpSelect, Operands: []ir.Ref{cond.ref, t.ref, f.ref}, Outputs: out1(rt.graph())}, pos)
	return value{t: rt, ref: ref(n)}
}

func (c *compiler) nodeOf(r ir.Ref) *ir.Node {
	if !r.Valid() || r.Node >= len(c.b.g.Nodes) {
		return nil
	}
	return c.b.g.Nodes[r.Node]
}

func (c *compiler) refWidth(r ir.Ref) int {
	n := c.nodeOf(r)
	if n == nil {
		return 0
	}
	t := parseType(n.Type(r.Out))
	if t.b == bFloat || t.b == bBool || t.b == bInt {
		return t.w
	}
	return 0
}
