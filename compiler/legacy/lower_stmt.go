package legacy

import (
	"strings"

	"reuselab/compiler/front"
	"reuselab/compiler/legacy/syntax"
	"reuselab/diag"
	"reuselab/ir"
)

// assignVar records a new value for a variable.
func (b *builder) assignVar(v *variable, val value) {
	b.noteChange(v)
	v.val = val
	v.set = true
	v.oneArm = false
	v.ver++
}

// stmts lowers a statement list in order.
func (b *builder) stmts(ss []syntax.Stmt) {
	for _, s := range ss {
		b.stmt(s)
	}
}

func (b *builder) stmt(s syntax.Stmt) {
	b.target = ""
	b.wantWidth = 0
	switch s := s.(type) {
	case *syntax.DeclStmt:
		b.declStmt(s)
	case *syntax.AssignStmt:
		b.assignStmt(s)
	case *syntax.CallStmt:
		b.callStmt(s)
	case *syntax.IfStmt:
		b.ifStmt(s)
	case *syntax.RegionStmt:
		saved, savedIdx := b.region, b.regionIdx
		b.nodes.Graph.Regions = append(b.nodes.Graph.Regions, ir.Region{Name: s.Name, Parent: b.regionIdx})
		b.region, b.regionIdx = s.Name, len(b.nodes.Graph.Regions)-1
		b.stmts(s.Body)
		b.region, b.regionIdx = saved, savedIdx
	case *syntax.ReturnStmt:
		b.errorf(s.Pos, "DSH2208", "return is not a Graph statement")
	}
	b.target = ""
}

func (b *builder) declStmt(s *syntax.DeclStmt) {
	t, ok := parseType(s.Type)
	if !ok {
		b.errorf(s.TypePos, "DSH4201", "%s is not a type", s.Type)
		return
	}
	if t.In1x().Kind == front.Void {
		b.errorf(s.TypePos, "DSH4201", "void is not a variable type")
		return
	}
	for _, d := range s.Vars {
		b.target = d.Name
		b.wantWidth = t.Width
		// A Graph declaration of an Outputs name assigns the output (§2.10).
		if ov, isOut := b.outputVars[d.Name]; isOut && b.lookupExact(d.Name) == ov {
			if d.Init != nil {
				val := b.initValue(d, t)
				if !val.invalid {
					b.assignVar(ov, b.fit(val, ov.t, d.Pos, siteDecl))
				}
			}
			continue
		}
		cur := b.scopes[len(b.scopes)-1]
		if _, dup := cur.vars[d.Name]; dup {
			b.errorf(d.Pos, "DSH4220", "%s is already declared in this block", d.Name)
			continue
		}
		if len(b.scopes) > b.baseScopes && b.lookupExact(d.Name) != nil {
			b.errorf(d.Pos, "DSH4220", "%s is already declared outside this if", d.Name)
			continue
		}
		if _, isProp := b.props[d.Name]; isProp {
			b.warnf(d.Pos, "DSH4251", "%s hides the property of that name", d.Name)
		}
		var val value
		if d.Init == nil {
			val = b.zeroValue(t, d.Pos)
		} else {
			val = b.firstOutput(b.initValue(d, t), d.Init.Position())
			if !val.invalid {
				val = b.fit(val, t, d.Pos, siteDecl)
			}
		}
		v := b.declare(d.Name, t, d.Pos)
		if !val.invalid {
			b.assignVar(v, val)
		} else {
			b.noteChange(v)
			v.set = true
			v.val = badValue
		}
	}
}

func (b *builder) initValue(d *syntax.Declarator, t front.Type) value {
	if br, ok := d.Init.(*syntax.BraceInit); ok {
		if len(br.Elems) == 0 {
			return b.zeroValue(t, d.Pos)
		}
		call := &syntax.CallExpr{Pos: br.Pos, Fun: &syntax.Ident{Pos: br.Pos, Name: t.String()}, LParen: br.Pos, RParen: br.Pos}
		for _, e := range br.Elems {
			if _, nested := e.(*syntax.BraceInit); nested {
				b.errorf(e.Position(), "DSH2214", "nested braces")
				return badValue
			}
			call.Args = append(call.Args, &syntax.Arg{Pos: e.Position(), Value: e})
		}
		return b.construct(call, t, t.String())
	}
	return b.expr(d.Init)
}

func (b *builder) assignStmt(s *syntax.AssignStmt) {
	switch t := s.Target.(type) {
	case *syntax.Ident:
		b.assignName(t, s.Value)
	case *syntax.MemberExpr:
		b.assignMember(t, s.Value)
	default:
		b.errorf(s.Target.Position(), "DSH2206", "this cannot be assigned")
		b.expr(s.Value)
	}
}

func (b *builder) assignName(id *syntax.Ident, rhs syntax.Expr) {
	b.target = id.Name
	v := b.lookupExact(id.Name)
	if v == nil {
		if _, isProp := b.props[id.Name]; isProp {
			b.errorf(id.Pos, "DSH4229", "%s is a property and cannot be assigned", id.Name)
			b.expr(rhs)
			return
		}
		if fv, n := b.lookupFold(id.Name); n == 1 {
			b.warnf(id.Pos, "DSH5275", "%s is spelled %s where it is declared", id.Name, fv.name)
			v = fv
			b.target = fv.name
		}
	}
	if v != nil {
		b.wantWidth = v.t.Width
	}
	val := b.firstOutput(b.expr(rhs), rhs.Position())
	if val.invalid {
		// Mark the target set so that one error does not cascade.
		if v == nil {
			v = b.declareAt(0, id.Name, tFloat, id.Pos)
		}
		b.noteChange(v)
		v.set, v.val, v.oneArm = true, badValue, false
		v.ver++
		return
	}
	if v == nil {
		// L26: an assignment declares the name, as wide as the value.
		b.infof(id.Pos, "DSH5292", "%s is not declared; the assignment declares it as a %s", id.Name, val.t)
		v = b.declareAt(0, id.Name, val.t, id.Pos)
		b.assignVar(v, val)
		return
	}
	if v.t.In1x().Kind == front.Material && val.t.In1x().Kind == front.Material {
		b.assignVar(v, val)
		return
	}
	fitted := b.fit(val, v.t, id.Pos, siteDecl)
	if !fitted.invalid {
		b.assignVar(v, fitted)
	}
}

func (b *builder) callStmt(s *syntax.CallStmt) {
	e := s.Call
	name := syntax.CalleeName(e.Fun)
	b.target = ""
	switch {
	case strings.HasPrefix(name, "UE."), strings.Contains(name, "::"):
	default:
		if _, isBuiltin := builtins[name]; isBuiltin {
			b.errorf(e.Pos, "DSH2211", "the value of %s is not used", name)
			return
		}
		if _, isType := parseType(name); isType {
			b.errorf(e.Pos, "DSH2211", "the value of %s is not used", name)
			return
		}
	}
	b.call(e, &stmtCall{})
}

// ifStmt lowers if/else (LANGUAGE-2.0 §2.8): both arms from the pre-if
// values, then one merge node per variable changed in either arm.
func (b *builder) ifStmt(s *syntax.IfStmt) {
	b.target = ""
	cond, ok := b.condition(s)
	ic := b.openIf()
	thenSet := ic.arm(s.Then)
	elseSet := ic.arm(s.Else)
	b.closeIf(ic)
	b.target = ""
	for _, i := range ic.mergeOrder() {
		v := ic.vars[i]
		t, inThen := thenSet[i]
		e, inElse := elseSet[i]
		if !inThen && !inElse {
			continue
		}
		bs := ic.before[i]
		tv, ev := bs.val, bs.val
		tset, eset := bs.set, bs.set
		if inThen {
			tv, tset = t.val, t.set
		}
		if inElse {
			ev, eset = e.val, e.set
		}
		tset, eset = tset && !tv.unset, eset && !ev.unset
		if !tset || !eset {
			b.noteChange(v)
			v.set, v.oneArm = false, true
			v.ver++
			continue
		}
		if !ok || tv.invalid || ev.invalid {
			b.assignVar(v, badValue)
			continue
		}
		b.assignVar(v, b.merge(s, cond, v, tv, ev))
	}
}

// condInfo is a lowered if condition.
type condInfo struct {
	op          string
	left, right value
	static      bool
}

func (b *builder) condition(s *syntax.IfStmt) (condInfo, bool) {
	c := s.Cond
	if c == nil {
		return condInfo{}, false
	}
	var ci condInfo
	ci.op = c.Op
	if c.Op == "" {
		if id, ok := stripParens(c.Left).(*syntax.Ident); ok {
			if p, isProp := b.props[id.Name]; isProp && p.kind == propStaticBool && b.lookupExact(id.Name) == nil {
				ci.static = true
			}
			if v := b.lookupExact(id.Name); v != nil && v.staticIn {
				ci.static = true
			}
		}
	}
	ci.left = b.collapseSplat(b.expr(c.Left))
	if c.Right != nil {
		ci.right = b.collapseSplat(b.expr(c.Right))
	}
	if ci.left.invalid || c.Right != nil && ci.right.invalid {
		return ci, false
	}
	if !ci.left.t.In1x().Numeric() || c.Right != nil && !ci.right.t.In1x().Numeric() {
		b.errorf(c.Pos, "DSH4226", "an if condition compares numbers")
		return ci, false
	}
	if ci.left.t.Width != 1 || c.Right != nil && ci.right.t.Width != 1 {
		b.errorf(c.Pos, "DSH4260", "an if condition compares scalars")
		return ci, false
	}
	return ci, true
}

// merge makes the conditional node of one variable.
func (b *builder) merge(s *syntax.IfStmt, c condInfo, v *variable, tv, ev value) value {
	if v.t.In1x().Kind == front.Material || tv.t.In1x().Kind == front.Material {
		return b.mergeMA(s, c, v, tv, ev)
	}
	tv, ev = b.collapseSplat(tv), b.collapseSplat(ev)
	if tv.ref == ev.ref {
		return tv
	}
	w := tv.t.Width
	if ev.t.Width > w {
		w = ev.t.Width
	}
	rt := v.t
	if rt.In1x().Numeric() {
		rt = front.FloatN(w)
	}
	r := b.conditional(s, c, rt, tv, ev)
	if v.t.In1x().Numeric() && rt.Width == 1 && v.t.Width > 1 {
		r.splat = true
	}
	if v.t.In1x().Numeric() {
		r.t = front.Type{Kind: v.t.In1x().Kind, Width: max(v.t.Width, rt.Width)}
	}
	return r
}

// conditional makes the merge node of one value pair.
func (b *builder) conditional(s *syntax.IfStmt, c condInfo, rt front.Type, tv, ev value) value {
	if c.static {
		n := b.add(ir.OpStaticSwitch, "", s.Pos, out1(rt))
		n.Operands = []ir.Ref{c.left.ref, tv.ref, ev.ref}
		return value{ref: ir.Ref{Node: n.ID}, t: rt}
	}
	if c.op == "" {
		n := b.add(ir.OpSelect, "", s.Pos, out1(rt))
		n.Operands = []ir.Ref{c.left.ref, tv.ref, ev.ref}
		return value{ref: ir.Ref{Node: n.ID}, t: rt}
	}
	T, E := tv.ref, ev.ref
	var gt, eq, lt ir.Ref
	switch c.op {
	case ">":
		gt, eq, lt = T, E, E
	case "<":
		gt, eq, lt = E, E, T
	case ">=":
		gt, eq, lt = T, T, E
	case "<=":
		gt, eq, lt = E, T, T
	case "==":
		gt, eq, lt = E, T, E
	default: // !=
		gt, eq, lt = T, E, T
	}
	n := b.add(ir.OpCompare, "", s.Pos, out1(rt))
	n.Operands = []ir.Ref{c.left.ref, c.right.ref, gt, eq, lt}
	return value{ref: ir.Ref{Node: n.ID}, t: rt}
}

// mergeMA merges MaterialAttributes values attribute by attribute (§2.9):
// both arms must start from the same set (DSH4375).
func (b *builder) mergeMA(s *syntax.IfStmt, c condInfo, v *variable, tv, ev value) value {
	before := v.val
	asMA := func(x value) *maValue {
		if x.ma != nil {
			return x.ma
		}
		return &maValue{base: x.ref}
	}
	tm, em, bm := asMA(tv), asMA(ev), asMA(before)
	if tm.base != em.base {
		b.errorf(s.Pos, "DSH4375", "%s is a different MaterialAttributes set in each arm; merge it attribute by attribute", v.name)
		return badValue
	}
	var names []string
	seen := map[string]bool{}
	for _, m := range []*maValue{bm, tm, em} {
		for _, a := range m.attrs {
			if !seen[a.name] {
				seen[a.name] = true
				names = append(names, a.name)
			}
		}
	}
	out := &maValue{base: tm.base}
	for _, name := range names {
		side := func(m *maValue) value {
			if x, ok := m.lookup(name); ok {
				return x
			}
			return b.maRead(before, name, s.Pos, s.Pos)
		}
		a, e := b.collapseSplat(side(tm)), b.collapseSplat(side(em))
		if a.invalid || e.invalid {
			return badValue
		}
		if a.ref == e.ref {
			out.attrs = append(out.attrs, maAttr{name, a})
			continue
		}
		w := max(a.t.Width, e.t.Width)
		out.attrs = append(out.attrs, maAttr{name, b.conditional(s, c, front.FloatN(w), a, e)})
	}
	return value{ref: ir.NoRef, t: tMaterial, ma: out}
}

// firstOutput is L3c for a value: a node with several outputs (not channel
// views) stored whole is its first output, said with DSH5287.
func (b *builder) firstOutput(v value, pos diag.Pos) value {
	if v.multi && v.views == nil && !v.invalid {
		b.infof(pos, "DSH5287", "a node with several outputs is used by its first output")
		v.multi = false
	}
	return v
}
