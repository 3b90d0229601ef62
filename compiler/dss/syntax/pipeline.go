package syntax

import "strings"

// The `.dsp` pass pipeline's own declarations (LANGUAGE-2.0 §7300–7370):
// `buffer Name : Format [(Key = Value, …)];`, `pass Name : kind { … }` and
// `hlsl { … }`, beside the `#pragma pipeline`, uniforms and constants a
// `.dss` also has. `buffer`, `pass` and `hlsl` begin a declaration only at
// file scope of a `.dsp`; `read`, `write` and `param` begin a statement
// only inside a pass block; anywhere else they are ordinary names. Values
// are kept as the text written: the parser checks their shape, a checker
// their meaning.

// BufferDecl is `buffer Name : Format [(Key = Value, …)];`.
type BufferDecl struct {
	Doc     *Doc
	Pos     Pos
	Name    string
	NamePos Pos
	Format  string
	Args    []PipeArg
}

// PipeArg is one `Key = Value` of a buffer's argument list.
type PipeArg struct {
	Key   string
	Pos   Pos
	Value string
}

// PassDecl is `pass Name : kind { statements }`.
type PassDecl struct {
	Doc     *Doc
	Pos     Pos
	Name    string
	NamePos Pos
	Kind    string
	Stmts   []PassStmt
	Hlsl    *HlslBlock // the body form's statements, nil when absent
}

// PassStmt is one statement of a pass: a setting `Key = Value;` (Word ""),
// or a binding `read|write [Slot =] Buffer[.Previous];` / `param Name =
// Value;`.
type PassStmt struct {
	Pos      Pos
	Word     string // "", "read", "write" or "param"
	Name     string // the key, the slot ("" when the buffer is read under its own name) or the parameter
	Value    string // the setting's or param's value, the binding's buffer
	Previous bool   // `Buffer.Previous`
}

// HlslBlock is `hlsl { … }`: the text between the braces, verbatim.
type HlslBlock struct {
	Pos     Pos
	RawOpen Pos
	Raw     string
}

func (*BufferDecl) declNode() {}
func (*PassDecl) declNode()   {}
func (*HlslBlock) declNode()  {}

// pipelineDecl reads a `.dsp` file-scope declaration at t, reporting
// whether t began one.
func (p *parser) pipelineDecl(doc *Doc, t Token) bool {
	if t.Kind != Ident {
		return false
	}
	switch t.Text {
	case "buffer":
		p.parseBuffer(doc)
	case "pass":
		p.parsePass(doc)
	case "hlsl":
		p.next()
		if hb := p.hlslBlock(t); hb != nil {
			p.out.Decls = append(p.out.Decls, hb)
		}
	default:
		return false
	}
	return true
}

func (p *parser) parseBuffer(doc *Doc) {
	kw := p.next()
	bd := &BufferDecl{Doc: doc, Pos: kw.Pos}
	name := p.peek()
	if name.Kind != Ident {
		p.errorf(name.Pos, "DSH3300", "Expected the buffer's name after 'buffer', found %s.", describe(name))
		p.skipDecl()
		return
	}
	p.next()
	bd.Name, bd.NamePos = name.Text, name.Pos
	if !p.accept(":") {
		p.errorf(p.peek().Pos, "DSH3301", "Expected ':' and a format after 'buffer %s', found %s.", bd.Name, describe(p.peek()))
		p.skipDecl()
		return
	}
	format := p.peek()
	if format.Kind != Ident {
		p.errorf(format.Pos, "DSH3302", "Expected a buffer format such as 'R8' or 'RGBA16F', found %s.", describe(format))
		p.skipDecl()
		return
	}
	p.next()
	bd.Format = format.Text
	if p.is("(") {
		p.bufferArgs(bd)
	}
	if !p.accept(";") {
		p.errorf(p.peek().Pos, "DSH2311", "Expected ';' after the declaration of buffer '%s', found %s.", bd.Name, describe(p.peek()))
	}
	p.out.Decls = append(p.out.Decls, bd)
}

// bufferArgs reads `(Key = Value, …)`; a malformed list is reported once
// and skipped to its `)`.
func (p *parser) bufferArgs(bd *BufferDecl) {
	p.next() // (
	for !p.accept(")") {
		key := p.peek()
		switch {
		case key.Kind == EOF:
			p.errorf(key.Pos, "DSH2150", "Unexpected end of file while parsing the arguments of buffer '%s'.", bd.Name)
			return
		case key.Kind != Ident:
			p.errorf(key.Pos, "DSH2308", "Expected a key such as 'Scale' in the arguments of buffer '%s', found %s.", bd.Name, describe(key))
			p.skipTo(")")
			return
		case p.peekN(1).Text != "=":
			p.errorf(p.peekN(1).Pos, "DSH2309", "Expected '=' after '%s', found %s.", key.Text, describe(p.peekN(1)))
			p.skipTo(")")
			return
		}
		p.next()
		p.next() // =
		bd.Args = append(bd.Args, PipeArg{Key: key.Text, Pos: key.Pos, Value: p.valueText(",", ")")})
		if p.accept(",") || p.is(")") {
			continue
		}
		p.errorf(p.peek().Pos, "DSH2310", "Expected ',' or ')' in the arguments of buffer '%s', found %s.", bd.Name, describe(p.peek()))
		p.skipTo(")")
		return
	}
}

// valueText consumes a value up to one of the stop tokens at nesting
// level zero (or a `;`, `}`, a line-starting directive, or an operand
// right after an operand, where an operator or separator is missing) and
// returns its text as written.
func (p *parser) valueText(stops ...string) string {
	start := -1
	end := 0
	depth := 0
	prevOperand := false
	for {
		t := p.peek()
		if t.Kind == EOF || t.Kind == Directive || t.Kind == DocLine {
			break
		}
		operand := t.Kind == Ident || t.Kind == Number || t.Kind == String || t.Kind == Keyword
		if depth == 0 && operand && prevOperand {
			break
		}
		prevOperand = operand || (t.Kind == Punct && (t.Text == ")" || t.Text == "]"))
		if t.Kind == Punct {
			if depth == 0 && (t.Text == ";" || t.Text == "}" || contains(stops, t.Text)) {
				break
			}
			switch t.Text {
			case "(", "[", "{":
				depth++
			case ")", "]", "}":
				depth--
			}
		}
		p.next()
		if start < 0 {
			start = t.Pos.Off
		}
		end = t.End
	}
	if start < 0 || end < start || end > len(p.src) {
		return ""
	}
	return p.src[start:end]
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (p *parser) parsePass(doc *Doc) {
	kw := p.next()
	pd := &PassDecl{Doc: doc, Pos: kw.Pos}
	name := p.peek()
	if name.Kind != Ident {
		p.errorf(name.Pos, "DSH3303", "Expected the pass's name after 'pass', found %s.", describe(name))
		p.skipDecl()
		return
	}
	p.next()
	pd.Name, pd.NamePos = name.Text, name.Pos
	if !p.accept(":") {
		p.errorf(p.peek().Pos, "DSH3304", "Expected ':' and a pass kind after 'pass %s', found %s.", pd.Name, describe(p.peek()))
		p.skipDecl()
		return
	}
	kind := p.peek()
	if kind.Kind != Ident {
		p.errorf(kind.Pos, "DSH3305", "Expected a pass kind: fullscreen, compute, mesh, clear or copy, found %s.", describe(kind))
		p.skipDecl()
		return
	}
	p.next()
	pd.Kind = kind.Text
	if !p.accept("{") {
		// The statements are read as if the brace were there.
		p.errorf(p.peek().Pos, "DSH2300", "Expected '{' to open the block of pass '%s', found %s.", pd.Name, describe(p.peek()))
	}
	p.passBody(pd)
	p.accept(";")
	p.out.Decls = append(p.out.Decls, pd)
}

// passBody reads a pass's statements up to its `}`.
func (p *parser) passBody(pd *PassDecl) {
	for {
		t := p.peek()
		switch {
		case t.Kind == EOF:
			p.errorf(t.Pos, "DSH2150", "Unexpected end of file while parsing pass '%s'.", pd.Name)
			return
		case t.Kind == Punct && t.Text == "}":
			p.next()
			return
		case t.Kind == Directive:
			p.errorf(t.Pos, "DSH2312", "The line '#%s' cannot appear inside a pass block; a pass holds settings, 'read', 'write' and 'param' lines and an 'hlsl' block, where HLSL's own '#' lines go.", firstWord(t.Text))
			p.next()
			continue
		case t.Kind == DocLine:
			p.next()
			continue
		case t.Kind == Ident && (t.Text == "pass" || t.Text == "buffer") && t.Pos.Col == firstCol(p.src, t.Pos) &&
			p.peekN(1).Kind == Ident && p.peekN(2).Text == ":":
			// The next declaration, on a line of its own: the block ends
			// here, said once.
			p.errorf(t.Pos, "DSH2314", "Expected '}' to close pass '%s' before the next declaration, found %s.", pd.Name, describe(t))
			return
		}
		start := p.i
		p.passStmt(pd, t)
		if p.i == start { // never loop without progress
			p.next()
		}
	}
}

func (p *parser) passStmt(pd *PassDecl, t Token) {
	switch {
	case t.Kind == Ident && t.Text == "hlsl":
		p.next()
		pd.Hlsl = p.hlslBlock(t)
		return
	case t.Kind == Ident && (t.Text == "read" || t.Text == "write" || t.Text == "param"):
		p.next()
		if !p.binding(pd, t) {
			p.recoverStatement()
			return
		}
	case t.Kind == Ident:
		p.next()
		if !p.accept("=") {
			p.errorf(p.peek().Pos, "DSH2302", "Expected '=' after the key '%s', found %s.", t.Text, describe(p.peek()))
			p.recoverStatement()
			return
		}
		pd.Stmts = append(pd.Stmts, PassStmt{Pos: t.Pos, Name: t.Text, Value: p.valueText()})
	default:
		p.errorf(t.Pos, "DSH2301", "Expected a setting ('Key = Value;'), a 'read', 'write' or 'param' line or an 'hlsl' block in a pass block, found %s.", describe(t))
		p.recoverStatement()
		return
	}
	if !p.accept(";") {
		p.errorf(p.peek().Pos, "DSH2303", "Expected ';' at the end of the pass statement, found %s.", describe(p.peek()))
		if !p.is("}") {
			p.recoverStatement()
		}
	}
}

// binding reads what follows `read`, `write` or `param` (the word w).
func (p *parser) binding(pd *PassDecl, w Token) bool {
	name := p.peek()
	if name.Kind != Ident {
		if w.Text == "param" {
			p.errorf(name.Pos, "DSH2306", "Expected a parameter name after 'param', found %s.", describe(name))
		} else {
			p.errorf(name.Pos, "DSH2304", "Expected a buffer after '%s', found %s.", w.Text, describe(name))
		}
		return false
	}
	p.next()
	st := PassStmt{Pos: w.Pos, Word: w.Text, Name: name.Text}
	if w.Text == "param" {
		if !p.accept("=") {
			p.errorf(p.peek().Pos, "DSH2307", "Expected '=' after 'param %s', found %s.", name.Text, describe(p.peek()))
			return false
		}
		st.Value = p.valueText()
		if st.Value == "" {
			p.errorf(p.peek().Pos, "DSH2307", "Expected a value after 'param %s =', found %s.", name.Text, describe(p.peek()))
			return false
		}
		pd.Stmts = append(pd.Stmts, st)
		return true
	}
	if p.accept("=") {
		buf := p.peek()
		if buf.Kind != Ident {
			p.errorf(buf.Pos, "DSH2304", "Expected a buffer after '%s %s =', found %s.", w.Text, name.Text, describe(buf))
			return false
		}
		p.next()
		st.Value = buf.Text
	} else {
		st.Name, st.Value = "", name.Text // the buffer under its own name
	}
	if !p.bufferMember(&st) {
		return false
	}
	pd.Stmts = append(pd.Stmts, st)
	return true
}

// bufferMember reads an optional `.Previous`, the one member a buffer has.
func (p *parser) bufferMember(st *PassStmt) bool {
	if !p.accept(".") {
		return true
	}
	m := p.peek()
	if m.Kind != Ident || m.Text != "Previous" {
		p.errorf(m.Pos, "DSH2305", "'.%s': the one thing a buffer has after '.' is 'Previous', last frame's contents of a 'History = true' buffer.", m.Text)
		return false
	}
	p.next()
	st.Previous = true
	return true
}

// hlslBlock reads the `{ … }` after `hlsl` (at kw) as raw text, as an
// opaque `@custom` body is read.
func (p *parser) hlslBlock(kw Token) *HlslBlock {
	if !p.is("{") {
		p.errorf(p.peek().Pos, "DSH2313", "Expected '{' to open the hlsl block, found %s.", describe(p.peek()))
		p.accept(";")
		return nil
	}
	open := p.next()
	hb := &HlslBlock{Pos: kw.Pos, RawOpen: open.Pos}
	depth := 1
	for p.peek().Kind != EOF {
		t := p.next()
		if t.Kind != Punct {
			continue
		}
		switch t.Text {
		case "{":
			depth++
		case "}":
			depth--
			if depth == 0 {
				hb.Raw = p.src[open.End:t.Pos.Off]
				p.opaque = append(p.opaque, [2]int{open.End, t.Pos.Off})
				return hb
			}
		}
	}
	p.errorf(p.peek().Pos, "DSH2150", "Unexpected end of file while parsing the hlsl block opened on line %d.", open.Pos.Line)
	hb.Raw = p.src[open.End:]
	p.opaque = append(p.opaque, [2]int{open.End, len(p.src)})
	return hb
}

// isPipeline reports a `.dsp` path.
func isPipeline(path string) bool { return strings.HasSuffix(strings.ToLower(path), ".dsp") }

// firstWord is a directive's leading word, so a message says `#pragma`
// and not the whole line.
func firstWord(s string) string {
	if k := strings.IndexAny(s, " \t("); k >= 0 {
		return s[:k]
	}
	return s
}
