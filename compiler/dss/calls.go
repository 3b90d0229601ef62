package dss

import (
	"reuselab/compiler/dss/syntax"
	"reuselab/compiler/front"
	"reuselab/ir"
)

// mathBuiltins are HLSL intrinsics the graph has a core op for.
var mathBuiltins = map[string]struct {
	op    ir.Op
	arity int
}{
	"abs": {ir.OpAbs, 1}, "floor": {ir.OpFloor, 1}, "ceil": {ir.OpCeil, 1}, "round": {ir.OpRound, 1},
	"frac": {ir.OpFrac, 1}, "trunc": {ir.OpTruncate, 1}, "sign": {ir.OpSign, 1}, "saturate": {ir.OpSaturate, 1},
	"clamp": {ir.OpClamp, 3}, "min": {ir.OpMin, 2}, "max": {ir.OpMax, 2}, "lerp": {ir.OpLerp, 3},
	"step": {ir.OpStep, 2}, "smoothstep": {ir.OpSmoothStep, 3}, "sqrt": {ir.OpSqrt, 1}, "rsqrt": {ir.OpRsqrt, 1},
	"rcp": {ir.OpRcp, 1}, "pow": {ir.OpPow, 2}, "exp": {ir.OpExp, 1}, "exp2": {ir.OpExp2, 1}, "log": {ir.OpLog, 1},
	"log2": {ir.OpLog2, 1}, "log10": {ir.OpLog10, 1}, "sin": {ir.OpSin, 1}, "cos": {ir.OpCos, 1}, "tan": {ir.OpTan, 1},
	"asin": {ir.OpAsin, 1}, "acos": {ir.OpAcos, 1}, "atan": {ir.OpAtan, 1}, "atan2": {ir.OpAtan2, 2},
	"dot": {ir.OpDot, 2}, "cross": {ir.OpCross, 2}, "normalize": {ir.OpNormalize, 1}, "length": {ir.OpLength, 1},
	"distance": {ir.OpDistance, 2}, "ddx": {ir.OpDDX, 1}, "ddy": {ir.OpDDY, 1}, "fwidth": {ir.OpFwidth, 1},
	"reflect": {ir.OpReflect, 2}, "refract": {ir.OpRefract, 3}, "fmod": {ir.OpFmod, 2},
}

func (c *compiler) lowerCall(e *syntax.Call, stmt bool) value {
	switch fn := syntax.Unparen(e.Fn).(type) {
	case *syntax.Member:
		if ns, ok := syntax.Unparen(fn.X).(*syntax.Name); ok && (ns.Text == "UE" || ns.Text == "Substrate") && c.b.top().lookup(ns.Text) == nil {
			return c.reflectedCall(ns.Text, fn.Name, e, stmt)
		}
		switch fn.Name {
		case "Sample", "SampleLevel":
			return c.textureSample(e, fn)
		}
		c.bindErr(c.file(), fn.NamePos, "DSH4200", "unknown method %s", fn.Name)
		return badValue
	case *syntax.Name:
		return c.namedCall(fn, e, stmt)
	}
	c.bindErr(c.file(), e.ExprPos(), "DSH4200", "this cannot be called")
	return badValue
}

func (c *compiler) namedCall(fn *syntax.Name, e *syntax.Call, stmt bool) value {
	pos := fn.Pos
	if t := front.ParseType2(fn.Text); t.Kind != front.User {
		if t.Kind == front.Matrix {
			c.buildErr(c.file(), pos, "DSH4361", "matrix type %s has no material graph form", t.Name)
			return badValue
		}
		if !t.Numeric() {
			c.bindErr(c.file(), pos, "DSH4228", "%s has no constructor", t.Name)
			return badValue
		}
		var parts []value
		if len(e.Args) > 0 {
			parts = make([]value, 0, len(e.Args))
		}
		for _, a := range e.Args {
			parts = append(parts, c.lowerExpr(a.Value))
		}
		return c.construct(t, parts, pos)
	}
	if f := c.funcs[fn.Text]; f != nil {
		return c.userCall(f, e, stmt)
	}
	switch fn.Text {
	case "sinh", "cosh", "tanh":
		c.bindErr(c.file(), pos, "DSH4246", "%s has no material graph form", fn.Text)
		return badValue
	case "Texture2DSample":
		return c.textureSample(e, nil)
	}
	if b, ok := mathBuiltins[fn.Text]; ok {
		var args []value
		if len(e.Args) > 0 {
			args = make([]value, 0, len(e.Args))
		}
		for _, a := range e.Args {
			args = append(args, c.lowerExpr(a.Value))
		}
		if fn.Text == "lerp" && len(args) == 3 && (args[0].t.Kind == front.Substrate || args[1].t.Kind == front.Substrate || args[0].sub != nil || args[1].sub != nil) {
			return c.substrateLerp(args, pos)
		}
		if len(args) != b.arity {
			c.bindErr(c.file(), pos, "DSH4245", "%s takes %d arguments", fn.Text, b.arity)
			return badValue
		}
		w := 0
		var refs []ir.Ref
		if len(args) > 0 {
			refs = make([]ir.Ref, 0, len(args))
		}
		for _, a := range args {
			if a.bad {
				return badValue
			}
			if !a.t.Numeric() || a.multi != nil {
				c.bindErr(c.file(), pos, "DSH4228", "%s takes numbers", fn.Text)
				return badValue
			}
			w = max(w, a.t.Width)
			refs = append(refs, a.ref)
		}
		switch b.op {
		case ir.OpDot, ir.OpLength, ir.OpDistance:
			w = 1
		}
		n := c.add(&ir.Node{Op: b.op, Operands: refs, Outputs: c.nodes.Out1(front.FloatN(w).IRType(front.Dialect2))}, pos)
		return value{t: front.FloatN(w), ref: ref(n)}
	}
	c.bindErr(c.file(), pos, "DSH4200", "unknown function %s", fn.Text)
	return badValue
}

// callArgs binds a call's arguments to f's parameters (§3.11): in/inout
// values lowered in source order, out/inout targets recorded, then the
// defaults of unpassed parameters lowered at the call site.
type boundArg struct {
	v      value
	passed bool
	target syntax.Expr // out/inout lvalue
}

func (c *compiler) bindArgs(f *funcInfo, e *syntax.Call) ([]boundArg, bool) {
	d := f.d
	out := make([]boundArg, len(d.Params))
	ok := true
	next := 0
	for _, a := range e.Args {
		i := next
		if a.Name != "" {
			i = -1
			if at := f.paramsByName(a.Name); len(at) > 0 {
				i = at[len(at)-1]
			}
			if i < 0 {
				c.bindErr(c.file(), a.NamePos, "DSH6224", "%s has no parameter %s", d.Name, a.Name)
				ok = false
				continue
			}
		}
		next = i + 1
		if i >= len(d.Params) {
			c.bindErr(c.file(), a.Value.ExprPos(), "DSH6224", "too many arguments to %s", d.Name)
			ok = false
			break
		}
		p := d.Params[i]
		out[i].passed = true
		if p.Qual == "out" || p.Qual == "inout" {
			if !isLvalue(a.Value) {
				c.bindErr(c.file(), a.Value.ExprPos(), "DSH6222", "the argument for out parameter %s must be a variable", p.Name)
				ok = false
				continue
			}
			out[i].target = a.Value
		}
		if p.Qual != "out" {
			out[i].v = c.lowerExpr(a.Value)
			if out[i].v.bad {
				ok = false
			}
		}
	}
	for i, p := range d.Params {
		if out[i].passed {
			continue
		}
		if p.Default != nil {
			out[i].v = c.lowerExpr(p.Default)
			continue
		}
		if p.Qual != "out" && !p.Optional {
			c.bindErr(c.file(), e.ExprPos(), "DSH6225", "%s needs an argument for %s", d.Name, p.Name)
			ok = false
		}
	}
	return out, ok
}

func isLvalue(e syntax.Expr) bool {
	switch e := syntax.Unparen(e).(type) {
	case *syntax.Name:
		return true
	case *syntax.Member:
		return isLvalue(e.X)
	case *syntax.Index:
		return isLvalue(e.X)
	}
	return false
}

// store writes v into an lvalue expression (an out argument's target).
func (c *compiler) store(target syntax.Expr, v value) {
	if v.bad {
		return
	}
	switch t := syntax.Unparen(target).(type) {
	case *syntax.Name:
		if sl := c.b.top().lookup(t.Text); sl != nil {
			if v.mat != nil {
				v.mat = v.mat.clone()
			}
			sl.v, sl.assigned, sl.partial = v, true, false
			return
		}
		c.bindErr(c.file(), t.Pos, "DSH6222", "%s cannot receive an out argument", t.Text)
	case *syntax.Member:
		c.assignMemberValue(t, "=", v, t.ExprPos())
	default:
		c.bindErr(c.file(), target.ExprPos(), "DSH6222", "this cannot receive an out argument")
	}
}

func (c *compiler) userCall(f *funcInfo, e *syntax.Call, stmt bool) value {
	pos := e.ExprPos()
	switch f.kind {
	case fkEntry:
		c.bindErr(c.file(), pos, "DSH6223", "the material entry %s cannot be called", f.d.Name)
		return badValue
	case fkHelper:
		if f.recursive || f.active {
			c.buildErr(c.file(), pos, "DSH6220", "%s is recursive and cannot be inlined", f.d.Name)
			return badValue
		}
		if len(c.b.frames) > 32 {
			c.buildErr(c.file(), pos, "DSH6221", "calls nested too deeply to inline")
			return badValue
		}
		if !c.spend(pos) {
			return badValue
		}
		return c.inline(f, e)
	case fkCustom:
		return c.customCall(f, e)
	case fkExport, fkExtern, fkLayer, fkLayerBlend:
		return c.functionCall(f, e)
	}
	return badValue
}

// inline lowers a helper's body in a new frame (§3.11).
func (c *compiler) inline(f *funcInfo, e *syntax.Call) value {
	args, ok := c.bindArgs(f, e)
	if !ok {
		return badValue
	}
	call := e.ExprPos()
	fr := &frame{fn: f, file: f.file, call: &call, scopes: []map[string]*slot{{}}}
	for i, p := range f.d.Params {
		t := f.params[i]
		s := c.newSlot()
		*s = slot{name: p.Name, t: t, param: true, pos: p.NamePos}
		if p.Qual != "out" {
			v := args[i].v
			if t.Numeric() {
				v = c.coerce(v, t, p.NamePos)
			} else if t.Kind == front.Material && v.mat == nil && v.t.Kind == front.Material {
				m := newMat()
				m.source = v.ref
				v.mat = m
			}
			if v.mat != nil {
				v.mat = v.mat.clone()
			}
			s.v, s.assigned = v, !v.bad
		} else if t.Kind == front.Material {
			s.v, s.assigned = value{t: t, ref: ir.NoRef, mat: newMat()}, true
		}
		fr.addParam(s)
	}
	savedDepth := c.b.ifDepth
	c.b.ifDepth = 0
	savedRegion := c.b.region
	f.active = true
	c.b.frames = append(c.b.frames, fr)
	if f.d.Body != nil {
		c.lowerBlock(f.d.Body, false)
	}
	c.resolveExits(fr)
	c.b.frames = c.b.frames[:len(c.b.frames)-1]
	f.active = false
	c.b.ifDepth = savedDepth
	c.b.region = savedRegion
	for i, p := range f.d.Params {
		if p.Qual == "out" || p.Qual == "inout" {
			if args[i].target != nil && fr.params[i].assigned {
				c.store(args[i].target, fr.params[i].v)
			}
		}
	}
	if f.ret.Kind == front.Void {
		return value{noOut: true, ref: ir.NoRef}
	}
	if !fr.hasRet {
		c.buildErr(f.file, f.d.Pos, "DSH4377", "%s returns no value", f.d.Name)
		return badValue
	}
	return c.coerce(fr.ret, f.ret, e.ExprPos())
}

// functionCall is a FunctionCall node to an exported function of this file
// or an extern asset (§3.11).
func (c *compiler) functionCall(f *funcInfo, e *syntax.Call) value {
	pos := e.ExprPos()
	args, ok := c.bindArgs(f, e)
	if !ok {
		return badValue
	}
	var pins []ir.Pin
	for i, p := range f.d.Params {
		if !args[i].passed || p.Qual == "out" {
			continue
		}
		v := args[i].v
		t := f.params[i]
		if t.Kind == front.Material {
			if v.mat != nil {
				v = c.materialise(v.mat, pos)
			}
		} else if t.Numeric() {
			v = c.coerce(v, t, pos)
		}
		if v.bad || !v.ref.Valid() {
			continue
		}
		pins = append(pins, ir.Pin{Name: p.Name, Ref: v.ref})
	}
	var outs []ir.Output
	if f.ret.Kind != front.Void {
		name := "Result"
		if f.d.RetName != "" {
			name = f.d.RetName
		}
		outs = append(outs, ir.Output{Name: name, Type: f.ret.IRType(front.Dialect2)})
	}
	for i, p := range f.d.Params {
		if p.Qual == "out" || p.Qual == "inout" {
			outs = append(outs, ir.Output{Name: p.Name, Type: f.params[i].IRType(front.Dialect2)})
		}
	}
	if len(outs) == 0 {
		outs = []ir.Output{{Name: "Result", Type: "float"}}
	}
	n := &ir.Node{Op: ir.OpFunctionCall, Pins: pins, Outputs: outs}
	if f.kind == fkExtern {
		path, _ := f.d.Doc.Get("asset")
		n.Class = path
		n.Props = []ir.Prop{{Name: "FunctionPath", Value: ir.Str(path)}}
	} else {
		n.Class = f.d.Name
		n.Props = []ir.Prop{{Name: "FunctionPath", Value: ir.Str("")}, {Name: "LocalFunction", Value: ir.Num(float64(f.product))}}
	}
	n = c.add(n, pos)
	k := 0
	if f.ret.Kind != front.Void {
		k = 1
	}
	for i, p := range f.d.Params {
		if p.Qual != "out" && p.Qual != "inout" {
			continue
		}
		r := ir.Ref{Node: n.ID, Out: k}
		k++
		if args[i].target == nil {
			continue
		}
		t := f.params[i]
		v := value{t: t, ref: r}
		if t.Kind == front.Material {
			m := newMat()
			m.source = r
			v.mat = m
		}
		c.store(args[i].target, v)
	}
	if f.ret.Kind == front.Void {
		return value{noOut: true, ref: ir.NoRef}
	}
	return value{t: f.ret, ref: ir.Ref{Node: n.ID}}
}

// textureSample lowers Tex.Sample(uv), Tex.Sample(S, uv),
// Texture2DSample(T, S, uv) and Tex.SampleLevel(uv, lod) (§3.7).
func (c *compiler) textureSample(e *syntax.Call, m *syntax.Member) value {
	pos := e.ExprPos()
	var tex, uv, smp, lod value
	smp, lod = value{ref: ir.NoRef}, value{ref: ir.NoRef}
	lowerAll := func(es []syntax.Expr) []value {
		var out []value
		for _, x := range es {
			out = append(out, c.lowerExpr(x))
		}
		return out
	}
	var args []syntax.Expr
	for _, a := range e.Args {
		args = append(args, a.Value)
	}
	level := false
	if m == nil {
		if len(args) != 3 {
			c.bindErr(c.file(), pos, "DSH4245", "Texture2DSample takes (texture, sampler, uv)")
			return badValue
		}
		vs := lowerAll(args)
		tex, smp, uv = vs[0], vs[1], vs[2]
	} else {
		tex = c.lowerExpr(m.X)
		switch {
		case m.Name == "SampleLevel" && len(args) == 2:
			vs := lowerAll(args)
			uv, lod = vs[0], vs[1]
			level = true
		case m.Name == "Sample" && len(args) == 1:
			uv = lowerAll(args)[0]
		case m.Name == "Sample" && len(args) == 2:
			vs := lowerAll(args)
			smp, uv = vs[0], vs[1]
		default:
			c.bindErr(c.file(), pos, "DSH4245", "%s takes (uv)%s", m.Name, map[bool]string{true: " and a level", false: " or (sampler, uv)"}[m.Name == "SampleLevel"])
			return badValue
		}
	}
	if tex.bad || uv.bad || smp.bad || lod.bad {
		return badValue
	}
	if tex.t.Kind != front.Texture {
		c.bindErr(c.file(), pos, "DSH4228", "Sample needs a texture, not a %s", tex.t.IRType(front.Dialect2))
		return badValue
	}
	uv = c.coerce(uv, front.FloatN(2), pos)
	n := &ir.Node{Op: ir.OpTextureSample, Operands: c.nodes.Refs(tex.ref, uv.ref, smp.ref, lod.ref),
		Outputs: []ir.Output{{Name: "RGBA", Type: "float4"}, {Name: "R", Type: "float"}, {Name: "G", Type: "float"}, {Name: "B", Type: "float"}, {Name: "A", Type: "float"}}}
	if tn := c.nodeOf(tex.ref); tn != nil {
		if st, ok := tn.Prop("SamplerType"); ok {
			n.Props = append(n.Props, ir.Prop{Name: "SamplerType", Value: st})
		}
	}
	if level {
		n.Props = append(n.Props, ir.Prop{Name: "MipValueMode", Value: ir.Str("MipLevel")})
	}
	n = c.add(n, pos)
	return value{t: front.FloatN(4), ref: ir.Ref{Node: n.ID}}
}

// customLocal reports whether name is declared in f's opaque body.
func (c *compiler) customLocal(f *funcInfo, name string) bool {
	if f == nil || !f.d.Opaque {
		return false
	}
	toks, _ := syntax.Lex(f.d.Raw)
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].Kind == syntax.Ident && toks[i+1].Kind == syntax.Ident && toks[i+1].Text == name {
			if t := front.ParseType2(toks[i].Text); t.Kind != front.User {
				return true
			}
		}
	}
	return false
}
