package legacy

import (
	"strconv"
	"strings"

	"reuselab/compiler/front"
	"reuselab/compiler/legacy/syntax"
	"reuselab/diag"
	"reuselab/ir"
)

// ueArg is one argument of a reflected call after the front end's rewrite.
type ueArg struct {
	name    string
	pos     diag.Pos // the argument
	namePos diag.Pos
	expr    syntax.Expr
	lit     *ir.Value // a literal the rewrite already made (bOverride_Period=true)
	val     *value    // a value already lowered
	// literalOnly: a 1.x shorthand argument that must be a literal (DSH5224).
	literalOnly bool
}

// ueOpts carries what is not a pin or a property.
type ueOpts struct {
	hint      front.Type
	hasHint   bool
	outName   string
	outNameOK bool
	outIdx    int
	outIdxOK  bool
	selPos    diag.Pos
	statement bool // called as a statement
}

// ueCall lowers `UE.X(…)`.
func (b *builder) ueCall(e *syntax.CallExpr, name string, recv *stmtCall) value {
	switch {
	case name == "Expression" || strings.EqualFold(name, "Expression") && b.warnEngine(e.Pos, name, "Expression"):
		cls, spec, ok := b.classArg(e)
		if !ok {
			b.evalArgs(e)
			return badValue
		}
		return b.generic(e, cls, spec, true, recv != nil)
	}
	sh, shName, ok := lookupShorthand(name)
	if ok && shName != name {
		b.warnf(e.Pos, "DSH5276", "UE.%s is spelled UE.%s", name, shName)
	}
	if ok {
		return b.shorthandCall(e, sh, shName)
	}
	switch {
	case name == "SceneTexture":
		return b.sceneTexture(e)
	case name == "StaticSwitchParameter":
		return b.staticSwitchCall(e)
	}
	cls := b.engineClass(e.Pos, "UE.", name)
	if cls == nil {
		b.warnf(e.Pos, "DSH5210", "UE.%s is not in the catalog; built from what the call says", name)
		return b.generic(e, nil, name, false, recv != nil)
	}
	return b.generic(e, cls, "", false, recv != nil)
}

// engineClass looks a written class name up in the engine table; a match
// in another case is accepted with DSH5276, which names the written
// spelling after what (`UE.`, `class `).
func (b *builder) engineClass(pos diag.Pos, what, written string) *ir.CatalogClass {
	cls, folded := front.LookupClass(written)
	if folded {
		b.warnf(pos, "DSH5276", "%s%s is spelled %s", what, written, cls.Name)
	}
	return cls
}

func (b *builder) warnEngine(pos diag.Pos, written, canon string) bool {
	b.warnf(pos, "DSH5276", "%s is spelled %s", written, canon)
	return true
}

func lookupShorthand(name string) (shorthand, string, bool) {
	if s, ok := shorthands[name]; ok {
		return s, name, true
	}
	var found string
	n := 0
	for k := range shorthands {
		if strings.EqualFold(k, name) {
			found = k
			n++
		}
	}
	if n == 1 {
		return shorthands[found], found, true
	}
	return shorthand{}, "", false
}

// classArg reads the Class= argument of UE.Expression.
func (b *builder) classArg(e *syntax.CallExpr) (*ir.CatalogClass, string, bool) {
	a := syntax.NamedArg(e.Args, "Class")
	if a == nil {
		b.errorf(e.Pos, "DSH5218", "UE.Expression needs Class=")
		return nil, "", false
	}
	var text string
	switch v := a.Value.(type) {
	case *syntax.StringLit:
		text = v.Value
	case *syntax.Ident:
		text = v.Name
	default:
		b.errorf(a.Pos, "DSH5217", "Class= must be a class name")
		return nil, "", false
	}
	if cls := b.engineClass(a.Value.Position(), "class ", text); cls != nil {
		return cls, text, true
	}
	b.warnf(a.Value.Position(), "DSH5212", "class %s is not in the catalog; built from what the call says", text)
	return nil, text, true
}

func (b *builder) evalArgs(e *syntax.CallExpr) {
	for _, a := range e.Args {
		if !isLiteralExpr(a.Value) {
			b.expr(a.Value)
		}
	}
}

// shorthandCall keeps only the 1.x argument list (DSH5254 for the rest).
func (b *builder) shorthandCall(e *syntax.CallExpr, sh shorthand, shName string) value {
	cls, _ := ir.LookupClass(sh.class)
	var args []ueArg
	for i, a := range e.Args {
		if a.Name == "" {
			if _, ok := sh.args["Input"]; ok && i == 0 {
				args = append(args, ueArg{name: "Input", pos: a.Pos, namePos: a.Pos, expr: a.Value})
				continue
			}
			b.warnf(a.Pos, "DSH5254", "UE.%s ignores positional arguments", shName)
			continue
		}
		key, written := a.Name, a.Name
		to, ok := sh.args[key]
		if !ok {
			for k, v := range sh.args {
				if strings.EqualFold(k, key) {
					b.warnf(a.NamePos, "DSH5276", "argument %s is spelled %s", key, k)
					to, ok, written = v, true, k
				}
			}
		}
		if !ok {
			b.warnf(a.NamePos, "DSH5254", "UE.%s has no 1.x argument %s; it is dropped", shName, a.Name)
			continue
		}
		args = append(args, ueArg{name: to, pos: a.Pos, namePos: a.NamePos, expr: a.Value, literalOnly: sh.lits[written]})
		if to == "Period" {
			t := ir.Bool(true)
			args = append(args, ueArg{name: "bOverride_Period", pos: a.Pos, lit: &t})
		}
	}
	for k, v := range sh.fixed {
		s := ir.Str(v)
		args = append(args, ueArg{name: k, lit: &s})
	}
	return b.reflected(e.Pos, cls, cls.Name, "", args, ueOpts{})
}

// sceneTexture is `UE.SceneTexture(Id=…)` rewritten to the generic form.
func (b *builder) sceneTexture(e *syntax.CallExpr) value {
	cls, _ := ir.LookupClass("SceneTexture")
	var args []ueArg
	for _, a := range e.Args {
		if !strings.EqualFold(a.Name, "Id") {
			b.errorf(argPos(a), "DSH5255", "UE.SceneTexture takes only Id=")
			continue
		}
		args = append(args, ueArg{name: "SceneTextureId", pos: a.Pos, namePos: a.NamePos, expr: a.Value})
	}
	// The front end writes `UE.Expression(Class="SceneTexture", …)[0]`.
	return b.reflected(e.Pos, cls, "SceneTexture", "SceneTexture", args, ueOpts{outIdx: 0, outIdxOK: true, selPos: e.Pos})
}

// staticSwitchCall is `UE.StaticSwitchParameter(Name, True/A, False/B, …)`.
func (b *builder) staticSwitchCall(e *syntax.CallExpr) value {
	cls, _ := ir.LookupClass("StaticSwitchParameter")
	ren := map[string]string{"name": "ParameterName", "true": "A", "a": "A", "false": "B", "b": "B",
		"default": "DefaultValue", "group": "Group", "description": "Desc", "sortpriority": "SortPriority"}
	var args []ueArg
	var fb syntax.FoldBuf
	for _, a := range e.Args {
		to, ok := ren[fb.Lower(a.Name)]
		if !ok {
			b.warnf(argPos(a), "DSH5254", "UE.StaticSwitchParameter ignores %q", a.Name)
			continue
		}
		args = append(args, ueArg{name: to, pos: a.Pos, namePos: a.NamePos, expr: a.Value})
	}
	return b.reflected(e.Pos, cls, "StaticSwitchParameter", "StaticSwitchParameter", args, ueOpts{})
}

// generic lowers `UE.Expression(Class=…)` / `UE.<Class>(…)`: Class,
// OutputType and the output selectors are options, the rest arguments.
func (b *builder) generic(e *syntax.CallExpr, cls *ir.CatalogClass, spec string, viaExpression bool, statement bool) value {
	var o ueOpts
	o.statement = statement
	var args []ueArg
	className := spec
	if cls != nil {
		className = cls.Name
	}
	specifier := ""
	if viaExpression {
		specifier = spec
	}
	pos := 0
	var fb syntax.FoldBuf
	for _, a := range e.Args {
		switch fb.Lower(a.Name) {
		case "class":
			if viaExpression {
				continue
			}
		case "outputtype", "resulttype":
			if t, ok := outputTypeHint(literalText(a.Value)); ok {
				o.hint, o.hasHint = t, true
			}
			if cls != nil && cls.Name == "Custom" {
				args = append(args, ueArg{name: "OutputType", pos: a.Pos, namePos: a.NamePos, expr: a.Value})
			}
			continue
		case "output", "outputname":
			o.outName, o.outNameOK, o.selPos = literalText(a.Value), true, a.Pos
			continue
		case "outputindex":
			if n, ok := stripParens(a.Value).(*syntax.NumberLit); ok {
				o.outIdx, o.outIdxOK, o.selPos = int(n.Value), true, a.Pos
			} else {
				b.errorf(a.Value.Position(), "DSH5281", "OutputIndex must be a number")
			}
			continue
		}
		if a.Name == "" {
			if cls == nil || pos >= len(cls.Pins) {
				b.errorf(a.Pos, "DSH5220", "this class takes no positional argument here")
				b.expr(a.Value)
				continue
			}
			args = append(args, ueArg{name: cls.Pins[pos].Name, pos: a.Pos, namePos: a.Pos, expr: a.Value})
			pos++
			continue
		}
		args = append(args, ueArg{name: a.Name, pos: a.Pos, namePos: a.NamePos, expr: a.Value})
	}
	return b.reflected(e.Pos, cls, className, specifier, args, o)
}

// literalText is the text of a string/identifier/number literal.
func literalText(e syntax.Expr) string {
	switch v := stripParens(e).(type) {
	case *syntax.StringLit:
		return v.Value
	case *syntax.Ident:
		return v.Name
	case *syntax.NumberLit:
		return v.Raw
	case *syntax.PathExpr:
		return v.Text
	case *syntax.BoolLit:
		return v.Raw
	}
	return ""
}

func isLiteralExpr(e syntax.Expr) bool {
	switch v := stripParens(e).(type) {
	case *syntax.StringLit, *syntax.NumberLit, *syntax.BoolLit, *syntax.PathExpr:
		return true
	case *syntax.UnaryExpr:
		_, ok := stripParens(v.X).(*syntax.NumberLit)
		return ok
	}
	return false
}

// literalValue turns a literal argument into a property value.
func literalValue(e syntax.Expr) (ir.Value, bool) {
	switch v := stripParens(e).(type) {
	case *syntax.NumberLit:
		return ir.Num(v.Value), true
	case *syntax.UnaryExpr:
		if n, ok := stripParens(v.X).(*syntax.NumberLit); ok {
			if v.Op == '-' {
				return ir.Num(-n.Value), true
			}
			return ir.Num(n.Value), true
		}
	case *syntax.BoolLit:
		return ir.Bool(v.Value), true
	case *syntax.StringLit:
		return ir.Str(v.Value), true
	case *syntax.PathExpr:
		return ir.Str(v.Text), true
	}
	return ir.Value{}, false
}

func literalArgs(args []ueArg) int {
	n := 0
	for _, a := range args {
		if a.lit != nil {
			n++
		}
	}
	return n
}

// reflected builds one Reflected[Class] node. Arguments go, in written order,
// to a pin (connected), a property (a literal), a new Custom input (L4) or a
// late-bound pin (L24).
func (b *builder) reflected(pos diag.Pos, cls *ir.CatalogClass, className, specifier string, args []ueArg, o ueOpts) value {
	n := &ir.Node{Op: ir.OpReflected, Class: className}
	if lits := literalArgs(args); lits > 0 { // it gets properties: room for them at once
		n.Props = make([]ir.Prop, 0, lits+3)
	}
	rb := front.NewReflectedBinding()
	custom := cls != nil && cls.Name == "Custom"
	for _, a := range args {
		if a.lit != nil {
			n.SetProp(a.name, *a.lit)
			continue
		}
		pinName, isPin := "", false
		if cls != nil {
			if k, ok := cls.Pin(a.name); ok {
				pinName, isPin = cls.Pins[k].Name, true
				if pinName != a.name {
					rb.Written = append(rb.Written, pinName+"="+a.name)
				}
			} else if _, ok := cls.Prop(a.name); ok {
			} else if _, ok := cls.PinByConst(a.name); ok {
				if lit, isLit := literalValue(a.expr); isLit {
					n.SetProp(a.name, lit)
					continue
				}
			} else if k, ok := cls.PinFold(a.name); ok {
				b.warnf(a.namePos, "DSH5276", "pin %s is spelled %s", a.name, cls.Pins[k].Name)
				pinName, isPin = cls.Pins[k].Name, true
			}
		}
		if !isPin {
			var prop *ir.CatalogProp
			if cls != nil {
				if p, ok := cls.Prop(a.name); ok {
					prop = p
				} else if p, ok := cls.PropFold(a.name); ok {
					b.warnf(a.namePos, "DSH5276", "property %s is spelled %s", a.name, p.Name)
					prop = p
				}
			}
			lit, isLit := literalValue(a.expr)
			if id, ok := stripParens(a.expr).(*syntax.Ident); ok && prop != nil && len(prop.Enum) > 0 {
				lit, isLit = ir.Str(id.Name), true
			}
			switch {
			case prop != nil && isLit:
				if lit.Kind == ir.KindString {
					lit = ir.Str(b.enumValue(prop, lit.Str, a.expr.Position()))
				}
				n.SetProp(prop.Name, lit)
				continue
			case prop != nil && a.literalOnly:
				b.errorf(a.expr.Position(), "DSH5224", "%s needs a literal", a.name)
				b.checkLiftedIdent(a.expr)
				continue
			case prop != nil:
				// A property given a graph value: upstream connects the
				// property's pin when it has one; keep it as a pin.
				pinName, isPin = prop.Name, true
			case cls == nil || custom:
				if isLit && (cls == nil || a.name == "Code" || a.name == "Description" || a.name == "OutputType" || a.name == "AdditionalOutputs") {
					n.SetProp(a.name, lit)
					continue
				}
				pinName, isPin = a.name, true
			default:
				if isLit {
					if id, ok := stripParens(a.expr).(*syntax.Ident); ok {
						_ = id
					}
					b.errorf(a.namePos, "DSH5213", "%s has no pin or property %s", className, a.name)
					continue
				}
				b.infof(a.namePos, "DSH5291", "%s has no pin %s in the catalog; it is kept for the live node", className, a.name)
				rb.LateBound = append(rb.LateBound, a.name)
				pinName, isPin = a.name, true
			}
		}
		if rb.Given(pinName) {
			b.errorf(a.namePos, "DSH4215", "pin %s is given twice", pinName)
			continue
		}
		var v value
		if a.val != nil {
			v = *a.val
		} else {
			v = b.expr(a.expr)
		}
		if v.invalid {
			continue
		}
		v = b.collapseSplat(b.maUse(v, a.pos))
		if v.multi {
			b.infof(a.pos, "DSH5287", "a node with several outputs is connected by its first output")
		}
		if v.t.In1x().Numeric() {
			rb.Widen(v.t.Width)
		}
		rb.Give(pinName)
		n.Pins = append(n.Pins, ir.Pin{Name: pinName, Ref: v.ref})
	}
	if cls != nil {
		for _, p := range cls.Pins {
			if p.Required && !rb.Given(p.Name) {
				b.warnf(pos, "DSH5279", "%s: required pin %s is left open", className, p.Name)
			}
		}
	}
	if specifier != "" {
		n.SetProp("ClassSpecifier", ir.Str(specifier))
	}
	n.Props = rb.Lists(n.Props)
	// Outputs.
	switch {
	case cls == nil:
		t := tFloat
		if o.hasHint {
			t = o.hint
		} else if rb.Width > 0 {
			t = front.FloatN(rb.Width)
		}
		if !o.statement || o.hasHint {
			n.Outputs = []ir.Output{out1(t)}
		}
	case cls.CustomOutput:
	default:
		w := rb.Width
		if w == 0 {
			w = b.wantWidth
		}
		for _, co := range cls.Outputs {
			n.Outputs = append(n.Outputs, front.ReflectedOutput(co.Name, co.Type, w, front.Dialect1x))
		}
		if o.hasHint && len(n.Outputs) == 1 && o.hint.In1x().Kind != front.Void {
			n.Outputs[0].Type = o.hint.IRType(front.Dialect1x)
		}
	}
	n.Span = b.span(pos)
	n.Debug = b.target
	if len(n.Outputs) == 0 {
		n.Role = ir.RoleStatement
	}
	n = b.nodes.Add(n, n.Span)
	if len(n.Outputs) == 0 {
		if !o.statement {
			b.errorf(pos, "DSH4231", "%s has no output to read", className)
			return badValue
		}
		return value{ref: ir.Ref{Node: n.ID}, t: tVoid}
	}
	sel := 0
	selected := false
	switch {
	case o.outNameOK && o.outIdxOK:
		b.errorf(o.selPos, "DSH5252", "Output and OutputIndex both given")
	case o.outNameOK:
		k := b.outputNamed(n.Outputs, o.outName, o.selPos)
		if k < 0 && (cls == nil || cls.Name == "Custom") {
			// A Custom's Output="N" adds the additional output N (§2.6); an
			// unknown class has the outputs the source names.
			n.Outputs = append(n.Outputs, ir.Output{Name: o.outName, Type: "float"})
			if n.Outputs[0].Name == "" {
				n.Outputs[0].Name = "Output0"
			}
			k = len(n.Outputs) - 1
		}
		if k < 0 {
			b.errorf(o.selPos, "DSH5251", "%s has no output %q", className, o.outName)
			return badValue
		}
		sel, selected = k, true
	case o.outIdxOK:
		if cls == nil && o.outIdx >= len(n.Outputs) && o.outIdx < 64 {
			for i := range n.Outputs {
				if n.Outputs[i].Name == "" {
					n.Outputs[i].Name = "Output" + strconv.Itoa(i)
				}
			}
			for len(n.Outputs) <= o.outIdx {
				n.Outputs = append(n.Outputs, ir.Output{Name: "Output" + strconv.Itoa(len(n.Outputs)), Type: n.Outputs[0].Type})
			}
		}
		if o.outIdx < 0 || o.outIdx >= len(n.Outputs) {
			b.errorf(o.selPos, "DSH5250", "%s has no output %s", className, strconv.Itoa(o.outIdx))
			return badValue
		}
		sel, selected = o.outIdx, true
	}
	v := value{ref: ir.Ref{Node: n.ID, Out: sel}, t: typeFromIR(n.Outputs[sel].Type)}
	if !selected && cls != nil && cls.ChannelViews {
		v.views = cls
	}
	if !selected && len(n.Outputs) > 1 {
		v.multi = true
	}
	return v
}
