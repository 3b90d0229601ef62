package syntax

import (
	"strings"
)

// propShape is how a 1.x property type reads its default.
type propShape uint8

const (
	shapeOther   propShape = iota
	shapeScalar            // one number / bool
	shapeVector            // up to Width numbers (constructor name ignored)
	shapeTexture           // Path(...) or "/Game/..."
)

type propType struct {
	shape propShape
	width int
	no20  bool // no 2.0 spelling (DSH3253)
}

var propTypes = func() map[string]propType {
	m := map[string]propType{}
	for _, s := range []string{"float", "float1", "half", "half1", "int", "int1", "uint", "uint1", "bool", "bool1", "staticbool",
		"scalarparameter", "staticboolparameter", "staticswitchparameter"} {
		m[s] = propType{shape: shapeScalar, width: 1}
	}
	for _, b := range []string{"float", "half", "int", "uint", "bool", "vec", "ivec", "uvec", "bvec"} {
		for n := 2; n <= 4; n++ {
			m[b+string(rune('0'+n))] = propType{shape: shapeVector, width: n}
		}
	}
	m["vectorparameter"] = propType{shape: shapeVector, width: 4}
	for _, s := range []string{"texture2d", "texturecube", "texture2darray", "texture3d", "volumetexture", "textureobjectparameter"} {
		m[s] = propType{shape: shapeTexture}
	}
	for _, s := range []string{"channelmaskparameter", "staticcomponentmaskparameter",
		"texturesampleparameter2d", "texturesampleparameter2darray", "texturesampleparametercube",
		"texturesampleparametercubearray", "texturesampleparametervolume", "texturesampleparametersubuv",
		"runtimevirtualtexturesampleparameter", "sparsevolumetexturesampleparameter"} {
		m[s] = propType{}
	}
	for _, s := range []string{"doublevectorparameter", "texturecollectionparameter", "curveatlasrowparameter",
		"dynamicparameter", "fontsampleparameter", "spritetexturesampler", "sparsevolumetextureobjectparameter"} {
		m[s] = propType{no20: true}
	}
	return m
}()

// parsePropItems parses Properties entries until '}'; group is the
// enclosing group path.
func (p *parser) parsePropItems(group string, depth int) []PropItem {
	var out []PropItem
	idx := 0
	for !p.eof() && !p.is("}") {
		if p.accept(";") {
			continue
		}
		t := p.peek()
		if t.Kind == tIdent && strings.EqualFold(t.Text, "Group") && p.isN(1, "(") {
			if g := p.parseGroup(group, depth); g != nil {
				out = append(out, g)
			}
			continue
		}
		if d := p.parsePropDecl(); d != nil {
			d.Group = group
			d.GroupIndex = -1
			if group != "" {
				d.GroupIndex = idx
				idx++
			}
			out = append(out, d)
		}
	}
	return out
}

func (p *parser) parseGroup(outer string, depth int) PropItem {
	kw := p.next()
	p.next() // (
	g := &PropGroup{Pos: kw.Pos, NamePos: p.peek().Pos}
	if t := p.peek(); t.Kind == tString {
		p.advance()
		g.Name = t.Str
	} else if t.Kind == tIdent {
		p.advance()
		g.Name = t.Text
	}
	if !p.accept(")") {
		p.errorf(p.peek().Pos, "DSH2152", "expected ')' after the group name, found %s", describe(p.peek()))
		p.recoverQuiet()
		return nil
	}
	if strings.TrimSpace(g.Name) == "" {
		p.errorf(g.NamePos, "DSH3260", "a Group needs a name")
	}
	if !p.is("{") {
		p.errorf(p.peek().Pos, "DSH2165", "expected '{' after Group(\"%s\"), found %s", g.Name, describe(p.peek()))
		p.recoverQuiet()
		return g
	}
	p.advance()
	path := g.Name
	if outer != "" {
		path = outer + "|" + g.Name
	}
	if depth >= maxDepth {
		p.errorf(kw.Pos, "DSH2150", "groups nested too deeply")
		p.skipToClose()
		return g
	}
	g.Items = p.parsePropItems(path, depth+1)
	if !p.accept("}") {
		p.errorf(p.peek().Pos, "DSH2150", "end of file inside Group(\"%s\")", g.Name)
	}
	p.accept(";")
	return g
}

// skipToClose skips to and past the '}' closing the current block.
func (p *parser) skipToClose() {
	n := len(p.diags.Items)
	for !p.eof() && !p.is("}") {
		p.skipBalanced()
	}
	p.accept("}")
	p.diags.Items = p.diags.Items[:n]
}

func (p *parser) parsePropDecl() *PropDecl {
	start := p.peek()
	d := &PropDecl{Pos: start.Pos}
	if start.Kind == tIdent && start.Text == "const" {
		p.advance()
		d.Const = true
		if !p.isIdent() || p.is("UE") {
			p.errorf(p.peek().Pos, "DSH3251", "'const' needs a type after it, found %s", describe(p.peek()))
			p.recoverQuiet()
			return nil
		}
	}
	if !p.isIdent() {
		p.errorf(p.peek().Pos, "DSH3250", "a property is '[const] Type Name [= default] [[metadata]]', found %s", describe(p.peek()))
		p.recoverQuiet()
		return nil
	}
	if p.is("UE") && p.isN(1, ".") {
		// prebuilt node `UE.X(K=V,…) Name;`
		e := p.parsePostfix()
		call, ok := e.(*CallExpr)
		if !ok {
			p.errorf(e.Position(), "DSH3259", "a UE property is 'UE.X(Key = Value, …) Name;'")
			p.recoverQuiet()
			return nil
		}
		d.UE, d.Type, d.TypePos = call, CalleeName(call.Fun), call.Pos
	} else {
		ty := p.next()
		d.Type, d.TypePos = ty.Text, ty.Pos
	}
	if !p.isIdent() {
		if d.Const && p.is("=") && d.UE == nil {
			p.errorf(d.TypePos, "DSH3251", "'const' needs a type and a name")
		} else {
			p.errorf(p.peek().Pos, "DSH3250", "a property is '[const] Type Name [= default] [[metadata]]': name missing after '%s'", d.Type)
		}
		p.recoverQuiet()
		return nil
	}
	nm := p.next()
	d.Name, d.NamePos = nm.Text, nm.Pos
	if d.UE == nil {
		var fb FoldBuf
		pt, known := propTypes[fb.Lower(d.Type)]
		switch {
		case !known:
			p.errorf(d.TypePos, "DSH3252", "unknown property type '%s'", d.Type)
		case pt.no20:
			p.errorf(d.TypePos, "DSH3253", "'%s' has no 2.0 spelling", d.Type)
		}
	}
	if p.accept("=") {
		if p.is(";") || p.is("}") || p.is("[") {
			p.errorf(p.peek().Pos, "DSH3254", "nothing after '=' for property '%s'", d.Name)
		} else {
			st := p.peek().Off
			d.Default = p.parseDefault()
			d.DefaultText = strings.TrimSpace(p.textFrom(st))
			if d.UE != nil {
				p.errorf(d.Default.Position(), "DSH3259", "a UE property takes no default")
			} else {
				p.checkDefault(d)
			}
		}
	}
	if p.is("[") {
		d.Meta = p.parseMeta()
	}
	if !p.accept(";") && !p.is("}") {
		p.errorf(p.peek().Pos, "DSH3250", "expected ';' after property '%s', found %s", d.Name, describe(p.peek()))
		p.recoverQuiet()
	}
	return d
}

// checkDefault checks that a default fits the type's shape (DSH3254).
func (p *parser) checkDefault(d *PropDecl) {
	var fb FoldBuf
	pt, ok := propTypes[fb.Lower(d.Type)]
	if !ok || pt.no20 {
		return
	}
	bad := func() {
		p.errorf(d.Default.Position(), "DSH3254", "default '%s' does not fit property type '%s'", d.DefaultText, d.Type)
	}
	switch pt.shape {
	case shapeScalar:
		if !isLiteralScalar(d.Default) {
			if c, ok := d.Default.(*CallExpr); ok && len(c.Args) == 1 && isLiteralScalar(c.Args[0].Value) {
				if w, ok := ctorWidth(CalleeName(c.Fun)); ok && w == 1 {
					return
				}
			}
			bad()
		}
	case shapeVector:
		var elems []Expr
		switch x := d.Default.(type) {
		case *CallExpr:
			for _, a := range x.Args {
				elems = append(elems, a.Value)
			}
		case *BraceInit:
			elems = x.Elems
		default:
			elems = []Expr{x}
		}
		if len(elems) == 0 || len(elems) > 4 {
			bad()
			return
		}
		for _, e := range elems {
			if !isLiteralScalar(e) {
				bad()
				return
			}
		}
	case shapeTexture:
		switch d.Default.(type) {
		case *PathExpr, *StringLit:
		default:
			bad()
		}
	}
}

func isLiteralScalar(e Expr) bool {
	switch x := e.(type) {
	case *NumberLit, *BoolLit:
		return true
	case *UnaryExpr:
		_, ok := x.X.(*NumberLit)
		return ok
	}
	return false
}

var metaAliases = map[string]string{
	"category": "group", "desc": "description", "tooltip": "description", "sort": "sortpriority",
}

// parseMeta parses `[ Key = Value ; Slider(min, max) , … ]`.
func (p *parser) parseMeta() []*MetaEntry {
	p.next() // [
	var out []*MetaEntry
	seen := map[string]bool{}
	for !p.eof() && !p.is("]") {
		if p.accept(";") || p.accept(",") {
			continue
		}
		t := p.peek()
		if t.Kind == tIdent && strings.EqualFold(t.Text, "Slider") && p.isN(1, "(") {
			p.advance()
			lp := p.next()
			args := p.parseArgsAfterParen(lp, false)
			m := &MetaEntry{Pos: t.Pos, Key: t.Text}
			for _, a := range args {
				m.Args = append(m.Args, a.Value)
			}
			if len(args) != 2 {
				p.errorf(t.Pos, "DSH3257", "'Slider' takes a minimum and a maximum")
			} else {
				for _, a := range m.Args {
					if _, ok := numValue(a); !ok {
						p.errorf(a.Position(), "DSH3257", "'Slider' bounds are numbers")
					}
				}
			}
			if seen["slider"] {
				p.errorf(t.Pos, "DSH3256", "metadata 'Slider' written twice")
			}
			seen["slider"] = true
			out = append(out, m)
			continue
		}
		if p.is("}") {
			break // the '[' never closes; the enclosing section does
		}
		if t.Kind != tIdent || !p.isN(1, "=") {
			p.errorf(t.Pos, "DSH3255", "a metadata entry is 'Key = Value', found %s", describe(t))
			n := len(p.diags.Items)
			for !p.eof() && !p.is("]") && !p.is(";") && !p.is(",") && !p.is("}") {
				p.skipBalanced()
			}
			p.diags.Items = p.diags.Items[:n]
			continue
		}
		p.advance()
		p.next() // =
		m := &MetaEntry{Pos: t.Pos, Key: t.Text}
		if p.is("]") || p.is(";") || p.is(",") {
			p.errorf(p.peek().Pos, "DSH3255", "metadata '%s' has no value", t.Text)
		} else {
			st := p.peek().Off
			m.Value = p.parseExpr()
			m.Raw = strings.TrimSpace(p.textFrom(st))
			if s, ok := m.Value.(*StringLit); ok {
				m.Raw = s.Value
			}
		}
		key := strings.ToLower(t.Text)
		if a, ok := metaAliases[key]; ok {
			key = a
		}
		if seen[key] {
			p.errorf(t.Pos, "DSH3256", "metadata '%s' written twice", t.Text)
		}
		seen[key] = true
		if key == "sortpriority" && m.Value != nil {
			if _, ok := intValue(m.Value); !ok {
				p.errorf(m.Value.Position(), "DSH3258", "SortPriority is a whole number, got '%s'", m.Raw)
			}
		}
		out = append(out, m)
		if !p.is("]") && !p.is(";") && !p.is(",") {
			p.errorf(p.peek().Pos, "DSH3255", "expected ';', ',' or ']' in metadata, found %s", describe(p.peek()))
			n := len(p.diags.Items)
			for !p.eof() && !p.is("]") && !p.is(";") && !p.is(",") && !p.is("}") {
				p.skipBalanced()
			}
			p.diags.Items = p.diags.Items[:n]
			if p.is("}") {
				break
			}
		}
	}
	if !p.accept("]") {
		p.errorf(p.peek().Pos, "DSH3255", "expected ']' to close the metadata, found %s", describe(p.peek()))
	}
	return out
}
