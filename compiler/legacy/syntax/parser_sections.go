package syntax

import (
	"strings"
)

var sectionNames = map[string]SectionKind{
	"properties": SecProperties,
	"settings":   SecSettings,
	"inputs":     SecInputs,
	"outputs":    SecOutputs,
	"results":    SecOutputs,
	"options":    SecOptions,
	"graph":      SecGraph,
	"layout":     SecLayout,
	"code":       SecCode,
}

// sectionAllowed reports whether a block kind has that section (1.5 rules).
func sectionAllowed(b BlockKind, k SectionKind) bool {
	switch b {
	case BlockShader:
		switch k {
		case SecProperties, SecSettings, SecOutputs, SecGraph, SecLayout:
			return true
		}
	case BlockVirtualFunction:
		switch k {
		case SecInputs, SecProperties, SecOutputs, SecOptions, SecSettings:
			return true
		}
	default:
		switch k {
		case SecProperties, SecInputs, SecOutputs, SecSettings, SecGraph, SecLayout, SecOptions:
			return true
		}
	}
	return false
}

// parseSections parses `Name [=] { … } [;]` until the block's '}'.
func (p *parser) parseSections(b *BlockDecl) {
	seen := map[SectionKind]bool{}
	for !p.eof() && !p.is("}") {
		if p.accept(";") {
			continue
		}
		t := p.peek()
		if t.Kind != tIdent {
			p.errorf(t.Pos, "DSH2245", "expected a section name (Properties, Settings, Outputs, Graph, …), found %s", describe(t))
			p.skipSectionJunk()
			continue
		}
		p.advance()
		hasEq := p.accept("=")
		if !p.is("{") {
			p.errorf(p.peek().Pos, "DSH2165", "expected '{' to open section '%s', found %s", t.Text, describe(p.peek()))
			p.skipSectionJunk()
			continue
		}
		_ = hasEq
		var fb FoldBuf
		kind := sectionNames[fb.Lower(t.Text)]
		sec := &Section{Pos: t.Pos, Name: t.Text, Kind: kind}
		switch {
		case kind == SecCode:
			p.errorf(t.Pos, "DSH2246", "the 'Code' section was retired: use 'Graph'")
			p.skipQuietBalanced()
			p.accept(";")
			continue
		case kind == SecUnknown:
			p.errorf(t.Pos, "DSH2245", "unknown section '%s' in %s", t.Text, b.Kind)
			p.skipQuietBalanced()
			p.accept(";")
			continue
		case b.Kind == BlockVirtualFunction && kind == SecGraph:
			p.errorf(t.Pos, "DSH2247", "a VirtualFunction declares an existing asset: it has no '%s'", t.Text)
			p.skipQuietBalanced()
			p.accept(";")
			continue
		case !sectionAllowed(b.Kind, kind):
			p.errorf(t.Pos, "DSH2245", "section '%s' is not allowed in %s", t.Text, b.Kind)
			p.skipQuietBalanced()
			p.accept(";")
			continue
		}
		// VirtualFunction reads Properties as Inputs and Settings as Options.
		if b.Kind == BlockVirtualFunction {
			if kind == SecProperties {
				sec.Kind = SecInputs
			}
		}
		if seen[sec.Kind] {
			p.warnf(t.Pos, "DSH2258", "section '%s' written twice", t.Text)
		}
		seen[sec.Kind] = true
		sec.LBrace = p.next().Pos
		switch sec.Kind {
		case SecProperties:
			sec.Props = p.parsePropItems("", 0)
		case SecSettings, SecOptions:
			sec.Settings = p.parseSettings(b)
		case SecInputs:
			sec.Pins = p.parsePins(false)
		case SecOutputs:
			if b.Kind == BlockShader {
				sec.Outputs = p.parseShaderOutputs()
			} else {
				sec.Pins = p.parsePins(true)
			}
		case SecGraph:
			sec.Stmts = p.parseStmtList()
		case SecLayout:
			sec.Layout = p.parseLayout()
		}
		if p.is("}") {
			sec.RBrace = p.next().Pos
		} else {
			p.errorf(p.peek().Pos, "DSH2150", "end of file inside section '%s'", t.Text)
		}
		p.accept(";")
		b.Sections = append(b.Sections, sec)
	}
}

// skipQuietBalanced skips a bracketed group without reporting its tokens.
func (p *parser) skipQuietBalanced() {
	n := len(p.diags.Items)
	p.skipBalanced()
	p.diags.Items = p.diags.Items[:n]
}

// skipSectionJunk skips, without reporting its tokens, an item the parser
// has already complained about: up to a `;` or through a braced block, and
// never past the enclosing `}`.
func (p *parser) skipSectionJunk() {
	n := len(p.diags.Items)
	for !p.eof() && !p.is("}") {
		if p.is("{") {
			p.skipBalanced()
			p.accept(";")
			break
		}
		if p.accept(";") {
			break
		}
		p.skipBalanced()
	}
	p.diags.Items = p.diags.Items[:n]
}

// ---------------------------------------------------------------------------
// Settings / Options

var functionSettings = map[string]bool{
	"description": true, "userexposedcaption": true, "exposetolibrary": true, "librarycategories": true,
	"asset": true,
}

func (p *parser) parseSettings(b *BlockDecl) []*Setting {
	var out []*Setting
	seen := map[string]bool{}
	for !p.eof() && !p.is("}") {
		if p.accept(";") {
			continue
		}
		start := p.peek()
		keyStart := start.Off
		// Key: a name, dotted paths and [i] allowed (reflection paths).
		for !p.eof() && !p.is("=") && !p.is(";") && !p.is("}") {
			p.skipBalanced()
		}
		key := strings.TrimSpace(p.textFrom(keyStart))
		if !p.is("=") || key == "" || start.Kind != tIdent {
			p.errorf(start.Pos, "DSH3261", "a setting is 'Key = Value;', found %s", describe(start))
			p.recoverQuiet()
			continue
		}
		p.next() // =
		v := p.peek()
		st := &Setting{Pos: start.Pos, Key: key, ValuePos: v.Pos}
		if v.Kind == tString && (p.isN(1, ";") || p.isN(1, "}")) {
			p.advance()
			st.Value, st.Quoted = v.Str, true
			st.Expr = &StringLit{Pos: v.Pos, Raw: v.Text, Value: v.Str}
		} else {
			n := len(p.diags.Items)
			e := p.parseExpr()
			if p.is(";") || p.is("}") {
				st.Expr = e
			} else {
				p.diags.Items = p.diags.Items[:n]
				for !p.eof() && !p.is(";") && !p.is("}") {
					p.skipBalanced()
				}
			}
			st.Value = strings.TrimSpace(p.textFrom(v.Off))
			if st.Value == "" {
				p.errorf(v.Pos, "DSH3261", "setting '%s' has no value", key)
			}
		}
		var fb FoldBuf
		lk := fb.Lower(key) // aliases fb: the map keeps its own copy
		if seen[lk] {
			p.warnf(st.Pos, "DSH3262", "setting '%s' written twice; the later value wins", key)
		} else {
			seen[strings.ToLower(key)] = true
		}
		if b.Kind != BlockShader {
			switch {
			case lk == "userexposedcaption":
				p.warnf(st.Pos, "DSH3264", "'UserExposedCaption' has no 2.0 spelling and is dropped")
			case lk == "exposetolibrary":
				if !strings.EqualFold(st.Value, "true") && !strings.EqualFold(st.Value, "false") {
					p.warnf(st.ValuePos, "DSH3265", "'ExposeToLibrary' is true or false, got '%s'", st.Value)
				}
			case !functionSettings[lk]:
				p.warnf(st.Pos, "DSH3263", "setting '%s' has no effect on a %s (1.x ignored it)", key, b.Kind)
			}
		}
		out = append(out, st)
		if !p.accept(";") && !p.is("}") {
			p.errorf(p.peek().Pos, "DSH2154", "expected ';' after setting '%s', found %s", key, describe(p.peek()))
			p.recoverQuiet()
		}
	}
	return out
}

// ---------------------------------------------------------------------------
// Inputs / function Outputs

// parsePins parses `[opt] Type Name [= expr] [meta];` entries.
func (p *parser) parsePins(outputs bool) []*Pin {
	var out []*Pin
	for !p.eof() && !p.is("}") {
		if p.accept(";") {
			continue
		}
		pin := p.parsePin(outputs)
		if pin != nil {
			out = append(out, pin)
		}
	}
	return out
}

func (p *parser) parsePin(outputs bool) *Pin {
	start := p.peek()
	pin := &Pin{Pos: start.Pos}
	if start.Kind == tIdent && start.Text == "opt" && p.peekN(1).Kind == tIdent && p.peekN(2).Kind == tIdent {
		p.advance()
		pin.Opt = true
		if outputs {
			p.warnf(start.Pos, "DSH3272", "'opt' has no meaning on an output")
		}
	}
	if !p.isIdent() || p.peekN(1).Kind != tIdent {
		p.errorf(p.peek().Pos, "DSH3271", "a pin is '[opt] Type Name [= default]', found %s", describe(p.peek()))
		p.recoverQuiet()
		return nil
	}
	ty := p.next()
	nm := p.next()
	pin.Type, pin.TypePos, pin.Name, pin.NamePos = ty.Text, ty.Pos, nm.Text, nm.Pos
	if p.accept("=") {
		if p.is(";") || p.is("}") || p.is("[") {
			p.errorf(p.peek().Pos, "DSH3270", "nothing after '=' for '%s'", pin.Name)
		} else {
			pin.Default = p.parseDefault()
			if outputs {
				p.warnf(pin.Default.Position(), "DSH3273", "an output has no default: '%s' default dropped", pin.Name)
			}
		}
	}
	if p.is("[") {
		pin.Meta = p.parseMeta()
	}
	if !p.accept(";") && !p.is("}") {
		p.errorf(p.peek().Pos, "DSH2154", "expected ';' after '%s', found %s", pin.Name, describe(p.peek()))
		p.recoverQuiet()
	}
	return pin
}

// ---------------------------------------------------------------------------
// Layout

func (p *parser) parseLayout() []*LayoutItem {
	var out []*LayoutItem
	for !p.eof() && !p.is("}") {
		if p.accept(";") {
			continue
		}
		t := p.peek()
		if t.Kind != tIdent || !p.isN(1, "(") || (t.Text != "Node" && t.Text != "Comment") {
			p.errorf(t.Pos, "DSH3274", "a Layout statement is 'Node(Var=…, X=…, Y=…)' or 'Comment(Name=…, X=…, Y=…, W=…, H=…)', found %s", describe(t))
			p.recoverQuiet()
			continue
		}
		p.advance()
		it := &LayoutItem{Pos: t.Pos, Kind: t.Text}
		lp := p.next()
		it.Args = p.parseArgsAfterParen(lp, true)
		p.fillLayout(it)
		out = append(out, it)
		if !p.accept(";") && !p.is("}") {
			p.errorf(p.peek().Pos, "DSH2154", "expected ';' after the Layout statement, found %s", describe(p.peek()))
			p.recoverQuiet()
		}
	}
	return out
}

func (p *parser) fillLayout(it *LayoutItem) {
	need := []string{"X", "Y"}
	if it.Kind == "Node" {
		need = append([]string{"Var"}, need...)
	} else {
		need = append([]string{"Name"}, "X", "Y", "W", "H")
	}
	for _, a := range it.Args {
		if a.Name == "" {
			p.errorf(a.Pos, "DSH3275", "Layout arguments are named (Key = value)")
			continue
		}
		var fb FoldBuf
		switch fb.Lower(a.Name) {
		case "var", "name":
			s, ok := textValue(a.Value)
			if !ok {
				p.errorf(a.Value.Position(), "DSH3275", "'%s' is a name", a.Name)
			}
			if it.Kind == "Node" {
				it.Var = s
			} else {
				it.Name = s
			}
		case "x", "y", "w", "h":
			v, ok := intValue(a.Value)
			if !ok {
				p.errorf(a.Value.Position(), "DSH3275", "Layout coordinate '%s' is a whole number", a.Name)
			}
			switch fb.Lower(a.Name) {
			case "x":
				it.X = v
			case "y":
				it.Y = v
			case "w":
				it.W = v
			case "h":
				it.H = v
			}
		case "color":
			if it.Kind != "Comment" {
				p.errorf(a.Pos, "DSH3275", "only a Comment has a Color")
				continue
			}
			c, ok := colorValue(a.Value)
			if !ok {
				p.errorf(a.Value.Position(), "DSH3276", "a Comment Color is a vector literal such as (r, g, b[, a])")
				continue
			}
			it.Color, it.HasColor = c, true
		default:
			p.errorf(a.Pos, "DSH3275", "unknown Layout argument '%s'", a.Name)
		}
	}
	for _, n := range need {
		if NamedArg(it.Args, n) == nil {
			p.errorf(it.Pos, "DSH3275", "%s needs '%s ='", it.Kind, n)
		}
	}
}

// textValue reads a name-like argument: a string or an identifier.
func textValue(e Expr) (string, bool) {
	switch x := e.(type) {
	case *StringLit:
		return x.Value, true
	case *Ident:
		return x.Name, true
	}
	return "", false
}

// numValue folds a literal number with an optional sign.
func numValue(e Expr) (float64, bool) {
	switch x := e.(type) {
	case *NumberLit:
		return x.Value, true
	case *UnaryExpr:
		v, ok := numValue(x.X)
		if x.Op == '-' {
			v = -v
		}
		return v, ok
	case *ParenExpr:
		return numValue(x.X)
	}
	return 0, false
}

func intValue(e Expr) (int, bool) {
	v, ok := numValue(e)
	if !ok || v != float64(int(v)) {
		return int(v), false
	}
	return int(v), true
}

// colorValue accepts `(r,g,b[,a])` (a tuple call with no callee, see
// parseArgsAfterParen) or `float4(…)`/`vec4(…)`, normalised to four numbers.
func colorValue(e Expr) ([]float64, bool) {
	var args []*Arg
	switch x := e.(type) {
	case *CallExpr:
		if x.Fun != nil {
			if _, ok := ctorWidth(CalleeName(x.Fun)); !ok {
				return nil, false
			}
		}
		args = x.Args
	case *BraceInit:
		for _, el := range x.Elems {
			args = append(args, &Arg{Value: el})
		}
	default:
		return nil, false
	}
	if len(args) < 3 || len(args) > 4 {
		return nil, false
	}
	c := []float64{0, 0, 0, 1}
	for i, a := range args {
		v, ok := numValue(a.Value)
		if !ok || a.Name != "" {
			return nil, false
		}
		c[i] = v
	}
	return c, true
}
