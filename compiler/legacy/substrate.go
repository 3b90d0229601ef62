package legacy

import (
	"strings"

	"reuselab/compiler/front"
	"reuselab/compiler/legacy/syntax"
	"reuselab/diag"
	"reuselab/ir"
)

// substrateClasses maps the `Substrate.X` short names to catalog classes.
var substrateClasses = map[string]string{
	"Slab": "Slab", "Unlit": "Unlit", "HorizontalMix": "HorizontalMixing", "HorizontalMixing": "HorizontalMixing",
	"VerticalLayer": "VerticalLayering", "VerticalLayering": "VerticalLayering", "Layer": "VerticalLayering",
	"Add": "SubstrateAdd", "Weight": "Weight", "MetalnessToDiffuseAlbedoF0": "MetalnessToDiffuseAlbedoF0",
}

// substrateCall lowers `Substrate.X(…)`; the Slab's virtual arguments
// (BaseColor/Metallic/Specular, IOR) become the nodes a `.dss` makes (S3).
func (b *builder) substrateCall(e *syntax.CallExpr, name string) value {
	cn, ok := substrateClasses[name]
	if !ok {
		for k, v := range substrateClasses {
			if strings.EqualFold(k, name) {
				b.warnf(e.Pos, "DSH5276", "Substrate.%s is spelled Substrate.%s", name, k)
				cn, ok = v, true
			}
		}
	}
	if !ok {
		b.warnf(e.Pos, "DSH5210", "Substrate.%s is not in the catalog; built from what the call says", name)
		v := b.generic(e, nil, "Substrate"+name, false, false)
		if v.ref.Valid() && len(b.nodes.Graph.Nodes[v.ref.Node].Outputs) == 1 {
			b.nodes.Graph.Nodes[v.ref.Node].Outputs[0].Type = "Substrate"
			v.t = tSubstrate
		}
		return v
	}
	cls, _ := ir.LookupClass(cn)
	if cn != "Slab" {
		return b.generic(e, cls, "", false, false)
	}
	var args []ueArg
	var baseColor, metallic, specular *value
	var ior *float64
	for _, a := range e.Args {
		switch a.Name {
		case "BaseColor", "Metallic", "Specular":
			v := b.collapseSplat(b.expr(a.Value))
			if v.invalid {
				continue
			}
			switch a.Name {
			case "BaseColor":
				baseColor = &v
			case "Metallic":
				metallic = &v
			default:
				specular = &v
			}
			continue
		case "IOR":
			if c, ok := constComps(a.Value); ok && len(c) == 1 {
				ior = &c[0]
				continue
			}
		}
		v := b.collapseSplat(b.expr(a.Value))
		if v.invalid {
			continue
		}
		args = append(args, ueArg{name: a.Name, pos: a.Pos, namePos: a.NamePos, val: &v})
	}
	if baseColor != nil || metallic != nil || specular != nil {
		fam := &front.SubstrateFamilies[front.FamilyMetalness]
		conv, _ := ir.LookupClass(fam.Convert)
		var cargs []ueArg
		for i, v := range []*value{baseColor, metallic, specular} {
			if v != nil {
				cargs = append(cargs, ueArg{name: fam.Args[i], val: v})
			}
		}
		cv := b.reflected(e.Pos, conv, conv.Name, "", cargs, ueOpts{})
		if !cv.invalid {
			for out, pin := range fam.Feeds {
				fed := value{ref: ir.Ref{Node: cv.ref.Node, Out: out}, t: front.FloatN(3)}
				args = append(args, ueArg{name: pin, val: &fed})
			}
		}
	} else if ior != nil {
		f := front.F0FromIOR(*ior, front.Dialect1x)
		c := b.constant(e.Pos, []float64{f, f, f}, front.Float)
		args = append(args, ueArg{name: "F0", val: &c})
	}
	return b.reflected(e.Pos, cls, cls.Name, "", args, ueOpts{})
}

// substrateBinary is `a + b` (Substrate.Add) and `a * scalar` (Weight).
func (b *builder) substrateBinary(e *syntax.BinaryExpr, x, y value) value {
	switch {
	case e.Op == '+' && x.t.In1x().Kind == front.Substrate && y.t.In1x().Kind == front.Substrate:
		return b.substrateOperator(e.Pos, front.SubstrateSum, &x, &y)
	case e.Op == '*' && x.t.In1x().Kind == front.Substrate && y.t.In1x().Numeric() && y.t.Width == 1:
		return b.substrateOperator(e.Pos, front.SubstrateWeight, &x, &y)
	case e.Op == '*' && y.t.In1x().Kind == front.Substrate && x.t.In1x().Numeric() && x.t.Width == 1:
		return b.substrateOperator(e.Pos, front.SubstrateWeight, &y, &x)
	}
	b.errorf(e.OpPos, "DSH5293", "operator %c does not apply to Substrate values", e.Op)
	return badValue
}

// substrateMix is `lerp(a, b, t)` on Substrate values: HorizontalMixing.
func (b *builder) substrateMix(e *syntax.CallExpr, vals []value) value {
	if vals[1].t.In1x().Kind != front.Substrate || !vals[2].t.In1x().Numeric() {
		b.errorf(e.Pos, "DSH4226", "lerp mixes two Substrate values by a scalar")
		return badValue
	}
	return b.substrateOperator(e.Pos, front.SubstrateMix, &vals[0], &vals[1], &vals[2])
}

// substrateOperator lowers an operator over Substrate values to its class
// (front.SubstrateOperator) as the engine catalog names it.
func (b *builder) substrateOperator(pos diag.Pos, op front.SubstrateOperator, operands ...*value) value {
	cls, _ := ir.LookupClass(substrateClasses[op.Class])
	args := make([]ueArg, len(operands))
	for i, v := range operands {
		args[i] = ueArg{name: op.Pins[i], val: v}
	}
	return b.reflected(pos, cls, cls.Name, "", args, ueOpts{})
}
