package syntax

// block reads `{ … }` at the cursor.
func (p *parser) block() *Block {
	open := p.next()
	b := &Block{Pos: open.Pos}
	if !p.enter(open.Pos) {
		p.leave()
		p.skipBlock()
		return b
	}
	defer p.leave()
	for !p.is("}") && p.peek().Kind != EOF {
		start := p.i
		if s := p.statement(); s != nil {
			b.Stmts = append(b.Stmts, s)
		}
		if p.i == start {
			p.next()
		}
	}
	p.expect("}", "to close the block")
	return b
}

// skipBlock skips to the `}` matching the one just read, iteratively.
func (p *parser) skipBlock() {
	depth := 1
	for p.peek().Kind != EOF {
		t := p.next()
		if t.Kind == Punct && t.Text == "{" {
			depth++
		} else if t.Kind == Punct && t.Text == "}" {
			depth--
			if depth == 0 {
				return
			}
		}
	}
}

// isTypeStart reports whether the cursor starts a local declaration:
// `Type Name` (two identifiers), optionally after static/const.
func (p *parser) isDeclStart() bool {
	k := 0
	for {
		t := p.peekN(k)
		if t.Kind == Keyword && (t.Text == "static" || t.Text == "const") {
			k++
			continue
		}
		break
	}
	return p.peekN(k).Kind == Ident && p.peekN(k+1).Kind == Ident
}

// statement reads one statement; nil for nothing useful (recovered).
func (p *parser) statement() Stmt {
	t := p.peek()
	if !p.enter(t.Pos) {
		p.leave()
		p.skipTo(";")
		return nil
	}
	defer p.leave()
	return p.statementInner()
}

func (p *parser) statementInner() Stmt {
	t := p.peek()
	switch t.Kind {
	case DocLine:
		p.next()
		return nil
	case Directive:
		p.next()
		if name, end, ok := p.regionDirective(t); ok {
			return &RegionStmt{Pos: t.Pos, Name: name, End: end}
		}
		p.errorf(t.Pos, "DSH2160", "only '#pragma region' and '#pragma endregion' may stand in a function body")
		return nil
	case Punct:
		switch t.Text {
		case "{":
			return p.block()
		case ";":
			p.next()
			return &EmptyStmt{Pos: t.Pos}
		}
	case Keyword:
		switch t.Text {
		case "if":
			p.next()
			s := &IfStmt{Pos: t.Pos}
			s.Cond = p.parenCond("if")
			s.Then = p.armStatement()
			if p.accept("else") {
				s.Else = p.armStatement()
			}
			return s
		case "for":
			return p.forStatement()
		case "while":
			p.next()
			s := &WhileStmt{Pos: t.Pos}
			s.Cond = p.parenCond("while")
			s.Body = p.armStatement()
			return s
		case "do":
			p.next()
			s := &WhileStmt{Pos: t.Pos, Do: true}
			s.Body = p.armStatement()
			if p.expect("while", "after the do body") {
				s.Cond = p.parenCond("while")
			}
			p.expect(";", "after do … while (…)")
			return s
		case "return":
			p.next()
			s := &ReturnStmt{Pos: t.Pos}
			if !p.is(";") {
				s.Value = p.expr()
			}
			p.endStatement()
			return s
		case "break", "continue", "discard":
			p.next()
			p.endStatement()
			return &JumpStmt{Pos: t.Pos, Word: t.Text}
		case "static", "const":
			return p.declStatement()
		}
	case Ident:
		switch t.Text {
		case "switch", "case", "default":
			p.errorf(t.Pos, "DSH2160", "'%s' is not supported in DreamShader 2.0; use if/else", t.Text)
			p.recoverStatement()
			return nil
		}
		if p.isDeclStart() {
			return p.declStatement()
		}
	}
	if t.Kind == EOF {
		return nil
	}
	x := p.expr()
	if _, bad := x.(*BadExpr); bad {
		p.recoverStatement()
		return nil
	}
	p.endStatement()
	return &ExprStmt{Pos: t.Pos, X: x}
}

// armStatement reads the statement of an if/else/loop arm.
func (p *parser) armStatement() Stmt {
	if p.peek().Kind == EOF {
		p.errorf(p.peek().Pos, "DSH3200", "expected a statement, found end of file")
		return &EmptyStmt{Pos: p.peek().Pos}
	}
	s := p.statement()
	if s == nil {
		return &EmptyStmt{Pos: p.peek().Pos}
	}
	return s
}

func (p *parser) parenCond(what string) Expr {
	if !p.expect("(", "after '"+what+"'") {
		return &BadExpr{Pos: p.peek().Pos}
	}
	c := p.expr()
	p.expect(")", "to close the "+what+" condition")
	return c
}

func (p *parser) endStatement() {
	if !p.accept(";") {
		p.errorf(p.peek().Pos, "DSH2154", "expected ';' after the statement, found %s", describe(p.peek()))
		p.recoverStatement()
	}
}

// recoverStatement skips to the next `;` (consumed) or `}` (kept).
func (p *parser) recoverStatement() {
	depth := 0
	for {
		t := p.peek()
		switch {
		case t.Kind == EOF:
			return
		case t.Kind == Punct && (t.Text == "(" || t.Text == "[" || t.Text == "{"):
			depth++
		case t.Kind == Punct && (t.Text == ")" || t.Text == "]"):
			if depth > 0 {
				depth--
			}
		case t.Kind == Punct && t.Text == "}":
			if depth == 0 {
				return
			}
			depth--
		case t.Kind == Punct && t.Text == ";" && depth == 0:
			p.next()
			return
		}
		p.next()
	}
}

func (p *parser) declStatement() Stmt {
	first := p.peek()
	s := &DeclStmt{Pos: first.Pos}
	for {
		if p.accept("static") {
			s.Static = true
			continue
		}
		if p.accept("const") {
			s.Const = true
			continue
		}
		break
	}
	ty, _ := p.typeRef()
	s.Type = ty
	name := p.peek()
	if name.Kind != Ident {
		p.errorf(name.Pos, "DSH3205", "expected a variable name, found %s", describe(name))
		p.recoverStatement()
		return nil
	}
	p.next()
	s.Vars = p.declarators(name)
	p.endStatement()
	return s
}

func (p *parser) forStatement() Stmt {
	kw := p.next()
	s := &ForStmt{Pos: kw.Pos}
	if !p.expect("(", "after 'for'") {
		p.recoverStatement()
		return nil
	}
	if !p.is(";") {
		if p.isDeclStart() {
			s.Init = p.declStatement() // reads the ';'
		} else {
			t := p.peek()
			s.Init = &ExprStmt{Pos: t.Pos, X: p.expr()}
			p.expect(";", "after the for initializer")
		}
	} else {
		p.next()
	}
	if !p.is(";") {
		s.Cond = p.expr()
	}
	p.expect(";", "after the for condition")
	if !p.is(")") {
		s.Step = p.expr()
	}
	p.expect(")", "to close the for header")
	s.Body = p.armStatement()
	return s
}
