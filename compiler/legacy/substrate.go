package legacy

import (
	"strings"

	"reuselab/compiler/front"
	"reuselab/compiler/legacy/syntax"
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
			v := b.materialise(b.expr(a.Value))
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
		v := b.materialise(b.expr(a.Value))
		if v.invalid {
			continue
		}
		args = append(args, ueArg{name: a.Name, pos: a.Pos, namePos: a.NamePos, val: &v})
	}
	if baseColor != nil || metallic != nil || specular != nil {
		conv, _ := ir.LookupClass("MetalnessToDiffuseAlbedoF0")
		var cargs []ueArg
		if baseColor != nil {
			cargs = append(cargs, ueArg{name: "BaseColor", val: baseColor})
		}
		if metallic != nil {
			cargs = append(cargs, ueArg{name: "Metallic", val: metallic})
		}
		if specular != nil {
			cargs = append(cargs, ueArg{name: "Specular", val: specular})
		}
		cv := b.reflected(e.Pos, conv, conv.Name, "", cargs, ueOpts{})
		if !cv.invalid {
			da := value{ref: ir.Ref{Node: cv.ref.Node}, t: front.FloatN(3)}
			f0 := value{ref: ir.Ref{Node: cv.ref.Node, Out: 1}, t: front.FloatN(3)}
			args = append(args, ueArg{name: "DiffuseAlbedo", val: &da}, ueArg{name: "F0", val: &f0})
		}
	} else if ior != nil {
		r := (*ior - 1) / (*ior + 1)
		f := r * r
		c := b.constant(e.Pos, []float64{f, f, f}, front.Float)
		args = append(args, ueArg{name: "F0", val: &c})
	}
	return b.reflected(e.Pos, cls, cls.Name, "", args, ueOpts{})
}

// substrateBinary is `a + b` (Substrate.Add) and `a * scalar` (Weight).
func (b *builder) substrateBinary(e *syntax.BinaryExpr, x, y value) value {
	switch {
	case e.Op == '+' && x.t.In1x().Kind == front.Substrate && y.t.In1x().Kind == front.Substrate:
		cls, _ := ir.LookupClass("SubstrateAdd")
		return b.reflected(e.Pos, cls, cls.Name, "", []ueArg{{name: "A", val: &x}, {name: "B", val: &y}}, ueOpts{})
	case e.Op == '*' && x.t.In1x().Kind == front.Substrate && y.t.In1x().Numeric() && y.t.Width == 1:
		cls, _ := ir.LookupClass("Weight")
		return b.reflected(e.Pos, cls, cls.Name, "", []ueArg{{name: "A", val: &x}, {name: "Weight", val: &y}}, ueOpts{})
	case e.Op == '*' && y.t.In1x().Kind == front.Substrate && x.t.In1x().Numeric() && x.t.Width == 1:
		cls, _ := ir.LookupClass("Weight")
		return b.reflected(e.Pos, cls, cls.Name, "", []ueArg{{name: "A", val: &y}, {name: "Weight", val: &x}}, ueOpts{})
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
	cls, _ := ir.LookupClass("HorizontalMixing")
	return b.reflected(e.Pos, cls, cls.Name, "", []ueArg{{name: "Background", val: &vals[0]},
		{name: "Foreground", val: &vals[1]}, {name: "Mix", val: &vals[2]}}, ueOpts{})
}
