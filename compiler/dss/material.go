package dss

import (
	"reuselab/compiler/dss/syntax"
	"reuselab/compiler/front"
	"reuselab/ir"
)

// Material values (§3.13): attribute reads, the GetMaterialAttributes
// of a source, and materialising a map where one value is needed.

// readAttr reads attribute name of a material (§3.13).
func (c *compiler) readAttr(m *matValue, name string, pos syntax.Pos) value {
	idx := c.cat.Attribute(name)
	if idx < 0 {
		c.unknownAttribute(name, pos)
		return badValue
	}
	if i := m.find(idx); i >= 0 {
		if m.partial[idx] {
			c.buildErr(c.file(), pos, "DSH4372", "%s is assigned on one branch of an if only", c.attrName(idx))
			delete(m.partial, idx)
		}
		return m.attrs[i].v
	}
	if !m.source.Valid() {
		c.buildErr(c.file(), pos, "DSH4370", "%s is read before it is written", c.attrName(idx))
		return badValue
	}
	return c.readSourceAttr(m, idx, pos)
}

func (c *compiler) readSourceAttr(m *matValue, idx int, pos syntax.Pos) value {
	if m.get < 0 {
		// The eight outputs of the test table (§3.1); an engine attribute
		// past them gets an output when first read.
		var outs []ir.Output
		for _, a := range front.TestAttributes() {
			outs = append(outs, ir.Output{Name: a.Name, Type: a.Type.Type().IRType(front.Dialect2)})
		}
		n := c.add(&ir.Node{Op: ir.OpGetMaterialAttributes, Pins: []ir.Pin{{Name: "MaterialAttributes", Ref: m.source}}, Outputs: outs}, pos)
		m.get = n.ID
	}
	a := c.cat.Attributes()[idx]
	t := a.Type.Type()
	get := c.nodes.Graph.Nodes[m.get]
	out := -1
	for i, o := range get.Outputs {
		if o.Name == a.Name {
			out = i
		}
	}
	if out < 0 {
		get.Outputs = append(get.Outputs, ir.Output{Name: a.Name, Type: t.IRType(front.Dialect2)})
		out = len(get.Outputs) - 1
	}
	return value{t: t, ref: ir.Ref{Node: m.get, Out: out}}
}

// attrName is the catalog's name of attribute idx.
func (c *compiler) attrName(idx int) string { return c.cat.Attributes()[idx].Name }

func (c *compiler) unknownAttribute(name string, pos syntax.Pos) {
	hint := ""
	if s := c.cat.AttributeInOtherCase(name); s != "" {
		hint = "; did you mean " + s + "?"
	}
	c.bindErr(c.file(), pos, "DSH5200", "%s is not a material attribute%s", name, hint)
}

// materialise turns a material map into one MaterialAttributes value.
func (c *compiler) materialise(m *matValue, pos syntax.Pos) value {
	if m.source.Valid() {
		if len(m.attrs) == 0 {
			return value{t: tMaterial, ref: m.source}
		}
		pins := []ir.Pin{{Name: "MaterialAttributes", Ref: m.source}}
		var names []string
		for _, a := range m.attrs {
			pins = append(pins, ir.Pin{Name: c.attrName(a.idx), Ref: a.v.ref})
			names = append(names, c.attrName(a.idx))
		}
		n := c.add(&ir.Node{Op: ir.OpSetMaterialAttributes, Pins: pins,
			Props: []ir.Prop{{Name: "AttributeSetTypes", Value: front.NameList(names)}}, Outputs: c.nodes.Out1("material")}, pos)
		return value{t: tMaterial, ref: ref(n)}
	}
	var pins []ir.Pin
	for _, a := range m.attrs {
		pins = append(pins, ir.Pin{Name: c.attrName(a.idx), Ref: a.v.ref})
	}
	n := c.add(&ir.Node{Op: ir.OpMakeMaterialAttributes, Pins: pins, Outputs: c.nodes.Out1("material")}, pos)
	return value{t: tMaterial, ref: ref(n)}
}
