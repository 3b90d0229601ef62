package dss

import (
	"strings"

	"reuselab/compiler/dss/syntax"
	"reuselab/compiler/front"
	"reuselab/ir"
)

// slot is a local or parameter of a frame.
type slot struct {
	name     string
	t        front.Type
	v        value
	assigned bool
	param    bool
	partial  bool // one if-arm assigned it and nothing did before (DSH4372)
	sealed   bool // a Substrate builder local assigned whole (DSH5297 on a member)
	ifDepth  int  // if-nesting at the declaration
	pos      syntax.Pos
	// index is the slot's place among its frame's locals, or among its
	// parameters when param is set.
	index int
}

// newSlot is a zero slot for a local or an inlined call's parameter. Slots
// are carved from chunks so that a frame's slots lie next to each other in
// memory: an if's snapshot reads every one of them, and slots allocated
// one by one among the nodes were each a cache miss.
func (c *compiler) newSlot() *slot { return &c.slotChunk.Carve(1)[0] }

// frame is one function being lowered: the product's own, an inlined
// helper's, or the callee frame a lifted `UE.` call is lowered in.
type frame struct {
	fn     *funcInfo
	file   *srcFile
	call   *syntax.Pos // call site; nil for the product's frame
	scopes []map[string]*slot
	slots  []*slot // locals in declaration order
	params []*slot
	ret    value
	hasRet bool
	exits  []exit // early returns inside if arms
	done   bool   // a return was lowered
	lifted bool   // a lifted-call frame: only parameters and globals

	// What an if's snapshot needs without reading every slot (ifstate.go):
	// every local and parameter by name; the slots looked up, declared or
	// merged in the statement being lowered, whose state may be changing;
	// and the slots keepAlways held for when the statements that touched
	// them ended.
	named   map[string][]*slot
	pending []*slot
	always  map[*slot]struct{}
}

// lookup finds a slot by name. Every change to a slot's state comes through
// here (or an if's merge), so the slot found is pending until the statement
// ends.
func (f *frame) lookup(name string) *slot {
	for i := len(f.scopes) - 1; i >= 0; i-- {
		if s := f.scopes[i][name]; s != nil {
			f.pending = append(f.pending, s)
			return s
		}
	}
	return nil
}

func (f *frame) declare(s *slot) {
	f.scopes[len(f.scopes)-1][s.name] = s
	if !s.param {
		s.index = len(f.slots)
		f.slots = append(f.slots, s)
	}
	if f.named == nil {
		f.named = map[string][]*slot{}
	}
	f.named[s.name] = append(f.named[s.name], s)
	f.pending = append(f.pending, s)
}

// addParam appends a parameter and declares it.
func (f *frame) addParam(s *slot) {
	s.index = len(f.params)
	f.params = append(f.params, s)
	f.declare(s)
}

// build is the state of the product being lowered.
type build struct {
	fn      *funcInfo
	globals map[*global]value
	frames  []*frame
	region  int
	ifDepth int
	// inLoop counts the unrolled loops being lowered (DSH4383).
	inLoop int
	// work counts lowered statements and nodes; past maxWork the product
	// stops lowering (nested unrolling and inlining can multiply).
	work     int
	overflow bool
	// keepBuf is slotsToKeep's buffer, reused from if to if.
	keepBuf []*slot
}

// maxWork bounds what one product may lower: nested loops of 64 trips and
// helpers that call helpers twice grow exponentially with the nesting.
const maxWork = 200_000

// spend counts work; false once the budget is gone (said once, DSH4365).
func (c *compiler) spend(pos syntax.Pos) bool {
	b := c.b
	if b.overflow {
		return false
	}
	b.work++
	if b.work > maxWork {
		b.overflow = true
		c.buildErr(c.file(), pos, "DSH4365", "the product needs more than %d lowering steps (nested loops or calls unroll too far)", maxWork)
		return false
	}
	return true
}

func (b *build) top() *frame { return b.frames[len(b.frames)-1] }

// span is where a node made now comes from (§3.2).
func (c *compiler) span(pos syntax.Pos) ir.Span {
	b := c.b
	s := ir.Span{Line: pos.Line, Col: pos.Col}
	if fr := b.top(); fr.file != nil && !strings.EqualFold(fr.file.leaf, c.root.leaf) {
		s.File = fr.file.leaf
	}
	for _, f := range b.frames {
		if f.call != nil {
			s.ViaLine, s.ViaCol = f.call.Line, f.call.Col
			break
		}
	}
	if b.region >= 0 && b.region < len(c.regions) {
		s.Region = c.regions[b.region].Name
	}
	return s
}

// add appends a node made at pos (a step of the product's work budget)
// and returns the node the graph holds.
func (c *compiler) add(n *ir.Node, pos syntax.Pos) *ir.Node {
	c.spend(pos)
	return c.nodes.Add(n, c.span(pos))
}

func ref(n *ir.Node) ir.Ref { return ir.Ref{Node: n.ID} }

// constant makes `Constant(Value=(…))`.
func (c *compiler) constant(k []float64, t front.Type, pos syntax.Pos) value {
	c.spend(pos)
	n := c.nodes.Constant(k, t.IRType(front.Dialect2), c.span(pos), "")
	return value{t: t, ref: ref(n), k: append([]float64(nil), k...), bconst: true}
}

func (c *compiler) newGraph(fn *funcInfo, kind ir.ProductKind) *ir.Graph {
	name := fn.d.Name
	if v, ok := fn.d.Doc.Get("name"); ok && v != "" {
		name = v
	}
	g := ir.NewGraph(kind, name)
	g.Index = fn.product
	g.Regions = append([]ir.Region(nil), c.regions...)
	g.Layout = append([]ir.LayoutHint(nil), c.layout...)
	if v, ok := fn.d.Doc.Get("library"); ok {
		g.Library = v
	}
	if v, ok := fn.d.Doc.Get("desc"); ok {
		g.Desc = v
	} else if fn.d.Doc != nil {
		g.Desc = fn.d.Doc.Free
	}
	return g
}

// buildProduct lowers one product (§3.12).
func (c *compiler) buildProduct(fn *funcInfo) *ir.Graph {
	kind := ir.Material
	switch fn.kind {
	case fkExport:
		kind = ir.MaterialFunction
	case fkLayer:
		kind = ir.MaterialLayer
	case fkLayerBlend:
		kind = ir.MaterialLayerBlend
	}
	g := c.newGraph(fn, kind)
	if kind == ir.Material {
		g.Settings = append([]ir.Setting(nil), c.settings...)
		g.Substrate = c.substrate
	}
	c.nodes.Graph = g
	c.b = &build{fn: fn, globals: map[*global]value{}, region: fn.d.Region}
	fr := &frame{fn: fn, file: fn.file, scopes: []map[string]*slot{{}}}
	c.b.frames = []*frame{fr}
	d := fn.d
	switch kind {
	case ir.Material:
		s := &slot{name: d.Params[0].Name, t: tMaterial, param: true, assigned: true, v: value{t: tMaterial, ref: ir.NoRef, mat: newMat()}}
		fr.addParam(s)
	default:
		c.functionInputs(fn, fr, kind)
	}
	if d.Body != nil {
		c.lowerBlock(d.Body, false)
	}
	c.b.region = -1
	switch kind {
	case ir.Material:
		c.sink(fn, fr.params[0])
	case ir.MaterialFunction:
		c.functionOutputs(fn, fr)
	case ir.MaterialLayer, ir.MaterialLayerBlend:
		if len(fr.params) == 0 || fr.params[len(fr.params)-1].t.Kind != front.Material {
			break // refused by classify (DSH6204/DSH6205): no output to make
		}
		res := fr.params[len(fr.params)-1]
		mat := res.v.mat
		if mat == nil {
			mat = newMat()
		}
		v := c.materialise(mat, d.Pos)
		name := d.Params[len(d.Params)-1].Name
		o := c.add(&ir.Node{Op: ir.OpFunctionOutput, Role: ir.RoleStatement, Operands: c.nodes.Refs(v.ref),
			Props: []ir.Prop{{Name: "OutputName", Value: ir.Str(name)}, {Name: "SortPriority", Value: ir.Num(0)}}}, d.Pos)
		o.Debug = name
		g.Outputs = append(g.Outputs, o.ID)
	}
	c.b = nil
	return g
}

// inputType is a FunctionInput's InputType.
func inputType(t front.Type, static bool) string {
	switch {
	case static:
		return "StaticBool"
	case t.Numeric():
		if t.Width <= 1 {
			return "Scalar"
		}
		return "Vector" + string(rune('0'+t.Width))
	case t.Kind == front.Texture:
		if t.Name == "Texture3D" {
			return "VolumeTexture"
		}
		return t.Name
	case t.Kind == front.Material:
		return "MaterialAttributes"
	case t.Kind == front.Substrate:
		return "Substrate"
	}
	return "Scalar"
}

// blendRelevance is a blend input's BlendInputRelevance (§3.12).
func blendRelevance(name string, first bool) string {
	n := strings.ToLower(strings.NewReplacer(" ", "", "_", "", "-", "").Replace(name))
	switch n {
	case "top", "toplayer":
		return "Top"
	case "bottom", "bottomlayer", "base", "baselayer":
		return "Bottom"
	}
	if first {
		return "Bottom"
	}
	return "Top"
}

func (c *compiler) functionInputs(fn *funcInfo, fr *frame, kind ir.ProductKind) {
	d := fn.d
	sort := 0
	firstMat := true
	descs := map[string]string{}
	for _, p := range d.Doc.All("param") {
		name, text, _ := strings.Cut(p, " ")
		descs[name] = strings.TrimSpace(text)
	}
	type preview struct {
		input *ir.Node
		def   syntax.Expr
		t     front.Type
	}
	var previews []preview
	defer func() {
		// Defaults that are graph expressions are lowered after every input
		// and wired to the input's Preview pin (BM MakeFunctionInput).
		for _, pv := range previews {
			v := c.lowerExpr(pv.def)
			if pv.t.Numeric() {
				v = c.coerce(v, pv.t, pv.def.ExprPos())
			}
			if !v.bad && v.ref.Valid() && v.multi == nil {
				pv.input.Pins = append(pv.input.Pins, ir.Pin{Name: "Preview", Ref: v.ref})
			}
		}
	}()
	for i, p := range d.Params {
		t := fn.params[i]
		s := &slot{name: p.Name, t: t, param: true, pos: p.NamePos}
		fr.addParam(s)
		isResult := kind == ir.MaterialLayerBlend && i == len(d.Params)-1
		if p.Qual == "out" || isResult {
			if t.Kind == front.Material {
				s.v = value{t: t, ref: ir.NoRef, mat: newMat()}
				s.assigned = true
			}
			continue
		}
		static := fn.statics[p.Name] && t.Kind == front.Bool
		props := []ir.Prop{{Name: "InputName", Value: ir.Str(p.Name)}, {Name: "InputType", Value: ir.Str(inputType(t, static))}}
		optional := p.Default != nil
		if t.Kind == front.Material && (kind == ir.MaterialLayer || kind == ir.MaterialLayerBlend) {
			optional = true
			if kind == ir.MaterialLayerBlend {
				props = append(props, ir.Prop{Name: "BlendInputRelevance", Value: ir.Str(blendRelevance(p.Name, firstMat))})
				firstMat = false
			}
		}
		props = append(props, ir.Prop{Name: "IsOptional", Value: ir.Bool(optional)}, ir.Prop{Name: "SortPriority", Value: ir.Num(float64(sort))})
		sort++
		if desc, ok := descs[p.Name]; ok {
			props = append(props, ir.Prop{Name: "Description", Value: ir.Str(desc)})
		}
		if p.Default != nil {
			if k, ok := c.constEval(p.Default, nil); ok {
				pv := []float64{0, 0, 0, 1}
				if len(k) == 1 {
					pv = []float64{k[0], k[0], k[0], k[0]}
				} else {
					copy(pv, k)
				}
				props = append(props, ir.Prop{Name: "PreviewValue", Value: ir.Tuple(pv...)})
			}
		}
		gt := t.IRType(front.Dialect2)
		if static {
			gt = "bool"
		}
		n := c.add(&ir.Node{Op: ir.OpFunctionInput, Role: ir.RoleInput, Props: props, Outputs: c.nodes.Out1(gt)}, d.Pos)
		n.Debug = p.Name
		if p.Default != nil {
			if _, isConst := c.constEval(p.Default, nil); !isConst {
				previews = append(previews, preview{input: n, def: p.Default, t: t})
			}
		}
		fr.fn = fn
		c.nodes.Graph.Inputs = append(c.nodes.Graph.Inputs, n.ID)
		s.assigned = true
		s.v = value{t: t, ref: ref(n), static: static}
		if t.Kind == front.Material {
			m := newMat()
			m.source = ref(n)
			s.v.mat = m
		}
	}
}

func (c *compiler) functionOutputs(fn *funcInfo, fr *frame) {
	d := fn.d
	sort := 0
	emit := func(v value, name string) {
		if v.mat != nil {
			v = c.materialise(v.mat, d.Pos)
		}
		r := v.ref
		if !r.Valid() {
			r = ir.NoRef
		}
		o := c.add(&ir.Node{Op: ir.OpFunctionOutput, Role: ir.RoleStatement, Operands: c.nodes.Refs(r),
			Props: []ir.Prop{{Name: "OutputName", Value: ir.Str(name)}, {Name: "SortPriority", Value: ir.Num(float64(sort))}}}, d.Pos)
		sort++
		o.Debug = name
		c.nodes.Graph.Outputs = append(c.nodes.Graph.Outputs, o.ID)
	}
	c.resolveExits(fr)
	if fn.ret.Kind != front.Void {
		if !fr.hasRet {
			c.buildErr(fn.file, d.Pos, "DSH4377", "%s returns no value", d.Name)
		} else {
			emit(c.coerce(fr.ret, fn.ret, d.Pos), "Result")
		}
	}
	for i, p := range d.Params {
		if p.Qual == "out" || p.Qual == "inout" {
			s := fr.params[i]
			if !s.assigned {
				c.buildErr(fn.file, p.NamePos, "DSH4376", "out parameter %s is never assigned", p.Name)
				continue
			}
			emit(s.v, p.Name)
		}
	}
}

// sink makes the entry's MaterialSink (§3.12, S4 §3.14).
func (c *compiler) sink(fn *funcInfo, m *slot) {
	pos := fn.d.Pos
	mat := m.v.mat
	if mat == nil {
		mat = newMat()
	}
	var pins []ir.Pin
	if mat.source.Valid() {
		v := c.materialise(mat, pos)
		pins = append(pins, ir.Pin{Name: "MaterialAttributes", Ref: v.ref})
	} else {
		for _, a := range mat.attrs {
			if mat.partial[a.idx] {
				c.buildErr(fn.file, pos, "DSH4372", "%s is assigned on one branch of an if only", c.attrName(a.idx))
			}
			if !a.v.ref.Valid() {
				// Every value that reaches a map was checked; say so rather
				// than emit a pin that reads nothing.
				c.buildErr(fn.file, pos, "DSH4350", "internal: attribute %s has no value", a.spelling)
				continue
			}
			pins = append(pins, ir.Pin{Name: a.spelling, Ref: a.v.ref})
		}
		pins = c.substrateSink(fn, mat, pins)
	}
	n := c.add(&ir.Node{Op: ir.OpMaterialSink, Role: ir.RoleStatement, Pins: pins}, pos)
	c.nodes.Graph.Sink = n.ID
}
