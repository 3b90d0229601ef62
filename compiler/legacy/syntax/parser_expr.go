package syntax

import (
	"strings"
)

// Expression grammar (LANGUAGE §6.1, with the 2.0 refusals of LANGUAGE-2.0 §4):
//
//	expr    := add
//	add     := mul (('+'|'-') mul)*
//	mul     := unary (('*'|'/') unary)*
//	unary   := ('+'|'-') unary | postfix
//	postfix := primary ('.' ID | '::' ID | '(' args ')' | '[' expr ']')*
//	primary := ID | NUMBER | STRING | true | false | default | Path(args) | '(' expr ')'

// parseExpr parses an expression and refuses operators 1.x never had.
func (p *parser) parseExpr() Expr {
	x := p.parseAdd()
	p.checkStray()
	return x
}

// parseDefault parses a property/pin default: an initialiser that a
// `[metadata]` list may follow.
func (p *parser) parseDefault() Expr {
	saved := p.noIndex
	p.noIndex = true
	defer func() { p.noIndex = saved }()
	return p.parseInitExpr()
}

// parseInitExpr is parseExpr that also admits a brace initialiser `{a, b}`.
func (p *parser) parseInitExpr() Expr {
	if p.is("{") {
		return p.parseBraceInit()
	}
	return p.parseExpr()
}

func (p *parser) parseBraceInit() Expr {
	lb := p.next()
	b := &BraceInit{Pos: lb.Pos}
	for !p.eof() && !p.is("}") {
		if p.is("{") {
			t := p.peek()
			p.errorf(t.Pos, "DSH2214", "nested braces in an initialiser")
			p.skipQuietBalanced()
		} else {
			b.Elems = append(b.Elems, p.parseExpr())
		}
		if p.accept(",") {
			continue
		}
		if !p.is("}") {
			p.errorf(p.peek().Pos, "DSH2155", "expected ',' or '}' in the initialiser, found %s", describe(p.peek()))
			for !p.eof() && !p.is("}") && !p.is(";") {
				p.skipBalanced()
			}
			break
		}
	}
	if !p.accept("}") {
		p.errorf(p.peek().Pos, "DSH2155", "expected '}' to close the initialiser, found %s", describe(p.peek()))
	}
	return b
}

var cmpOps = map[string]bool{">": true, "<": true, ">=": true, "<=": true, "==": true, "!=": true}

// checkStray reports operators that follow a complete expression but that
// a 1.x Graph expression cannot contain, consuming them with their operand.
func (p *parser) checkStray() {
	for {
		t := p.peek()
		if t.Kind != tPunct {
			return
		}
		switch {
		case cmpOps[t.Text] || t.Text == "&&" || t.Text == "||":
			p.advance()
			p.errorf(t.Pos, "DSH2200", "'%s' is only allowed in an if condition here; 2.0 (.dss) has comparison and logic operators", t.Text)
			p.parseAdd()
		case t.Text == "?":
			p.advance()
			p.errorf(t.Pos, "DSH2200", "'?:' does not exist in 1.x; use if/else, or write .dss")
			p.parseAdd()
			if p.accept(":") {
				p.parseAdd()
			}
		case t.Text == "&" || t.Text == "|" || t.Text == "^" || t.Text == "<<" || t.Text == ">>":
			p.advance()
			p.errorf(t.Pos, "DSH2201", "'%s' (bitwise) does not exist in 1.x; write .dss", t.Text)
			p.parseAdd()
		default:
			return
		}
	}
}

func (p *parser) parseAdd() Expr {
	x := p.parseMul()
	for n := 0; p.is("+") || p.is("-"); n++ {
		if n == maxChain {
			return p.chainTooLong(p.peek())
		}
		op := p.next()
		y := p.parseMul()
		x = &BinaryExpr{Pos: x.Position(), Op: op.Text[0], OpPos: op.Pos, X: x, Y: y}
	}
	return x
}

func (p *parser) parseMul() Expr {
	x := p.parseUnary()
	for n := 0; ; n++ {
		if n == maxChain {
			return p.chainTooLong(p.peek())
		}
		switch {
		case p.is("*") || p.is("/"):
			op := p.next()
			y := p.parseUnary()
			x = &BinaryExpr{Pos: x.Position(), Op: op.Text[0], OpPos: op.Pos, X: x, Y: y}
		case p.is("%"):
			op := p.next()
			p.errorf(op.Pos, "DSH2201", "'%%' does not exist in 1.x; use fmod(a, b), or write .dss")
			p.parseUnary()
		default:
			return x
		}
	}
}

func (p *parser) parseUnary() Expr {
	if !p.enter() {
		p.leave()
		return p.tooDeep()
	}
	defer p.leave()
	t := p.peek()
	if t.Kind == tPunct {
		switch t.Text {
		case "+", "-":
			p.advance()
			return &UnaryExpr{Pos: t.Pos, Op: t.Text[0], X: p.parseUnary()}
		case "++", "--":
			p.advance()
			p.errorf(t.Pos, "DSH2207", "'%s' does not exist in 1.x", t.Text)
			return p.parseUnary()
		case "!":
			p.advance()
			p.errorf(t.Pos, "DSH2200", "'!' does not exist in 1.x; write .dss")
			return p.parseUnary()
		case "~":
			p.advance()
			p.errorf(t.Pos, "DSH2201", "'~' does not exist in 1.x; write .dss")
			return p.parseUnary()
		}
	}
	return p.parsePostfix()
}

// tooDeep reports runaway nesting once and eats the rest of the statement.
func (p *parser) tooDeep() Expr {
	t := p.peek()
	p.errorf(t.Pos, "DSH2151", "expression nested too deeply")
	n := len(p.diags.Items)
	for !p.eof() && !p.is(";") && !p.is("}") {
		p.quietNext()
	}
	p.diags.Items = p.diags.Items[:n]
	return &BadExpr{Pos: t.Pos}
}

func (p *parser) parsePostfix() Expr {
	x := p.parsePrimary()
	for n := 0; ; n++ {
		t := p.peek()
		if t.Kind != tPunct {
			return x
		}
		if n == maxChain && (t.Text == "." || t.Text == "::" || t.Text == "(" || t.Text == "[") {
			return p.chainTooLong(t)
		}
		switch t.Text {
		case ".":
			p.advance()
			nm := p.peek()
			if nm.Kind != tIdent {
				p.errorf(nm.Pos, "DSH2161", "expected a name after '.', found %s", describe(nm))
				return x
			}
			p.advance()
			x = &MemberExpr{Pos: x.Position(), X: x, Name: nm.Text, NamePos: nm.Pos}
		case "::":
			p.advance()
			nm := p.peek()
			if nm.Kind != tIdent {
				p.errorf(nm.Pos, "DSH2161", "expected a name after '::', found %s", describe(nm))
				return x
			}
			p.advance()
			x = &ScopeExpr{Pos: x.Position(), X: x, Name: nm.Text, NamePos: nm.Pos}
		case "(":
			lp := p.next()
			args := p.parseArgsAfterParen(lp, false)
			x = &CallExpr{Pos: x.Position(), Fun: x, Args: args, LParen: lp.Pos, RParen: p.lastPos}
		case "[":
			if p.noIndex {
				return x
			}
			lb := p.next()
			if _, ok := x.(*CallExpr); !ok {
				p.errorf(lb.Pos, "DSH2202", "indexing does not exist in a 1.x Graph (only a call's output, F(…)[k])")
			}
			var idx Expr
			if p.is("]") {
				p.errorf(p.peek().Pos, "DSH2151", "expected an index")
			} else {
				idx = p.parseExpr()
			}
			if !p.accept("]") {
				p.errorf(p.peek().Pos, "DSH2153", "expected ']', found %s", describe(p.peek()))
				return x
			}
			if idx == nil {
				idx = &BadExpr{Pos: lb.Pos}
			}
			x = &IndexExpr{Pos: x.Position(), X: x, Index: idx, LBrack: lb.Pos}
		case "++", "--":
			p.advance()
			p.errorf(t.Pos, "DSH2207", "'%s' does not exist in 1.x; write 'x = x + 1;'", t.Text)
		default:
			return x
		}
	}
}

// typeWords are the type names a cast `(T)x` could use.
func isTypeName(s string) bool {
	var fb FoldBuf
	ls := fb.Lower(s)
	if _, ok := ctorWidth(ls); ok {
		return true
	}
	switch ls {
	case "texture2d", "texturecube", "texture2darray", "texture3d", "volumetexture", "samplerstate",
		"materialattributes", "substrate", "double", "staticbool":
		return true
	}
	return false
}

func startsOperand(t token) bool {
	return t.Kind == tIdent || t.Kind == tNumber || (t.Kind == tPunct && t.Text == "(")
}

func (p *parser) parsePrimary() Expr {
	t := p.peek()
	switch t.Kind {
	case tIdent:
		p.advance()
		switch {
		case strings.EqualFold(t.Text, "true"), strings.EqualFold(t.Text, "false"):
			return &BoolLit{Pos: t.Pos, Raw: t.Text, Value: strings.EqualFold(t.Text, "true")}
		case t.Text == "default":
			return &DefaultExpr{Pos: t.Pos}
		case t.Text == "Path" && p.is("("):
			lp := p.next()
			args := p.parseArgsAfterParen(lp, false)
			return &PathExpr{Pos: t.Pos, Args: args, Text: p.textFrom(t.Off)}
		}
		return &Ident{Pos: t.Pos, Name: t.Text}
	case tNumber:
		p.advance()
		return &NumberLit{Pos: t.Pos, Raw: t.Text, Value: t.Num, Kind: t.NumKind}
	case tString:
		p.advance()
		return &StringLit{Pos: t.Pos, Raw: t.Text, Value: t.Str}
	case tPunct:
		switch t.Text {
		case "(":
			return p.parseParen()
		case "{":
			p.errorf(t.Pos, "DSH2162", "a brace list is only an initialiser of a declaration ('vec3 c = {…};')")
			return p.parseBraceInit()
		}
	}
	p.errorf(t.Pos, "DSH2151", "expected an expression, found %s", describe(t))
	if t.Kind == tBad || t.Kind == tHash {
		p.advance()
	}
	return &BadExpr{Pos: t.Pos}
}

func (p *parser) parseParen() Expr {
	lp := p.next()
	saved := p.noIndex
	p.noIndex = false
	defer func() { p.noIndex = saved }()
	if t := p.peek(); t.Kind == tIdent && isTypeName(t.Text) && p.isN(1, ")") && startsOperand(p.peekN(2)) {
		p.advance()
		p.advance()
		p.errorf(lp.Pos, "DSH2203", "casts do not exist in 1.x; use the constructor '%s(…)'", t.Text)
		return p.parseUnary()
	}
	if !p.enter() {
		p.leave()
		return p.tooDeep()
	}
	x := p.parseAdd()
	p.leave()
	if p.is("=") {
		eq := p.next()
		p.errorf(eq.Pos, "DSH2204", "an assignment is a statement, not part of an expression")
		p.parseAdd()
	}
	p.checkStray()
	if p.tuples && p.is(",") {
		b := &BraceInit{Pos: lp.Pos, Elems: []Expr{x}}
		for p.accept(",") {
			b.Elems = append(b.Elems, p.parseExpr())
		}
		if !p.accept(")") {
			p.errorf(p.peek().Pos, "DSH2152", "expected ')', found %s", describe(p.peek()))
		}
		return b
	}
	if !p.accept(")") {
		p.errorf(p.peek().Pos, "DSH2152", "expected ')', found %s", describe(p.peek()))
	}
	return &ParenExpr{Pos: lp.Pos, X: x}
}

// parseArgsAfterParen parses call arguments after '(' through ')'. Named
// arguments are `Name = expr`; tuples lets an argument be `(a, b, …)`
// (Layout colours).
func (p *parser) parseArgsAfterParen(lp token, tuples bool) []*Arg {
	if p.accept(")") {
		return nil
	}
	saved, savedIdx := p.tuples, p.noIndex
	p.tuples, p.noIndex = tuples, false
	base := len(p.argStack)
	p.parseArgList(&lp)
	args := make([]*Arg, len(p.argStack)-base)
	copy(args, p.argStack[base:])
	clear(p.argStack[base:])
	p.argStack = p.argStack[:base]
	p.tuples, p.noIndex = saved, savedIdx
	return args
}

// parseArgList is parseArgsAfterParen's loop; the arguments go on
// p.argStack.
func (p *parser) parseArgList(lp *token) {
	named := false
	reported := false
	for {
		t := p.peek()
		a := &Arg{Pos: t.Pos}
		if t.Kind == tIdent && p.isN(1, "=") {
			p.advance()
			p.advance()
			a.Name, a.NamePos = t.Text, t.Pos
			named = true
			a.Pos = t.Pos
			if p.is(",") || p.is(")") {
				p.errorf(p.peek().Pos, "DSH2151", "expected a value for '%s'", t.Text)
				a.Value = &BadExpr{Pos: p.peek().Pos}
			} else {
				a.Value = p.parseExpr()
			}
		} else {
			if named && !reported {
				p.errorf(t.Pos, "DSH2158", "a positional argument after a named one")
				reported = true
			}
			a.Value = p.parseExpr()
		}
		p.argStack = append(p.argStack, a)
		if p.accept(",") {
			continue
		}
		if p.accept(")") {
			return
		}
		if !p.is(";") && !p.is("}") && !p.eof() {
			p.errorf(p.peek().Pos, "DSH2152", "expected ',' or ')' in the argument list, found %s", describe(p.peek()))
		} else {
			p.errorf(p.peek().Pos, "DSH2152", "expected ')' to close the call opened at %d:%d, found %s", lp.Pos.Line, lp.Pos.Col, describe(p.peek()))
		}
		n := len(p.diags.Items)
		for !p.eof() && !p.is(")") && !p.is(";") && !p.is("}") {
			p.skipBalanced()
		}
		p.diags.Items = p.diags.Items[:n]
		p.accept(")")
		return
	}
}

// ctorWidth reports the component count of a constructor/type name (any
// case): float half int uint bool [1-4], vec/ivec/uvec/bvec [2-4], double[1-4].
func ctorWidth(name string) (int, bool) {
	var fb FoldBuf
	s := fb.Lower(name)
	for _, b := range []string{"float", "half", "int", "uint", "bool", "double"} {
		if strings.HasPrefix(s, b) {
			rest := s[len(b):]
			switch rest {
			case "":
				return 1, true
			case "1", "2", "3", "4":
				return int(rest[0] - '0'), true
			}
		}
	}
	for _, b := range []string{"vec", "ivec", "uvec", "bvec"} {
		if strings.HasPrefix(s, b) {
			switch rest := s[len(b):]; rest {
			case "2", "3", "4":
				return int(rest[0] - '0'), true
			}
		}
	}
	return 0, false
}
