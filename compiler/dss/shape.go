package dss

import (
	"reuselab/compiler/dss/syntax"
	"reuselab/compiler/front"
	"reuselab/ir"
)

// Shape: swizzles, Append chains and constructors (§3.5).

// swizzle picks components (§3.5): identity no node, ascending one
// Swizzle, otherwise one Swizzle per letter and an Append chain.
func (c *compiler) swizzle(v value, idx []int, pos syntax.Pos) value {
	identity := len(idx) == v.t.Width
	ascending := true
	for i, k := range idx {
		if k != i {
			identity = false
		}
		if i > 0 && k <= idx[i-1] {
			ascending = false
		}
	}
	var k []float64
	if v.k != nil {
		for _, i := range idx {
			if i < len(v.k) {
				k = append(k, v.k[i])
			}
		}
	}
	if identity {
		return v
	}
	bt := front.FloatN(1)
	if v.t.Kind == front.Bool {
		bt = tBool
	}
	mk := func(mask string, w int) value {
		t := front.FloatN(w)
		if v.t.Kind == front.Bool {
			t = front.Type{Kind: front.Bool, Width: w}
		}
		n := c.add(&ir.Node{Op: ir.OpSwizzle, Operands: c.nodes.Refs(v.ref), Props: []ir.Prop{{Name: "Mask", Value: ir.Str(mask)}}, Outputs: c.nodes.Out1(t.IRType(front.Dialect2))}, pos)
		return value{t: t, ref: ref(n)}
	}
	if ascending {
		var mask []byte
		for _, i := range idx {
			mask = append(mask, xyzw[i])
		}
		out := mk(string(mask), len(idx))
		out.k, out.bconst = k, v.bconst
		return out
	}
	var parts []value
	for _, i := range idx {
		parts = append(parts, mk(string(xyzw[i]), 1))
	}
	_ = bt
	out := c.appendChain(parts, pos)
	out.k, out.bconst = k, v.bconst
	return out
}

func (c *compiler) appendChain(parts []value, pos syntax.Pos) value {
	acc := parts[0]
	for _, p := range parts[1:] {
		w := acc.t.Width + p.t.Width
		n := c.add(&ir.Node{Op: ir.OpAppend, Operands: c.nodes.Refs(acc.ref, p.ref), Outputs: c.nodes.Out1(front.FloatN(w).IRType(front.Dialect2))}, pos)
		acc = value{t: front.FloatN(w), ref: ref(n)}
	}
	return acc
}

// construct is `floatN(parts…)` (§3.5).
func (c *compiler) construct(t front.Type, parts []value, pos syntax.Pos) value {
	total := 0
	allConst := true
	var k []float64
	for _, p := range parts {
		if p.bad {
			return badValue
		}
		if p.multi != nil {
			c.bindErr(c.file(), pos, "DSH5201", "a node with several outputs is used as one value; pick an output")
			return badValue
		}
		if !p.t.Numeric() {
			c.bindErr(c.file(), pos, "DSH4228", "a %s value in a %s constructor", p.t.IRType(front.Dialect2), t.Name)
			return badValue
		}
		total += p.t.Width
		if p.k == nil || !c.isConstantNode(p.ref) {
			allConst = false
		} else {
			k = append(k, p.k...)
		}
	}
	bconst := true
	for _, p := range parts {
		bconst = bconst && p.bconst
	}
	switch {
	case len(parts) == 0:
		return c.constant(make([]float64, t.Width), front.FloatN(t.Width), pos)
	case total > 4:
		c.bindErr(c.file(), pos, "DSH4374", "a constructor of more than four components")
		return badValue
	case len(parts) == 1 && parts[0].t.Width == t.Width:
		return parts[0]
	case len(parts) == 1 && parts[0].t.Width == 1:
		return c.coerce(parts[0], front.FloatN(t.Width), pos)
	case total != t.Width:
		c.bindErr(c.file(), pos, "DSH4374", "%s takes %d components, not %d", t.Name, t.Width, total)
		return badValue
	case allConst:
		v := c.constant(k, front.FloatN(t.Width), pos)
		v.bconst = bconst
		return v
	}
	v := c.appendChain(parts, pos)
	if bconst {
		v.bconst = true
	}
	return v
}

func (c *compiler) isConstantNode(r ir.Ref) bool {
	n := c.nodeOf(r)
	return n != nil && n.Op == ir.OpConstant
}
