package legacy

import (
	"strings"

	"reuselab/compiler/front"
	"reuselab/compiler/legacy/syntax"
	"reuselab/diag"
	"reuselab/ir"
)

// expr lowers an expression to a value.
func (b *builder) expr(e syntax.Expr) value {
	switch e := e.(type) {
	case nil:
		return badValue
	case *syntax.NumberLit:
		return b.constant(e.Pos, []float64{e.Value}, front.Float)
	case *syntax.BoolLit:
		v := 0.0
		if e.Value {
			v = 1
		}
		return b.constant(e.Pos, []float64{v}, front.Bool)
	case *syntax.StringLit:
		b.errorf(e.Pos, "DSH4202", "a string is not a value")
		return badValue
	case *syntax.PathExpr:
		b.errorf(e.Pos, "DSH4202", "an asset reference is not a value here")
		return badValue
	case *syntax.Ident:
		return b.ident(e)
	case *syntax.ParenExpr:
		return b.expr(e.X)
	case *syntax.UnaryExpr:
		return b.unary(e)
	case *syntax.BinaryExpr:
		return b.binary(e)
	case *syntax.MemberExpr:
		return b.member(e)
	case *syntax.CallExpr:
		return b.call(e, nil)
	case *syntax.IndexExpr:
		return b.index(e)
	case *syntax.ScopeExpr:
		b.errorf(e.Pos, "DSH4204", "%s is not a value", syntax.CalleeName(e))
		return badValue
	case *syntax.DefaultExpr:
		b.errorf(e.Pos, "DSH4202", "`default` holds the place of a function input only")
		return badValue
	case *syntax.BraceInit:
		b.errorf(e.Pos, "DSH2162", "a brace list is not a value here")
		return badValue
	}
	b.errorf(e.Position(), "DSH2151", "expression expected")
	return badValue
}

func (b *builder) ident(id *syntax.Ident) value {
	if strings.EqualFold(id.Name, "UE") || strings.EqualFold(id.Name, "Substrate") {
		b.errorf(id.Pos, "DSH4203", "%s is not a value", id.Name)
		return badValue
	}
	if b.lifted != nil {
		if v, ok := b.lifted.lookup(b, id); ok {
			return v
		}
	}
	v, p, ok := b.resolveName(id)
	switch {
	case v != nil:
		return b.readVar(v, id.Pos)
	case p != nil:
		return b.readProp(p, id.Pos)
	case ok:
		return badValue
	}
	if _, isType := parseType(id.Name); isType {
		b.errorf(id.Pos, "DSH4204", "%s is a type, not a value", id.Name)
		return badValue
	}
	if _, nv := b.lookupFold(id.Name); nv > 1 {
		b.errorf(id.Pos, "DSH4200", "%s is not declared; %d declarations match it ignoring case, so none is chosen", id.Name, nv)
		return badValue
	}
	b.errorf(id.Pos, "DSH4200", "%s is not declared", id.Name)
	return badValue
}

func (b *builder) unary(e *syntax.UnaryExpr) value {
	if e.Op == '+' {
		return b.expr(e.X)
	}
	// -lit folds to one Constant(-v) (LANGUAGE-2.0 §2.1).
	if lit, ok := stripParens(e.X).(*syntax.NumberLit); ok {
		return b.constant(e.Pos, []float64{-lit.Value}, front.Float)
	}
	x := b.expr(e.X)
	if x.invalid {
		return x
	}
	if !x.t.In1x().Numeric() {
		b.errorf(e.Pos, "DSH4226", "cannot negate a %s", x.t)
		return badValue
	}
	n := b.add(ir.OpNegate, "", e.Pos, out1(front.FloatN(x.t.Width)))
	n.Operands = []ir.Ref{x.ref}
	r := value{ref: ir.Ref{Node: n.ID}, t: x.t}
	if x.konst != nil {
		r.konst = front.MapComponents(x.konst, func(a float64) float64 { return -a })
	}
	return r
}

func stripParens(e syntax.Expr) syntax.Expr {
	for {
		p, ok := e.(*syntax.ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}

// binary lowers + - * / (LANGUAGE-2.0 §2.2): no commutative normalisation,
// widths equal or one side scalar.
func (b *builder) binary(e *syntax.BinaryExpr) value {
	x := b.expr(e.X)
	y := b.expr(e.Y)
	if x.invalid || y.invalid {
		return badValue
	}
	if x.t.In1x().Kind == front.Substrate || y.t.In1x().Kind == front.Substrate {
		return b.substrateBinary(e, x, y)
	}
	if !x.t.In1x().Numeric() || !y.t.In1x().Numeric() {
		b.errorf(e.Pos, "DSH4226", "operator %c does not apply to %s and %s", e.Op, x.t, y.t)
		return badValue
	}
	if e.Op == '/' && x.intCtor && y.intCtor {
		b.errorf(e.OpPos, "DSH4243", "integer division: the material graph has no integer divide")
		return badValue
	}
	x, y = b.collapseSplat(x), b.collapseSplat(y)
	w := x.t.Width
	if y.t.Width != w {
		switch {
		case x.t.Width == 1:
			w = y.t.Width
		case y.t.Width == 1:
		default:
			b.errorf(e.Pos, "DSH4226", "operator %c needs equal widths or a scalar, got %d and %d", e.Op, x.t.Width, y.t.Width)
			return badValue
		}
	}
	op := map[byte]ir.Op{'+': ir.OpAdd, '-': ir.OpSubtract, '*': ir.OpMultiply, '/': ir.OpDivide}[e.Op]
	k := front.Float
	if x.t.In1x().Kind == front.Int && y.t.In1x().Kind == front.Int {
		k = front.Int
	}
	t := front.Type{Kind: k, Width: w}
	n := b.add(op, "", e.Pos, out1(front.FloatN(w)))
	n.Operands = []ir.Ref{x.ref, y.ref}
	r := value{ref: ir.Ref{Node: n.ID}, t: t}
	if x.konst != nil && y.konst != nil {
		r.konst = front.FoldPadded(op, x.konst, y.konst, w)
	}
	return r
}

// collapseSplat turns a splat value back into its scalar (the engine
// broadcasts; a broadcast is no node).
func (b *builder) collapseSplat(v value) value {
	if v.splat {
		v.t.Width = 1
		v.splat = false
		if v.konst != nil {
			v.konst = v.konst[:1]
		}
	}
	return v
}

// member lowers `X.Name`: an MA attribute, an output of a multi-output node
// or function call (L3b), else a swizzle.
func (b *builder) member(e *syntax.MemberExpr) value {
	if id, ok := e.X.(*syntax.Ident); ok && (strings.EqualFold(id.Name, "UE") || strings.EqualFold(id.Name, "Substrate")) {
		b.errorf(e.Pos, "DSH5211", "%s.%s is a node class: call it", id.Name, e.Name)
		return badValue
	}
	x := b.expr(e.X)
	if x.invalid {
		return x
	}
	switch x.t.In1x().Kind {
	case front.Material:
		return b.maRead(x, e.Name, e.NamePos, e.Pos)
	case front.Texture:
		b.errorf(e.NamePos, "DSH4206", "a texture has no member %s", e.Name)
		return badValue
	case front.Substrate:
		b.errorf(e.NamePos, "DSH4207", "a Substrate value has no member %s", e.Name)
		return badValue
	}
	if v, ok := b.selectOutput(x, e.Name, e.NamePos); ok {
		return v
	}
	return b.swizzle(x, e.Name, e.Pos, e.NamePos)
}

// selectOutput reads a named output of the node x refers to.
func (b *builder) selectOutput(x value, name string, pos diag.Pos) (value, bool) {
	if !x.ref.Valid() || x.views != nil {
		return value{}, false
	}
	n := b.nodes.Graph.Nodes[x.ref.Node]
	if len(n.Outputs) < 2 && !x.selectable {
		return value{}, false
	}
	for k, o := range n.Outputs {
		if o.Name == name {
			return value{ref: ir.Ref{Node: n.ID, Out: k}, t: typeFromIR(o.Type)}, true
		}
	}
	if isSwizzleText(name) {
		return value{}, false
	}
	for k, o := range n.Outputs {
		if strings.EqualFold(o.Name, name) {
			b.warnf(pos, "DSH5276", "output %s is spelled %s", name, o.Name)
			return value{ref: ir.Ref{Node: n.ID, Out: k}, t: typeFromIR(o.Type)}, true
		}
	}
	if x.selectable {
		names := make([]string, len(n.Outputs))
		for i, o := range n.Outputs {
			names[i] = o.Name
		}
		b.errorf(pos, "DSH5280", "%s is not an output; the outputs are %s", name, strings.Join(names, ", "))
		return badValue, true
	}
	return value{}, false
}

func isSwizzleText(s string) bool {
	if len(s) == 0 || len(s) > 4 {
		return false
	}
	for _, c := range strings.ToLower(s) {
		if !strings.ContainsRune("xyzwrgba", c) {
			return false
		}
	}
	return true
}

// channels parses a swizzle mask: one letter set, 1–4 letters.
func channels(mask string) ([]int, bool) {
	l := strings.ToLower(mask)
	if len(l) == 0 || len(l) > 4 {
		return nil, false
	}
	xyzw, rgba := strings.ContainsAny(l, "xyzw"), strings.ContainsAny(l, "rgba")
	if xyzw && rgba {
		return nil, false
	}
	set := "xyzw"
	if rgba {
		set = "rgba"
	}
	cs := make([]int, len(l))
	for i := range l {
		k := strings.IndexByte(set, l[i])
		if k < 0 {
			return nil, false
		}
		cs[i] = k
	}
	return cs, true
}

var maskLetters = "xyzw"

func maskText(cs []int) string {
	var sb strings.Builder
	for _, c := range cs {
		sb.WriteByte(maskLetters[c])
	}
	return sb.String()
}

// viewOutput names the channel-view output a mask equals.
var viewNames = []string{"r", "g", "b", "a"}

// swizzle lowers `.mask` (LANGUAGE-2.0 §2.5).
func (b *builder) swizzle(x value, mask string, pos, maskPos diag.Pos) value {
	cs, ok := channels(mask)
	if !ok {
		b.errorf(maskPos, "DSH4230", "%q is not a swizzle", mask)
		return badValue
	}
	// Channel views: a mask equal to one output reads that output.
	if x.views != nil {
		var sb strings.Builder
		for _, c := range cs {
			sb.WriteString(viewNames[c])
		}
		if k, ok := x.views.OutputFold(sb.String()); ok {
			o := b.nodes.Graph.Nodes[x.ref.Node].Outputs[k]
			return value{ref: ir.Ref{Node: x.ref.Node, Out: k}, t: typeFromIR(o.Type)}
		}
		// Otherwise mask the whole value.
		if k, ok := x.views.Output("RGBA"); ok {
			x.ref.Out = k
			x.t = front.FloatN(4)
		}
		x.views = nil
	}
	w := x.t.Width
	if x.splat || w == 1 {
		for _, c := range cs {
			if c != 0 && !x.splat || c >= w {
				b.errorf(maskPos, "DSH4230", "swizzle %q is out of range for a value of %d component(s)", mask, w)
				return badValue
			}
		}
		s := b.collapseSplat(x)
		if len(cs) == 1 {
			return s
		}
		return b.appendChain(repeat(s, len(cs)), pos)
	}
	for _, c := range cs {
		if c >= w {
			b.errorf(maskPos, "DSH4230", "swizzle %q is out of range for a value of %d component(s)", mask, w)
			return badValue
		}
	}
	ascending := true
	for i := 1; i < len(cs); i++ {
		if cs[i] <= cs[i-1] {
			ascending = false
		}
	}
	if ascending {
		return b.mask(x, cs, pos)
	}
	parts := make([]value, len(cs))
	for i, c := range cs {
		parts[i] = b.mask(x, []int{c}, pos)
	}
	return b.appendChain(parts, pos)
}

func repeat(v value, n int) []value {
	vs := make([]value, n)
	for i := range vs {
		vs[i] = v
	}
	return vs
}

// mask makes one Swizzle node with an ascending mask.
func (b *builder) mask(x value, cs []int, pos diag.Pos) value {
	t := front.Type{Kind: x.t.In1x().Kind, Width: len(cs)}
	if t.In1x().Kind == front.Int || t.In1x().Kind == front.Bool {
		t.Kind = front.Float
	}
	n := b.add(ir.OpSwizzle, "", pos, out1(front.FloatN(len(cs))))
	n.Operands = []ir.Ref{x.ref}
	n.Props = []ir.Prop{{Name: "Mask", Value: ir.Str(maskText(cs))}}
	r := value{ref: ir.Ref{Node: n.ID}, t: t}
	if x.konst != nil {
		r.konst = make([]float64, len(cs))
		for i, c := range cs {
			if c < len(x.konst) {
				r.konst[i] = x.konst[c]
			}
		}
	}
	return r
}

// appendChain joins values by a left fold of Append (§2.3, §2.5).
func (b *builder) appendChain(parts []value, pos diag.Pos) value {
	acc := parts[0]
	for _, p := range parts[1:] {
		w := acc.t.Width + p.t.Width
		n := b.add(ir.OpAppend, "", pos, out1(front.FloatN(w)))
		n.Operands = []ir.Ref{acc.ref, p.ref}
		next := value{ref: ir.Ref{Node: n.ID}, t: front.FloatN(w)}
		if acc.konst != nil && p.konst != nil {
			next.konst = append(append([]float64(nil), acc.konst...), p.konst...)
		}
		acc = next
	}
	return acc
}

// index lowers `X[k]` (L3a/L3b): output k of a call.
func (b *builder) index(e *syntax.IndexExpr) value {
	x := b.expr(e.X)
	if x.invalid {
		return x
	}
	lit, ok := stripParens(e.Index).(*syntax.NumberLit)
	if !ok {
		b.errorf(e.Index.Position(), "DSH5281", "an output index must be a number")
		return badValue
	}
	if !x.ref.Valid() {
		b.errorf(e.LBrack, "DSH4233", "this value cannot be indexed")
		return badValue
	}
	n := b.nodes.Graph.Nodes[x.ref.Node]
	k := int(lit.Value)
	if k < 0 || k >= len(n.Outputs) {
		b.errorf(e.Index.Position(), "DSH5282", "output %d is past the last output (%d outputs)", k, len(n.Outputs))
		return badValue
	}
	return value{ref: ir.Ref{Node: n.ID, Out: k}, t: typeFromIR(n.Outputs[k].Type)}
}

// site is where a value is converted to a declared type (§2.4).
type site uint8

const (
	siteDecl     site = iota // declaration initialiser, assignment: L22 cuts
	siteArg                  // function argument: L22 cuts
	siteBase                 // Base.X binding: never cut (DSH4228)
	siteReceiver             // statement-call receiver: L22 cuts, narrower is DSH4218
)

// fit converts v to t at a site.
func (b *builder) fit(v value, t front.Type, pos diag.Pos, s site) value {
	if v.invalid {
		return v
	}
	if t.In1x().Kind == front.Material || t.In1x().Kind == front.Texture || t.In1x().Kind == front.Substrate || v.t.In1x().Kind == front.Material || v.t.In1x().Kind == front.Texture || v.t.In1x().Kind == front.Substrate {
		if t.In1x().Kind != v.t.In1x().Kind {
			b.misfit(v, t, pos, s)
			return badValue
		}
		return v
	}
	if v.views != nil && t.Width > v.t.Width {
		// A channel-view node as a wider value is its whole value (§2.6).
		if k, ok := v.views.Output("RGBA"); ok {
			v.ref.Out, v.t = k, front.FloatN(4)
		}
	}
	if v.t.Width == t.Width {
		v.t.Kind = t.In1x().Kind
		return v
	}
	if v.t.Width == 1 || v.splat {
		v = b.collapseSplat(v)
		if v.konst != nil && t.Width > 1 {
			c := b.constant(pos, front.Repeat(v.konst[0], t.Width), front.Float)
			c.t = t
			return c
		}
		v.splat = true
		v.t = front.Type{Kind: t.In1x().Kind, Width: t.Width}
		return v
	}
	if v.t.Width > t.Width && s != siteBase {
		b.infof(pos, "DSH5289", "a %s is cut to its leading %d component(s) for a %s", v.t, t.Width, t)
		r := b.mask(v, leading(t.Width), pos)
		r.t.Kind = t.In1x().Kind
		return r
	}
	b.misfit(v, t, pos, s)
	return badValue
}

func (b *builder) misfit(v value, t front.Type, pos diag.Pos, s site) {
	switch s {
	case siteArg:
		b.errorf(pos, "DSH4226", "a %s does not fit a %s argument", v.t, t)
	case siteReceiver:
		b.errorf(pos, "DSH4218", "a %s does not fit the receiver's %s", v.t, t)
	default:
		b.errorf(pos, "DSH4228", "a %s does not fit a %s", v.t, t)
	}
}

func leading(n int) []int {
	cs := make([]int, n)
	for i := range cs {
		cs[i] = i
	}
	return cs
}
