package syntax

// LiftedCall is a `UE.X(…)` call inside an opaque `@custom` body: the
// parsed call (positions in the file) and its byte range in the body.
type LiftedCall struct {
	Call       *Call
	Start, End int // offsets in the raw body text
}

// bodyTokens lexes an opaque body and moves the positions to the file:
// raw starts just after the `{` at open.
func bodyTokens(open Pos, raw string) lexed {
	lx := lex(raw)
	toks := lx.toks
	for i := range toks {
		t := &toks[i]
		if t.line == 1 {
			t.col += int32(open.Col)
		}
		t.line += int32(open.Line - 1)
		t.off += int32(open.Off + 1)
		t.end += int32(open.Off + 1)
	}
	return lx
}

// FindLiftedCalls finds every `UE.` call of an opaque body in text order,
// outside comments and strings (LiftCallsOutOfOpaqueBody).
func FindLiftedCalls(src string, open Pos, raw string) []LiftedCall {
	lx := bodyTokens(open, raw)
	toks := lx.toks
	var out []LiftedCall
	base := open.Off + 1
	for i := 0; i+3 < len(toks); i++ {
		t := lx.token(i)
		if t.Kind != Ident || t.Text != "UE" {
			continue
		}
		if i > 0 && toks[i-1].kind == Punct && lx.token(i-1).Text == "." {
			continue
		}
		if lx.token(i+1).Text != "." || toks[i+2].kind != Ident || lx.token(i+3).Text != "(" {
			continue
		}
		// The parser only reads its tokens: the rest of the body is shared,
		// not copied (a copy for each call made n calls cost n²).
		sub := lexed{toks: toks[i:], src: raw, strs: lx.strs}
		p := &parser{toks: sub.toks, lexd: sub, src: src, out: &Parsed{File: &File{}}}
		x := p.primary()
		p.next() // .
		name := p.next()
		lp := p.next() // (
		args := p.arguments()
		end := int(p.toks[max(p.i-1, 0)].end) - base
		start := t.Pos.Off - base
		if end < start || end > len(raw) || len(p.diags.Items) > 0 {
			continue // a call that does not parse stays text for the HLSL compiler
		}
		call := &Call{Fn: &Member{X: x, Name: name.Text, NamePos: name.Pos}, Args: args, LPos: lp.Pos}
		out = append(out, LiftedCall{Call: call, Start: start, End: end})
		i += p.i - 1
	}
	return out
}

// HasTopLevelReturn reports a `return` at brace depth zero of a body.
func HasTopLevelReturn(raw string) bool {
	toks, _ := Lex(raw)
	depth := 0
	for _, t := range toks {
		switch {
		case t.Kind == Punct && t.Text == "{":
			depth++
		case t.Kind == Punct && t.Text == "}":
			depth--
		case t.Kind == Keyword && t.Text == "return" && depth == 0:
			return true
		}
	}
	return false
}
