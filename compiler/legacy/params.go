package legacy

import (
	"strings"

	"reuselab/compiler/front"
	"reuselab/compiler/legacy/syntax"
	"reuselab/diag"
	"reuselab/ir"
)

// propKind is how a Properties declaration becomes nodes (LANGUAGE-2.0 §2.7).
type propKind uint8

const (
	propParam      propKind = iota // Parameter (scalar/vector; int and dynamic bool too)
	propStaticBool                 // Parameter(IsStatic) → StaticBoolParameter
	propTexture                    // TextureParameter
	propConst                      // const: Constant / TextureObject
	propToken                      // parameter-node type expanded at each use
	propUE                         // prebuilt `UE.X(…) Name`
)

// propInfo is one property of the product.
type propInfo struct {
	decl   *syntax.PropDecl
	name   string
	kind   propKind
	t      front.Type // declared type
	token  string     // parameter-node class for propToken
	vecTyp bool       // explicit VectorParameter: defaults rounded to float32
	// autoSort is the Group scope's automatic SortPriority, -1 outside one.
	autoSort int
}

// tokenTypes are the parameter-node types written out at every use.
var tokenTypes = map[string]bool{
	"StaticSwitchParameter": true, "ChannelMaskParameter": true, "StaticComponentMaskParameter": true,
	"TextureSampleParameter2D": true, "TextureSampleParameter2DArray": true, "TextureSampleParameterCube": true,
	"TextureSampleParameterCubeArray": true, "TextureSampleParameterVolume": true, "TextureSampleParameterSubUV": true,
	"RuntimeVirtualTextureSampleParameter": true, "SparseVolumeTextureSampleParameter": true,
}

var noTwoZero = map[string]bool{"DoubleVectorParameter": true, "TextureCollectionParameter": true,
	"CurveAtlasRowParameter": true, "DynamicParameter": true, "FontSampleParameter": true,
	"SpriteTextureSampler": true, "SparseVolumeTextureObjectParameter": true}

// declareProps reads the block's Properties sections.
func (b *builder) declareProps() {
	b.props = map[string]*propInfo{}
	// Members of Group scopes are numbered 0, 10, 20… in order through the
	// whole section, nested groups included (P_GroupScope: A 0, B 10).
	var counter int
	var walk func(items []syntax.PropItem, inGroup bool)
	walk = func(items []syntax.PropItem, inGroup bool) {
		for _, it := range items {
			switch it := it.(type) {
			case *syntax.PropGroup:
				walk(it.Items, true)
			case *syntax.PropDecl:
				auto := -1
				if inGroup {
					auto = 10 * counter
					counter++
				}
				if p := b.declareProp(it); p != nil {
					p.autoSort = auto
				}
			}
		}
	}
	for _, s := range b.blk.decl.SectionsOf(syntax.SecProperties) {
		counter = 0
		walk(s.Props, false)
	}
}

func (b *builder) declareProp(d *syntax.PropDecl) *propInfo {
	p := &propInfo{decl: d, name: d.Name}
	if _, dup := b.props[d.Name]; dup {
		b.errorf(d.NamePos, "DSH4210", "property %s is declared twice", d.Name)
		return nil
	}
	tn := d.Type
	switch {
	case d.UE != nil:
		p.kind = propUE
		p.t = tFloat
	case tokenTypes[tn]:
		p.kind, p.token = propToken, tn
		p.t = front.FloatN(4)
		if tn == "StaticSwitchParameter" {
			p.t = tFloat
		}
	case noTwoZero[tn]:
		b.errorf(d.TypePos, "DSH3253", "%s has no 2.0 form", tn)
		return nil
	case tn == "ScalarParameter":
		p.t = tFloat
	case tn == "VectorParameter":
		p.t, p.vecTyp = front.FloatN(4), true
	case tn == "StaticBoolParameter":
		p.kind, p.t = propStaticBool, front.Type{Kind: front.Bool, Width: 1}
	case tn == "TextureObjectParameter" || tn == "Texture2DParameter":
		p.kind, p.t = propTexture, front.Type{Kind: front.Texture, Width: 1, Name: "Texture2D"}
	default:
		t, ok := parseType(tn)
		if !ok {
			b.errorf(d.TypePos, "DSH3252", "unknown property type %s", tn)
			return nil
		}
		p.t = t
		switch t.In1x().Kind {
		case front.Texture:
			p.kind = propTexture
		case front.Material, front.Substrate, front.Void:
			b.errorf(d.TypePos, "DSH3252", "a property cannot be a %s", tn)
			return nil
		}
	}
	if d.Const && p.kind != propToken && p.kind != propUE {
		p.kind = propConst
	}
	b.props[d.Name] = p
	return p
}

// constComps evaluates a literal default: numbers, negated numbers, bools
// and constructors of those.
func constComps(e syntax.Expr) ([]float64, bool) {
	switch e := stripParens(e).(type) {
	case *syntax.NumberLit:
		return []float64{e.Value}, true
	case *syntax.BoolLit:
		return []float64{front.Truth(e.Value)}, true
	case *syntax.UnaryExpr:
		v, ok := constComps(e.X)
		if !ok {
			return nil, false
		}
		if e.Op == '-' {
			v = front.MapComponents(v, func(a float64) float64 { return -a })
		}
		return v, true
	case *syntax.CallExpr:
		if _, ok := parseType(syntax.CalleeName(e.Fun)); !ok {
			return nil, false
		}
		var out []float64
		for _, a := range e.Args {
			v, ok := constComps(a.Value)
			if !ok {
				return nil, false
			}
			out = append(out, v...)
		}
		return out, true
	case *syntax.BraceInit:
		var out []float64
		for _, x := range e.Elems {
			v, ok := constComps(x)
			if !ok {
				return nil, false
			}
			out = append(out, v...)
		}
		return out, true
	case *syntax.Ident:
		var fb syntax.FoldBuf
		switch fb.Lower(e.Name) {
		case "true":
			return []float64{1}, true
		case "false":
			return []float64{0}, true
		}
	}
	return nil, false
}

// sortPriority is the metadata SortPriority, else the group's 0,10,20…,
// else 1.x's 32 (SortPriority32).
func sortPriority(p *propInfo) float64 {
	d := p.decl
	for _, m := range d.Meta {
		if strings.EqualFold(m.Key, "SortPriority") {
			if v, ok := constComps(m.Value); ok && len(v) == 1 {
				return v[0]
			}
		}
	}
	if p.autoSort >= 0 {
		return float64(p.autoSort)
	}
	return 32
}

// metaProps turns metadata into parameter properties.
func metaProps(n *ir.Node, d *syntax.PropDecl) {
	if d.Group != "" {
		n.SetProp("Group", ir.Str(d.Group))
	}
	var fb syntax.FoldBuf
	for _, m := range d.Meta {
		switch fb.Lower(m.Key) {
		case "sortpriority":
		case "slider":
			if len(m.Args) == 2 {
				if lo, ok := constComps(m.Args[0]); ok && len(lo) == 1 {
					n.SetProp("SliderMin", ir.Num(lo[0]))
				}
				if hi, ok := constComps(m.Args[1]); ok && len(hi) == 1 {
					n.SetProp("SliderMax", ir.Num(hi[0]))
				}
			}
		case "group":
			n.SetProp("Group", ir.Str(m.Raw))
		case "desc", "description", "tooltip":
			n.SetProp("Description", ir.Str(m.Raw))
		default:
			if v, ok := constComps(m.Value); ok && len(v) == 1 {
				n.SetProp(m.Key, ir.Num(v[0]))
			} else {
				n.SetProp(m.Key, ir.Str(m.Raw))
			}
		}
	}
}

// readProp reads a property: its single parameter node (created at first
// read, R: parameters appear at first use), plus a width Swizzle per read.
// paramPropRoom is room for a parameter node's properties (name, default,
// sort priority, a few of metadata), which it always has: growing the
// slice one property at a time was a good part of lowering's garbage.
const paramPropRoom = 8

func (b *builder) readProp(p *propInfo, pos diag.Pos) value {
	d := p.decl
	switch p.kind {
	case propToken:
		if p.token == "StaticSwitchParameter" {
			b.errorf(pos, "DSH4200", "%s is a StaticSwitchParameter: call it with True= and False=", p.name)
			return badValue
		}
		return b.tokenNode(p, d.Pos, nil)
	case propUE:
		saved := b.target
		v := b.ueCall(d.UE, strings.TrimPrefix(syntax.CalleeName(d.UE.Fun), "UE."), nil)
		b.target = saved
		return v
	case propConst:
		return b.constProp(p)
	}
	// A property node carries its declaration's region: none (regions are
	// Graph statements); the reading statement's region does not apply.
	savedRegion := b.region
	b.region = ""
	defer func() { b.region = savedRegion }()
	ref, made := b.params[p.name]
	if !made {
		saved := b.target
		b.target = p.name
		var n *ir.Node
		switch p.kind {
		case propTexture:
			n = b.add(ir.OpTextureParameter, "", d.Pos, out1(p.t))
			n.Props = make([]ir.Prop, 0, paramPropRoom)
			n.SetProp("ParameterName", ir.Str(p.name))
			if d.Default != nil {
				if t := literalText(d.Default); t != "" {
					n.SetProp("DefaultAsset", ir.Str(t))
				}
			}
		case propStaticBool:
			n = b.add(ir.OpParameter, "", d.Pos, out1(p.t))
			n.Props = make([]ir.Prop, 0, paramPropRoom)
			def := []float64{0}
			if v, ok := constComps(d.Default); ok && len(v) > 0 {
				def = v[:1]
			}
			n.SetProp("DefaultValue", ir.Tuple(def...))
			n.SetProp("IsStatic", ir.Bool(true))
			n.SetProp("ParameterName", ir.Str(p.name))
		default:
			irT := tFloat
			if p.t.Width > 1 {
				irT = front.FloatN(4)
			}
			n = b.add(ir.OpParameter, "", d.Pos, out1(irT))
			n.Props = make([]ir.Prop, 0, paramPropRoom)
			def := make([]float64, p.t.Width)
			if d.Default != nil {
				if v, ok := constComps(d.Default); ok {
					def = front.Widen(v, p.t.Width)
				} else {
					b.errorf(d.Default.Position(), "DSH3254", "the default of %s must be a literal", p.name)
				}
				if p.vecTyp {
					def = front.MapComponents(def, func(a float64) float64 { return float64(float32(a)) })
				}
			}
			n.SetProp("DefaultValue", ir.Tuple(def...))
			n.SetProp("ParameterName", ir.Str(p.name))
		}
		n.SetProp("SortPriority", ir.Num(sortPriority(p)))
		metaProps(n, d)
		b.target = saved
		ref = ir.Ref{Node: n.ID}
		b.params[p.name] = ref
	}
	v := value{ref: ref, t: p.t}
	if p.kind == propParam && p.t.Width > 1 && p.t.Width < 4 {
		// The IR parameter is float4; the declared width is a Swizzle per read.
		v = b.mask(value{ref: ref, t: front.FloatN(4)}, leading(p.t.Width), d.Pos)
		v.t = p.t
	}
	if p.kind == propParam && p.t.In1x().Kind == front.Bool {
		v.t = tFloat
	}
	return v
}

// constProp is a `const` property: a Constant per read, named for the
// reading statement as a `.dss` static const is (P_UniformKinds), or a
// TextureObject named for the property (ConstTexture).
func (b *builder) constProp(p *propInfo) value {
	d := p.decl
	if p.t.In1x().Kind == front.Texture {
		saved := b.target
		b.target = p.name
		defer func() { b.target = saved }()
		cls, _ := ir.LookupClass("TextureObject")
		n := b.add(ir.OpReflected, cls.Name, d.Pos, out1(p.t))
		if d.Default != nil {
			n.SetProp("Texture", ir.Str(literalText(d.Default)))
		}
		return value{ref: ir.Ref{Node: n.ID}, t: p.t}
	}
	comps := make([]float64, p.t.Width)
	if v, ok := constComps(d.Default); ok {
		comps = front.Widen(v, p.t.Width)
	} else if d.Default != nil {
		b.errorf(d.Default.Position(), "DSH3254", "the value of const %s must be a literal", p.name)
	}
	c := b.constant(d.Pos, comps, front.Float)
	c.t = p.t
	return c
}

// tokenNode writes a parameter-node property out at one use:
// `UE.Expression(Class=<token>, ParameterName=…, <default>, <pins>)`.
func (b *builder) tokenNode(p *propInfo, pos diag.Pos, pins []ueArg) value {
	cls, ok := ir.LookupClass(p.token)
	d := p.decl
	args := append([]ueArg(nil), pins...)
	name := ir.Str(p.name)
	args = append(args, ueArg{name: "ParameterName", lit: &name})
	if d.Default != nil {
		if v, okc := constComps(d.Default); okc {
			var dv ir.Value
			if p.token == "StaticSwitchParameter" {
				dv = ir.Bool(len(v) > 0 && v[0] != 0)
			} else if len(v) == 1 {
				dv = ir.Num(v[0])
			} else {
				dv = ir.Tuple(v...)
			}
			args = append(args, ueArg{name: "DefaultValue", lit: &dv})
		} else if t := literalText(d.Default); t != "" {
			tv := ir.Str(t)
			args = append(args, ueArg{name: "Texture", lit: &tv})
		}
	}
	// The declaration's metadata goes with every expansion (R_StaticSwitchParameter).
	group := d.Group
	var fb syntax.FoldBuf
	for _, m := range d.Meta {
		var v ir.Value
		switch fb.Lower(m.Key) {
		case "group":
			group = m.Raw
			continue
		case "sortpriority":
			c, okc := constComps(m.Value)
			if !okc || len(c) != 1 {
				continue
			}
			v = ir.Num(c[0])
			args = append(args, ueArg{name: "SortPriority", lit: &v})
			continue
		case "desc", "description", "tooltip":
			v = ir.Str(m.Raw)
			args = append(args, ueArg{name: "Desc", lit: &v})
		}
	}
	if group != "" {
		v := ir.Str(group)
		args = append(args, ueArg{name: "Group", lit: &v})
	}
	if !ok {
		cls = nil
	}
	return b.reflected(pos, cls, p.token, p.token, args, ueOpts{})
}

// propCall is a pin call on a parameter-node property (§2.7).
func (b *builder) propCall(p *propInfo, e *syntax.CallExpr) value {
	if p.kind != propToken {
		b.errorf(e.Pos, "DSH4208", "%s is a property, not a function", p.name)
		return badValue
	}
	var pins []ueArg
	if p.token == "StaticSwitchParameter" {
		var a, bb *syntax.Arg
		for i, arg := range e.Args {
			switch {
			case strings.EqualFold(arg.Name, "True") || arg.Name == "A" || arg.Name == "" && i == 0:
				a = arg
			case strings.EqualFold(arg.Name, "False") || arg.Name == "B" || arg.Name == "" && i == 1:
				bb = arg
			default:
				b.warnf(argPos(arg), "DSH5254", "%s takes only True= and False=", p.name)
			}
		}
		if a == nil || bb == nil {
			b.errorf(e.Pos, "DSH5258", "%s needs both True= and False=", p.name)
			return badValue
		}
		av, bv := b.expr(a.Value), b.expr(bb.Value)
		if av.invalid || bv.invalid {
			return badValue
		}
		av, bv = b.collapseSplat(av), b.collapseSplat(bv)
		saved := b.wantWidth
		b.wantWidth = max(av.t.Width, bv.t.Width)
		defer func() { b.wantWidth = saved }()
		pins = []ueArg{{name: "A", pos: a.Pos, val: &av}, {name: "B", pos: bb.Pos, val: &bv}}
		return b.tokenNode(p, e.Pos, pins)
	}
	for _, arg := range e.Args {
		if arg.Name == "" {
			b.errorf(arg.Pos, "DSH5259", "a pin call names its pins")
			return badValue
		}
		pins = append(pins, ueArg{name: arg.Name, pos: arg.Pos, namePos: arg.NamePos, expr: arg.Value})
	}
	return b.tokenNode(p, e.Pos, pins)
}
