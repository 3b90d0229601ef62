package legacy

import (
	"reuselab/compiler/front"
	"reuselab/compiler/legacy/syntax"
	"reuselab/diag"
	"reuselab/ir"
)

// maValue is a MaterialAttributes value attribute by attribute (§2.9): the
// set it started from and what has been written since. Nodes appear where
// the value is used.
type maValue struct {
	base   ir.Ref
	attrs  []maAttr
	get    *ir.Node // the one GetMaterialAttributes of this value
	used   ir.Ref   // the Set/Make node once the value has been used
	usedOK bool
}

type maAttr struct {
	name string
	val  value
}

func (m *maValue) lookup(name string) (value, bool) {
	for _, a := range m.attrs {
		if a.name == name {
			return a.val, true
		}
	}
	return value{}, false
}

func (m *maValue) with(name string, v value) *maValue {
	n := &maValue{base: m.base}
	replaced := false
	for _, a := range m.attrs {
		if a.name == name {
			a.val = v
			replaced = true
		}
		n.attrs = append(n.attrs, a)
	}
	if !replaced {
		n.attrs = append(n.attrs, maAttr{name, v})
	}
	return n
}

// maAttribute resolves an attribute or alias name (L19 fallback DSH5276).
func (b *builder) maAttribute(name string, pos diag.Pos) (string, front.Type, bool) {
	if name == "MaterialAttributes" || name == "Attributes" {
		return "MaterialAttributes", tMaterial, true
	}
	_, canon, t, ok := b.attribute(name, pos)
	return canon, t, ok
}

// maRead reads `X.Attr`: the written value, else an output of the value's
// one GetMaterialAttributes.
func (b *builder) maRead(x value, name string, namePos, pos diag.Pos) value {
	canon, t, ok := b.maAttribute(name, namePos)
	if !ok {
		return badValue
	}
	if canon == "MaterialAttributes" {
		return x
	}
	m := x.ma
	if m == nil {
		m = &maValue{base: x.ref}
	}
	if v, ok := m.lookup(canon); ok {
		return v
	}
	if m.get == nil {
		src := b.maUse(x, pos)
		if src.invalid {
			return badValue
		}
		n := b.add(ir.OpGetMaterialAttributes, "", pos)
		for _, a := range ir.MaterialAttributes {
			n.Outputs = append(n.Outputs, ir.Output{Name: a.Name, Type: a.Type})
		}
		n.Pins = []ir.Pin{{Name: "MaterialAttributes", Ref: src.ref}}
		m.get = n
	}
	n := m.get
	for k, o := range n.Outputs {
		if o.Name == canon {
			return value{ref: ir.Ref{Node: n.ID, Out: k}, t: typeFromIR(o.Type)}
		}
	}
	if t.In1x().Kind == front.Void {
		t = tFloat
	}
	n.Outputs = append(n.Outputs, ir.Output{Name: canon, Type: t.IRType(front.Dialect1x)})
	return value{ref: ir.Ref{Node: n.ID, Out: len(n.Outputs) - 1}, t: t}
}

// maUse materialises an MA value: its base when nothing was written, else
// one Set on the base with a pin per written attribute, or a Make when there
// is no base.
func (b *builder) maUse(v value, pos diag.Pos) value {
	if v.invalid || v.t.In1x().Kind != front.Material {
		return v
	}
	m := v.ma
	if m == nil {
		return v
	}
	if m.usedOK {
		return value{ref: m.used, t: tMaterial, ma: m}
	}
	var n *ir.Node
	switch {
	case len(m.attrs) == 0 && m.base.Valid():
		return value{ref: m.base, t: tMaterial, ma: m}
	case len(m.attrs) == 0:
		n = b.add(ir.OpMakeMaterialAttributes, "", pos, out1(tMaterial))
	case m.base.Valid():
		n = b.add(ir.OpSetMaterialAttributes, "", pos, out1(tMaterial))
		n.Pins = append(n.Pins, ir.Pin{Name: "MaterialAttributes", Ref: m.base})
	default:
		n = b.add(ir.OpMakeMaterialAttributes, "", pos, out1(tMaterial))
	}
	var names []string
	for _, a := range m.attrs {
		av := b.collapseSplat(a.val)
		if av.t.In1x().Kind == front.Material {
			av = b.maUse(av, pos)
		}
		n.Pins = append(n.Pins, ir.Pin{Name: a.name, Ref: av.ref})
		names = append(names, a.name)
	}
	if n.Op == ir.OpSetMaterialAttributes {
		n.SetProp("AttributeSetTypes", front.NameList(names))
	}
	m.used, m.usedOK = ir.Ref{Node: n.ID}, true
	return value{ref: m.used, t: tMaterial, ma: m}
}

// assignMember lowers `X.Attr = v` on a MaterialAttributes variable.
func (b *builder) assignMember(t *syntax.MemberExpr, rhs syntax.Expr) {
	id, ok := t.X.(*syntax.Ident)
	if !ok {
		b.errorf(t.Pos, "DSH2206", "this cannot be assigned")
		b.expr(rhs)
		return
	}
	v := b.lookupExact(id.Name)
	if v == nil {
		if fv, n := b.lookupFold(id.Name); n == 1 {
			b.warnf(id.Pos, "DSH5275", "%s is spelled %s where it is declared", id.Name, fv.name)
			v = fv
		}
	}
	if v == nil {
		b.errorf(id.Pos, "DSH4200", "%s is not declared", id.Name)
		b.expr(rhs)
		return
	}
	if v.t.In1x().Kind != front.Material {
		if v.t.In1x().Numeric() {
			b.swizzleStore(v, t, rhs)
			return
		}
		b.errorf(t.NamePos, "DSH2206", "only a MaterialAttributes member or vector channels can be assigned")
		b.expr(rhs)
		return
	}
	canon, at, ok := b.maAttribute(t.Name, t.NamePos)
	if !ok {
		b.expr(rhs)
		return
	}
	b.target = canon
	b.wantWidth = at.Width
	val := b.expr(rhs)
	if val.invalid {
		return
	}
	if at.In1x().Kind == front.Material {
		b.assignVar(v, val)
		return
	}
	if at.In1x().Kind == front.Void {
		at = val.t
	}
	if at.In1x().Numeric() && val.t.In1x().Numeric() && val.t.Width > 1 && val.t.Width < at.Width {
		b.errorf(rhs.Position(), "DSH4228", "a %s does not fit %s (%s)", val.t, canon, at)
		return
	}
	val = b.fit(val, at, rhs.Position(), siteDecl)
	if val.invalid {
		return
	}
	cur := v.val
	m := cur.ma
	if m == nil {
		m = &maValue{base: cur.ref}
	}
	nv := value{ref: ir.NoRef, t: tMaterial, ma: m.with(canon, val)}
	b.assignVar(v, nv)
}

// swizzleStore lowers `v.xz = value` on a vector local: the new vector is
// rebuilt channel by channel (written channels from the value, the others
// from the old value) as an Append chain.
func (b *builder) swizzleStore(v *variable, t *syntax.MemberExpr, rhs syntax.Expr) {
	b.target = v.name
	cs, ok := channels(t.Name)
	if !ok {
		b.errorf(t.NamePos, "DSH4230", "%q is not a swizzle", t.Name)
		b.expr(rhs)
		return
	}
	seen := map[int]bool{}
	for _, c := range cs {
		if c >= v.t.Width || seen[c] {
			b.errorf(t.NamePos, "DSH4230", "swizzle %q cannot be assigned on a %s", t.Name, v.t)
			b.expr(rhs)
			return
		}
		seen[c] = true
	}
	val := b.expr(rhs)
	if val.invalid {
		return
	}
	val = b.fit(val, front.Type{Kind: front.Float, Width: len(cs)}, rhs.Position(), siteDecl)
	old := b.readVar(v, t.Pos)
	if val.invalid || old.invalid {
		return
	}
	if v.t.Width == 1 {
		b.assignVar(v, val)
		return
	}
	parts := make([]value, v.t.Width)
	for i := range parts {
		j := -1
		for k, c := range cs {
			if c == i {
				j = k
			}
		}
		if j < 0 {
			parts[i] = b.swizzle(old, string("xyzw"[i]), t.Pos, t.NamePos)
		} else if len(cs) == 1 {
			parts[i] = b.collapseSplat(val)
		} else {
			parts[i] = b.swizzle(val, string("xyzw"[j]), rhs.Position(), rhs.Position())
		}
	}
	r := b.appendChain(parts, t.Pos)
	r.t = v.t
	b.assignVar(v, r)
}
