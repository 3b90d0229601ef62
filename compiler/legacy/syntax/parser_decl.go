package syntax

import (
	"strings"
)

// parseAttrs parses `( Key = Value, … )`; a trailing comma is allowed (1.x
// looked for ')' before each name). Values are a quoted string or raw text
// up to ',' / ')' at depth 0.
func (p *parser) parseAttrs() ([]*Attr, bool) {
	lp := p.next() // (
	_ = lp
	var attrs []*Attr
	seen := map[string]*Attr{}
	for {
		if p.eof() {
			p.errorf(p.peek().Pos, "DSH2150", "end of file in an attribute list")
			return attrs, false
		}
		if p.accept(")") {
			return attrs, true
		}
		t := p.peek()
		if t.Kind != tIdent || !p.isN(1, "=") {
			p.errorf(t.Pos, "DSH2243", "an attribute is 'Key = Value', found %s", describe(t))
			// skip to ')' at depth 0
			for !p.eof() && !p.is(")") {
				if p.is("{") || p.is("}") {
					return attrs, false
				}
				p.skipBalanced()
			}
			p.accept(")")
			return attrs, false
		}
		p.advance()
		p.next() // =
		a := &Attr{Pos: t.Pos, Key: t.Text, ValuePos: p.peek().Pos}
		if v := p.peek(); v.Kind == tString && (p.isN(1, ",") || p.isN(1, ")")) {
			p.advance()
			a.Value, a.Quoted = v.Str, true
			a.Expr = &StringLit{Pos: v.Pos, Raw: v.Text, Value: v.Str}
		} else {
			start := v.Off
			n := len(p.diags.Items)
			a.Expr = p.parseExpr()
			if p.is(",") || p.is(")") {
				a.Value = strings.TrimSpace(p.textFrom(start))
			} else {
				p.diags.Items = p.diags.Items[:n]
				a.Expr = nil
				for !p.eof() && !p.is(",") && !p.is(")") && !p.is("{") {
					p.skipBalanced()
				}
				a.Value = strings.TrimSpace(p.textFrom(start))
			}
		}
		var fb FoldBuf
		if prev := seen[fb.Lower(a.Key)]; prev != nil {
			p.warnf(a.Pos, "DSH2244", "attribute '%s' written twice; the later one wins", a.Key)
		}
		seen[strings.ToLower(a.Key)] = a
		attrs = append(attrs, a)
		if !p.accept(",") && !p.is(")") {
			p.errorf(p.peek().Pos, "DSH2152", "expected ',' or ')' in the attribute list, found %s", describe(p.peek()))
			for !p.eof() && !p.is(")") && !p.is("{") {
				p.skipBalanced()
			}
			p.accept(")")
			return attrs, false
		}
	}
}

func (p *parser) parseBlock() Decl {
	kw := p.next()
	b := &BlockDecl{Pos: kw.Pos, Kind: blockWords[kw.Text], Keyword: kw.Text}
	if kw.Text == "MaterialLayer" || kw.Text == "MaterialLayerBlend" {
		b.OldSpelling = true
		p.warnf(kw.Pos, "DSH2251", "'%s' is the old spelling of '%s'", kw.Text, strings.Replace(kw.Text, "Material", "Shader", 1))
	}
	if p.is("(") {
		b.Attrs, _ = p.parseAttrs()
	} else {
		p.errorf(p.peek().Pos, "DSH2241", "'%s' needs its attribute list '(Name = …)'", kw.Text)
		for !p.eof() && !p.is("{") && !(p.peek().Kind == tIdent && isTopWord(p.peek().Text) && p.peek().BOL) {
			p.skipBalanced()
		}
	}
	if a := b.Attr("Name"); a == nil || strings.TrimSpace(a.Value) == "" {
		p.errorf(kw.Pos, "DSH2242", "'%s' needs a Name attribute", kw.Text)
	}
	switch p.file.Kind {
	case FileDSH:
		if b.Kind != BlockVirtualFunction {
			p.errorf(kw.Pos, "DSH2249", "a header (.dsh) makes no asset: '%s' belongs in a .dsm or .dsf", kw.Text)
		}
	case FileDSF:
		if b.Kind == BlockShader {
			p.errorf(kw.Pos, "DSH2259", "a Shader block belongs in a .dsm file")
		}
	}
	if b.Kind == BlockShader {
		p.shaders++
		if p.shaders > 1 {
			p.errorf(kw.Pos, "DSH2250", "one Shader per file")
		}
	}
	if !p.is("{") {
		p.errorf(p.peek().Pos, "DSH2257", "expected '{' to open the '%s' block, found %s", kw.Text, describe(p.peek()))
		return b
	}
	b.LBrace = p.next().Pos
	p.parseSections(b)
	if p.is("}") {
		b.RBrace = p.next().Pos
	} else {
		p.errorf(p.peek().Pos, "DSH2150", "end of file inside the '%s' block", kw.Text)
	}
	p.accept(";")
	p.checkBlock(b)
	return b
}

// checkBlock applies the per-block structural rules once all sections are in.
func (p *parser) checkBlock(b *BlockDecl) {
	switch b.Kind {
	case BlockShader:
		outs := b.SectionsOf(SecOutputs)
		hasGraph := len(b.SectionsOf(SecGraph)) > 0
		initialised := false
		for _, s := range outs {
			for _, o := range s.Outputs {
				if d, ok := o.(*OutputDecl); !ok || d.Default != nil {
					initialised = true // an initialised declaration or a binding computes something
				}
			}
		}
		if !hasGraph && !initialised {
			p.errorf(b.Pos, "DSH2255", "Shader '%s' has nothing to build: it needs a Graph, or Outputs with initialised declarations", b.Name())
		}
		if len(outs) == 0 {
			p.warnf(b.Pos, "DSH2256", "Shader '%s' has no Outputs: the material writes nothing", b.Name())
		}
	case BlockVirtualFunction:
		asset := b.Attr("Asset") != nil
		for _, s := range b.Sections {
			if s.Kind == SecOptions || s.Kind == SecSettings {
				for _, st := range s.Settings {
					if strings.EqualFold(st.Key, "Asset") {
						asset = true
					}
				}
			}
		}
		if !asset {
			p.errorf(b.Pos, "DSH6312", "VirtualFunction '%s' needs the asset it stands for (Asset = Path(…))", b.Name())
		}
		nout := 0
		for _, s := range b.SectionsOf(SecOutputs) {
			nout += len(s.Pins)
		}
		if nout == 0 {
			p.errorf(b.Pos, "DSH6313", "VirtualFunction '%s' declares no outputs", b.Name())
		}
	case BlockShaderLayer, BlockShaderLayerBlend:
		var ins, outs []*Pin
		for _, s := range b.SectionsOf(SecInputs) {
			ins = append(ins, s.Pins...)
		}
		for _, s := range b.SectionsOf(SecOutputs) {
			outs = append(outs, s.Pins...)
		}
		var maOut *Pin
		for _, o := range outs {
			if strings.EqualFold(o.Type, "MaterialAttributes") {
				maOut = o
				break
			}
		}
		if maOut == nil {
			p.errorf(b.Pos, "DSH3278", "%s '%s' must output MaterialAttributes", b.Kind, b.Name())
			return
		}
		if b.Kind == BlockShaderLayer {
			for _, in := range ins {
				if strings.EqualFold(in.Type, "MaterialAttributes") && in.Name != maOut.Name {
					p.warnf(in.Pos, "DSH3277", "layer input '%s' is renamed '%s' (the layer's material is named after its output)", in.Name, maOut.Name)
				}
			}
		}
	}
}

// parseFunction parses `Function [SelfContained|Inline] [RetType] Name(params) {hlsl}`
// and `GraphFunction [RetType] Name(params) {graph}`.
func (p *parser) parseFunction(ns string) Decl {
	kw := p.next()
	fn := &FunctionDecl{Pos: kw.Pos, Graph: kw.Text == "GraphFunction", Namespace: ns}
	var words []token
	for p.isIdent() {
		words = append(words, p.next())
	}
	if len(words) > 0 && (words[0].Text == "SelfContained" || words[0].Text == "Inline") {
		fn.Qualifier, fn.QualPos = words[0].Text, words[0].Pos
		words = words[1:]
		if fn.Graph {
			p.errorf(fn.QualPos, "DSH6307", "'%s' has no meaning on a GraphFunction", fn.Qualifier)
		} else if fn.Qualifier == "Inline" {
			p.warnf(fn.QualPos, "DSH6306", "'Inline' is the old spelling of 'SelfContained'")
		}
	}
	switch len(words) {
	case 0:
		p.errorf(kw.Pos, "DSH6300", "%s needs a name", kw.Text)
	case 1:
		fn.Name, fn.NamePos = words[0].Text, words[0].Pos
	case 2:
		fn.RetType, fn.RetPos = words[0].Text, words[0].Pos
		fn.Name, fn.NamePos = words[1].Text, words[1].Pos
		if fn.RetType == "void" {
			fn.RetType = "" // HLSL spelling of "no return value"
		}
	default:
		p.errorf(words[2].Pos, "DSH6300", "%s header is '[SelfContained] [ReturnType] Name(…)'", kw.Text)
		fn.RetType, fn.RetPos = words[len(words)-2].Text, words[len(words)-2].Pos
		fn.Name, fn.NamePos = words[len(words)-1].Text, words[len(words)-1].Pos
	}
	if !p.is("(") {
		p.errorf(p.peek().Pos, "DSH2157", "expected '(' after the %s name, found %s", kw.Text, describe(p.peek()))
		p.recoverTop()
		return fn
	}
	fn.LParen = p.next().Pos
	p.parseParams(fn)
	nout := 0
	for _, pr := range fn.Params {
		if pr.IsOut() {
			nout++
		}
	}
	if fn.RetType != "" && nout > 0 {
		p.errorf(fn.Pos, "DSH6304", "%s '%s' has a return type and 'out' parameters: use one or the other", kw.Text, fn.Name)
	}
	if fn.RetType == "" && nout == 0 && fn.Name != "" {
		p.errorf(fn.Pos, "DSH6305", "%s '%s' gives nothing back: add a return type or an 'out' parameter", kw.Text, fn.Name)
	}
	if !p.is("{") {
		p.errorf(p.peek().Pos, "DSH6319", "%s '%s' has no body", kw.Text, fn.Name)
		p.recoverTop()
		return fn
	}
	fn.LBrace = p.peek().Pos
	if fn.Graph {
		p.parseGraphFunctionBody(fn)
	} else {
		body, bpos, rb, ok := p.skipRawBody()
		fn.Body, fn.BodyPos, fn.RBrace = body, bpos, rb
		if !ok {
			p.errorf(fn.LBrace, "DSH2150", "end of file inside the body of '%s'", fn.Name)
		}
		if fn.RetType != "" {
			p.checkBareReturn(fn)
		}
	}
	p.accept(";")
	return fn
}

// recoverTop skips to the next line that starts a top-level block.
func (p *parser) recoverTop() {
	n := len(p.diags.Items)
	for !p.eof() {
		t := p.peek()
		if t.Kind == tIdent && t.BOL && isTopWord(t.Text) {
			break
		}
		if p.is("{") {
			p.skipRawBody()
			continue
		}
		p.quietNext()
	}
	p.diags.Items = p.diags.Items[:n]
}

// checkBareReturn finds `return;` in an HLSL body of a function with a return
// type (1.x rewrote `return e;` to `__return = e;` and refused a bare one).
func (p *parser) checkBareReturn(fn *FunctionDecl) {
	lx := newLexer(p.file.Path, fn.Body)
	prev := token{}
	for {
		t := lx.next()
		if t.Kind == tEOF {
			return
		}
		if t.Kind == tPunct && t.Text == ";" && prev.Kind == tIdent && prev.Text == "return" {
			pos := prev.Pos
			if pos.Line == 1 {
				pos.Col += fn.BodyPos.Col - 1
			}
			pos.Line += fn.BodyPos.Line - 1
			p.errorf(pos, "DSH6308", "'%s' returns %s: 'return;' needs a value", fn.Name, fn.RetType)
		}
		prev = t
	}
}

// parseParams parses `[in|out] Type Name, …)` after the '('.
func (p *parser) parseParams(fn *FunctionDecl) {
	if p.accept(")") {
		return
	}
	for !p.eof() {
		var room [4]token // a parameter is two or three words
		words := room[:0]
		start := p.peek()
		for !p.eof() && !p.is(",") && !p.is(")") && !p.is("{") && !p.is(";") {
			if p.peek().Kind == tIdent {
				words = append(words, p.next())
			} else {
				p.skipBalanced()
				words = append(words, token{Kind: tBad})
			}
		}
		pr := &Param{Pos: start.Pos}
		bad := false
		for _, w := range words {
			if w.Kind != tIdent {
				bad = true
			}
		}
		switch {
		case bad || len(words) < 2 || len(words) > 3:
			p.errorf(start.Pos, "DSH6301", "a parameter is '[in|out] Type Name'")
		case len(words) == 3:
			q := words[0].Text
			switch q {
			case "in", "out":
				pr.Qual = q
			case "inout":
				p.errorf(words[0].Pos, "DSH6302", "'inout' is not a 1.x qualifier: use 'in' or 'out'")
				pr.Qual = "out"
			default:
				p.errorf(words[0].Pos, "DSH6301", "'%s' is not a parameter qualifier ('in' or 'out')", q)
			}
			pr.Type, pr.TypePos, pr.Name, pr.NamePos = words[1].Text, words[1].Pos, words[2].Text, words[2].Pos
		default:
			pr.Type, pr.TypePos, pr.Name, pr.NamePos = words[0].Text, words[0].Pos, words[1].Text, words[1].Pos
		}
		if pr.Name == "__return" {
			p.errorf(pr.NamePos, "DSH6303", "'__return' is the generated name of the return value")
		}
		if pr.Name != "" {
			fn.Params = append(fn.Params, pr)
		}
		if p.accept(",") {
			continue
		}
		if p.accept(")") {
			return
		}
		p.errorf(p.peek().Pos, "DSH2152", "expected ')' after the parameters, found %s", describe(p.peek()))
		return
	}
}

func (p *parser) parseNamespace() Decl {
	kw := p.next()
	ns := &NamespaceDecl{Pos: kw.Pos}
	if p.is("(") {
		ns.Attrs, _ = p.parseAttrs()
	} else if p.isIdent() && p.isN(1, "{") {
		// the docs' `Namespace Name {…}` spelling: 1.5 required (Name=…)
		t := p.next()
		p.errorf(t.Pos, "DSH2241", "Namespace needs its attribute list '(Name = \"%s\")'", t.Text)
		ns.Attrs = []*Attr{{Pos: t.Pos, Key: "Name", Value: t.Text, ValuePos: t.Pos}}
	} else {
		p.errorf(p.peek().Pos, "DSH2241", "Namespace needs its attribute list '(Name = …)'")
	}
	if a := findAttr(ns.Attrs, "Name"); a != nil {
		ns.Name, ns.NamePos = a.Value, a.ValuePos
	}
	if !validIdent(ns.Name) {
		p.errorf(kw.Pos, "DSH6309", "a Namespace needs a name that is an identifier, got %q", ns.Name)
	}
	if !p.is("{") {
		p.errorf(p.peek().Pos, "DSH2257", "expected '{' to open the Namespace, found %s", describe(p.peek()))
		return ns
	}
	ns.LBrace = p.next().Pos
	for !p.eof() && !p.is("}") {
		t := p.peek()
		if t.Kind == tIdent && (t.Text == "Function" || t.Text == "GraphFunction") {
			ns.Decls = append(ns.Decls, p.parseFunction(ns.Name))
			continue
		}
		if p.accept(";") {
			continue
		}
		p.errorf(t.Pos, "DSH6310", "only Function and GraphFunction declarations live in a Namespace, found %s", describe(t))
		p.skipSectionJunk()
	}
	if p.is("}") {
		ns.RBrace = p.next().Pos
	} else {
		p.errorf(p.peek().Pos, "DSH2150", "end of file inside Namespace '%s'", ns.Name)
	}
	p.accept(";")
	return ns
}

func validIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(isIdentStart(r) || (i > 0 && isIdentPart(r))) {
			return false
		}
	}
	return true
}
