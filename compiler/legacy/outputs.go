package legacy

import (
	"sort"
	"strconv"
	"strings"

	"reuselab/compiler/front"
	"reuselab/compiler/legacy/syntax"
	"reuselab/diag"
	"reuselab/ir"
)

var productKinds = map[syntax.BlockKind]ir.ProductKind{
	syntax.BlockShader:           ir.Material,
	syntax.BlockShaderFunction:   ir.MaterialFunction,
	syntax.BlockShaderLayer:      ir.MaterialLayer,
	syntax.BlockShaderLayerBlend: ir.MaterialLayerBlend,
}

// buildProduct lowers one block to its graph (R1).
func (c *compiler) buildProduct(blk *blockInfo) *ir.Graph {
	d := blk.decl
	g := ir.NewGraph(productKinds[d.Kind], blk.name)
	g.Index = blk.product
	g.Legacy = true
	if a := d.Attr("Root"); a != nil {
		g.LegacyRoot = a.Value
	}
	c.nodes.Graph = g
	b := &builder{c: c, blk: blk, nodes: &c.nodes, file: c.unit.Main.Path, params: map[string]ir.Ref{},
		outputVars: map[string]*variable{}, regionIdx: -1}
	b.push()
	b.baseScopes = 1
	b.declareProps()
	// A Shader's Settings are what the legacy front end writes as
	// `#pragma material(…)`: the product's settings{…}, values as text;
	// Backend picks the product's backend.
	// A key given again replaces the value where the key first came.
	if d.Kind == syntax.BlockShader {
		settingAt := map[string]int{}
		for _, s := range d.SectionsOf(syntax.SecSettings) {
			for _, st := range s.Settings {
				if strings.EqualFold(st.Key, "Backend") {
					switch strings.ToLower(st.Value) {
					case "graph":
						g.Backend = "Graph"
					case "thincustom":
						g.Backend = "ThinCustom"
					}
					continue
				}
				if i, seen := settingAt[st.Key]; seen {
					g.Settings[i].Value = st.Value
					continue
				}
				settingAt[st.Key] = len(g.Settings)
				g.Settings = append(g.Settings, ir.Setting{Key: st.Key, Value: st.Value})
			}
		}
	}
	// `Layout { Node(Var, X, Y); Comment(Name, X, Y, W, H); }`: a second
	// Layout section replaces the first (§2.11).
	for _, s := range d.SectionsOf(syntax.SecLayout) {
		g.Layout = g.Layout[:0]
		for _, it := range s.Layout {
			if it.Kind == "Comment" {
				g.Layout = append(g.Layout, ir.LayoutHint{Comment: true, Name: it.Name, X: it.X, Y: it.Y, W: it.W, H: it.H})
			} else {
				g.Layout = append(g.Layout, ir.LayoutHint{Name: it.Var, X: it.X, Y: it.Y})
			}
		}
	}
	if d.Kind == syntax.BlockShader {
		b.buildMaterial()
	} else {
		b.buildFunction()
	}
	return g
}

func (b *builder) graphStmts() []syntax.Stmt {
	var ss []syntax.Stmt
	for _, s := range b.blk.decl.SectionsOf(syntax.SecGraph) {
		ss = append(ss, s.Stmts...)
	}
	return ss
}

// buildMaterial: the Outputs declarations, the Graph, then every binding
// into the one MaterialSink (§2.10).
func (b *builder) buildMaterial() {
	d := b.blk.decl
	var items []syntax.OutputItem
	for _, s := range d.SectionsOf(syntax.SecOutputs) {
		items = append(items, s.Outputs...)
	}
	for _, it := range items {
		od, ok := it.(*syntax.OutputDecl)
		if !ok {
			continue
		}
		t, ok := parseType(od.Type)
		if !ok {
			b.errorf(od.TypePos, "DSH3266", "unknown output type %s", od.Type)
			continue
		}
		b.target = od.Name
		b.wantWidth = t.Width
		var val value
		if od.Default != nil {
			val = b.initValue(&syntax.Declarator{Pos: od.NamePos, Name: od.Name, Init: od.Default}, t)
			val = b.fit(val, t, od.NamePos, siteDecl)
		} else {
			val = b.zeroValue(t, od.NamePos)
		}
		v := b.declare(od.Name, t, od.NamePos)
		b.assignVar(v, val)
		b.outputVars[od.Name] = v
	}
	b.target = ""
	b.stmts(b.graphStmts())

	type sinkPin struct {
		name string
		ref  ir.Ref
	}
	var pins []sinkPin
	setPin := func(name, canon string, ref ir.Ref) {
		for i := range pins {
			if pins[i].name == canon || pins[i].name == name {
				pins[i].ref = ref
				return
			}
		}
		pins = append(pins, sinkPin{name, ref})
	}
	groups := b.groupExprOutputs(items)
	for _, it := range items {
		b.target, b.wantWidth = "", 0
		switch it := it.(type) {
		case *syntax.OutputBinding:
			name, canon, t, ok := b.attribute(it.Prop, it.PropPos)
			b.target = canon
			b.wantWidth = t.Width
			val := b.expr(it.Value)
			if !ok || val.invalid {
				continue
			}
			if t.In1x().Kind == front.Void {
				val = b.collapseSplat(b.maUse(val, it.Value.Position()))
				setPin(name, canon, val.ref)
				continue
			}
			if t.In1x().Kind == front.Material || val.t.In1x().Kind == front.Material {
				if val.t.In1x().Kind != front.Material || t.In1x().Kind != front.Material {
					b.errorf(it.Value.Position(), "DSH4228", "Base.%s takes a %s, not a %s", it.Prop, t, val.t)
					continue
				}
				val = b.maUse(val, it.Value.Position())
			} else {
				val = b.fit(val, t, it.Value.Position(), siteBase)
			}
			if val.invalid {
				continue
			}
			val = b.collapseSplat(val)
			setPin(name, canon, val.ref)
		case *syntax.ExprOutput:
			b.exprOutput(groups[it])
		}
	}
	b.target = ""
	n := b.add(ir.OpMaterialSink, "", d.Pos)
	n.Debug = ""
	n.Role = ir.RoleStatement
	for _, p := range pins {
		n.Pins = append(n.Pins, ir.Pin{Name: p.name, Ref: p.ref})
	}
	b.nodes.Graph.Sink = n.ID
}

// attribute resolves a `Base.X` name: exact, 1.x alias, then the unique
// case-insensitive match (DSH5276). name is the sink pin's spelling.
func (b *builder) attribute(prop string, pos diag.Pos) (name, canon string, t front.Type, ok bool) {
	if ts, found := ir.MaterialInputs[prop]; found {
		return prop, prop, typeFromIR(ts), true
	}
	if c, found := ir.MaterialInputAliases[prop]; found {
		return prop, c, typeFromIR(ir.MaterialInputs[c]), true
	}
	var hits []string
	for k := range ir.MaterialInputs {
		if strings.EqualFold(k, prop) {
			hits = append(hits, k)
		}
	}
	for k, c := range ir.MaterialInputAliases {
		if strings.EqualFold(k, prop) {
			hits = append(hits, c)
		}
	}
	if len(hits) == 1 {
		b.warnf(pos, "DSH5276", "attribute %s is spelled %s", prop, hits[0])
		return hits[0], hits[0], typeFromIR(ir.MaterialInputs[hits[0]]), true
	}
	// An attribute the catalog lacks (an engine fork's, like MoonToon's
	// MoonEncodedAttribute0) is taken from what the source says: a warning,
	// so real files compile; the value keeps its own type.
	b.warnf(pos, "DSH5200", "%s is not a material attribute of the catalog; kept as written", prop)
	return prop, prop, front.Type{Kind: front.Void}, true
}

// exprGroup is one custom-output node of the Outputs section: every
// `Expression(…).Pin[i] = src` whose class and argument list agree
// (§2.10; grouped as the section is parsed).
type exprGroup struct {
	head  *syntax.ExprOutput
	class string
	pins  []*syntax.PinBinding
	built bool
}

// exprGroupKey is class + argument list: names lower-cased, values
// unquoted, sorted, the pin excluded.
func exprGroupKey(it *syntax.ExprOutput) string {
	var keyParts []string
	for _, a := range it.Args {
		if strings.EqualFold(a.Name, "Class") {
			continue
		}
		keyParts = append(keyParts, strings.ToLower(a.Name)+"="+literalText(a.Value))
	}
	sort.Strings(keyParts)
	return it.Class() + "|" + strings.Join(keyParts, ",")
}

// groupExprOutputs groups the section's Expression targets; a pin bound
// twice is DSH3268.
func (b *builder) groupExprOutputs(items []syntax.OutputItem) map[*syntax.ExprOutput]*exprGroup {
	byKey := map[string]*exprGroup{}
	of := map[*syntax.ExprOutput]*exprGroup{}
	for _, it := range items {
		eo, ok := it.(*syntax.ExprOutput)
		if !ok {
			continue
		}
		if eo.Class() == "" {
			b.errorf(eo.Pos, "DSH3267", "Expression(…) needs Class=")
			continue
		}
		if eo.Block && len(eo.Pins) == 0 {
			b.errorf(eo.Pos, "DSH3269", "an empty Expression block")
			continue
		}
		k := exprGroupKey(eo)
		g, ok := byKey[k]
		if !ok {
			g = &exprGroup{head: eo, class: eo.Class()}
			byKey[k] = g
		}
		for _, pb := range eo.Pins {
			for _, q := range g.pins {
				if q.Index == pb.Index {
					b.errorf(pb.Pos, "DSH3268", "Pin[%d] is bound twice", pb.Index)
				}
			}
			g.pins = append(g.pins, pb)
		}
		of[eo] = g
	}
	return of
}

// exprOutput builds a group's node at its first binding: the pin values
// first (a call's arguments come before the call), then the node.
func (b *builder) exprOutput(g *exprGroup) {
	if g == nil || g.built {
		return
	}
	g.built = true
	it := g.head
	class := g.class
	cls := b.engineClass(it.Pos, "class ", class)
	if cls == nil {
		b.warnf(it.Pos, "DSH5212", "class %s is not in the catalog; built from what the Outputs say", class)
	}
	var args []ueArg
	for _, a := range it.Args {
		if strings.EqualFold(a.Name, "Class") {
			continue
		}
		args = append(args, ueArg{name: a.Name, pos: a.Pos, namePos: a.NamePos, expr: a.Value})
	}
	seen := map[int]bool{}
	for _, pb := range g.pins {
		if seen[pb.Index] {
			continue
		}
		seen[pb.Index] = true
		pinName := "Pin" + strconv.Itoa(pb.Index)
		if cls != nil {
			if pb.Index < 0 || pb.Index >= len(cls.Pins) {
				b.errorf(pb.IndexPos, "DSH5285", "%s has %d input(s); Pin[%d] is past them", cls.Name, len(cls.Pins), pb.Index)
				continue
			}
			pinName = cls.Pins[pb.Index].Name
		}
		b.target = ""
		v := b.expr(pb.Value)
		if v.invalid {
			continue
		}
		if v.t.In1x().Kind == front.Material {
			v = b.maUse(v, pb.Value.Position())
		}
		v = b.collapseSplat(v)
		args = append(args, ueArg{name: pinName, pos: pb.Pos, namePos: pb.Pos, val: &v})
	}
	name := class
	if cls != nil {
		name = cls.Name
	}
	b.target = ""
	v := b.reflected(it.Pos, cls, name, class, args, ueOpts{statement: true})
	if !v.ref.Valid() {
		return
	}
	n := b.nodes.Graph.Nodes[v.ref.Node]
	n.Outputs = nil
	n.Role = ir.RoleStatement
	n.Debug = ""
}

// buildFunction: FunctionInputs, the Graph, FunctionOutputs (§2.6 products).
func (b *builder) buildFunction() {
	d := b.blk.decl
	blk := b.blk
	isLayer := d.Kind == syntax.BlockShaderLayer
	isBlend := d.Kind == syntax.BlockShaderLayerBlend
	outVars := make([]*variable, len(blk.outputs))
	var layerOut *pinInfo
	if isLayer && len(blk.outputs) > 0 && blk.outputs[0].t.In1x().Kind == front.Material {
		layerOut = blk.outputs[0]
	}
	for i, in := range blk.inputs {
		inName := in.name
		renamed := false
		if layerOut != nil && in.t.In1x().Kind == front.Material && in.name != layerOut.name && i == 0 {
			b.warnf(in.pin.NamePos, "DSH3277", "layer input %s is passed on as %s", in.name, layerOut.name)
			inName, renamed = layerOut.name, true
		}
		b.target = inName
		n := b.add(ir.OpFunctionInput, "", d.Pos, out1(in.t))
		n.Role = ir.RoleInput
		if isBlend && in.t.In1x().Kind == front.Material {
			rel := "Bottom"
			if i == 1 {
				rel = "Top"
			}
			if strings.EqualFold(in.name, "Top") {
				rel = "Top"
			} else if strings.EqualFold(in.name, "Bottom") {
				rel = "Bottom"
			}
			n.SetProp("BlendInputRelevance", ir.Str(rel))
		}
		n.SetProp("InputName", ir.Str(inName))
		n.SetProp("InputType", ir.Str(inputTypeName(in.t)))
		n.SetProp("IsOptional", ir.Bool(in.opt))
		n.SetProp("SortPriority", ir.Num(float64(i)))
		b.nodes.Graph.Inputs = append(b.nodes.Graph.Inputs, n.ID)
		if in.pin.Default != nil {
			if comps, ok := constComps(in.pin.Default); ok {
				n.SetProp("PreviewValue", ir.Tuple(previewValue(comps, in.t)...))
			} else {
				b.target = ""
				pv := b.expr(in.pin.Default)
				if !pv.invalid {
					n.Pins = append(n.Pins, ir.Pin{Name: "Preview", Ref: b.collapseSplat(pv).ref})
				}
			}
		}
		val := value{ref: ir.Ref{Node: n.ID}, t: in.t}
		if in.t.In1x().Kind == front.Material {
			val.ma = &maValue{base: val.ref}
		}
		v := b.declare(in.name, in.t, in.pin.NamePos)
		v.staticIn = in.t.In1x().Kind == front.Bool
		b.assignVar(v, val)
		if renamed {
			// `material Base = Attrs; Attrs = <empty>;` (LayerRenamedInput).
			b.target = layerOut.name
			cls, _ := ir.LookupClass("MakeMaterialAttributes")
			e := b.reflected(in.pin.Pos, cls, cls.Name, "MakeMaterialAttributes", nil, ueOpts{})
			ov := b.declare(layerOut.name, tMaterial, layerOut.pin.NamePos)
			e.ma = &maValue{base: e.ref}
			e.multi = false
			b.assignVar(ov, e)
			outVars[0] = ov
		} else if layerOut != nil && in.name == layerOut.name {
			outVars[0] = v
		}
	}
	for i, o := range blk.outputs {
		if outVars[i] != nil {
			continue
		}
		if v := b.lookupExact(o.name); v != nil && v.t.In1x() == o.t.In1x() {
			outVars[i] = v
			continue
		}
		v := b.declare(o.name, o.t, o.pin.NamePos)
		b.outputVars[o.name] = v
		switch {
		case o.t.In1x().Kind == front.Material:
			b.assignVar(v, value{ref: ir.NoRef, t: tMaterial, ma: &maValue{base: ir.NoRef}})
		case i == 0 && o.name == "Result" && o.t.In1x().Numeric():
			// A first output called Result is the return value, a
			// zero-initialised local (O_Signature); the others are outs.
			b.target = o.name
			b.assignVar(v, b.zeroValue(o.t, o.pin.NamePos))
			b.target = ""
		}
		outVars[i] = v
	}
	b.target = ""
	b.stmts(b.graphStmts())
	b.target = ""
	for i, o := range blk.outputs {
		v := outVars[i]
		b.target = ""
		if !v.set {
			b.errorf(o.pin.NamePos, "DSH6211", "output %s is never assigned", o.name)
			continue
		}
		val := v.val
		if val.invalid {
			continue
		}
		if val.t.In1x().Kind == front.Material {
			val = b.maUse(val, d.Pos)
			if val.invalid {
				continue
			}
		}
		val = b.collapseSplat(val)
		b.target = o.name
		n := b.add(ir.OpFunctionOutput, "", d.Pos)
		n.Role = ir.RoleStatement
		n.Operands = []ir.Ref{val.ref}
		n.SetProp("OutputName", ir.Str(o.name))
		n.SetProp("SortPriority", ir.Num(float64(i)))
		b.nodes.Graph.Outputs = append(b.nodes.Graph.Outputs, n.ID)
	}
	b.target = ""
}

// previewValue is a FunctionInput's 4-wide PreviewValue: a scalar spreads,
// a vector is padded with zeros and alpha 1.
func previewValue(comps []float64, t front.Type) []float64 {
	if len(comps) == 1 {
		return []float64{comps[0], comps[0], comps[0], comps[0]}
	}
	out := []float64{0, 0, 0, 1}
	copy(out, comps)
	return out
}
