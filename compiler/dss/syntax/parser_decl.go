package syntax

// File-scope declarations (§2.3): globals, functions, prototypes,
// structs, opaque `@custom` bodies.

// typeRef reads a type name.
func (p *parser) typeRef() (TypeRef, bool) {
	t := p.peek()
	if t.Kind != Ident {
		return TypeRef{Pos: t.Pos}, false
	}
	p.next()
	return TypeRef{Name: t.Text, Pos: t.Pos}, true
}

func (p *parser) parseStruct(doc *Doc) {
	kw := p.next()
	sd := &StructDecl{Doc: doc, Pos: kw.Pos}
	name := p.peek()
	if name.Kind != Ident {
		p.errorf(name.Pos, "DSH3205", "expected a struct name, found %s", describe(name))
		p.skipDecl()
		return
	}
	p.next()
	sd.Name = name.Text
	if !p.expect("{", "to open the struct") {
		p.skipTo(";")
		return
	}
	for !p.is("}") && p.peek().Kind != EOF {
		if p.peek().Kind == DocLine {
			p.next()
			continue
		}
		start := p.i
		ty, ok := p.typeRef()
		fn := p.peek()
		if !ok || fn.Kind != Ident {
			p.errorf(fn.Pos, "DSH3205", "expected a field, found %s", describe(fn))
			p.skipTo(";")
			if p.i == start { // never loop without progress
				p.next()
			}
			continue
		}
		p.next()
		field := Param{Type: ty, Name: fn.Text, NamePos: fn.Pos}
		for p.is("[") { // array dimensions: parsed, refused by the binder
			field.Array = true
			p.next()
			if !p.is("]") {
				p.expr()
			}
			if !p.expect("]", "to close the array size") {
				break
			}
		}
		sd.Fields = append(sd.Fields, field)
		p.expect(";", "after the field")
	}
	p.expect("}", "to close the struct")
	p.accept(";")
	p.out.Decls = append(p.out.Decls, sd)
}

// parseDeclaration reads `prefixes Type Name …` at file scope: a global,
// a function or a prototype.
func (p *parser) parseDeclaration(doc *Doc) {
	start := p.peek()
	var uniform, static, cnst, extern, export bool
	for p.peek().Kind == Keyword {
		t := p.peek()
		var flag *bool
		switch t.Text {
		case "uniform":
			flag = &uniform
		case "static":
			flag = &static
		case "const":
			flag = &cnst
		case "extern":
			flag = &extern
		case "export":
			flag = &export
		}
		if flag == nil {
			break
		}
		if *flag {
			p.errorf(t.Pos, "DSH3213", "'%s' written twice", t.Text)
		}
		*flag = true
		p.next()
	}
	if (uniform && (extern || export)) || (extern && export) {
		p.errorf(start.Pos, "DSH3213", "these declaration prefixes do not go together")
	}
	if start.Kind == Ident && (start.Text == "buffer" || start.Text == "pass") && p.peekN(1).Kind == Ident && p.peekN(2).Text == ":" {
		// A pipeline declaration outside a .dsp was always a syntax
		// error; it gets a message that says where it belongs.
		what := map[string]string{"buffer": "a buffer", "pass": "a pass"}[start.Text]
		p.errorf(start.Pos, "DSH3310", "'%s %s' declares %s of a Custom Pass pipeline, which only a '.dsp' file holds; move it into the pipeline's '.dsp'.", start.Text, p.peekN(1).Text, what)
		p.skipDecl()
		return
	}
	ty, ok := p.typeRef()
	if !ok {
		p.errorf(p.peek().Pos, "DSH3204", "expected a declaration, found %s", describe(p.peek()))
		p.skipDecl()
		return
	}
	name := p.peek()
	if name.Kind != Ident {
		p.errorf(name.Pos, "DSH3205", "expected a declaration name after '%s', found %s", ty.Name, describe(name))
		p.skipDecl()
		return
	}
	p.next()
	if p.is("(") {
		if export && p.header { // a header is included, never compiled into an asset
			p.errorf(name.Pos, "DSH3210", "A '.dsh' header cannot export '%s'; only a '.dss' file produces assets.", name.Text)
		}
		p.parseFunction(doc, start.Pos, ty, name, uniform, static, cnst, extern, export)
		return
	}
	vd := &VarDecl{Doc: doc, Pos: start.Pos, Uniform: uniform, Static: static, Const: cnst, Extern: extern, Export: export, Type: ty, Region: p.region()}
	vd.Vars = p.declarators(name)
	p.expect(";", "after the declaration")
	p.out.Decls = append(p.out.Decls, vd)
}

// declarators reads `Name [= init] {, Name [= init]}` with the first name
// already read.
func (p *parser) declarators(first Token) []Declarator {
	var out []Declarator
	name := first
	for {
		d := Declarator{Name: name.Text, NamePos: name.Pos}
		if p.is("[") { // arrays: parsed, refused by the binder
			d.Array = true
			p.next()
			if !p.is("]") {
				p.expr()
			}
			p.expect("]", "to close the array size")
		}
		if p.accept("=") {
			d.InitOff = p.peek().Pos.Off
			if p.is("{") {
				d.Init = p.initList()
			} else {
				d.Init = p.assignExpr()
			}
			d.InitEnd = max(d.InitOff, p.prevEnd())
		}
		out = append(out, d)
		if !p.accept(",") {
			return out
		}
		name = p.peek()
		if name.Kind != Ident {
			p.errorf(name.Pos, "DSH3205", "expected a name after ',', found %s", describe(name))
			return out
		}
		p.next()
	}
}

func (p *parser) initList() Expr {
	open := p.next()
	il := &InitList{Pos: open.Pos}
	if !p.enter(open.Pos) {
		p.leave()
		p.skipTo("}")
		return il
	}
	defer p.leave()
	for !p.is("}") && p.peek().Kind != EOF {
		if p.is("{") {
			il.Elems = append(il.Elems, p.initList())
		} else {
			il.Elems = append(il.Elems, p.assignExpr())
		}
		if !p.accept(",") {
			break
		}
	}
	p.expect("}", "to close the initializer")
	return il
}

func (p *parser) parseFunction(doc *Doc, pos Pos, ret TypeRef, name Token, uniform, static, cnst, extern, export bool) {
	fd := &FuncDecl{Doc: doc, Pos: pos, Uniform: uniform, Static: static, Const: cnst, Extern: extern, Export: export,
		Ret: ret, Name: name.Text, NamePos: name.Pos, Region: p.region()}
	p.next() // (
	for !p.is(")") && p.peek().Kind != EOF {
		var prm Param
		if t := p.peek(); t.Kind == Keyword && (t.Text == "in" || t.Text == "out" || t.Text == "inout") {
			prm.Qual = t.Text
			p.next()
		}
		p.accept("const")
		ty, ok := p.typeRef()
		pn := p.peek()
		if !ok || pn.Kind != Ident {
			p.errorf(pn.Pos, "DSH3206", "expected a parameter, found %s", describe(pn))
			p.skipTo(")")
			break
		}
		p.next()
		prm.Type, prm.Name, prm.NamePos = ty, pn.Text, pn.Pos
		if p.accept("=") {
			if prm.Qual == "out" {
				p.errorf(pn.Pos, "DSH3214", "an out parameter has no default")
			}
			prm.Default = p.assignExpr()
		}
		fd.Params = append(fd.Params, prm)
		if !p.accept(",") {
			break
		}
		if p.is(")") {
			p.errorf(p.peek().Pos, "DSH3204", "Expected a type name, found ')'.")
		}
	}
	p.expect(")", "to close the parameter list")
	custom := false
	if _, ok := doc.Get("custom"); ok {
		custom = true
	}
	switch {
	case p.is(";"):
		p.next()
		if !extern {
			p.errorf(name.Pos, "DSH3208", "a prototype needs 'extern'")
		}
	case p.is("{"):
		if extern {
			p.errorf(p.peek().Pos, "DSH3207", "an extern function has no body")
		}
		if custom {
			p.opaqueBody(fd)
		} else {
			fd.Body = p.block()
		}
	default:
		p.errorf(p.peek().Pos, "DSH3200", "expected a function body or ';', found %s", describe(p.peek()))
		p.skipDecl()
	}
	p.out.Decls = append(p.out.Decls, fd)
}

// opaqueBody keeps a `@custom` body as raw text: the tokens between the
// braces are skipped by nesting, and the lexer's complaints inside them
// are dropped (the text is HLSL for the Custom node, not .dss).
func (p *parser) opaqueBody(fd *FuncDecl) {
	open := p.next()
	fd.Opaque = true
	fd.RawOpen = open.Pos
	depth := 1
	for p.peek().Kind != EOF {
		t := p.next()
		if t.Kind == Punct && t.Text == "{" {
			depth++
		}
		if t.Kind == Punct && t.Text == "}" {
			depth--
			if depth == 0 {
				fd.Raw = p.src[open.End:t.Pos.Off]
				p.opaque = append(p.opaque, [2]int{open.End, t.Pos.Off})
				return
			}
		}
	}
	p.errorf(open.Pos, "DSH3200", "the body of %s is never closed", fd.Name)
	fd.Raw = p.src[open.End:]
	p.opaque = append(p.opaque, [2]int{open.End, len(p.src)})
}
