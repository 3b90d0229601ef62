package legacy

import (
	"strings"

	"reuselab/compiler/front"
	"reuselab/compiler/legacy/syntax"
	"reuselab/diag"
	"reuselab/ir"
)

// call lowers a call used as a value, following the call ladder of
// LANGUAGE-2.0 §2.6. recv is non-nil for a statement call (L5).
func (b *builder) call(e *syntax.CallExpr, recv *stmtCall) value {
	name := syntax.CalleeName(e.Fun)
	if name == "" {
		b.errorf(e.Pos, "DSH4227", "this is not callable")
		return badValue
	}
	if t, ok := parseType(name); ok && !strings.Contains(name, ".") {
		return b.construct(e, t, name)
	}
	if strings.Contains(name, "::") {
		name = strings.ReplaceAll(name, "::", "_")
	}
	// A property of a parameter-node type called with pins (§2.7).
	if id, ok := e.Fun.(*syntax.Ident); ok {
		if p, ok := b.props[id.Name]; ok {
			return b.propCall(p, e)
		}
		if b.lookupExact(id.Name) == nil {
			if p, n := b.propFold(id.Name); n == 1 && p.token != "" {
				b.warnf(id.Pos, "DSH5275", "%s is spelled %s where it is declared", id.Name, p.name)
				return b.propCall(p, e)
			}
		}
	}
	if name == "SampleTexture2D" {
		return b.sampleTexture2D(e)
	}
	if strings.HasPrefix(name, "BreakOutFloat") && strings.HasSuffix(name, "Components") && len(e.Args) == 2 {
		v := b.expr(e.Args[0].Value)
		if sel, ok := stripParens(e.Args[1].Value).(*syntax.Ident); ok && !v.invalid {
			return b.swizzle(v, sel.Name, e.Args[0].Value.Position(), sel.Pos)
		}
		sel := literalText(e.Args[1].Value)
		if strings.EqualFold(e.Args[1].Name, "OutputIndex") {
			if n, ok := stripParens(e.Args[1].Value).(*syntax.NumberLit); ok && n.Value >= 0 && n.Value < 4 {
				sel = string("xyzw"[int(n.Value)])
			}
		}
		if sel != "" && !v.invalid {
			return b.swizzle(v, strings.ToLower(sel), e.Args[0].Value.Position(), e.Args[1].Value.Position())
		}
		return badValue
	}
	if dot := strings.IndexByte(name, '.'); dot > 0 {
		head := name[:dot]
		switch {
		case head == "UE":
			return b.ueCall(e, name[dot+1:], recv)
		case head == "Substrate":
			return b.substrateCall(e, name[dot+1:])
		case strings.EqualFold(head, "UE"), strings.EqualFold(head, "Substrate"):
			b.errorf(e.Pos, "DSH4200", "%s is not declared (UE and Substrate are case-sensitive)", head)
			return badValue
		}
		b.errorf(e.Pos, "DSH4208", "%s is not callable", name)
		return badValue
	}
	if bi, ok := builtins[name]; ok {
		return b.builtinCall(e, name, bi)
	}
	if alias, ok := glslAliases[name]; ok {
		b.warnf(e.Pos, "DSH5277", "%s is the GLSL spelling of %s", name, alias)
		return b.builtinCall(e, alias, builtins[alias])
	}
	if f, ok := b.c.funcs[name]; ok {
		return b.funcCall(e, f, recv)
	}
	if blk, ok := b.c.blocks[name]; ok {
		return b.blockCall(e, blk, recv)
	}
	// L19: the unique case-insensitive match among builtins and functions
	// (a name that is both a function and a block is two matches).
	if fc := b.c.calleeFold(name); fc.total() == 1 {
		n := fc.only()
		b.warnf(e.Pos, "DSH5275", "%s is spelled %s where it is declared", name, n)
		if bi, ok := builtins[n]; ok {
			return b.builtinCall(e, n, bi)
		}
		if f, ok := b.c.funcs[n]; ok {
			return b.funcCall(e, f, recv)
		}
		return b.blockCall(e, b.c.blocks[n], recv)
	}
	if _, isVar := b.resolveNameQuiet(name); isVar {
		b.errorf(e.Pos, "DSH4208", "%s is a declaration, not a function", name)
		return badValue
	}
	b.errorf(e.Pos, "DSH4208", "%s is not a known function", name)
	return badValue
}

func (b *builder) resolveNameQuiet(name string) (*variable, bool) {
	if v := b.lookupExact(name); v != nil {
		return v, true
	}
	if _, ok := b.props[name]; ok {
		return nil, true
	}
	return nil, false
}

// construct lowers a constructor (LANGUAGE-2.0 §2.3).
func (b *builder) construct(e *syntax.CallExpr, t front.Type, name string) value {
	if t.In1x().Kind == front.Material || t.In1x().Kind == front.Texture || t.In1x().Kind == front.Substrate || t.In1x().Kind == front.Void {
		b.errorf(e.Pos, "DSH4223", "%s has no constructor", name)
		return badValue
	}
	if len(e.Args) == 0 {
		b.errorf(e.Pos, "DSH4221", "%s() needs arguments", name)
		return badValue
	}
	args := make([]value, 0, len(e.Args))
	bad := false
	for _, a := range e.Args {
		if a.Name != "" {
			b.errorf(a.Pos, "DSH4225", "a constructor takes no named arguments")
			bad = true
			continue
		}
		v := b.expr(a.Value)
		if v.invalid {
			bad = true
			continue
		}
		if !v.t.In1x().Numeric() {
			b.errorf(a.Pos, "DSH4226", "a %s cannot build a %s", v.t, name)
			bad = true
			continue
		}
		args = append(args, b.collapseSplat(v))
	}
	if bad {
		return badValue
	}
	if len(args) == 1 {
		v := args[0]
		if v.t.Width == t.Width {
			v.t.Kind = t.In1x().Kind
			v.intCtor = t.In1x().Kind == front.Int
			return v
		}
		if v.t.Width == 1 {
			if v.konst != nil {
				c := b.constant(e.Pos, front.Repeat(v.konst[0], t.Width), front.Float)
				c.t = t
				return c
			}
			v.splat = true
			v.t = t
			return v
		}
	}
	sum := 0
	allConst := true
	for _, a := range args {
		sum += a.t.Width
		allConst = allConst && a.konst != nil
	}
	if sum != t.Width {
		b.errorf(e.Pos, "DSH4222", "%s needs %d component(s), got %d", name, t.Width, sum)
		return badValue
	}
	if allConst {
		var comps []float64
		for _, a := range args {
			comps = append(comps, a.konst...)
		}
		c := b.constant(e.Pos, comps, front.Float)
		c.t = t
		return c
	}
	r := b.appendChain(args, e.Pos)
	r.t = t
	return r
}

// builtin describes a math builtin: its IR op, pin names, and width rule.
type builtin struct {
	op    ir.Op
	pins  []string
	width int // 0: widest operand; else fixed
}

var builtins = map[string]builtin{
	"abs": {ir.OpAbs, []string{"Input"}, 0}, "floor": {ir.OpFloor, []string{"Input"}, 0},
	"ceil": {ir.OpCeil, []string{"Input"}, 0}, "round": {ir.OpRound, []string{"Input"}, 0},
	"frac": {ir.OpFrac, []string{"Input"}, 0}, "trunc": {ir.OpTruncate, []string{"Input"}, 0},
	"sign": {ir.OpSign, []string{"Input"}, 0}, "saturate": {ir.OpSaturate, []string{"Input"}, 0},
	"sqrt": {ir.OpSqrt, []string{"Input"}, 0}, "exp": {ir.OpExp, []string{"Input"}, 0},
	"exp2": {ir.OpExp2, []string{"Input"}, 0}, "log": {ir.OpLog, []string{"Input"}, 0},
	"log2": {ir.OpLog2, []string{"X"}, 0}, "log10": {ir.OpLog10, []string{"X"}, 0},
	"sin": {ir.OpSin, []string{"Input"}, 0}, "cos": {ir.OpCos, []string{"Input"}, 0},
	"tan": {ir.OpTan, []string{"Input"}, 0}, "asin": {ir.OpAsin, []string{"Input"}, 0},
	"acos": {ir.OpAcos, []string{"Input"}, 0}, "atan": {ir.OpAtan, []string{"Input"}, 0},
	"normalize": {ir.OpNormalize, []string{"VectorInput"}, 0}, "length": {ir.OpLength, []string{"Input"}, 1},
	"ddx": {ir.OpDDX, []string{"Value"}, 0}, "ddy": {ir.OpDDY, []string{"Value"}, 0},
	"fwidth": {ir.OpFwidth, []string{"Value"}, 0}, "rcp": {ir.OpRcp, []string{"Input"}, 0},
	"rsqrt": {ir.OpRsqrt, []string{"Input"}, 0},
	"fmod":  {ir.OpFmod, []string{"A", "B"}, 0}, "min": {ir.OpMin, []string{"A", "B"}, 0},
	"max": {ir.OpMax, []string{"A", "B"}, 0}, "pow": {ir.OpPow, []string{"Base", "Exponent"}, 0},
	"atan2": {ir.OpAtan2, []string{"Y", "X"}, 0}, "dot": {ir.OpDot, []string{"A", "B"}, 1},
	"cross": {ir.OpCross, []string{"A", "B"}, 3}, "distance": {ir.OpDistance, []string{"A", "B"}, 1},
	"step":       {ir.OpStep, []string{"Y", "X"}, 0},
	"reflect":    {ir.OpReflect, []string{"A", "B"}, 0},
	"clamp":      {ir.OpClamp, []string{"Input", "Min", "Max"}, 0},
	"lerp":       {ir.OpLerp, []string{"A", "B", "Alpha"}, 0},
	"smoothstep": {ir.OpSmoothStep, []string{"Min", "Max", "Value"}, 0},
	"refract":    {ir.OpRefract, []string{"A", "B", "C"}, 0},
}

var glslAliases = map[string]string{"mix": "lerp", "fract": "frac", "mod": "fmod", "inversesqrt": "rsqrt"}

// builtinArgs binds positional and named arguments to a builtin's pins.
func (b *builder) builtinArgs(e *syntax.CallExpr, name string, pins []string) ([]syntax.Expr, bool) {
	slots := make([]syntax.Expr, len(pins))
	ok := true
	pos := 0
	named := false
	for _, a := range e.Args {
		if a.Name == "" {
			if named {
				b.errorf(a.Pos, "DSH2158", "a positional argument after a named one")
				ok = false
				continue
			}
			if pos >= len(pins) {
				b.errorf(a.Pos, "DSH4224", "%s takes %d argument(s)", name, len(pins))
				return nil, false
			}
			slots[pos] = a.Value
			pos++
			continue
		}
		named = true
		k := -1
		for i, p := range pins {
			if p == a.Name {
				k = i
			}
		}
		if k < 0 {
			b.errorf(a.NamePos, "DSH4216", "%s has no parameter %s", name, a.Name)
			ok = false
			continue
		}
		if slots[k] != nil {
			b.errorf(a.NamePos, "DSH4215", "argument %s is given twice", a.Name)
			ok = false
			continue
		}
		slots[k] = a.Value
	}
	for i, s := range slots {
		if s == nil && ok {
			b.errorf(e.RParen, "DSH4224", "%s needs %d argument(s); %s is missing", name, len(pins), pins[i])
			ok = false
		}
	}
	return slots, ok
}

func (b *builder) builtinCall(e *syntax.CallExpr, name string, bi builtin) value {
	slots, ok := b.builtinArgs(e, name, bi.pins)
	if !ok {
		for _, a := range e.Args {
			b.expr(a.Value)
		}
		return badValue
	}
	vals := make([]value, len(slots))
	for i, s := range slots {
		vals[i] = b.collapseSplat(b.expr(s))
		if vals[i].invalid {
			return badValue
		}
	}
	if name == "lerp" && vals[0].t.In1x().Kind == front.Substrate {
		return b.substrateMix(e, vals)
	}
	w := 1
	for _, v := range vals {
		if !v.t.In1x().Numeric() {
			b.errorf(e.Pos, "DSH4226", "%s does not take a %s", name, v.t)
			return badValue
		}
		if v.t.Width > w {
			w = v.t.Width
		}
	}
	for i, v := range vals {
		if v.t.Width != 1 && v.t.Width != w {
			b.errorf(slots[i].Position(), "DSH4226", "%s: a %s does not fit a %d-wide call", name, v.t, w)
			return badValue
		}
	}
	if bi.width != 0 {
		w = bi.width
	}
	n := b.add(bi.op, "", e.Pos, out1(front.FloatN(w)))
	for _, v := range vals {
		n.Operands = append(n.Operands, v.ref)
	}
	return value{ref: ir.Ref{Node: n.ID}, t: front.FloatN(w)}
}

// sampleTexture2D is `UE.Expression(Class="TextureSample", TextureObject=t,
// Coordinates=uv)` (LANGUAGE-2.0 §2.6).
func (b *builder) sampleTexture2D(e *syntax.CallExpr) value {
	if len(e.Args) != 2 || e.Args[0].Name != "" || e.Args[1].Name != "" {
		b.errorf(e.Pos, "DSH5256", "SampleTexture2D takes exactly a texture and coordinates")
		return badValue
	}
	cls, _ := ir.LookupClass("TextureSample")
	args := []ueArg{
		{name: "TextureObject", pos: e.Args[0].Pos, expr: e.Args[0].Value},
		{name: "Coordinates", pos: e.Args[1].Pos, expr: e.Args[1].Value},
	}
	return b.reflected(e.Pos, cls, "TextureSample", "TextureSample", args, ueOpts{})
}

// bindArgsToPositions is a helper for diagnostics on argument lists.
func argPos(a *syntax.Arg) diag.Pos {
	if a.Name != "" {
		return a.NamePos
	}
	return a.Pos
}
