package assetinterp

import (
	"strconv"
	"strings"

	"reuselab/ir"
)

// The nodes ir/interp cannot compute: their identity is the IR node the
// asset node was made for, their input values come through the asset's
// pins.

// opaqueSkeleton copies the IR node (its identity for ir/interp's hash)
// and maps the asset's engine outputs onto its outputs: by name, an
// unnamed one by position; an engine output the IR node lacks becomes an
// extra output of that name (a texture's RGB view).
func (l *lifted) opaqueSkeleton(i int, t *ir.Node) {
	an := &l.a.Nodes[i]
	if !classMatches(an.Class, t) {
		l.problem(i, "", "made for %s, which the engine writes as another class", ir.NodeLine(t))
	}
	n := t.Clone()
	n.Operands, n.Pins = nil, nil
	l.prim[i] = l.add(n)
	outs := an.Outs
	if len(outs) == 0 {
		outs = []string{""}
	}
	for j, name := range outs {
		k := -1
		for x, o := range n.Outputs {
			if name != "" && o.Name == name {
				k = x
				break
			}
		}
		if k < 0 && name == "" && j < len(t.Outputs) {
			k = j
		}
		if k < 0 && name != "" {
			typ := "float"
			if mask, ok := channelMask(name); ok {
				typ = widthType(len(mask))
			}
			n.Outputs = append(n.Outputs, ir.Output{Name: name, Type: typ})
			k = len(n.Outputs) - 1
		}
		if k < 0 {
			l.problem(i, "", "output %d has no counterpart in %s", j, ir.NodeLine(t))
			l.outs[i] = append(l.outs[i], ir.NoRef)
			continue
		}
		l.outs[i] = append(l.outs[i], ir.Ref{Node: l.prim[i], Out: k})
	}
}

// classMatches: the engine class an opaque IR node is written as.
func classMatches(class string, t *ir.Node) bool {
	switch t.Op {
	case ir.OpTextureSample:
		return class == "TextureSample"
	case ir.OpCustom:
		return class == "Custom"
	case ir.OpFunctionCall:
		return class == "MaterialFunctionCall"
	case ir.OpDDX, ir.OpDDY:
		return class == t.Op.String()
	}
	// A Substrate node's engine class carries the Substrate prefix and,
	// for BSDFs, a suffix (Slab → SubstrateSlabBSDF).
	return class == t.Class || strings.HasPrefix(class, "Substrate") && strings.Contains(class, t.Class)
}

// wireOpaque reads every input of the IR node t through the engine pin
// that carries it.
func (l *lifted) wireOpaque(i int, n *ir.Node, t *ir.Node) {
	for k, r := range t.Operands {
		pin := operandPin(t, k)
		if !r.Valid() {
			n.Operands = append(n.Operands, ir.NoRef)
			continue
		}
		n.Operands = append(n.Operands, l.opaqueInput(i, pin, 0, t, r))
	}
	seen := map[string]int{}
	for _, p := range t.Pins {
		k := seen[p.Name]
		seen[p.Name]++
		if !p.Ref.Valid() {
			n.Pins = append(n.Pins, ir.Pin{Name: p.Name, Ref: ir.NoRef})
			continue
		}
		n.Pins = append(n.Pins, ir.Pin{Name: p.Name, Ref: l.opaqueInput(i, p.Name, k, t, p.Ref)})
	}
}

// opaqueInput is what the engine pin carrying IR input want of t reads. A
// scalar wired to a pin the IR fed a vector (the IR's Broadcast, which is
// no node in the asset) is broadcast, as the engine does on the pin, so
// the opaque node's inputs are the IR's values.
func (l *lifted) opaqueInput(i int, pin string, k int, t *ir.Node, want ir.Ref) ir.Ref {
	if in, ok := l.input(i, pin, k); ok {
		r := l.ref(i, in)
		if r.Valid() && want.Node < len(l.g.Nodes) && l.nodes[r.Node].Type(r.Out) == "float" {
			if typ := l.g.Nodes[want.Node].Type(want.Out); strings.HasPrefix(typ, "float") && typ != "float" {
				r = ir.Ref{Node: l.add(&ir.Node{Op: ir.OpBroadcast, Operands: []ir.Ref{r}, Outputs: []ir.Output{{Type: typ}}})}
			}
		}
		return r
	}
	l.problem(i, pin, "unconnected, but %s reads an input there", ir.NodeLine(t))
	return ir.NoRef
}

// operandPin is the engine pin carrying operand k of an opaque IR node:
// a TextureSample's (texture, UVs, sampler, mip) on TextureObject,
// Coordinates, TextureObject, MipValue; a DDX/DDY's on Value; a reflected
// class's on its k-th catalog pin.
func operandPin(t *ir.Node, k int) string {
	switch t.Op {
	case ir.OpTextureSample:
		if k < 4 {
			return [...]string{"TextureObject", "Coordinates", "TextureObject", "MipValue"}[k]
		}
	case ir.OpDDX, ir.OpDDY:
		return "Value"
	}
	if c, ok := ir.LookupClass(t.Class); ok && k < len(c.Pins) {
		return c.Pins[k].Name
	}
	if c, ok := ir.LookupClass("Substrate" + t.Class); ok && k < len(c.Pins) && t.Type(0) == "Substrate" {
		return c.Pins[k].Name
	}
	return "Input" + strconv.Itoa(k)
}
