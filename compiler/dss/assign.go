package dss

import (
	"reuselab/compiler/dss/syntax"
	"reuselab/compiler/front"
	"reuselab/ir"
)

// lowerAssign is `target op= value` (§3.4): locals, material attributes,
// builder members and component writes.
func (c *compiler) lowerAssign(e *syntax.Assign) value {
	// Whether the assignment's own value is read (`a = b = c`): only the
	// statement's outermost assignment discards it.
	discarded := c.discardValue
	c.discardValue = false
	target := syntax.Unparen(e.L)
	pos := e.L.ExprPos()
	switch t := target.(type) {
	case *syntax.Name:
		sl := c.b.top().lookup(t.Text)
		if sl == nil {
			if c.globals[t.Text] != nil {
				c.bindErr(c.file(), t.Pos, "DSH4229", "%s is a uniform or constant and cannot be assigned", t.Text)
			} else {
				c.bindErr(c.file(), t.Pos, "DSH4200", "unknown name %s", t.Text)
			}
			c.lowerExpr(e.R)
			return badValue
		}
		if sl.v.sub != nil && e.Op == "=" {
			sl.sealed = true
		}
		var v value
		if e.Op == "=" {
			v = c.lowerExpr(e.R)
			if sl.t.Kind != front.None {
				v = c.assignConvertLoose(v, sl.t, e.R.ExprPos())
			}
		} else {
			r := c.lowerExpr(e.R)
			old := c.readSlot(sl, pos)
			v = c.compound(e.Op, old, r, pos)
		}
		if v.mat != nil {
			v.mat = v.mat.clone()
		}
		if !v.bad {
			sl.v, sl.assigned, sl.partial = v, true, false
		}
		return v
	case *syntax.Member:
		return c.assignMember(e, t, pos, discarded)
	case *syntax.Index:
		return c.assignIndex(e, t, pos)
	}
	c.bindErr(c.file(), pos, "DSH4229", "this is not something that can be assigned")
	c.lowerExpr(e.R)
	return badValue
}

// assignConvertLoose is a plain `x = e`: the kind is checked, the width is
// not coerced (§3.4).
func (c *compiler) assignConvertLoose(v value, t front.Type, pos syntax.Pos) value {
	if v.bad {
		return v
	}
	if t.Numeric() && v.t.Numeric() && v.multi == nil {
		return v
	}
	if t.Kind == front.Substrate && v.sub != nil {
		return v
	}
	return c.assignConvert(v, t, pos)
}

var compoundOps = map[string]ir.Op{"+=": ir.OpAdd, "-=": ir.OpSubtract, "*=": ir.OpMultiply, "/=": ir.OpDivide, "%=": ir.OpFmod}

func (c *compiler) compound(op string, old, r value, pos syntax.Pos) value {
	if old.bad || r.bad {
		return badValue
	}
	if old.t.Kind == front.Substrate || r.t.Kind == front.Substrate || old.sub != nil {
		c.bindErr(c.file(), pos, "DSH5293", "a Substrate value has no operator '%s'", op)
		return badValue
	}
	o, ok := compoundOps[op]
	if !ok {
		c.bindErr(c.file(), pos, "DSH4243", "operator '%s' has no material graph form", op)
		return badValue
	}
	return c.binaryOp(o, op, old, r, pos)
}

// increment is `++x`, `x++` and the `--` forms.
func (c *compiler) increment(target syntax.Expr, op string, prefix bool, pos syntax.Pos) value {
	if m, ok := syntax.Unparen(target).(*syntax.Member); ok {
		one := c.constant([]float64{1}, tFloat, pos)
		return c.assignMemberValue(m, "+=", one, pos)
	}
	n, ok := syntax.Unparen(target).(*syntax.Name)
	if !ok {
		c.bindErr(c.file(), pos, "DSH4229", "'%s' needs a variable", op)
		return badValue
	}
	sl := c.b.top().lookup(n.Text)
	if sl == nil {
		if c.globals[n.Text] != nil {
			c.bindErr(c.file(), n.Pos, "DSH4229", "%s cannot be assigned", n.Text)
		} else {
			c.bindErr(c.file(), n.Pos, "DSH4200", "unknown name %s", n.Text)
		}
		return badValue
	}
	one := c.constant([]float64{1}, tFloat, pos)
	old := c.readSlot(sl, n.Pos)
	bop := "+="
	if op == "--" {
		bop = "-="
	}
	v := c.compound(bop, old, one, target.ExprPos())
	if !v.bad {
		sl.v, sl.assigned = v, true
	}
	if prefix {
		return v
	}
	return old
}

func (c *compiler) assignMember(e *syntax.Assign, t *syntax.Member, pos syntax.Pos, discarded bool) value {
	if e.Op != "=" {
		r := c.lowerExpr(e.R)
		return c.assignMemberValue(t, e.Op, r, pos)
	}
	// Substrate builder member writes are checked before the value.
	if root, ok := syntax.Unparen(t.X).(*syntax.Name); ok {
		if sl := c.b.top().lookup(root.Text); sl != nil && sl.sealed {
			c.bindErr(c.file(), t.NamePos, "DSH5297", "%s was assigned whole; its members cannot be written any more", root.Text)
			return badValue
		}
		if sl := c.b.top().lookup(root.Text); sl != nil && sl.v.sub != nil {
			return c.builderWrite(sl, t, e, pos, discarded)
		}
	}
	if inner, ok := syntax.Unparen(t.X).(*syntax.Member); ok {
		if root, ok := syntax.Unparen(inner.X).(*syntax.Name); ok {
			if sl := c.b.top().lookup(root.Text); sl != nil && sl.v.sub != nil {
				c.bindErr(c.file(), pos, "DSH4229", "a component of the builder pin %s.%s cannot be assigned; assign the whole pin", root.Text, inner.Name)
				c.lowerExpr(e.R)
				return badValue
			}
		}
	}
	r := c.lowerExpr(e.R)
	return c.assignMemberValue(t, "=", r, pos)
}

// assignMemberValue stores r into X.Name: an attribute or a swizzle.
func (c *compiler) assignMemberValue(t *syntax.Member, op string, r value, pos syntax.Pos) value {
	root, ok := syntax.Unparen(t.X).(*syntax.Name)
	if !ok {
		c.bindErr(c.file(), pos, "DSH4229", "this is not something that can be assigned")
		return badValue
	}
	sl := c.b.top().lookup(root.Text)
	if sl == nil {
		if c.globals[root.Text] != nil {
			c.bindErr(c.file(), root.Pos, "DSH4229", "%s is a uniform or constant and cannot be assigned", root.Text)
		} else {
			c.bindErr(c.file(), root.Pos, "DSH4200", "unknown name %s", root.Text)
		}
		return badValue
	}
	if sl.v.sub != nil {
		return c.builderCompound(sl, t, op, r, pos)
	}
	if sl.t.Kind == front.Material {
		idx := c.cat.Attribute(t.Name)
		if idx < 0 {
			c.unknownAttribute(t.Name, t.NamePos)
			return badValue
		}
		if !sl.assigned || sl.v.mat == nil {
			sl.v = value{t: tMaterial, ref: ir.NoRef, mat: newMat()}
			sl.assigned = true
		}
		if op != "=" {
			old := c.readAttr(sl.v.mat, t.Name, pos)
			r = c.compound(op, old, r, pos)
		}
		if r.bad {
			return r
		}
		r = c.attrValue(idx, r, pos)
		if r.bad {
			return r
		}
		sl.v.mat.set(idx, t.Name, r)
		if sl.v.mat.partial != nil {
			delete(sl.v.mat.partial, idx)
		}
		return r
	}
	if sl.t.Numeric() {
		idx, ok := front.MaskIndices(t.Name)
		if !ok {
			c.bindErr(c.file(), t.NamePos, "DSH4207", "%s is not a swizzle", t.Name)
			return badValue
		}
		return c.assignComponents(sl, idx, op, r, pos, t.NamePos)
	}
	c.bindErr(c.file(), t.NamePos, "DSH4207", "a %s value has no member %s", sl.t.IRType(front.Dialect2), t.Name)
	return badValue
}

// attrValue checks and fits a value written to attribute idx.
func (c *compiler) attrValue(idx int, r value, pos syntax.Pos) value {
	if r.sub != nil {
		r = c.useBuilder(r, pos)
	}
	if r.multi != nil {
		c.bindErr(c.file(), pos, "DSH5201", "a node with several outputs is used as one value; pick an output")
		return badValue
	}
	if r.noOut {
		c.bindErr(c.file(), pos, "DSH4231", "the call has no value for %s", c.attrName(idx))
		return badValue
	}
	want := c.cat.Attributes()[idx].Type
	switch want {
	case front.PinSubstrate:
		if r.t.Kind != front.Substrate {
			c.bindErr(c.file(), pos, "DSH4228", "%s takes a Substrate value, not a %s", c.attrName(idx), r.t.IRType(front.Dialect2))
			return badValue
		}
	case front.PinMaterial:
		if r.mat != nil {
			return c.materialise(r.mat, pos)
		}
	default:
		if !r.t.Numeric() {
			c.bindErr(c.file(), pos, "DSH4228", "%s takes a number, not a %s", c.attrName(idx), r.t.IRType(front.Dialect2))
			return badValue
		}
	}
	return r
}

func (c *compiler) assignIndex(e *syntax.Assign, t *syntax.Index, pos syntax.Pos) value {
	r := c.lowerExpr(e.R)
	root, ok := syntax.Unparen(t.X).(*syntax.Name)
	if !ok {
		c.bindErr(c.file(), pos, "DSH4229", "this is not something that can be assigned")
		return badValue
	}
	sl := c.b.top().lookup(root.Text)
	k, kok := c.constEval(t.I, nil)
	if sl == nil || !sl.t.Numeric() || !kok || len(k) != 1 {
		c.bindErr(c.file(), pos, "DSH4229", "this is not something that can be assigned")
		return badValue
	}
	return c.assignComponents(sl, []int{int(k[0])}, e.Op, r, pos, t.I.ExprPos())
}

// assignComponents rebuilds a vector with some components replaced: one
// single-component Swizzle per component and an Append chain (§3.4).
func (c *compiler) assignComponents(sl *slot, idx []int, op string, r value, pos, maskPos syntax.Pos) value {
	w := sl.t.Width
	seen := map[int]bool{}
	for _, i := range idx {
		if i >= w || i < 0 {
			c.bindErr(c.file(), maskPos, "DSH4230", "component %c is outside a %s value", xyzw[min(i, 3)], sl.t.IRType(front.Dialect2))
			return badValue
		}
		if seen[i] {
			c.bindErr(c.file(), maskPos, "DSH4230", "component %c is assigned twice", xyzw[i])
			return badValue
		}
		seen[i] = true
	}
	if r.bad {
		return r
	}
	var old value
	if sl.assigned {
		old = sl.v
	} else {
		old = c.constant(make([]float64, w), front.FloatN(w), sl.pos)
	}
	if op != "=" {
		cur := c.swizzle(old, idx, pos)
		r = c.compound(op, cur, r, pos)
		if r.bad {
			return r
		}
	}
	r = c.coerce(r, front.FloatN(len(idx)), pos)
	var parts []value
	for comp := 0; comp < w; comp++ {
		src, from := old, comp
		for j, i := range idx {
			if i == comp {
				src, from = r, j
			}
		}
		parts = append(parts, c.swizzleAlways(src, from, pos))
	}
	v := c.appendChain(parts, pos)
	sl.v, sl.assigned = v, true
	return v
}

// swizzleAlways picks one component with a node even when it is the whole
// value of a scalar (the rebuild needs one part per component).
func (c *compiler) swizzleAlways(v value, i int, pos syntax.Pos) value {
	if v.t.Width == 1 {
		return v
	}
	n := c.add(&ir.Node{Op: ir.OpSwizzle, Operands: c.nodes.Refs(v.ref), Props: []ir.Prop{{Name: "Mask", Value: ir.Str(string(xyzw[i]))}}, Outputs: c.nodes.Out1("float")}, pos)
	return value{t: tFloat, ref: ref(n)}
}
