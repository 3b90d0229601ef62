package syntax

import (
	"strings"

	"reuselab/diag"
)

// parseStmtList parses Graph statements up to the closing '}' (not
// consumed).
func (p *parser) parseStmtList() []Stmt {
	return p.parseStmtBlock(nil)
}

// parseStmtBlock parses statements until '}' or EOF, or, inside a region,
// until its #EndRegion.
func (p *parser) parseStmtBlock(region *RegionStmt) []Stmt {
	var stmts []Stmt
	for !p.eof() && !p.is("}") {
		t := p.peek()
		if t.Kind == tHash {
			p.advance()
			dir, name, quoted := splitHash(t.Text)
			switch strings.ToLower(dir) {
			case "region":
				if name == "" && !quoted {
					p.errorf(t.Pos, "DSH2216", "#Region needs a name: #Region \"Name\"")
					continue
				}
				r := &RegionStmt{Pos: t.Pos, Name: name}
				if !p.enter() {
					p.leave()
					p.errorf(t.Pos, "DSH2216", "regions nested too deeply")
					continue
				}
				r.Body = p.parseStmtBlock(r)
				p.leave()
				stmts = append(stmts, r)
			case "endregion":
				if region != nil {
					region.EndPos = t.Pos
					return stmts
				}
				p.errorf(t.Pos, "DSH2217", "#EndRegion without an open #Region")
			default:
				p.errorf(t.Pos, "DSH2219", "only #Region \"Name\" and #EndRegion lines are allowed in a Graph, found '%s'", t.Text)
			}
			continue
		}
		if s := p.parseStmt(); s != nil {
			stmts = append(stmts, s)
		}
	}
	if region != nil {
		p.errorf(region.Pos, "DSH2218", "#Region \"%s\" is never closed", region.Name)
	}
	return stmts
}

// splitHash splits `#Region "Name"` into ("Region", "Name", quoted).
func splitHash(line string) (dir, name string, quoted bool) {
	s := strings.TrimSpace(strings.TrimPrefix(line, "#"))
	i := 0
	for i < len(s) && (isIdentPart(rune(s[i]))) {
		i++
	}
	dir, rest := s[:i], strings.TrimSpace(s[i:])
	if strings.HasPrefix(rest, "\"") {
		rest = rest[1:]
		if j := strings.IndexByte(rest, '"'); j >= 0 {
			rest = rest[:j]
		}
		return dir, rest, true
	}
	return dir, rest, false
}

var loopWords = map[string]bool{"for": true, "while": true, "do": true, "return": true, "break": true, "continue": true, "discard": true}

func isTextureType(name string) bool {
	var fb FoldBuf
	return textureTypes[fb.Lower(name)]
}

var textureTypes = map[string]bool{
	"texture2d": true, "texturecube": true, "texture2darray": true, "texture3d": true, "volumetexture": true,
	"samplerstate": true, "substrate": true,
}

// parseStmt parses one Graph statement; nil when it produced nothing.
func (p *parser) parseStmt() Stmt {
	n := len(p.diags.Items)
	t := p.peek()
	if t.Kind == tPunct {
		switch t.Text {
		case ";":
			p.advance()
			return nil
		case "{":
			p.errorf(t.Pos, "DSH2220", "a bare block does not exist in 1.x")
			p.skipQuietBalanced()
			return nil
		}
	}
	if t.Kind == tIdent {
		switch {
		case t.Text == "if":
			return p.parseIf()
		case t.Text == "return" && p.graphFn != nil:
			return p.parseReturn()
		case loopWords[t.Text]:
			p.errorf(t.Pos, "DSH2208", "'%s' does not exist in a 1.x Graph", t.Text)
			p.skipStmtForm()
			return nil
		case t.Text == "switch" || t.Text == "case":
			p.errorf(t.Pos, "DSH2160", "'%s' does not exist in 1.x", t.Text)
			p.skipStmtForm()
			return nil
		case t.Text == "else":
			p.errorf(t.Pos, "DSH2151", "'else' without an 'if'")
			p.advance()
			p.skipStmtForm()
			return nil
		case t.Text == "static" || t.Text == "const" || t.Text == "uniform":
			p.advance()
			p.errorf(t.Pos, "DSH2212", "'%s' does not exist on a Graph variable", t.Text)
			if p.isIdent() && p.peekN(1).Kind == tIdent {
				p.parseDecl()
				return nil
			}
			p.recoverQuiet()
			return nil
		}
		if p.peekN(1).Kind == tIdent {
			return p.parseDecl()
		}
	}
	x := p.parseAdd()
	var s Stmt
	switch {
	case p.is("="):
		eq := p.next()
		if !isAssignTarget(x) {
			p.errorf(x.Position(), "DSH2206", "the left of '=' is a variable or 'variable.member'")
		}
		if p.is("{") {
			p.errorf(p.peek().Pos, "DSH2162", "a brace list is only an initialiser of a declaration; write 'T(…)'")
			p.skipQuietBalanced()
			break
		}
		if p.is(";") || p.is("}") {
			p.errorf(p.peek().Pos, "DSH2151", "expected a value after '='")
			break
		}
		_ = eq
		s = &AssignStmt{Pos: x.Position(), Target: x, Value: p.parseExpr()}
	case p.peek().Kind == tPunct && (p.is("+=") || p.is("-=") || p.is("*=") || p.is("/=") || p.is("%=") || p.is("&=") || p.is("|=") || p.is("^=")):
		op := p.next()
		p.errorf(op.Pos, "DSH2205", "'%s' does not exist in 1.x; write 'x = x %s …;'", op.Text, op.Text[:1])
		p.parseExpr()
	default:
		p.checkStray()
		if c, ok := x.(*CallExpr); ok {
			s = &CallStmt{Pos: c.Pos, Call: c}
		} else if len(p.diags.Items) == n {
			p.errorf(x.Position(), "DSH2211", "the value of this expression is not used")
		}
	}
	p.endStmt(n)
	return s
}

// endStmt expects ';' (optional before '}'); without new errors since n a
// missing ';' is reported, otherwise the rest is skipped silently.
func (p *parser) endStmt(n int) {
	if p.accept(";") || p.is("}") || p.eof() {
		return
	}
	if len(p.diags.Items) == n {
		p.errorf(p.peek().Pos, "DSH2154", "expected ';', found %s", describe(p.peek()))
	}
	p.recoverQuiet()
}

func isAssignTarget(x Expr) bool {
	switch t := x.(type) {
	case *Ident:
		return true
	case *MemberExpr:
		_, ok := t.X.(*Ident)
		return ok
	}
	return false
}

// skipStmtForm skips a refused statement: its keyword, a parenthesised
// header, a braced body (and a do-while tail), or up to ';'.
func (p *parser) skipStmtForm() {
	n := len(p.diags.Items)
	defer func() { p.diags.Items = p.diags.Items[:n] }()
	if p.isIdent() {
		p.advance()
	}
	if p.is("(") {
		p.skipBalanced()
	}
	if p.is("{") {
		p.skipBalanced()
		if p.is("while") {
			p.advance()
			if p.is("(") {
				p.skipBalanced()
			}
			p.accept(";")
		}
		return
	}
	p.recoverStmt()
}

// parseDecl parses `Type a [= init], b …;`.
func (p *parser) parseDecl() Stmt {
	n := len(p.diags.Items)
	ty := p.next()
	d := &DeclStmt{Pos: ty.Pos, Type: ty.Text, TypePos: ty.Pos}
	for {
		nm := p.peek()
		if nm.Kind != tIdent {
			p.errorf(nm.Pos, "DSH2163", "expected a variable name, found %s", describe(nm))
			p.recoverQuiet()
			return d
		}
		p.advance()
		v := &Declarator{Pos: nm.Pos, Name: nm.Text}
		if p.is("[") {
			p.errorf(p.peek().Pos, "DSH2213", "arrays do not exist in 1.x")
			p.skipQuietBalanced()
		}
		if p.accept("=") {
			if p.is(";") || p.is("}") || p.is(",") {
				p.errorf(p.peek().Pos, "DSH2151", "expected a value after '='")
			} else {
				v.Init = p.parseInitExpr()
			}
		} else if isTextureType(ty.Text) {
			p.errorf(nm.Pos, "DSH2215", "a %s variable has no zero value: '%s' needs an initialiser", ty.Text, nm.Text)
		}
		d.Vars = append(d.Vars, v)
		if !p.accept(",") {
			break
		}
	}
	p.endStmt(n)
	return d
}

func (p *parser) parseReturn() Stmt {
	n := len(p.diags.Items)
	kw := p.next()
	r := &ReturnStmt{Pos: kw.Pos}
	fn := p.graphFn
	if p.is(";") || p.is("}") {
		if fn.RetType != "" {
			p.errorf(kw.Pos, "DSH6308", "'%s' returns %s: 'return;' needs a value", fn.Name, fn.RetType)
		}
	} else {
		r.Value = p.parseExpr()
		if fn.RetType == "" {
			p.errorf(kw.Pos, "DSH2208", "'%s' has no return type: write its 'out' parameters instead of 'return'", fn.Name)
		}
	}
	p.endStmt(n)
	return r
}

func (p *parser) parseIf() Stmt {
	kw := p.next()
	s := &IfStmt{Pos: kw.Pos}
	if !p.enter() {
		p.leave()
		p.tooDeep()
		return nil
	}
	defer p.leave()
	if !p.is("(") {
		p.errorf(p.peek().Pos, "DSH2157", "expected '(' after 'if', found %s", describe(p.peek()))
		p.recoverQuiet()
		return nil
	}
	p.advance()
	s.Cond = p.parseCond()
	if !p.accept(")") {
		p.errorf(p.peek().Pos, "DSH2152", "expected ')' after the if condition, found %s", describe(p.peek()))
		n := len(p.diags.Items)
		for !p.eof() && !p.is(")") && !p.is("{") && !p.is(";") && !p.is("}") {
			p.skipBalanced()
		}
		p.accept(")")
		p.diags.Items = p.diags.Items[:n]
	}
	s.Then = p.parseArm("if")
	if p.is("else") {
		s.ElsePos = p.next().Pos
		if p.is("if") {
			s.ElseIf = true
			if e := p.parseIf(); e != nil {
				s.Else = []Stmt{e}
			}
		} else {
			s.Else = p.parseArm("else")
		}
	}
	return s
}

// parseArm parses a braced if/else body; an unbraced one is DSH2209 (the
// single statement is still read, to recover).
func (p *parser) parseArm(what string) []Stmt {
	if !p.is("{") {
		p.errorf(p.peek().Pos, "DSH2209", "the body of '%s' needs braces", what)
		if s := p.parseStmt(); s != nil {
			return []Stmt{s}
		}
		return nil
	}
	p.advance()
	body := p.parseStmtBlock(nil)
	if !p.accept("}") {
		p.errorf(p.peek().Pos, "DSH2150", "end of file inside the '%s' body", what)
	}
	return body
}

// parseCond parses `L [op R]`: one comparison at most, no && / ||.
func (p *parser) parseCond() *Cond {
	left := p.parseAdd()
	c := &Cond{Pos: left.Position(), Left: left}
	t := p.peek()
	if t.Kind == tPunct && cmpOps[t.Text] {
		p.advance()
		c.Op, c.OpPos = t.Text, t.Pos
		if p.is(")") {
			p.errorf(p.peek().Pos, "DSH2151", "expected the right operand of '%s'", t.Text)
		} else {
			c.Right = p.parseAdd()
		}
	}
	reported := false
	for {
		t := p.peek()
		if t.Kind != tPunct || !(cmpOps[t.Text] || t.Text == "&&" || t.Text == "||") {
			break
		}
		p.advance()
		if !reported {
			p.errorf(t.Pos, "DSH2210", "a 1.x condition has one comparison at most ('%s' here); nest ifs, or write .dss", t.Text)
			reported = true
		}
		if !p.is(")") {
			p.parseAdd()
		}
	}
	p.checkStray()
	return c
}

// parseGraphFunctionBody reads a GraphFunction body: HLSL like a Function
// body, whose `UE.*` calls 1.x lifted into Custom inputs.
func (p *parser) parseGraphFunctionBody(fn *FunctionDecl) {
	start := p.peek().End
	body, bpos, rb, ok := p.skipRawBody()
	fn.Body, fn.BodyPos, fn.RBrace = body, bpos, rb
	if !ok {
		p.errorf(fn.LBrace, "DSH2150", "end of file inside the body of '%s'", fn.Name)
	}
	end := start + len(body)
	fn.Lifted = p.liftCalls(fn, start, end)
	if fn.RetType != "" {
		p.checkBareReturn(fn)
	}
	if stmts, ok := p.plainGraphStmts(fn, start, end); ok {
		fn.Stmts = stmts
	}
}

// plainGraphStmts parses src[start:end] as Graph statements, for a
// GraphFunction body that is plain Graph text too. It is a trial: what it
// reports goes to a list of its own, and ok is false when that list is not
// empty or the statements stop before the end, so a body that is HLSL
// leaves no trace.
func (p *parser) plainGraphStmts(fn *FunctionDecl, start, end int) (stmts []Stmt, ok bool) {
	var trial diag.List
	sub := &parser{lx: p.subLexer(start, end), diags: &trial, file: p.file, graphFn: fn}
	stmts = sub.parseStmtList()
	return stmts, len(trial.Items) == 0 && sub.eof()
}

// subLexer lexes src[start:end] with the file's positions.
func (p *parser) subLexer(start, end int) *lexer {
	return &lexer{src: p.lx.src[:end], path: p.lx.path, off: start, lineStarts: p.lx.lineStarts, lineASCII: p.lx.lineASCII}
}

// liftCalls finds the outermost `UE.X(…)` calls of a GraphFunction body and
// parses each. One that never closes is DSH6314; `Substrate.*` calls are not
// lifted (DSH6316, a warning).
func (p *parser) liftCalls(fn *FunctionDecl, start, end int) []*CallExpr {
	lx := p.subLexer(start, end)
	// What the search needs of a token: a full token is five times as
	// big, and a body is lexed whole.
	type liftTok struct {
		kind     tokKind
		text     string
		off, end int
	}
	toks := make([]liftTok, 0, (end-start)/4+1) // about a token per four bytes
	var t token
	for {
		lx.nextInto(&t)
		if t.Kind == tEOF {
			break
		}
		toks = append(toks, liftTok{t.Kind, t.Text, t.Off, t.End})
	}
	// match[j] is the ')' closing the '(' at j, or -1; a call's arguments
	// never hold ';', '{' or '}', so those end every open '('.
	match := make([]int, len(toks))
	var stack []int
	for j, tk := range toks {
		match[j] = -1
		if tk.kind != tPunct {
			continue
		}
		switch tk.text {
		case "(":
			stack = append(stack, j)
		case ")":
			if len(stack) > 0 {
				match[stack[len(stack)-1]] = j
				stack = stack[:len(stack)-1]
			}
		case ";", "{", "}":
			stack = stack[:0]
		}
	}
	var calls []*CallExpr
	for i := 0; i+3 < len(toks); i++ {
		t := toks[i]
		if t.kind != tIdent || (t.text != "UE" && t.text != "Substrate") || toks[i+1].text != "." || toks[i+2].kind != tIdent || toks[i+3].text != "(" {
			continue
		}
		if i > 0 && toks[i-1].kind == tPunct && (toks[i-1].text == "." || toks[i-1].text == "::") {
			continue
		}
		if t.text == "Substrate" {
			p.warnf(lx.pos(t.off), "DSH6316", "'Substrate.%s' in GraphFunction '%s' is not lifted into an input", toks[i+2].text, fn.Name)
			continue
		}
		closeAt := match[i+3]
		if closeAt < 0 {
			p.errorf(lx.pos(t.off), "DSH6314", "'UE.%s(' in GraphFunction '%s' never closes", toks[i+2].text, fn.Name)
			continue
		}
		sub := &parser{lx: p.subLexer(t.off, toks[closeAt].end), diags: p.diags, file: p.file}
		n := len(p.diags.Items)
		if c, ok := sub.parsePostfix().(*CallExpr); ok && sub.eof() {
			calls = append(calls, c)
		} else if len(p.diags.Items) == n {
			p.errorf(lx.pos(t.off), "DSH6314", "'UE.%s(…)' in GraphFunction '%s' is not a call that can be lifted", toks[i+2].text, fn.Name)
		}
		i = closeAt
	}
	return calls
}
