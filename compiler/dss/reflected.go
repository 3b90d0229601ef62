package dss

import (
	"strings"

	"reuselab/compiler/dss/syntax"
	"reuselab/compiler/front"
	"reuselab/ir"
)

// reflectedCall lowers `UE.X(…)` / `Substrate.X(…)` (§3.6).
func (c *compiler) reflectedCall(ns, name string, e *syntax.Call, stmt bool) value {
	pos := e.ExprPos()
	cls := c.cat.Class(ns, name)
	if cls == nil && !(ns == "UE" && name == "Expression") {
		c.unknownClass(ns, name, pos)
		return badValue
	}
	args := e.Args
	var props []ir.Prop
	if ns == "UE" && name == "Expression" {
		cls = nil
		var rest []syntax.Arg
		for _, a := range args {
			if a.Name == "Class" {
				spec := c.propText(a.Value)
				cls = c.cat.Class("UE", spec)
				if cls == nil {
					c.unknownClass("UE", spec, a.Value.ExprPos())
					return badValue
				}
				props = append(props, ir.Prop{Name: "ClassSpecifier", Value: ir.Str(spec)})
				continue
			}
			rest = append(rest, a)
		}
		if cls == nil {
			c.bindErr(c.file(), pos, "DSH5212", "UE.Expression needs Class = \"…\"")
			return badValue
		}
		args = rest
	}
	if cls.BSDF() && ns == "Substrate" {
		return c.bsdfCall(cls, args, pos)
	}
	n := &ir.Node{Op: ir.OpReflected, Class: cls.Name(), Props: props}
	rb := front.NewReflectedBinding()
	seen := map[string]bool{}
	for i, a := range args {
		argName := a.Name
		argPos := a.NamePos
		if argName == "" {
			argPos = a.Value.ExprPos()
			if len(cls.Positional()) == 0 {
				c.bindErr(c.file(), argPos, "DSH5220", "%s takes its arguments by name only", cls.Name())
				return badValue
			}
			if i >= len(cls.Positional()) {
				c.bindErr(c.file(), argPos, "DSH5220", "%s takes at most %d positional arguments", cls.Name(), len(cls.Positional()))
				return badValue
			}
			argName = cls.Positional()[i]
		}
		if cls.Custom() {
			switch argName {
			case "Code", "Description", "OutputType":
				props = front.SetProp(props, argName, ir.Str(c.propText(a.Value)))
				continue
			}
			if seen[argName] {
				c.bindErr(c.file(), argPos, "DSH4215", "input %s is given twice", argName)
				return badValue
			}
			seen[argName] = true
			v := c.lowerExpr(a.Value)
			if v.bad {
				return badValue
			}
			if !c.checkPinValue(v, argPos) {
				return badValue
			}
			n.Pins = append(n.Pins, ir.Pin{Name: argName, Ref: v.ref})
			continue
		}
		pi, alias := cls.Pin(argName)
		if k, ok := pinIndex(argName); ok && pi < 0 {
			if k >= len(cls.Pins()) {
				c.bindErr(c.file(), argPos, "DSH5213", "%s has no pin %d", cls.Name(), k)
				return badValue
			}
			pi = k
		}
		if pi >= 0 {
			p := cls.Pins()[pi]
			if seen[p.Name] {
				c.bindErr(c.file(), argPos, "DSH4215", "%s is given twice", p.Name)
				return badValue
			}
			seen[p.Name] = true
			rb.Give(p.Name)
			if alias != "" && cls.LateBound() {
				rb.Written = append(rb.Written, p.Name+"="+alias)
			}
			if p.Twin != "" {
				if k, ok := c.constEval(a.Value, nil); ok && allEqual(k) {
					props = front.SetProp(props, p.Twin, ir.Num(k[0]))
					continue
				}
			}
			v := c.lowerExpr(a.Value)
			if v.bad {
				return badValue
			}
			v, ok := c.fitPin(v, p.Type, a.Value.ExprPos())
			if !ok {
				return badValue
			}
			if p.Type == front.PinNumeric && v.t.Numeric() {
				rb.Widen(v.t.Width)
			}
			n.Pins = append(n.Pins, ir.Pin{Name: p.Name, Ref: v.ref})
			continue
		}
		if k := cls.Prop(argName); k >= 0 {
			pr := cls.Props()[k]
			if seen[pr.Name] {
				c.bindErr(c.file(), argPos, "DSH4215", "%s is given twice", pr.Name)
				return badValue
			}
			seen[pr.Name] = true
			val, ok := c.propValue(pr, a.Value)
			if !ok {
				return badValue
			}
			props = front.SetProp(props, pr.Name, val)
			continue
		}
		if cls.LateBound() {
			v := c.lowerExpr(a.Value)
			if v.bad {
				return badValue
			}
			if !c.checkPinValue(v, argPos) {
				return badValue
			}
			c.info(c.file(), argPos, "DSH5291", "%s is not a known pin of %s; it is bound when the instance is made", argName, cls.Name())
			rb.LateBound = append(rb.LateBound, argName)
			n.Pins = append(n.Pins, ir.Pin{Name: argName, Ref: v.ref})
			continue
		}
		c.bindErr(c.file(), argPos, "DSH5213", "%s has no pin or property %s", cls.Name(), argName)
		return badValue
	}
	props = rb.Lists(props)
	for _, p := range cls.Pins() {
		if p.Required && !rb.Given(p.Name) {
			c.warn(c.file(), pos, "DSH5219", "%s: required pin %s is not connected", cls.Name(), p.Name)
		}
	}
	n.Props = props
	switch {
	case cls.Custom():
		ot := "Float1"
		for _, p := range props {
			if p.Name == "OutputType" {
				ot = p.Value.Str
			}
		}
		t := tFloat
		switch ot {
		case "Float2":
			t = front.FloatN(2)
		case "Float3":
			t = front.FloatN(3)
		case "Float4":
			t = front.FloatN(4)
		case "MaterialAttributes":
			t = tMaterial
		}
		n.Outputs = c.nodes.Out1(t.IRType(front.Dialect2))
		n = c.add(n, pos)
		return value{t: t, ref: ref(n), class: cls}
	case len(cls.Outputs()) == 0:
		n.Role = ir.RoleStatement
		n = c.add(n, pos)
		if !stmt {
			c.bindErr(c.file(), pos, "DSH4231", "%s is a custom output and has no value", cls.Name())
			return badValue
		}
		return value{noOut: true, ref: ir.NoRef}
	}
	if len(cls.Outputs()) == 1 && cls.Outputs()[0].Name == "" {
		n.Outputs = c.nodes.Out1(front.ReflectedOutput("", catalogType(cls.Outputs()[0].Type), rb.Width, front.Dialect2).Type)
	} else {
		for _, o := range cls.Outputs() {
			n.Outputs = append(n.Outputs, front.ReflectedOutput(o.Name, catalogType(o.Type), rb.Width, front.Dialect2))
		}
	}
	n = c.add(n, pos)
	if len(n.Outputs) > 1 && cls.ChannelViews() {
		// Channel views of one value: the value is the widest view, and
		// `.rgb`, `.r`, … read the view of that name.
		best := 0
		for i, o := range n.Outputs {
			if front.ParseType2(o.Type).Width > front.ParseType2(n.Outputs[best].Type).Width {
				best = i
			}
		}
		return value{t: front.ParseType2(n.Outputs[best].Type), ref: ir.Ref{Node: n.ID, Out: best}, class: cls, views: n}
	}
	if len(n.Outputs) > 1 {
		return value{multi: n, ref: ir.Ref{Node: n.ID}, class: cls}
	}
	t := front.ParseType2(n.Outputs[0].Type)
	return value{t: t, ref: ref(n), class: cls}
}

// catalogType is a test-catalog output type as the engine table writes
// it: "" for a numeric output, whose width follows the use.
func catalogType(t front.PinType) string {
	if t == front.PinNumeric {
		return ""
	}
	return t.Type().IRType(front.Dialect2)
}

func allEqual(k []float64) bool {
	for _, x := range k {
		if x != k[0] {
			return false
		}
	}
	return len(k) > 0
}

// checkPinValue refuses values that cannot go to a pin at all.
func (c *compiler) checkPinValue(v value, pos syntax.Pos) bool {
	if v.multi != nil {
		c.bindErr(c.file(), pos, "DSH5201", "a node with several outputs goes into a pin; pick an output")
		return false
	}
	if v.noOut {
		c.bindErr(c.file(), pos, "DSH4231", "a call without a value goes into a pin")
		return false
	}
	return true
}

// fitPin fits a lowered argument to a pin type.
func (c *compiler) fitPin(v value, t front.PinType, pos syntax.Pos) (value, bool) {
	if v.sub != nil {
		v = c.useBuilder(v, pos)
	}
	if !c.checkPinValue(v, pos) {
		return v, false
	}
	switch t {
	case front.PinF1, front.PinF2, front.PinF3, front.PinF4:
		if !v.t.Numeric() {
			c.bindErr(c.file(), pos, "DSH4371", "a %s value goes into a number pin", v.t.IRType(front.Dialect2))
			return v, false
		}
		return c.coerce(v, front.FloatN(t.Width()), pos), true
	case front.PinMaterial:
		if v.mat != nil {
			return c.materialise(v.mat, pos), true
		}
		if v.t.Kind != front.Material {
			c.bindErr(c.file(), pos, "DSH4371", "a %s value goes into a material pin", v.t.IRType(front.Dialect2))
			return v, false
		}
	case front.PinSubstrate:
		if v.t.Kind != front.Substrate {
			c.bindErr(c.file(), pos, "DSH4228", "a %s value goes into a Substrate pin", v.t.IRType(front.Dialect2))
			return v, false
		}
	default:
		if v.mat != nil && c.cat.Kind() == EngineCatalog && t == front.PinNumeric {
			// Engine pins are untyped: a material there is its attributes.
			return c.materialise(v.mat, pos), true
		}
		if v.mat != nil {
			c.bindErr(c.file(), pos, "DSH4371", "a material goes into a pin that is not MaterialAttributes")
			return v, false
		}
	}
	return v, true
}

// propText is a property argument as written: an identifier, a string or
// a number's lexeme.
func (c *compiler) propText(e syntax.Expr) string {
	switch e := syntax.Unparen(e).(type) {
	case *syntax.Name:
		return e.Text
	case *syntax.StringLit:
		return e.Value
	case *syntax.NumberLit:
		return e.Text
	case *syntax.BoolLit:
		if e.Value {
			return "true"
		}
		return "false"
	}
	return ""
}

// propValue reads a property from the AST / binder constant (§3.6).
func (c *compiler) propValue(p front.ClassProp, e syntax.Expr) (ir.Value, bool) {
	switch p.Kind {
	case front.PropInt, front.PropFloat:
		if k, ok := c.constEval(e, nil); ok && len(k) == 1 {
			return ir.Num(k[0]), true
		}
	case front.PropBool:
		if k, ok := c.constEval(e, nil); ok && len(k) == 1 {
			return ir.Bool(k[0] != 0), true
		}
	case front.PropAuto:
		switch x := syntax.Unparen(e).(type) {
		case *syntax.Name, *syntax.StringLit:
			return ir.Str(c.propText(e)), true
		case *syntax.BoolLit:
			return ir.Bool(x.Value), true
		}
		if k, ok := c.constEval(e, nil); ok && len(k) == 1 {
			return ir.Num(k[0]), true
		}
	default:
		switch syntax.Unparen(e).(type) {
		case *syntax.Name, *syntax.StringLit, *syntax.NumberLit, *syntax.BoolLit:
			return ir.Str(c.propText(e)), true
		}
	}
	if n, ok := syntax.Unparen(e).(*syntax.Name); ok && c.b.top().lifted && c.customLocal(c.b.top().fn, n.Text) {
		c.bindErr(c.file(), e.ExprPos(), "DSH6326", "a UE. call in a @custom body reads %s, a local of the body", n.Text)
	}
	c.bindErr(c.file(), e.ExprPos(), "DSH5224", "property %s needs a literal value", p.Name)
	return ir.Value{}, false
}

// customCall makes a Custom node for a `/// @custom` function (§3.11).
func (c *compiler) customCall(f *funcInfo, e *syntax.Call) value {
	pos := e.ExprPos()
	code, lifted := c.customCode(f)
	args, ok := c.bindArgs(f, e)
	if !ok {
		return badValue
	}
	n := &ir.Node{Op: ir.OpCustom, Class: f.d.Name}
	for i, p := range f.d.Params {
		if p.Qual == "out" {
			continue
		}
		v := c.coerce(args[i].v, f.params[i], pos)
		if v.bad || !v.ref.Valid() {
			continue
		}
		n.Pins = append(n.Pins, ir.Pin{Name: p.Name, Ref: v.ref})
	}
	// Lifted calls: lowered in a frame of the callee, its parameters
	// holding this call's arguments, with the call site as `via`.
	if len(lifted) > 0 {
		call := pos
		fr := &frame{fn: f, file: f.file, call: &call, scopes: []map[string]*slot{{}}, lifted: true}
		for i, p := range f.d.Params {
			s := &slot{name: p.Name, t: f.params[i], param: true, v: args[i].v, assigned: p.Qual != "out"}
			fr.addParam(s)
		}
		c.b.frames = append(c.b.frames, fr)
		failed := false
		for k, lc := range lifted {
			v := c.lowerExpr(lc.Call)
			if v.bad {
				failed = true
				continue
			}
			n.Pins = append(n.Pins, ir.Pin{Name: front.LiftedInputName(f.d.Name, k), Ref: v.ref})
		}
		c.b.frames = c.b.frames[:len(c.b.frames)-1]
		if failed {
			return badValue
		}
	}
	desc := f.d.Name
	if v, ok := f.d.Doc.Get("name"); ok && v != "" {
		desc = v
	}
	ret := f.ret
	var outParams []int
	for i, p := range f.d.Params {
		if p.Qual == "out" || p.Qual == "inout" {
			outParams = append(outParams, i)
		}
	}
	// The return value is the first output; without one, the first out
	// parameter is; with neither, a float Result nobody reads.
	var typedRoom [4]front.CustomOutput // most functions have few outputs: no allocation
	typed := typedRoom[:0]
	switch {
	case ret.Kind != front.Void:
		typed = append(typed, front.CustomOutput{Name: "Result", Type: ret})
	case len(outParams) == 0:
		typed = append(typed, front.CustomOutput{Name: "Result", Type: tFloat})
	}
	for _, p := range outParams {
		typed = append(typed, front.CustomOutput{Name: f.d.Params[p].Name, Type: f.params[p]})
	}
	outs := make([]ir.Output, len(typed))
	for i, o := range typed {
		outs[i] = ir.Output{Name: o.Name, Type: o.Type.IRType(front.Dialect2)}
	}
	n.Props = front.AppendCustomOutputProps(n.Props, typed, front.Dialect2)
	n.Props = append(n.Props, ir.Prop{Name: "Code", Value: ir.Str(code)}, ir.Prop{Name: "Description", Value: ir.Str(desc)})
	n.Outputs = outs
	n = c.add(n, pos)
	k := 0
	if ret.Kind != front.Void {
		k = 1
	}
	for _, p := range outParams {
		if args[p].target != nil {
			c.store(args[p].target, value{t: f.params[p], ref: ir.Ref{Node: n.ID, Out: k}})
		}
		k++
	}
	if ret.Kind == front.Void {
		return value{noOut: true, ref: ir.NoRef}
	}
	return value{t: ret, ref: ir.Ref{Node: n.ID}}
}

// customCode is the Custom node's Code text (§3.11, CH AppendBodyBlock)
// and the body's lifted `UE.` calls, made once per function: every call
// site's Custom node shares them.
func (c *compiler) customCode(f *funcInfo) (string, []syntax.LiftedCall) {
	if f.customDone {
		return f.customText, f.customLifted
	}
	raw := f.d.Raw
	lifted := syntax.FindLiftedCalls(f.file.p.Src, f.d.RawOpen, raw)
	// Each call's text becomes its input's name, padded with spaces (line
	// breaks kept) to the call's length; a name longer than the call
	// moves what follows, and the calls' offsets with it. One pass: a
	// rebuild of the body for each call made n calls cost n².
	body := make([]byte, 0, len(raw))
	prev, shift := 0, 0
	for k := range lifted {
		lc := &lifted[k]
		name := front.LiftedInputName(f.d.Name, k)
		seg := raw[lc.Start:lc.End]
		body = append(body, raw[prev:lc.Start]...)
		body = append(body, name...)
		for i := len(name); i < len(seg); i++ {
			if seg[i] == '\n' || seg[i] == '\r' {
				body = append(body, seg[i])
			} else {
				body = append(body, ' ')
			}
		}
		prev = lc.End
		lc.Start += shift
		lc.End += shift
		shift += max(len(name)-len(seg), 0)
	}
	body = append(body, raw[prev:]...)
	text := strings.ReplaceAll(string(body), "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	file := c.markerPath(f.file.path)
	var b strings.Builder
	front.WriteMarkedSource(&b, file, f.d.Name, f.d.RawOpen.Line, text)
	if f.ret.Kind == front.Void || !syntax.HasTopLevelReturn(raw) {
		b.WriteString("return 0.0;\n")
	}
	f.customText, f.customLifted, f.customDone = b.String(), lifted, true
	return f.customText, f.customLifted
}

// pinIndex reads a `Pin[k]` argument name.
func pinIndex(name string) (int, bool) {
	rest, ok := strings.CutPrefix(name, "Pin[")
	if !ok || !strings.HasSuffix(rest, "]") {
		return 0, false
	}
	k := 0
	for _, ch := range rest[:len(rest)-1] {
		if ch < '0' || ch > '9' {
			return 0, false
		}
		k = k*10 + int(ch-'0')
	}
	return k, len(rest) > 1
}
