package dss

import (
	"strings"

	"reuselab/compiler/dss/syntax"
	"reuselab/compiler/front"
	"reuselab/ir"
)

const xyzw = "xyzw"

func (c *compiler) lowerExpr(e syntax.Expr) value {
	switch e := e.(type) {
	case *syntax.NumberLit:
		return c.constant([]float64{e.Value}, tFloat, e.Pos)
	case *syntax.BoolLit:
		n := c.add(&ir.Node{Op: ir.OpConstant, Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(front.Truth(e.Value))}}, Outputs: c.nodes.Out1("bool")}, e.Pos)
		return value{t: tBool, ref: ref(n), k: []float64{front.Truth(e.Value)}, bconst: true}
	case *syntax.StringLit:
		c.bindErr(c.file(), e.Pos, "DSH4228", "a string is not a value here")
		return badValue
	case *syntax.Paren:
		return c.lowerExpr(e.X)
	case *syntax.Name:
		return c.readName(e)
	case *syntax.Unary:
		return c.lowerUnary(e)
	case *syntax.Postfix:
		return c.increment(e.X, e.Op, false, e.X.ExprPos())
	case *syntax.Binary:
		return c.lowerBinary(e)
	case *syntax.Assign:
		return c.lowerAssign(e)
	case *syntax.Cond:
		return c.lowerCond(e)
	case *syntax.Cast:
		v := c.lowerExpr(e.X)
		t := front.ParseType2(e.Type.Name)
		if v.bad {
			return v
		}
		if v.t.Kind == front.Bool && t.Kind != front.Bool {
			n := c.add(&ir.Node{Op: ir.OpConvert, Operands: c.nodes.Refs(v.ref), Outputs: c.nodes.Out1(front.FloatN(v.t.Width).IRType(front.Dialect2))}, e.Pos)
			v = value{t: front.FloatN(v.t.Width), ref: ref(n), k: v.k, bconst: v.bconst}
		}
		return c.coerce(v, t, e.Pos)
	case *syntax.Member:
		return c.lowerMember(e)
	case *syntax.Index:
		return c.lowerIndex(e)
	case *syntax.Call:
		return c.lowerCall(e, false)
	case *syntax.InitList:
		c.bindErr(c.file(), e.Pos, "DSH2162", "a brace list is only an initializer")
		return badValue
	case *syntax.BadExpr:
		return badValue
	}
	return badValue
}

// readName reads a local, a parameter or a global.
func (c *compiler) readName(e *syntax.Name) value {
	fr := c.b.top()
	if sl := fr.lookup(e.Text); sl != nil {
		return c.readSlot(sl, e.Pos)
	}
	if fr.lifted {
		// A lifted call sees the callee's parameters and the globals only.
		if c.customLocal(fr.fn, e.Text) {
			c.bindErr(c.file(), e.Pos, "DSH6326", "a UE. call in a @custom body reads %s, a local of the body", e.Text)
			c.bindErr(c.file(), e.Pos, "DSH5224", "the value of %s is not known to the graph", e.Text)
			return badValue
		}
	}
	if g := c.globals[e.Text]; g != nil {
		return c.globalValue(g)
	}
	switch e.Text {
	case "UE", "Substrate":
		c.bindErr(c.file(), e.Pos, "DSH5211", "%s names a namespace; call a class: %s.Name(…)", e.Text, e.Text)
		return badValue
	}
	c.bindErr(c.file(), e.Pos, "DSH4200", "unknown name %s", e.Text)
	return badValue
}

func (c *compiler) readSlot(sl *slot, pos syntax.Pos) value {
	if !sl.assigned {
		c.buildErr(c.file(), pos, "DSH4376", "%s is read before anything is assigned to it", sl.name)
		return badValue
	}
	if sl.partial && c.b.ifDepth <= sl.ifDepth {
		c.buildErr(c.file(), pos, "DSH4372", "%s is assigned on one branch of an if only", sl.name)
		sl.partial = false
	}
	v := sl.v
	v.bconst = false
	return v
}

// globalValue makes (once per product) the node(s) of a global (§3.3).
func (c *compiler) globalValue(g *global) value {
	if v, ok := c.b.globals[g]; ok {
		return v
	}
	saved := c.b.frames
	savedRegion := c.b.region
	c.b.frames = []*frame{{file: g.file, scopes: []map[string]*slot{{}}}}
	c.b.region = -1
	if g.file == c.root {
		c.b.region = g.decl.Region
	}
	v := c.makeGlobal(g)
	c.b.frames = saved
	c.b.region = savedRegion
	c.b.globals[g] = v
	return v
}

func (c *compiler) makeGlobal(g *global) value {
	pos := g.decl.Pos
	t := g.t
	if !g.uniform && t.Kind == front.Texture {
		n := &ir.Node{Op: ir.OpReflected, Class: "TextureObject", Outputs: c.nodes.Out1("Texture")}
		if a, ok := g.decl.Doc.Get("default"); ok {
			n.Props = append(n.Props, ir.Prop{Name: "Texture", Value: ir.Str(a)})
		}
		if s, ok := g.decl.Doc.Get("sampler"); ok {
			n.Props = append(n.Props, ir.Prop{Name: "SamplerType", Value: ir.Str(s)})
		}
		n = c.add(n, pos)
		n.Debug = g.v.Name
		return value{t: t, ref: ref(n)}
	}
	if !g.uniform {
		if g.konst == nil {
			return badValue
		}
		n := c.add(&ir.Node{Op: ir.OpConstant, Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(g.konst...)}}, Outputs: c.nodes.Out1(front.FloatN(len(g.konst)).IRType(front.Dialect2))}, pos)
		return value{t: front.FloatN(len(g.konst)), ref: ref(n), k: g.konst, bconst: true}
	}
	doc := g.decl.Doc
	props := []ir.Prop{{Name: "ParameterName", Value: ir.Str(g.v.Name)}, {Name: "SortPriority", Value: ir.Num(float64(g.index))}}
	setProp := func(name string, v ir.Value) {
		for i := range props {
			if props[i].Name == name {
				props[i].Value = v
				return
			}
		}
		props = append(props, ir.Prop{Name: name, Value: v})
	}
	hasDesc := false
	if doc != nil {
		for _, k := range doc.Keys {
			switch k.Key {
			case "group":
				setProp("Group", ir.Str(k.Value))
			case "desc":
				setProp("Description", ir.Str(k.Value))
				hasDesc = true
			case "sort":
				setProp("SortPriority", ir.Num(syntax.ParseNumber(k.Value)))
			case "slider":
				f := strings.Fields(k.Value)
				if len(f) >= 2 {
					setProp("SliderMin", ir.Num(syntax.ParseNumber(f[0])))
					setProp("SliderMax", ir.Num(syntax.ParseNumber(f[1])))
				}
			case "sampler":
				setProp("SamplerType", ir.Str(k.Value))
			case "default":
				if t.Kind == front.Texture {
					setProp("DefaultAsset", ir.Str(k.Value))
				}
			case "name":
				setProp("ParameterName", ir.Str(k.Value))
			case "static":
			default:
				setProp(k.Key, ir.Str(k.Value))
			}
		}
		if !hasDesc && doc.Free != "" {
			setProp("Description", ir.Str(doc.Free))
		}
	}
	switch {
	case t.Kind == front.Texture:
		n := c.add(&ir.Node{Op: ir.OpTextureParameter, Props: props, Outputs: c.nodes.Out1(t.Name)}, pos)
		n.Debug = g.v.Name
		return value{t: t, ref: ref(n)}
	case t.Numeric():
		var def []float64
		if g.v.Init != nil {
			k, ok := c.constEval(g.v.Init, nil)
			if !ok {
				c.bindErr(g.file, g.v.Init.ExprPos(), "DSH7210", "the default of uniform %s is not a constant", g.v.Name)
			}
			def = k
		}
		if def == nil {
			def = make([]float64, t.Width)
		}
		if len(def) == 1 && t.Width > 1 {
			for len(def) < t.Width {
				def = append(def, def[0])
			}
		}
		props = append(props, ir.Prop{Name: "DefaultValue", Value: ir.Tuple(def...)})
		if g.static {
			props = append(props, ir.Prop{Name: "IsStatic", Value: ir.Bool(true)})
			n := c.add(&ir.Node{Op: ir.OpParameter, Props: props, Outputs: c.nodes.Out1("bool")}, pos)
			n.Debug = g.v.Name
			return value{t: tBool, ref: ref(n), static: true}
		}
		gt := "float"
		if t.Width > 1 {
			gt = "float4"
		}
		n := c.add(&ir.Node{Op: ir.OpParameter, Props: props, Outputs: c.nodes.Out1(gt)}, pos)
		n.Debug = g.v.Name
		v := value{t: front.FloatN(t.Width), ref: ref(n)}
		if t.Width == 2 || t.Width == 3 {
			s := c.add(&ir.Node{Op: ir.OpSwizzle, Operands: c.nodes.Refs(ref(n)), Props: []ir.Prop{{Name: "Mask", Value: ir.Str(xyzw[:t.Width])}}, Outputs: c.nodes.Out1(t.IRType(front.Dialect2))}, pos)
			v.ref = ref(s)
		}
		return v
	}
	c.bindErr(g.file, pos, "DSH7212", "a uniform of type %s has no parameter form", t.Name)
	return badValue
}

func (c *compiler) lowerUnary(e *syntax.Unary) value {
	switch e.Op {
	case "++", "--":
		return c.increment(e.X, e.Op, true, e.Pos)
	case "+":
		return c.lowerExpr(e.X)
	}
	x := c.lowerExpr(e.X)
	if x.bad {
		return x
	}
	if x.sub != nil {
		x = c.useBuilder(x, e.Pos)
	}
	if !x.t.Numeric() {
		if x.t.Kind == front.Substrate {
			c.bindErr(c.file(), e.Pos, "DSH5293", "a Substrate value has no operator '%s'", e.Op)
		} else {
			c.bindErr(c.file(), e.Pos, "DSH4228", "operator '%s' needs a number", e.Op)
		}
		return badValue
	}
	switch e.Op {
	case "-":
		n := c.add(&ir.Node{Op: ir.OpNegate, Operands: c.nodes.Refs(x.ref), Outputs: c.nodes.Out1(front.FloatN(x.t.Width).IRType(front.Dialect2))}, e.Pos)
		v := value{t: front.FloatN(x.t.Width), ref: ref(n), bconst: x.bconst}
		if x.k != nil {
			for _, k := range x.k {
				v.k = append(v.k, -k)
			}
		}
		return v
	case "!":
		x = c.truthy(x, e.Pos)
		n := c.add(&ir.Node{Op: ir.OpLogicalNot, Operands: c.nodes.Refs(x.ref), Outputs: c.nodes.Out1("bool")}, e.Pos)
		v := value{t: tBool, ref: ref(n), static: x.static, bconst: x.bconst}
		if x.k != nil {
			v.k = []float64{front.Truth(x.k[0] == 0)}
		}
		return v
	}
	c.bindErr(c.file(), e.Pos, "DSH4243", "operator '%s' has no material graph form", e.Op)
	return badValue
}

// truthy wraps a non-bool operand of a logical operator as x != 0.
func (c *compiler) truthy(x value, pos syntax.Pos) value {
	if x.t.Kind == front.Bool {
		return x
	}
	z := c.constant([]float64{0}, tFloat, pos)
	n := c.add(&ir.Node{Op: ir.OpNotEqual, Operands: c.nodes.Refs(x.ref, z.ref), Outputs: c.nodes.Out1("bool")}, pos)
	v := value{t: tBool, ref: ref(n), static: x.static, bconst: x.bconst}
	if x.k != nil {
		v.k = []float64{front.Truth(x.k[0] != 0)}
	}
	return v
}

// lowerBinary lowers a left-deep chain of binary operators in a loop (a
// long sum must not recurse): the leftmost operand first, then each right
// operand and its node, innermost first — the order the recursion gives.
func (c *compiler) lowerBinary(e *syntax.Binary) value {
	x, spine := syntax.LeftSpine(e)
	acc := c.lowerExpr(x)
	for i := len(spine) - 1; i >= 0; i-- {
		b := spine[i]
		r := c.lowerExpr(b.R)
		op, ok := binaryOps[b.Op]
		if !ok {
			c.bindErr(c.file(), b.OpPos, "DSH4243", "operator '%s' has no material graph form", b.Op)
			acc = badValue
			continue
		}
		acc = c.binaryOp(op, b.Op, acc, r, b.ExprPos())
	}
	return acc
}

func (c *compiler) binaryOp(op ir.Op, text string, l, r value, pos syntax.Pos) value {
	if l.bad || r.bad {
		return badValue
	}
	if l.sub != nil {
		l = c.useBuilder(l, pos)
	}
	if r.sub != nil {
		r = c.useBuilder(r, pos)
	}
	if l.t.Kind == front.Substrate || r.t.Kind == front.Substrate {
		return c.substrateOperator(op, text, l, r, pos)
	}
	if l.multi != nil || r.multi != nil {
		c.bindErr(c.file(), pos, "DSH5201", "a node with several outputs is used as one value; pick an output")
		return badValue
	}
	if !l.t.Numeric() || !r.t.Numeric() {
		c.bindErr(c.file(), pos, "DSH4228", "operator '%s' needs numbers", text)
		return badValue
	}
	if op == ir.OpLogicalAnd || op == ir.OpLogicalOr {
		l = c.truthy(l, pos)
		r = c.truthy(r, pos)
	}
	w := l.t.Width
	if r.t.Width > w {
		w = r.t.Width
	}
	rt := front.FloatN(w)
	if isComparison(op) || op == ir.OpLogicalAnd || op == ir.OpLogicalOr {
		rt = front.Type{Kind: front.Bool, Width: w}
	}
	n := c.add(&ir.Node{Op: op, Operands: c.nodes.Refs(l.ref, r.ref), Outputs: c.nodes.Out1(rt.IRType(front.Dialect2))}, pos)
	v := value{t: rt, ref: ref(n), bconst: l.bconst && r.bconst}
	if op == ir.OpLogicalAnd || op == ir.OpLogicalOr {
		v.static = l.static && r.static
	}
	if l.k != nil && r.k != nil {
		if k, ok := front.FoldBinary(op, l.k, r.k); ok {
			v.k = k
		}
	}
	return v
}

// coerce fits v to t's width (§3.4): equal as is, a scalar broadcast, a
// wider value cut to its leading components.
func (c *compiler) coerce(v value, t front.Type, pos syntax.Pos) value {
	if v.bad || !t.Numeric() || !v.t.Numeric() || v.multi != nil {
		return v
	}
	if v.t.Width == t.Width || t.Width == 0 {
		return v
	}
	if v.t.Width == 1 {
		n := c.add(&ir.Node{Op: ir.OpBroadcast, Operands: c.nodes.Refs(v.ref), Outputs: c.nodes.Out1(front.FloatN(t.Width).IRType(front.Dialect2))}, pos)
		out := value{t: front.FloatN(t.Width), ref: ref(n), bconst: v.bconst}
		if v.k != nil {
			for i := 0; i < t.Width; i++ {
				out.k = append(out.k, v.k[0])
			}
		}
		return out
	}
	if v.t.Width > t.Width {
		idx := make([]int, t.Width)
		for i := range idx {
			idx[i] = i
		}
		return c.swizzle(v, idx, pos)
	}
	c.bindErr(c.file(), pos, "DSH4226", "a %s value does not fit a %s", v.t.IRType(front.Dialect2), t.IRType(front.Dialect2))
	return badValue
}

// assignConvert checks the kind of a value stored into a t and fits it.
func (c *compiler) assignConvert(v value, t front.Type, pos syntax.Pos) value {
	if v.bad {
		return v
	}
	if v.multi != nil {
		c.bindErr(c.file(), pos, "DSH5201", "a node with several outputs is used as one value; pick an output")
		return badValue
	}
	if v.noOut {
		c.bindErr(c.file(), pos, "DSH4231", "the call has no value to store")
		return badValue
	}
	switch {
	case t.Numeric():
		if !v.t.Numeric() {
			c.bindErr(c.file(), pos, "DSH4228", "a %s value cannot be stored in a %s", v.t.IRType(front.Dialect2), t.IRType(front.Dialect2))
			return badValue
		}
		return c.coerce(v, t, pos)
	case t.Kind == front.Substrate:
		if v.t.Kind != front.Substrate {
			c.bindErr(c.file(), pos, "DSH4228", "a %s value where a Substrate value is expected", v.t.IRType(front.Dialect2))
			return badValue
		}
	case t.Kind == front.Material:
		if v.t.Kind != front.Material {
			c.bindErr(c.file(), pos, "DSH4228", "a %s value where a material is expected", v.t.IRType(front.Dialect2))
			return badValue
		}
		if v.mat == nil {
			m := newMat()
			m.source = v.ref
			v.mat = m
		}
	case t.Kind == front.Texture:
		if v.t.Kind != front.Texture {
			c.bindErr(c.file(), pos, "DSH4228", "a %s value where a texture is expected", v.t.IRType(front.Dialect2))
			return badValue
		}
	}
	return v
}

func (c *compiler) lowerCond(e *syntax.Cond) value {
	pos := e.C.ExprPos()
	if k, ok := c.constEval(e.C, nil); ok {
		if k[0] != 0 {
			return c.lowerExpr(e.T)
		}
		return c.lowerExpr(e.F)
	}
	cond := c.lowerCondition(e.C)
	if cond.bad {
		return badValue
	}
	if cond.k != nil {
		if cond.k[0] != 0 {
			return c.lowerExpr(e.T)
		}
		return c.lowerExpr(e.F)
	}
	t := c.lowerExpr(e.T)
	f := c.lowerExpr(e.F)
	return c.makeConditional(cond, t, f, pos)
}

// lowerMember is `X.Name`: an attribute, a node output, a builder member or
// a swizzle.
func (c *compiler) lowerMember(e *syntax.Member) value {
	if n, ok := syntax.Unparen(e.X).(*syntax.Name); ok && (n.Text == "UE" || n.Text == "Substrate") && c.b.top().lookup(n.Text) == nil {
		if c.cat.Class(n.Text, e.Name) != nil {
			c.bindErr(c.file(), n.Pos, "DSH5211", "%s.%s needs an argument list: %s.%s()", n.Text, e.Name, n.Text, e.Name)
		} else {
			c.unknownClass(n.Text, e.Name, n.Pos)
		}
		return badValue
	}
	if root, ok := syntax.Unparen(e.X).(*syntax.Name); ok {
		if sl := c.b.top().lookup(root.Text); sl != nil && sl.sealed {
			c.bindErr(c.file(), e.NamePos, "DSH5297", "%s was assigned whole; its members cannot be read any more", root.Text)
			return badValue
		}
	}
	x := c.lowerExpr(e.X)
	if x.bad {
		return x
	}
	pos := e.X.ExprPos()
	if x.sub != nil {
		return c.builderRead(x.sub, e, pos)
	}
	if x.mat != nil {
		return c.readAttr(x.mat, e.Name, pos)
	}
	if x.multi != nil {
		for i, o := range x.multi.Outputs {
			if o.Name == e.Name {
				return c.outputValue(x, i)
			}
		}
		c.bindErr(c.file(), e.NamePos, "DSH5213", "%s has no output %s", x.multi.Class, e.Name)
		return badValue
	}
	if x.views != nil {
		for i, o := range x.views.Outputs {
			if strings.EqualFold(o.Name, e.Name) {
				return value{t: front.ParseType2(o.Type), ref: ir.Ref{Node: x.views.ID, Out: i}, class: x.class}
			}
		}
	}
	if x.t.Kind == front.Material {
		m := newMat()
		m.source = x.ref
		return c.readAttr(m, e.Name, pos)
	}
	if x.t.Kind == front.Substrate {
		c.bindErr(c.file(), e.NamePos, "DSH4207", "a finished Substrate value has no member %s", e.Name)
		return badValue
	}
	if !x.t.Numeric() {
		c.bindErr(c.file(), e.NamePos, "DSH4207", "a %s value has no member %s", x.t.IRType(front.Dialect2), e.Name)
		return badValue
	}
	idx, ok := front.MaskIndices(e.Name)
	if !ok {
		c.bindErr(c.file(), e.NamePos, "DSH4207", "%s is not a swizzle", e.Name)
		return badValue
	}
	for _, i := range idx {
		if i >= x.t.Width {
			c.bindErr(c.file(), e.NamePos, "DSH4230", "swizzle .%s reads past a %s value", e.Name, x.t.IRType(front.Dialect2))
			return badValue
		}
	}
	return c.swizzle(x, idx, pos)
}

// outputValue picks output i of a multi-output node.
func (c *compiler) outputValue(x value, i int) value {
	t := front.ParseType2(x.multi.Outputs[i].Type)
	if t.Kind == front.User {
		t = tFloat
	}
	if t.Kind == front.Float && t.Width == 0 {
		t.Width = 1
	}
	return value{t: t, ref: ir.Ref{Node: x.multi.ID, Out: i}, class: x.class, pinOK: true}
}

func (c *compiler) lowerIndex(e *syntax.Index) value {
	x := c.lowerExpr(e.X)
	if x.bad {
		return x
	}
	k, ok := c.constEval(e.I, nil)
	if x.multi != nil {
		if !ok || len(k) != 1 {
			c.bindErr(c.file(), e.I.ExprPos(), "DSH5281", "a node output is chosen by a literal index")
			return badValue
		}
		i := int(k[0])
		if i < 0 || i >= len(x.multi.Outputs) {
			c.bindErr(c.file(), e.I.ExprPos(), "DSH5282", "output index %d is out of range (the node has %d outputs)", i, len(x.multi.Outputs))
			return badValue
		}
		return c.outputValue(x, i)
	}
	if !x.t.Numeric() {
		c.bindErr(c.file(), e.I.ExprPos(), "DSH4207", "a %s value cannot be indexed", x.t.IRType(front.Dialect2))
		return badValue
	}
	if !ok || len(k) != 1 {
		c.bindErr(c.file(), e.I.ExprPos(), "DSH4232", "a vector is indexed by a literal")
		return badValue
	}
	i := int(k[0])
	if i < 0 || i >= x.t.Width {
		c.bindErr(c.file(), e.I.ExprPos(), "DSH4230", "index %d reads past a %s value", i, x.t.IRType(front.Dialect2))
		return badValue
	}
	return c.swizzle(x, []int{i}, e.X.ExprPos())
}

func (c *compiler) unknownClass(ns, name string, pos syntax.Pos) {
	hint := ""
	if s := c.cat.Suggest(ns, name); s != "" {
		hint = "; did you mean " + ns + "." + s + "?"
	}
	c.bindErr(c.file(), pos, "DSH5210", "%s.%s is not a known class%s", ns, name, hint)
}
