package syntax

import (
	"sort"
	"strings"
)

// parseShaderOutputs parses a Shader Outputs section: declarations,
// `Base.X = expr;` bindings and `Expression(…)` pin targets.
func (p *parser) parseShaderOutputs() []OutputItem {
	var out []OutputItem
	// pins bound per Expression key, for DSH3268
	bound := map[string]map[int]bool{}
	for !p.eof() && !p.is("}") {
		if p.accept(";") {
			continue
		}
		t := p.peek()
		switch {
		case t.Kind == tIdent && t.Text == "Expression" && p.isN(1, "("):
			if e := p.parseExprOutput(bound); e != nil {
				out = append(out, e)
			}
		case t.Kind == tIdent && p.peekN(1).Kind == tIdent:
			out = append(out, p.parseOutputDecl())
		case t.Kind == tIdent && p.isN(1, ".") && p.peekN(2).Kind == tIdent && p.isN(3, "="):
			p.advance()
			p.advance()
			prop := p.next()
			p.next() // =
			b := &OutputBinding{Pos: t.Pos, Base: t.Text, Prop: prop.Text, PropPos: prop.Pos}
			if !strings.EqualFold(t.Text, "Base") {
				p.errorf(t.Pos, "DSH3266", "an Outputs binding is 'Base.<Attribute> = value;', not '%s.%s'", t.Text, prop.Text)
			}
			if p.is(";") || p.is("}") {
				p.errorf(p.peek().Pos, "DSH3270", "nothing after '=' for 'Base.%s'", prop.Text)
			} else {
				b.Value = p.parseExpr()
				out = append(out, b)
			}
			p.endOutputStmt()
		case t.Kind == tIdent && p.isN(1, "{"):
			// Only Expression(Class=…) opens a block; a block after
			// anything else is refused, not silently skipped.
			p.errorf(p.peekN(1).Pos, "DSH3133", "only Expression(Class=\"…\") opens a block in Outputs, not '%s'", t.Text)
			p.advance()
			p.skipBalanced()
			p.accept(";")
		default:
			p.errorf(t.Pos, "DSH3266", "an Outputs statement is 'Type Name [= value];', 'Base.X = value;' or 'Expression(…).Pin[i] = value;', found %s", describe(t))
			p.recoverQuiet()
		}
	}
	return out
}

func (p *parser) endOutputStmt() {
	if !p.accept(";") && !p.is("}") {
		p.errorf(p.peek().Pos, "DSH3266", "expected ';' to end the Outputs statement, found %s", describe(p.peek()))
		p.recoverQuiet()
	}
}

func (p *parser) parseOutputDecl() OutputItem {
	ty := p.next()
	nm := p.next()
	d := &OutputDecl{Pin{Pos: ty.Pos, Type: ty.Text, TypePos: ty.Pos, Name: nm.Text, NamePos: nm.Pos}}
	if p.accept("=") {
		if p.is(";") || p.is("}") {
			p.errorf(p.peek().Pos, "DSH3270", "nothing after '=' for output '%s'", nm.Text)
		} else {
			d.Default = p.parseDefault()
		}
	}
	if p.is("[") {
		d.Meta = p.parseMeta()
	}
	p.endOutputStmt()
	return d
}

// exprKey is the grouping key of an Expression head: class and arguments,
// keys lower-cased, values unquoted, sorted.
func exprKey(args []*Arg) string {
	var parts []string
	for _, a := range args {
		v := ""
		switch x := a.Value.(type) {
		case *StringLit:
			v = x.Value
		case *Ident:
			v = x.Name
		case *NumberLit:
			v = x.Raw
		case *BoolLit:
			v = strings.ToLower(x.Raw)
		default:
			v = "?"
		}
		parts = append(parts, strings.ToLower(a.Name)+"="+v)
	}
	sort.Strings(parts)
	return strings.Join(parts, ",")
}

func (p *parser) parseExprOutput(bound map[string]map[int]bool) OutputItem {
	kw := p.next()
	lp := p.next()
	e := &ExprOutput{Pos: kw.Pos}
	e.Args = p.parseArgsAfterParen(lp, false)
	ok := true
	seen := map[string]bool{}
	for _, a := range e.Args {
		if a.Name == "" {
			p.errorf(a.Pos, "DSH3267", "Expression(…) arguments are named (Key = value)")
			ok = false
			continue
		}
		if k := strings.ToLower(a.Name); seen[k] {
			p.errorf(a.Pos, "DSH3267", "Expression(…) argument '%s' written twice", a.Name)
		} else {
			seen[k] = true
		}
	}
	if ok && e.Class() == "" {
		p.errorf(kw.Pos, "DSH3267", "Expression(…) needs Class = \"…\"")
	}
	e.Key = exprKey(e.Args)
	if bound[e.Key] == nil {
		bound[e.Key] = map[int]bool{}
	}
	bind := func(pb *PinBinding) {
		if bound[e.Key][pb.Index] {
			p.errorf(pb.Pos, "DSH3268", "pin %d of Expression(Class=\"%s\") bound twice", pb.Index, e.Class())
		}
		bound[e.Key][pb.Index] = true
		e.Pins = append(e.Pins, pb)
	}
	if p.accept(".") {
		if pb := p.parsePinBinding(); pb != nil {
			bind(pb)
		}
		p.endOutputStmt()
		return e
	}
	if !p.is("{") {
		p.errorf(p.peek().Pos, "DSH3267", "Expression(…) is followed by '.Pin[i] = value;' or a '{ Pin[i] = value; … }' block, found %s", describe(p.peek()))
		p.recoverQuiet()
		return e
	}
	lb := p.next()
	e.Block = true
	for !p.eof() && !p.is("}") {
		if p.accept(";") {
			continue
		}
		if pb := p.parsePinBinding(); pb != nil {
			bind(pb)
		}
		if !p.accept(";") && !p.is("}") {
			p.errorf(p.peek().Pos, "DSH2154", "expected ';' after the pin binding, found %s", describe(p.peek()))
			p.recoverQuiet()
		}
	}
	if !p.accept("}") {
		p.errorf(p.peek().Pos, "DSH2150", "end of file inside the Expression block")
	}
	p.accept(";")
	if len(e.Pins) == 0 {
		p.errorf(lb.Pos, "DSH3269", "Expression(Class=\"%s\") block binds no pin", e.Class())
	}
	return e
}

// parsePinBinding parses `Pin[i] = value`.
func (p *parser) parsePinBinding() *PinBinding {
	t := p.peek()
	if t.Kind != tIdent || !strings.EqualFold(t.Text, "Pin") || !p.isN(1, "[") {
		p.errorf(t.Pos, "DSH3267", "expected 'Pin[i] = value', found %s", describe(t))
		p.recoverQuiet()
		return nil
	}
	p.advance()
	p.next() // [
	idx := p.peek()
	pb := &PinBinding{Pos: t.Pos, IndexPos: idx.Pos}
	if idx.Kind == tNumber && idx.NumKind != NumFloat && p.isN(1, "]") {
		p.advance()
		pb.Index = int(idx.Num)
	} else {
		p.errorf(idx.Pos, "DSH3267", "a pin index is a whole number, found %s", describe(idx))
		p.recoverQuiet()
		return nil
	}
	p.next() // ]
	if !p.accept("=") {
		p.errorf(p.peek().Pos, "DSH3267", "expected '=' after Pin[%d], found %s", pb.Index, describe(p.peek()))
		p.recoverQuiet()
		return nil
	}
	if p.is(";") || p.is("}") {
		p.errorf(p.peek().Pos, "DSH3270", "nothing after '=' for Pin[%d]", pb.Index)
		return nil
	}
	pb.Value = p.parseExpr()
	return pb
}
