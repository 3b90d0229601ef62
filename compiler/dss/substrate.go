package dss

import (
	"reuselab/compiler/dss/syntax"
	"reuselab/compiler/front"
	"reuselab/ir"
)

// Substrate sugar (LANGUAGE-DSS §3.14): S1 operators and lerp, S3 virtual
// arguments of a BSDF, S4 material modes, S5 builder locals. Every sugar
// lowers to the catalog classes an ordinary reflected call would make.

// families are the S3 virtual-argument families (front.SubstrateFamilies).
var families = front.SubstrateFamilies

// takenBy reports whether cls has every pin family f feeds.
func takenBy(f *front.SubstrateFamily, cls *front.Class) bool {
	for _, p := range f.Feeds {
		if i, _ := cls.Pin(p); i < 0 {
			return false
		}
	}
	return true
}

// virtualArg finds name among the families cls takes.
func virtualArg(cls *front.Class, name string) (fam int, idx int) {
	if i, _ := cls.Pin(name); i >= 0 {
		return -1, -1
	}
	for fi := range families {
		f := &families[fi]
		if !takenBy(f, cls) {
			continue
		}
		for ai, a := range f.Args {
			if a == name {
				return fi, ai
			}
		}
	}
	return -1, -1
}

// bsdfArg is one argument of a BSDF, real pin or virtual.
type bsdfArg struct {
	name  string
	v     value
	konst []float64 // a binder-constant IOR (no node)
	pos   syntax.Pos
}

// conflictCheck says DSH5295 for two names of the same pins.
func (c *compiler) conflictCheck(cls *front.Class, names []string, pos syntax.Pos) bool {
	have := map[string]bool{}
	for _, n := range names {
		have[n] = true
	}
	for fi := range families {
		f := &families[fi]
		if !takenBy(f, cls) {
			continue
		}
		used := false
		for _, a := range f.Args {
			if have[a] {
				used = true
			}
		}
		if !used {
			continue
		}
		for _, x := range f.Conflicts {
			if have[x] {
				// A family member conflicting with itself (IOR vs BaseColor is
				// reported once, from the IOR side).
				inFam := false
				for _, a := range f.Args {
					if a == x {
						inFam = true
					}
				}
				if !inFam {
					c.bindErr(c.file(), pos, "DSH5295", "%s and the %s argument name the same pins of %s", x, f.Args[0], cls.Name())
					return false
				}
			}
		}
	}
	return true
}

// lowerBSDFArgs lowers a BSDF call's arguments in source order.
func (c *compiler) lowerBSDFArgs(cls *front.Class, args []syntax.Arg) ([]bsdfArg, bool) {
	var out []bsdfArg
	var names []string
	seen := map[string]bool{}
	for _, a := range args {
		if a.Name == "" {
			c.bindErr(c.file(), a.Value.ExprPos(), "DSH5220", "%s takes its arguments by name only", cls.Name())
			return nil, false
		}
		name := a.Name
		if i, _ := cls.Pin(name); i >= 0 {
			name = cls.Pins()[i].Name
		} else if fi, _ := virtualArg(cls, name); fi < 0 {
			c.bindErr(c.file(), a.NamePos, "DSH5213", "%s has no pin or virtual argument %s", cls.Name(), a.Name)
			return nil, false
		}
		if seen[name] {
			c.bindErr(c.file(), a.NamePos, "DSH4215", "%s is given twice", name)
			return nil, false
		}
		seen[name] = true
		names = append(names, name)
	}
	if len(args) > 0 && !c.conflictCheck(cls, names, args[0].NamePos) {
		return nil, false
	}
	for _, a := range args {
		name := a.Name
		if i, _ := cls.Pin(name); i >= 0 {
			name = cls.Pins()[i].Name
		}
		ba := bsdfArg{name: name, pos: a.Value.ExprPos()}
		if name == "IOR" {
			if k, ok := c.constEval(a.Value, nil); ok && len(k) == 1 {
				ba.konst = k
				out = append(out, ba)
				continue
			}
		}
		v := c.lowerExpr(a.Value)
		if v.bad {
			return nil, false
		}
		v, ok := c.fitPin(v, c.bsdfArgType(cls, name), ba.pos)
		if !ok {
			return nil, false
		}
		ba.v = v
		out = append(out, ba)
	}
	return out, true
}

func (c *compiler) bsdfArgType(cls *front.Class, name string) front.PinType {
	if i, _ := cls.Pin(name); i >= 0 {
		return cls.Pins()[i].Type
	}
	if fi, ai := virtualArg(cls, name); fi >= 0 {
		return front.PinF1 + front.PinType(families[fi].Widths[ai]-1)
	}
	return front.PinF1
}

// bsdfCall lowers a BSDF call with virtual arguments (S3): the arguments,
// the conversion nodes in family order, then the BSDF, all at pos.
func (c *compiler) bsdfCall(cls *front.Class, args []syntax.Arg, pos syntax.Pos) value {
	bargs, ok := c.lowerBSDFArgs(cls, args)
	if !ok {
		return badValue
	}
	return c.expandBSDF(cls, bargs, pos)
}

func (c *compiler) expandBSDF(cls *front.Class, args []bsdfArg, pos syntax.Pos) value {
	get := func(name string) *bsdfArg {
		for i := range args {
			if args[i].name == name {
				return &args[i]
			}
		}
		return nil
	}
	var pins []ir.Pin
	for _, a := range args {
		if i, _ := cls.Pin(a.name); i >= 0 {
			pins = append(pins, ir.Pin{Name: a.name, Ref: a.v.ref})
		}
	}
	feed := func(name string, r ir.Ref) {
		for i := range pins {
			if pins[i].Name == name {
				pins[i].Ref = r
				return
			}
		}
		pins = append(pins, ir.Pin{Name: name, Ref: r})
	}
	conv := func(class string, in []ir.Pin) *ir.Node {
		cc := c.cat.Class("Substrate", class)
		if cc == nil {
			c.buildErr(c.file(), pos, "DSH4381", "the catalog has no Substrate.%s", class)
			return nil
		}
		n := &ir.Node{Op: ir.OpReflected, Class: cc.Name(), Pins: in}
		for _, o := range cc.Outputs() {
			n.Outputs = append(n.Outputs, ir.Output{Name: o.Name, Type: o.Type.Type().IRType(front.Dialect2)})
		}
		return c.add(n, pos)
	}
	// Metalness.
	if takenBy(&families[front.FamilyMetalness], cls) {
		var in []ir.Pin
		for _, a := range families[front.FamilyMetalness].Args {
			if x := get(a); x != nil {
				in = append(in, ir.Pin{Name: a, Ref: x.v.ref})
			}
		}
		if len(in) > 0 {
			fam := &families[front.FamilyMetalness]
			if n := conv(fam.Convert, in); n != nil {
				for out, pin := range fam.Feeds {
					feed(pin, ir.Ref{Node: n.ID, Out: out})
				}
			}
		}
	}
	if h := get("Haziness"); h != nil && takenBy(&families[front.FamilyHaziness], cls) {
		r := get("Roughness")
		if r == nil {
			c.bindErr(c.file(), h.pos, "DSH5296", "Haziness needs the call's own Roughness")
			return badValue
		}
		if n := conv("HazinessToSecondaryRoughness", []ir.Pin{{Name: "BaseRoughness", Ref: r.v.ref}, {Name: "Haziness", Ref: h.v.ref}}); n != nil {
			feed("SecondRoughness", ir.Ref{Node: n.ID})
			feed("SecondRoughnessWeight", ir.Ref{Node: n.ID, Out: 1})
		}
	}
	if takenBy(&families[front.FamilyTransmittance], cls) {
		tr, th := get("Transmittance"), get("Thickness")
		if th != nil && tr == nil {
			c.bindErr(c.file(), th.pos, "DSH5296", "Thickness needs Transmittance")
			return badValue
		}
		if tr != nil {
			in := []ir.Pin{{Name: "TransmittanceColor", Ref: tr.v.ref}}
			if th != nil {
				in = append(in, ir.Pin{Name: "Thickness", Ref: th.v.ref})
			}
			if n := conv("TransmittanceToMFP", in); n != nil {
				feed("SSSMFP", ir.Ref{Node: n.ID})
			}
		}
	}
	if ior := get("IOR"); ior != nil && takenBy(&families[front.FamilyIOR], cls) {
		var f0 value
		if ior.konst != nil {
			fv := front.F0FromIOR(ior.konst[0], front.Dialect2)
			f0 = c.constant([]float64{fv, fv, fv}, front.FloatN(3), pos)
		} else {
			one := c.constant([]float64{1}, tFloat, pos)
			sub := c.add(&ir.Node{Op: ir.OpSubtract, Operands: c.nodes.Refs(ior.v.ref, one.ref), Outputs: c.nodes.Out1("float")}, pos)
			add := c.add(&ir.Node{Op: ir.OpAdd, Operands: c.nodes.Refs(ior.v.ref, one.ref), Outputs: c.nodes.Out1("float")}, pos)
			div := c.add(&ir.Node{Op: ir.OpDivide, Operands: c.nodes.Refs(ref(sub), ref(add)), Outputs: c.nodes.Out1("float")}, pos)
			mul := c.add(&ir.Node{Op: ir.OpMultiply, Operands: c.nodes.Refs(ref(div), ref(div)), Outputs: c.nodes.Out1("float")}, pos)
			bc := c.add(&ir.Node{Op: ir.OpBroadcast, Operands: c.nodes.Refs(ref(mul)), Outputs: c.nodes.Out1("float3")}, pos)
			f0 = value{t: front.FloatN(3), ref: ref(bc)}
		}
		feed("F0", f0.ref)
	}
	n := c.add(&ir.Node{Op: ir.OpReflected, Class: cls.Name(), Pins: pins, Outputs: c.nodes.Out1("Substrate")}, pos)
	return value{t: tSubstrate, ref: ref(n), class: cls}
}

// builder is a Substrate local built member by member (S5).
type builder struct {
	cls     *front.Class
	name    string
	pos     syntax.Pos
	region  int
	file    *srcFile
	writes  []bsdfArg
	val     *value // made at the first use
	ifDepth int
}

// builderDecl starts a builder for `Substrate S = Substrate.X();`.
func (c *compiler) builderDecl(d syntax.Declarator, sl *slot) *builder {
	call, ok := syntax.Unparen(d.Init).(*syntax.Call)
	if !ok || len(call.Args) != 0 {
		return nil
	}
	m, ok := syntax.Unparen(call.Fn).(*syntax.Member)
	if !ok {
		return nil
	}
	ns, ok := syntax.Unparen(m.X).(*syntax.Name)
	if !ok || ns.Text != "Substrate" {
		return nil
	}
	cls := c.cat.Class("Substrate", m.Name)
	if cls == nil || len(cls.Pins()) == 0 {
		return nil
	}
	bl := &builder{cls: cls, name: d.Name, pos: call.ExprPos(), region: c.b.region, file: c.file(), ifDepth: c.b.ifDepth}
	sl.v = value{t: tSubstrate, ref: ir.NoRef, sub: bl}
	sl.assigned = true
	return bl
}

// useBuilder makes a builder's node at its first use (S5).
func (c *compiler) useBuilder(v value, _ syntax.Pos) value {
	bl := v.sub
	if bl == nil {
		return v
	}
	if bl.val != nil {
		return *bl.val
	}
	saved := c.b.region
	c.b.region = bl.region
	mark := c.nodes.Mark()
	var names []string
	for _, w := range bl.writes {
		names = append(names, w.name)
	}
	out := badValue
	if len(bl.writes) == 0 || c.conflictCheck(bl.cls, names, bl.pos) {
		out = c.expandBSDF(bl.cls, bl.writes, bl.pos)
	}
	for _, n := range c.nodes.Graph.Nodes[mark:] {
		if n.Debug == "" {
			n.Debug = bl.name
		}
	}
	c.b.region = saved
	bl.val = &out
	return out
}

// builderWrite is `S.P = e` on a builder.
func (c *compiler) builderWrite(sl *slot, t *syntax.Member, e *syntax.Assign, pos syntax.Pos, discarded bool) value {
	bl := sl.v.sub
	if bl.val != nil {
		if c.b.inLoop > 0 {
			c.buildErr(c.file(), pos, "DSH4383", "%s.%s is written after an earlier trip of the loop used %s", bl.name, t.Name, bl.name)
		} else {
			c.bindErr(c.file(), pos, "DSH5297", "%s.%s is written after %s was used", bl.name, t.Name, bl.name)
		}
		return badValue
	}
	if c.b.ifDepth > bl.ifDepth {
		c.bindErr(c.file(), pos, "DSH5298", "%s.%s is written inside an if that %s is declared outside of", bl.name, t.Name, bl.name)
		return badValue
	}
	name := t.Name
	if i, _ := bl.cls.Pin(name); i >= 0 {
		name = bl.cls.Pins()[i].Name
	} else if fi, _ := virtualArg(bl.cls, name); fi < 0 {
		c.bindErr(c.file(), t.NamePos, "DSH5299", "%s has no pin or virtual argument %s", bl.cls.Name(), t.Name)
		return badValue
	}
	var names []string
	for _, w := range bl.writes {
		if w.name != name {
			names = append(names, w.name)
		}
	}
	if !c.conflictCheck(bl.cls, append(names, name), pos) {
		return badValue
	}
	w := bsdfArg{name: name, pos: e.R.ExprPos()}
	if name == "IOR" {
		if k, ok := c.constEval(e.R, nil); ok && len(k) == 1 {
			w.konst = k
			c.recordWrite(bl, w)
			if !discarded {
				// `x = S.IOR = 1.5` reads the number: then it is a node.
				return c.constant(k, tFloat, e.R.ExprPos())
			}
			return value{t: tFloat, ref: ir.NoRef, k: k, noOut: true}
		}
	}
	v := c.lowerExpr(e.R)
	if v.bad {
		return v
	}
	v, ok := c.fitPin(v, c.bsdfArgType(bl.cls, name), w.pos)
	if !ok {
		return badValue
	}
	w.v = v
	c.recordWrite(bl, w)
	return v
}

func (c *compiler) recordWrite(bl *builder, w bsdfArg) {
	for i := range bl.writes {
		if bl.writes[i].name == w.name {
			bl.writes[i] = w
			return
		}
	}
	bl.writes = append(bl.writes, w)
}

// builderCompound is `S.P op= e` (and `++S.P`).
func (c *compiler) builderCompound(sl *slot, t *syntax.Member, op string, r value, pos syntax.Pos) value {
	bl := sl.v.sub
	name := t.Name
	if i, _ := bl.cls.Pin(name); i >= 0 {
		name = bl.cls.Pins()[i].Name
	}
	var old *bsdfArg
	for i := range bl.writes {
		if bl.writes[i].name == name {
			old = &bl.writes[i]
		}
	}
	if old == nil || old.konst != nil {
		c.bindErr(c.file(), t.NamePos, "DSH5299", "%s.%s was never written", bl.name, t.Name)
		return badValue
	}
	if bl.val != nil {
		c.buildErr(c.file(), pos, "DSH4383", "%s.%s is written after %s was used", bl.name, t.Name, bl.name)
		return badValue
	}
	if op == "=" {
		v, ok := c.fitPin(r, c.bsdfArgType(bl.cls, name), pos)
		if !ok {
			return badValue
		}
		old.v = v
		return v
	}
	v := c.compound(op, old.v, r, pos)
	if !v.bad {
		old.v = v
	}
	return v
}

// builderRead is `S.P` as a value.
func (c *compiler) builderRead(bl *builder, e *syntax.Member, _ syntax.Pos) value {
	name := e.Name
	if i, _ := bl.cls.Pin(name); i >= 0 {
		name = bl.cls.Pins()[i].Name
	}
	for _, w := range bl.writes {
		if w.name == name {
			if w.konst != nil {
				return c.constant(w.konst, tFloat, e.NamePos)
			}
			return w.v
		}
	}
	c.bindErr(c.file(), e.NamePos, "DSH5299", "%s.%s was never written", bl.name, e.Name)
	return badValue
}

// substrateOperator is S1: `A + B` → Add, `A * w` / `w * A` → Weight.
func (c *compiler) substrateOperator(op ir.Op, text string, l, r value, pos syntax.Pos) value {
	switch {
	case op == ir.OpAdd && l.t.Kind == front.Substrate && r.t.Kind == front.Substrate:
		cls := c.cat.Class("Substrate", front.SubstrateSum.Class)
		n := c.add(&ir.Node{Op: ir.OpReflected, Class: cls.Name(), Pins: front.SubstrateSum.Connect(l.ref, r.ref), Outputs: c.nodes.Out1("Substrate")}, pos)
		return value{t: tSubstrate, ref: ref(n), class: cls}
	case op == ir.OpMultiply && (l.t.Kind == front.Substrate) != (r.t.Kind == front.Substrate):
		sub, w := l, r
		if r.t.Kind == front.Substrate {
			sub, w = r, l
		}
		if !w.t.Numeric() || w.t.Width != 1 {
			break
		}
		cls := c.cat.Class("Substrate", front.SubstrateWeight.Class)
		n := c.add(&ir.Node{Op: ir.OpReflected, Class: cls.Name(), Pins: front.SubstrateWeight.Connect(sub.ref, w.ref), Outputs: c.nodes.Out1("Substrate")}, pos)
		return value{t: tSubstrate, ref: ref(n), class: cls}
	}
	c.bindErr(c.file(), pos, "DSH5293", "a Substrate value has no operator '%s' here (only A + B and A * weight)", text)
	return badValue
}

// substrateLerp is S1's lerp(A, B, t) over two Substrate values.
func (c *compiler) substrateLerp(args []value, pos syntax.Pos) value {
	for i := range args {
		if args[i].bad {
			return badValue
		}
		if args[i].sub != nil {
			args[i] = c.useBuilder(args[i], pos)
		}
	}
	if args[0].t.Kind != front.Substrate || args[1].t.Kind != front.Substrate || !args[2].t.Numeric() {
		c.bindErr(c.file(), pos, "DSH5293", "lerp mixes two Substrate values by a number")
		return badValue
	}
	mix, ok := c.fitPin(args[2], front.PinF1, pos)
	if !ok {
		return badValue
	}
	cls := c.cat.Class("Substrate", front.SubstrateMix.Class)
	n := c.add(&ir.Node{Op: ir.OpReflected, Class: cls.Name(), Pins: front.SubstrateMix.Connect(args[0].ref, args[1].ref, mix.ref), Outputs: c.nodes.Out1("Substrate")}, pos)
	return value{t: tSubstrate, ref: ref(n), class: cls}
}

// bridgeMoves are the sink attributes S4's Bridge mode moves into
// ShadingModels (true) or copies (false), in sink order.
var bridgeMoves = map[string]bool{
	"BaseColor": true, "Metallic": true, "Specular": true, "Roughness": true, "Anisotropy": true,
	"EmissiveColor": true, "Tangent": true, "SubsurfaceColor": true, "ClearCoat": true, "ClearCoatRoughness": true,
	"Normal": false, "Opacity": false, "ShadingModel": false,
}

// substrateSink applies the material's Substrate mode to the sink inputs
// (S4).
func (c *compiler) substrateSink(fn *funcInfo, mat *matValue, pins []ir.Pin) []ir.Pin {
	pos := fn.d.Pos
	front := false
	for _, a := range mat.attrs {
		if c.attrName(a.idx) == "FrontMaterial" {
			front = true
		}
	}
	switch c.substrate {
	case "Native":
		if !c.opts.Substrate && front {
			c.buildErr(fn.file, pos, "DSH4382", "Substrate = Native drives FrontMaterial, but the project has Substrate off")
		}
		return pins
	case "Bridge":
	default:
		return pins
	}
	if !c.opts.Substrate || front {
		return pins
	}
	for _, s := range c.settings {
		if s.Key == "Domain" && s.Value != "Surface" && s.Value != "MD_Surface" {
			return pins
		}
	}
	sm := c.cat.Class("Substrate", "ShadingModels")
	var smPins, rest []ir.Pin
	moved := false
	for i, a := range mat.attrs {
		canon := c.attrName(a.idx)
		move, listed := bridgeMoves[canon]
		has := false
		if k, _ := sm.Pin(canon); k >= 0 {
			has = true
		}
		if !listed || !has {
			rest = append(rest, pins[i])
			continue
		}
		smPins = append(smPins, ir.Pin{Name: canon, Ref: a.v.ref})
		if move {
			moved = true
		} else {
			rest = append(rest, pins[i])
		}
	}
	if !moved {
		return pins
	}
	n := &ir.Node{Op: ir.OpReflected, Class: sm.Name(), Pins: smPins, Outputs: c.nodes.Out1("Substrate")}
	for _, s := range c.settings {
		if s.Key == "ShadingModel" && s.Value != "FromMaterialExpression" {
			n.Props = append(n.Props, ir.Prop{Name: "ShadingModelOverride", Value: ir.Str(s.Value)})
		}
	}
	n = c.add(n, pos)
	return append(rest, ir.Pin{Name: "FrontMaterial", Ref: ref(n)})
}
