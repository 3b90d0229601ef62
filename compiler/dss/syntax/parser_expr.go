package syntax

import (
	"errors"
	"strconv"
	"strings"
)

// binaryLevels are the binary operators by precedence, loosest first
// (LANGUAGE-DSS §2.6); all are left-associative.
var binaryLevels = [][]string{
	{"||"}, {"&&"}, {"|"}, {"^"}, {"&"}, {"==", "!="}, {"<", "<=", ">", ">="},
	{"<<", ">>"}, {"+", "-"}, {"*", "/", "%"},
}

var binaryPrec = func() map[string]int {
	m := map[string]int{}
	for i, ops := range binaryLevels {
		for _, o := range ops {
			m[o] = i + 1
		}
	}
	return m
}()

var assignOps = map[string]bool{
	"=": true, "+=": true, "-=": true, "*=": true, "/=": true, "%=": true,
	"&=": true, "|=": true, "^=": true, "<<=": true, ">>=": true,
}

// expr reads a full expression (assignment level; no comma operator).
func (p *parser) expr() Expr { return p.assignExpr() }

// assignExpr: assignment and `?:` are right-associative; the chain of
// them is read by a loop that collects the operands and folds from the
// right, so a long `a = b = c = …` does not recurse.
func (p *parser) assignExpr() Expr {
	type link struct {
		kind string // "=" ops, or "?"
		x    Expr   // left operand (target or condition)
		mid  Expr   // the middle of ?:
	}
	var chain []link
	for {
		x := p.binary()
		t := p.peek()
		if len(chain) >= MaxDepth && t.Kind == Punct && (assignOps[t.Text] || t.Text == "?") {
			// The chain folds into a right-deep tree; bound its depth.
			if !p.deep {
				p.deep = true
				p.errorf(t.Pos, "DSH2150", "more than %d chained assignments or '?:'", MaxDepth)
			}
			p.recoverStatement()
			return &BadExpr{Pos: t.Pos}
		}
		if t.Kind == Punct && assignOps[t.Text] {
			p.next()
			chain = append(chain, link{kind: t.Text, x: x})
			continue
		}
		if t.Kind == Punct && t.Text == "?" {
			p.next()
			if !p.enter(t.Pos) {
				p.leave()
				return &BadExpr{Pos: t.Pos}
			}
			mid := p.assignExpr()
			p.leave()
			if !p.expect(":", "in '?:'") {
				return &BadExpr{Pos: p.peek().Pos}
			}
			chain = append(chain, link{kind: "?", x: x, mid: mid})
			continue
		}
		// Fold from the right.
		for k := len(chain) - 1; k >= 0; k-- {
			l := chain[k]
			if l.kind == "?" {
				x = &Cond{C: l.x, T: l.mid, F: x, Start: l.x.ExprPos()}
			} else {
				x = &Assign{Op: l.kind, L: l.x, R: x, Start: l.x.ExprPos()}
			}
		}
		return x
	}
}

// binary reads a chain of binary operators by precedence climbing with an
// explicit operand/operator stack (no recursion per operator).
func (p *parser) binary() Expr {
	type pending struct {
		op    string
		opPos Pos
		left  Expr
		prec  int
	}
	var stack []pending
	x := p.unary()
	for {
		t := p.peek()
		prec := 0
		if t.Kind == Punct {
			prec = binaryPrec[t.Text]
		}
		for len(stack) > 0 && stack[len(stack)-1].prec >= prec {
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x = &Binary{Op: top.op, OpPos: top.opPos, L: top.left, R: x, Start: top.left.ExprPos()}
		}
		if prec == 0 {
			return x
		}
		p.next()
		stack = append(stack, pending{op: t.Text, opPos: t.Pos, left: x, prec: prec})
		x = p.unary()
	}
}

// unary reads prefix operators (a loop) and casts, then a postfix chain.
func (p *parser) unary() Expr {
	type prefix struct {
		op   string
		pos  Pos
		cast *TypeRef
	}
	var pre []prefix
	for {
		t := p.peek()
		if t.Kind == Punct && (t.Text == "-" || t.Text == "+" || t.Text == "!" || t.Text == "~" || t.Text == "++" || t.Text == "--") {
			p.next()
			pre = append(pre, prefix{op: t.Text, pos: t.Pos})
			continue
		}
		// A cast: `(Type)` followed by something that starts an operand.
		if t.Kind == Punct && t.Text == "(" && p.peekN(1).Kind == Ident && p.peekN(2).Kind == Punct && p.peekN(2).Text == ")" && isBuiltinType(p.peekN(1).Text) && startsOperand(p.peekN(3)) {
			p.next()
			ty := p.next()
			p.next()
			pre = append(pre, prefix{pos: t.Pos, cast: &TypeRef{Name: ty.Text, Pos: ty.Pos}})
			continue
		}
		break
	}
	if len(pre) > MaxDepth {
		p.errorf(pre[0].pos, "DSH2150", "more than %d prefix operators", MaxDepth)
	}
	x := p.postfix(p.primary())
	for k := len(pre) - 1; k >= 0; k-- {
		if pre[k].cast != nil {
			x = &Cast{Pos: pre[k].pos, Type: *pre[k].cast, X: x}
		} else {
			x = &Unary{Pos: pre[k].pos, Op: pre[k].op, X: x}
		}
	}
	return x
}

func startsOperand(t Token) bool {
	switch t.Kind {
	case Ident, Number, String:
		return true
	case Keyword:
		return t.Text == "true" || t.Text == "false"
	case Punct:
		return t.Text == "(" || t.Text == "-" || t.Text == "+" || t.Text == "!" || t.Text == "~"
	}
	return false
}

// isBuiltinType reports whether name spells a built-in type (§2.3); only
// those make `(name)` a cast.
func isBuiltinType(name string) bool {
	switch name {
	case "void", "material", "Substrate", "SamplerState", "Texture2D", "TextureCube", "Texture2DArray", "Texture3D", "VolumeTexture":
		return true
	}
	for _, s := range []string{"float", "half", "double", "int", "uint", "bool"} {
		if rest, ok := strings.CutPrefix(name, s); ok {
			if rest == "" || (len(rest) == 1 && rest[0] >= '1' && rest[0] <= '4') {
				return true
			}
			if len(rest) == 3 && rest[1] == 'x' && rest[0] >= '1' && rest[0] <= '4' && rest[2] >= '1' && rest[2] <= '4' {
				return true
			}
		}
	}
	return false
}

func (p *parser) primary() Expr {
	t := p.peek()
	switch t.Kind {
	case Ident:
		p.next()
		return &Name{Pos: t.Pos, Text: t.Text}
	case Number:
		p.next()
		return &NumberLit{Pos: t.Pos, Text: t.Text, Value: ParseNumber(t.Text), Float: t.Float}
	case String:
		p.next()
		return &StringLit{Pos: t.Pos, Value: t.Text}
	case Keyword:
		if t.Text == "true" || t.Text == "false" {
			p.next()
			return &BoolLit{Pos: t.Pos, Value: t.Text == "true"}
		}
	case Punct:
		switch t.Text {
		case "(":
			p.next()
			if !p.enter(t.Pos) {
				p.leave()
				p.recoverStatement()
				return &BadExpr{Pos: t.Pos}
			}
			x := p.expr()
			p.leave()
			p.expect(")", "to close the parenthesis")
			return &Paren{Pos: t.Pos, X: x}
		case "{":
			p.errorf(t.Pos, "DSH2162", "a brace list is only an initializer")
			p.next()
			p.skipTo("}")
			return &BadExpr{Pos: t.Pos}
		}
	}
	p.errorf(t.Pos, "DSH3209", "expected an expression, found %s", describe(t))
	return &BadExpr{Pos: t.Pos}
}

// postfix reads `.m`, `[i]`, `(args)`, `++`, `--` in a loop; the chain
// makes a left-deep tree, so its length is bounded like nesting.
func (p *parser) postfix(x Expr) Expr {
	for n := 0; ; n++ {
		t := p.peek()
		if t.Kind != Punct {
			return x
		}
		if n >= MaxDepth && (t.Text == "." || t.Text == "[" || t.Text == "(" || t.Text == "++" || t.Text == "--") {
			if !p.deep {
				p.deep = true
				p.errorf(t.Pos, "DSH2150", "a chain of more than %d member accesses, indexes or calls", MaxDepth)
			}
			p.recoverStatement()
			return &BadExpr{Pos: t.Pos}
		}
		switch t.Text {
		case ".":
			p.next()
			n := p.peek()
			if n.Kind != Ident {
				p.errorf(n.Pos, "DSH3209", "expected a member name after '.', found %s", describe(n))
				return x
			}
			p.next()
			x = &Member{X: x, Name: n.Text, NamePos: n.Pos, Start: x.ExprPos()}
		case "[":
			p.next()
			if !p.enter(t.Pos) {
				p.leave()
				return x
			}
			i := p.expr()
			p.leave()
			p.expect("]", "to close the index")
			x = &Index{X: x, I: i, Start: x.ExprPos()}
		case "(":
			p.next()
			if !p.enter(t.Pos) {
				p.leave()
				p.skipTo(")")
				return x
			}
			args := p.arguments()
			p.leave()
			x = &Call{Fn: x, Args: args, LPos: t.Pos, Start: x.ExprPos()}
		case "++", "--":
			p.next()
			x = &Postfix{Op: t.Text, X: x, Start: x.ExprPos()}
		default:
			return x
		}
	}
}

// arguments reads a call's arguments up to and including `)`.
func (p *parser) arguments() []Arg {
	// The arguments gather on p.argStack (a nested call's above them and
	// gone again when its own list is copied out) and are copied into a
	// list of their exact length: appending to a fresh list grew it two
	// and three times.
	base := len(p.argStack)
	p.argList()
	if len(p.argStack) == base {
		return nil
	}
	args := make([]Arg, len(p.argStack)-base)
	copy(args, p.argStack[base:])
	clear(p.argStack[base:])
	p.argStack = p.argStack[:base]
	return args
}

// argList is arguments' loop.
func (p *parser) argList() {
	named := false
	for !p.is(")") && p.peek().Kind != EOF {
		var a Arg
		if t := p.peek(); t.Kind == Ident && p.peekN(1).Kind == Punct && p.peekN(1).Text == "=" {
			p.next()
			p.next()
			a.Name, a.NamePos = t.Text, t.Pos
			named = true
		} else if t.Kind == Ident && p.peekN(1).Text == "[" && p.peekN(2).Kind == Number && p.peekN(3).Text == "]" && p.peekN(4).Kind == Punct && p.peekN(4).Text == "=" {
			// `Pin[k] = e`: a pin by its engine index (upstream's Outputs form).
			a.Name, a.NamePos = t.Text+"["+p.peekN(2).Text+"]", t.Pos
			for k := 0; k < 5; k++ {
				p.next()
			}
			named = true
		} else if t.Kind == Ident && t.Text == "Pin" && p.peekN(1).Text == "[" && p.peekN(3).Text == "]" && p.peekN(4).Kind == Punct && p.peekN(4).Text == "=" {
			// `Pin[x] = e` with an index that is not a literal: the pin is
			// named by its engine index, known when the file is read.
			p.errorf(p.peekN(2).Pos, "DSH2158", "the index of Pin[…] is an integer literal, found %s", describe(p.peekN(2)))
			a.Name, a.NamePos = "Pin[?]", t.Pos
			for k := 0; k < 5; k++ {
				p.next()
			}
			named = true
		} else if named {
			p.errorf(t.Pos, "DSH2158", "a positional argument after a named one")
		}
		a.Value = p.expr()
		p.argStack = append(p.argStack, a)
		if _, bad := a.Value.(*BadExpr); bad {
			p.skipTo(")")
			return
		}
		if !p.accept(",") {
			break
		}
	}
	p.expect(")", "to close the argument list")
}

// ParseNumber reads a literal's value (suffixes stripped; hex as an int).
// A literal past the float range is ±Inf, as the 1.x lexer reads it, so
// that the output's check of numbers an engine float cannot hold (DSH8272)
// sees it rather than a silent 0.
func ParseNumber(text string) float64 {
	if strings.HasPrefix(text, "0x") || strings.HasPrefix(text, "0X") {
		v, err := strconv.ParseUint(strings.TrimRight(text[2:], "uUlL"), 16, 64)
		if err != nil {
			return 0
		}
		return float64(v)
	}
	v, err := strconv.ParseFloat(strings.TrimRight(text, "fFhHuUlL"), 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return 0
	}
	return v
}
