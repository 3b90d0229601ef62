package legacy

import (
	"strings"

	"reuselab/compiler/front"
	"reuselab/compiler/legacy/syntax"
	"reuselab/diag"
	"reuselab/ir"
)

// funcInfo is a 1.x Function or GraphFunction: a Custom node per call
// (LANGUAGE-2.0 §2.6).
type funcInfo struct {
	decl   *syntax.FunctionDecl
	name   string
	ret    front.Type
	ins    []*paramInfo
	outs   []*paramInfo
	lifted []*syntax.CallExpr // L8: the body's outermost UE.* calls, in source order
	said   map[string]bool    // DSH6326 said once per function
	// code is the Custom node's Code, made at the first call (customCode).
	code     string
	codeDone bool
}

type paramInfo struct {
	name string
	t    front.Type
	pos  diag.Pos
}

func (f *funcInfo) init(c *compiler) {
	d := f.decl
	f.ret = tVoid
	if d.RetType != "" {
		t, ok := parseType(d.RetType)
		if !ok {
			c.errorf(d.RetPos, "DSH6300", "unknown return type %q", d.RetType)
			t = tFloat
		}
		f.ret = t
	}
	for _, p := range d.Params {
		t, ok := parseType(p.Type)
		if !ok {
			c.errorf(p.TypePos, "DSH6301", "unknown parameter type %q", p.Type)
			t = tFloat
		}
		pi := &paramInfo{name: p.Name, t: t, pos: p.NamePos}
		if p.IsOut() {
			f.outs = append(f.outs, pi)
		} else {
			f.ins = append(f.ins, pi)
		}
	}
	if d.Graph {
		f.lifted = d.Lifted // the body is HLSL; the parser lifts its UE.* calls
	}
	f.said = map[string]bool{}
}

// outputs lists the Custom node's outputs: the return value (or, L9, the
// first out of a void function) first, then the outs.
func (f *funcInfo) outputs() []ir.Output {
	var outs []ir.Output
	if f.ret.In1x().Kind != front.Void {
		outs = append(outs, ir.Output{Name: "Result", Type: f.ret.IRType(front.Dialect1x)})
	}
	for _, o := range f.outs {
		outs = append(outs, ir.Output{Name: o.name, Type: o.t.IRType(front.Dialect1x)})
	}
	if len(outs) == 0 {
		outs = append(outs, ir.Output{Name: "Result", Type: "float"})
	}
	return outs
}

// liftCtx binds a GraphFunction's parameters while its lifted calls are
// lowered at a call site (L8).
type liftCtx struct {
	f    *funcInfo
	args map[string]value
}

func (l *liftCtx) lookup(b *builder, id *syntax.Ident) (value, bool) {
	if v, ok := l.args[id.Name]; ok {
		return v, true
	}
	b.liftedMiss(id)
	return badValue, true
}

// liftedMiss reports a lifted call reading something not its function's.
func (b *builder) liftedMiss(id *syntax.Ident) {
	l := b.lifted
	saved := b.lifted
	b.lifted = nil
	v, p, _ := b.resolveNameQuietFold(id.Name)
	b.lifted = saved
	if v != nil || p != nil {
		b.errorf(id.Pos, "DSH6325", "a lifted call of %s reads %s of its caller; it may read only the function's parameters", l.f.name, id.Name)
		return
	}
	if !l.f.said[id.Name] {
		l.f.said[id.Name] = true
		b.errorf(id.Pos, "DSH6326", "a lifted call of %s reads %s, which nobody declares", l.f.name, id.Name)
	}
}

func (b *builder) resolveNameQuietFold(name string) (*variable, *propInfo, bool) {
	if v := b.lookupExact(name); v != nil {
		return v, nil, true
	}
	if p, ok := b.props[name]; ok {
		return nil, p, true
	}
	v, nv := b.lookupFold(name)
	p, np := b.propFold(name)
	return v, p, nv+np == 1
}

func (b *builder) checkLiftedIdent(e syntax.Expr) {
	if b.lifted == nil {
		return
	}
	if id, ok := stripParens(e).(*syntax.Ident); ok {
		if _, bound := b.lifted.args[id.Name]; !bound {
			b.liftedMiss(id)
		}
	}
}

// callArgs splits a call's arguments: value inputs by name, the output
// selector, and (for a statement call) the trailing receivers.
type callArgs struct {
	inputs    map[string]syntax.Expr
	order     []string
	defaults  map[string]bool
	outName   string
	outNameOK bool
	outIdx    int
	outIdxOK  bool
	selPos    diag.Pos
}

// bindCallArgs binds args to declared input names (positional in order,
// named by name; `default` leaves the input off, L25).
func (b *builder) bindCallArgs(e *syntax.CallExpr, fname string, inputs []string, args []*syntax.Arg) (callArgs, bool) {
	ca := callArgs{inputs: map[string]syntax.Expr{}, defaults: map[string]bool{}}
	ok := true
	pos := 0
	named := false
	var byName inputIndex
	var fb syntax.FoldBuf
	for _, a := range args {
		switch fb.Lower(a.Name) {
		case "output", "outputname":
			ca.outName, ca.outNameOK, ca.selPos = literalText(a.Value), true, a.Pos
			continue
		case "outputindex":
			if n, isNum := stripParens(a.Value).(*syntax.NumberLit); isNum {
				ca.outIdx, ca.outIdxOK, ca.selPos = int(n.Value), true, a.Pos
			} else {
				b.errorf(a.Value.Position(), "DSH5281", "OutputIndex must be a number")
				ok = false
			}
			continue
		}
		var name string
		if a.Name == "" {
			if named {
				b.errorf(a.Pos, "DSH2158", "a positional argument after a named one")
				ok = false
				continue
			}
			if pos >= len(inputs) {
				b.errorf(a.Pos, "DSH4224", "%s takes %d input(s)", fname, len(inputs))
				ok = false
				continue
			}
			name = inputs[pos]
			pos++
		} else {
			named = true
			name = ""
			exact, folded := byName.match(inputs, a.Name)
			if exact {
				name = a.Name
			}
			if name == "" {
				for _, in := range folded {
					b.warnf(a.NamePos, "DSH5275", "input %s is spelled %s", a.Name, in)
					name = in
				}
			}
			if name == "" {
				b.errorf(a.NamePos, "DSH4216", "%s has no input %s", fname, a.Name)
				ok = false
				continue
			}
			if _, dup := ca.inputs[name]; dup || ca.defaults[name] {
				b.errorf(a.NamePos, "DSH4215", "input %s is given twice", name)
				ok = false
				continue
			}
		}
		if _, isDefault := a.Value.(*syntax.DefaultExpr); isDefault {
			ca.defaults[name] = true
			continue
		}
		ca.inputs[name] = a.Value
		ca.order = append(ca.order, name)
	}
	return ca, ok
}

// splitReceivers takes the trailing receivers off a statement call's
// all-positional arguments (L5): one per output, the return value first.
func splitReceivers(args []*syntax.Arg, nOut int) (ins, recv []*syntax.Arg) {
	for _, a := range args {
		if a.Name != "" {
			return args, nil
		}
	}
	k := nOut
	if k > len(args) {
		k = len(args)
	}
	return args[:len(args)-k], args[len(args)-k:]
}

// stmtCall marks a call lowered as a statement.
type stmtCall struct{}

// funcCall lowers a Function/GraphFunction call to a Custom node.
func (b *builder) funcCall(e *syntax.CallExpr, f *funcInfo, recv *stmtCall) value {
	outs := f.outputs()
	args := e.Args
	var receivers []*syntax.Arg
	if recv != nil {
		args, receivers = splitReceivers(e.Args, len(outs))
	}
	names := make([]string, len(f.ins))
	for i, p := range f.ins {
		names[i] = p.name
	}
	ca, ok := b.bindCallArgs(e, f.name, names, args)
	if !ok {
		return badValue
	}
	n := &ir.Node{Op: ir.OpCustom, Class: f.name}
	bound := map[string]value{}
	for _, p := range f.ins {
		x, given := ca.inputs[p.name]
		if !given {
			if !ca.defaults[p.name] {
				b.errorf(e.RParen, "DSH4217", "%s needs input %s", f.name, p.name)
				ok = false
			}
			continue
		}
		v := b.argument(x, p.t)
		if v.invalid {
			ok = false
			continue
		}
		bound[p.name] = v
		n.Pins = append(n.Pins, ir.Pin{Name: p.name, Ref: v.ref})
	}
	if !ok {
		return badValue
	}
	// L8: lift the body's UE.* calls, bound to this call's arguments.
	replacements := map[*syntax.CallExpr]string{}
	if len(f.lifted) > 0 {
		saved, savedVia := b.lifted, b.via
		b.lifted = &liftCtx{f: f, args: bound}
		via := e.Pos
		b.via = &via
		for i, lc := range f.lifted {
			name := front.LiftedInputName(f.name, i)
			v := b.expr(lc)
			replacements[lc] = name
			if !v.invalid {
				n.Pins = append(n.Pins, ir.Pin{Name: name, Ref: b.collapseSplat(v).ref})
			}
		}
		b.lifted, b.via = saved, savedVia
	}
	var typedRoom [4]front.CustomOutput // most functions have few outputs: no allocation
	typed := typedRoom[:0]
	for _, o := range outs {
		typed = append(typed, front.CustomOutput{Name: o.Name, Type: typeFromIR(o.Type)})
	}
	n.Props = make([]ir.Prop, 0, 4) // Code, Description, OutputType, AdditionalOutputs
	n.Props = append(n.Props,
		ir.Prop{Name: "Code", Value: ir.Str(b.c.customCode(f, replacements))},
		ir.Prop{Name: "Description", Value: ir.Str(f.name)})
	n.Props = front.AppendCustomOutputProps(n.Props, typed, front.Dialect1x)
	n.Outputs = outs
	return b.addCall(e, n, ca, recv != nil, receivers)
}

// addCall adds the node n built for call e to the graph. A call statement
// with receivers (asStmt) hands its outputs to them and has no value;
// otherwise the value is the output Output=/OutputIndex= select.
func (b *builder) addCall(e *syntax.CallExpr, n *ir.Node, ca callArgs, asStmt bool, receivers []*syntax.Arg) value {
	n.Span = b.span(e.Pos)
	n.Debug = b.target
	n = b.nodes.Add(n, n.Span)
	if asStmt {
		b.assignReceivers(e, n, receivers)
		return value{ref: ir.Ref{Node: n.ID}, t: tVoid}
	}
	return b.selectCallOutput(n, ca, true)
}

// selectCallOutput applies Output=/OutputIndex= (L3b) and returns the value.
func (b *builder) selectCallOutput(n *ir.Node, ca callArgs, selectable bool) value {
	k := 0
	switch {
	case ca.outNameOK && ca.outIdxOK:
		b.errorf(ca.selPos, "DSH5252", "Output and OutputIndex both given")
		return badValue
	case ca.outNameOK:
		k = b.outputNamed(n.Outputs, ca.outName, ca.selPos)
		if k < 0 {
			names := make([]string, len(n.Outputs))
			for i, o := range n.Outputs {
				names[i] = "`" + o.Name + "`"
			}
			b.errorf(ca.selPos, "DSH5280", "%s has no output %q; its outputs are %s", n.Class, ca.outName, strings.Join(names, ", "))
			return badValue
		}
	case ca.outIdxOK:
		k = ca.outIdx
		if k < 0 || k >= len(n.Outputs) {
			b.errorf(ca.selPos, "DSH5282", "output %d is past the last output of %s (%d outputs)", k, n.Class, len(n.Outputs))
			return badValue
		}
	}
	v := value{ref: ir.Ref{Node: n.ID, Out: k}, t: typeFromIR(n.Outputs[k].Type)}
	if !ca.outNameOK && !ca.outIdxOK {
		v.selectable = selectable
	}
	return v
}

// assignReceivers stores a statement call's outputs into its receivers (L5).
func (b *builder) assignReceivers(e *syntax.CallExpr, n *ir.Node, receivers []*syntax.Arg) {
	for i, a := range receivers {
		if i >= len(n.Outputs) {
			break
		}
		id, ok := stripParens(a.Value).(*syntax.Ident)
		if !ok {
			b.errorf(a.Pos, "DSH4239", "a receiver must be a variable")
			continue
		}
		ot := typeFromIR(n.Outputs[i].Type)
		val := value{ref: ir.Ref{Node: n.ID, Out: i}, t: ot}
		v := b.lookupExact(id.Name)
		if v == nil {
			if fv, cnt := b.lookupFold(id.Name); cnt == 1 {
				b.warnf(id.Pos, "DSH5275", "%s is spelled %s where it is declared", id.Name, fv.name)
				v = fv
			}
		}
		if v == nil {
			if _, isProp := b.props[id.Name]; isProp {
				b.errorf(id.Pos, "DSH4229", "%s is a property and cannot receive a value", id.Name)
				continue
			}
			b.infof(id.Pos, "DSH5283", "receiver %s is not declared; it is declared as a %s", id.Name, ot)
			v = b.declare(id.Name, ot, id.Pos)
		}
		fitted := b.fit(val, v.t, a.Pos, siteReceiver)
		if fitted.invalid {
			continue
		}
		b.assignVar(v, fitted)
	}
}

// blockCall lowers a call of a ShaderFunction/Layer/Blend of this file or a
// VirtualFunction to a FunctionCall node.
func (b *builder) blockCall(e *syntax.CallExpr, blk *blockInfo, recv *stmtCall) value {
	switch blk.decl.Kind {
	case syntax.BlockShader, syntax.BlockShaderLayer, syntax.BlockShaderLayerBlend:
		b.errorf(e.Pos, "DSH6208", "a %s cannot be called", blk.decl.Kind)
		return badValue
	}
	args := e.Args
	var receivers []*syntax.Arg
	if recv != nil {
		args, receivers = splitReceivers(e.Args, len(blk.outputs))
	}
	names := make([]string, len(blk.inputs))
	for i, p := range blk.inputs {
		names[i] = p.name
	}
	ca, ok := b.bindCallArgs(e, blk.callName, names, args)
	if !ok {
		return badValue
	}
	class := blk.asset
	if blk.product >= 0 {
		class = blk.callName
	}
	n := &ir.Node{Op: ir.OpFunctionCall, Class: class}
	for _, p := range blk.inputs {
		x, given := ca.inputs[p.name]
		if !given {
			continue
		}
		v := b.argument(x, p.t)
		if v.invalid {
			ok = false
			continue
		}
		n.Pins = append(n.Pins, ir.Pin{Name: p.name, Ref: v.ref})
	}
	if !ok {
		return badValue
	}
	if blk.product >= 0 {
		n.Props = []ir.Prop{{Name: "FunctionPath", Value: ir.Str("")}, {Name: "LocalFunction", Value: ir.Num(float64(blk.product))}}
	} else {
		n.Props = []ir.Prop{{Name: "DeclaredInputs", Value: front.NameList(names)},
			{Name: "FunctionPath", Value: ir.Str(blk.asset)}}
	}
	for _, o := range blk.outputs {
		n.Outputs = append(n.Outputs, ir.Output{Name: o.name, Type: o.t.IRType(front.Dialect1x)})
	}
	if len(n.Outputs) == 0 {
		b.errorf(e.Pos, "DSH8221", "%s has no output", blk.callName)
		return badValue
	}
	return b.addCall(e, n, ca, recv != nil, receivers)
}

// argument lowers a call's argument x for a parameter of type t: fitted to
// t under the argument rules (L22) and read as a pin reads a value.
func (b *builder) argument(x syntax.Expr, t front.Type) value {
	v := b.expr(x)
	if v.invalid {
		return v
	}
	return b.collapseSplat(b.maUse(b.fit(v, t, x.Position(), siteArg), x.Position()))
}

// outputNamed is the index of the output called name: spelled exactly, or
// else in another case with a warning (DSH5276); -1 when there is none.
func (b *builder) outputNamed(outs []ir.Output, name string, pos diag.Pos) int {
	k := -1
	for i, o := range outs {
		if o.Name == name {
			k = i
		}
	}
	if k < 0 {
		for i, o := range outs {
			if strings.EqualFold(o.Name, name) {
				b.warnf(pos, "DSH5276", "output %s is spelled %s", name, o.Name)
				k = i
			}
		}
	}
	return k
}

// inputIndex finds named arguments' inputs. A scan of the inputs for each
// argument made a call naming n of n inputs cost n², so past a few inputs
// the first named argument indexes them.
type inputIndex struct {
	exact map[string]bool
	folds map[string][]string // by foldKey, in the inputs' order
}

// match reports whether an input is spelled name, and the inputs that
// strings.EqualFold matches to it, in order.
func (x *inputIndex) match(inputs []string, name string) (exact bool, folded []string) {
	if len(inputs) <= 8 {
		for _, in := range inputs {
			if in == name {
				exact = true
			}
			if strings.EqualFold(in, name) {
				folded = append(folded, in)
			}
		}
		return exact, folded
	}
	if x.exact == nil {
		x.exact = make(map[string]bool, len(inputs))
		x.folds = make(map[string][]string, len(inputs))
		for _, in := range inputs {
			x.exact[in] = true
			key := foldKey(in)
			x.folds[key] = append(x.folds[key], in)
		}
	}
	return x.exact[name], x.folds[foldKey(name)]
}
