package syntax

import (
	"fmt"
	"path/filepath"
	"strings"

	"reuselab/diag"
)

// maxDepth bounds recursion (nested parentheses, ifs, groups) so that no
// input can exhaust the stack.
const maxDepth = 200

type parser struct {
	lx *lexer
	// buf[head:] are the tokens lexed ahead and not yet consumed. The
	// consumed prefix is reused rather than sliced away, which made append
	// allocate afresh for nearly every token.
	buf   []token
	head  int
	diags *diag.List
	file  *File
	depth int
	// lastEnd is the end offset of the last consumed token.
	lastEnd int
	lastPos Pos
	// graphFn is set while parsing a GraphFunction body (return allowed).
	graphFn *FunctionDecl
	shaders int
	// tuples lets a parenthesised comma list be a value (Layout colours).
	tuples bool
	// noIndex stops postfix '[' (a default is followed by its [metadata]).
	noIndex bool
	// argStack holds the arguments of the calls being parsed (nested calls
	// stack up); each call keeps an exactly sized copy of its own.
	argStack []*Arg
}

// Parse parses one file. It never panics; every problem is a diagnostic and
// the returned File holds whatever parsed.
func Parse(path string, src []byte) (f *File, l diag.List) {
	f = &File{Path: path, Kind: kindOf(path)}
	p := &parser{lx: newLexer(path, string(src)), diags: &l, file: f, buf: make([]token, 0, 8)}
	defer func() {
		if r := recover(); r != nil {
			// A parser bug must not take the compiler down: report it.
			l.Errorf(Pos{File: path, Line: 1, Col: 1}, "DSH2150", "internal parser error: %v", r)
		}
	}()
	p.parseFile()
	if t := p.peek(); t.Kind == tEOF && t.prob != nil {
		// a problem the lexer hung on the end of file (an open /*)
		p.errorf(t.prob.Pos, t.prob.Code, "%s", t.prob.Msg)
	}
	checkTree(f, &l)
	l.Cap(diag.MaxPerFile)
	return f, l
}

func kindOf(path string) FileKind {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".dsm":
		return FileDSM
	case ".dsf":
		return FileDSF
	case ".dsh":
		return FileDSH
	}
	return FileOther
}

// ---------------------------------------------------------------------------
// token plumbing

func (p *parser) peekN(n int) token { return *p.ahead(n) }

func (p *parser) peek() token { return *p.ahead(0) }

// ahead is the n-th token not yet consumed, lexing up to it. The pointer
// is only good until the next token is lexed or consumed.
func (p *parser) ahead(n int) *token {
	if p.head+n < len(p.buf) {
		return &p.buf[p.head+n]
	}
	return p.fill(n)
}

func (p *parser) fill(n int) *token {
	for len(p.buf)-p.head <= n {
		if p.head > 0 && len(p.buf) == cap(p.buf) {
			k := copy(p.buf, p.buf[p.head:])
			p.buf = p.buf[:k]
			p.head = 0
		}
		if len(p.buf) < cap(p.buf) {
			p.buf = p.buf[:len(p.buf)+1] // nextInto overwrites the whole slot
		} else {
			p.buf = append(p.buf, token{})
		}
		p.lx.nextInto(&p.buf[len(p.buf)-1])
	}
	return &p.buf[p.head+n]
}

// next consumes a token, reporting the lexer problem it carries.
func (p *parser) next() token { return *p.advance() }

// advance is next without the copy of the token: the pointer is good until
// the next token is lexed.
func (p *parser) advance() *token {
	t := p.ahead(0)
	p.head++
	if t.prob != nil {
		p.diags.Errorf(t.prob.Pos, t.prob.Code, "%s", t.prob.Msg)
	}
	if t.Kind != tEOF {
		p.lastEnd = t.End
		p.setLastPos(t.Pos)
	}
	return t
}

// setLastPos is p.lastPos = pos storing the file only when it changes
// (it almost never does): the parser is on the heap, and each pointer
// store has a write barrier while the collector runs.
func (p *parser) setLastPos(pos Pos) {
	if p.lastPos.File != pos.File {
		p.lastPos.File = pos.File
	}
	p.lastPos.Line, p.lastPos.Col = pos.Line, pos.Col
}

func (p *parser) is(text string) bool {
	t := p.ahead(0)
	return (t.Kind == tPunct || t.Kind == tIdent) && t.Text == text
}

func (p *parser) isN(n int, text string) bool {
	t := p.ahead(n)
	return (t.Kind == tPunct || t.Kind == tIdent) && t.Text == text
}

func (p *parser) isIdent() bool { return p.ahead(0).Kind == tIdent }

func (p *parser) eof() bool { return p.ahead(0).Kind == tEOF }

// accept consumes the punctuation if present.
func (p *parser) accept(text string) bool {
	if p.is(text) {
		p.advance()
		return true
	}
	return false
}

func (p *parser) errorf(pos Pos, code, format string, args ...any) {
	p.diags.Errorf(pos, code, format, args...)
}

func (p *parser) warnf(pos Pos, code, format string, args ...any) {
	p.diags.Warnf(pos, code, format, args...)
}

// describe names a token for messages.
func describe(t token) string {
	switch t.Kind {
	case tEOF:
		return "end of file"
	case tString:
		return "string " + t.Text
	case tHash:
		return fmt.Sprintf("%q", t.Text)
	}
	return "'" + t.Text + "'"
}

// skipBalanced consumes one token; if it opens a bracket it consumes through
// the matching close (at EOF it stops).
func (p *parser) skipBalanced() {
	depth := 0
	for !p.eof() {
		t := p.next()
		if t.Kind == tPunct {
			switch t.Text {
			case "(", "[", "{":
				depth++
			case ")", "]", "}":
				depth--
			}
		}
		if depth <= 0 {
			return
		}
	}
}

// recover skips to the end of the current statement: past a ';' at depth 0,
// or up to (not past) a '}' closing the enclosing block.
func (p *parser) recoverStmt() {
	for !p.eof() {
		t := p.peek()
		if t.Kind == tPunct {
			switch t.Text {
			case ";":
				p.advance()
				return
			case "}":
				return
			case "(", "[", "{":
				p.skipBalanced()
				continue
			}
		}
		p.advance()
	}
}

// recoverQuiet is recoverStmt without reporting lexer problems of the
// skipped tokens (they belong to a statement already reported).
func (p *parser) recoverQuiet() {
	n := len(p.diags.Items)
	p.recoverStmt()
	p.diags.Items = p.diags.Items[:n]
}

// textFrom is the source text from start to the end of the last consumed
// token ("" if nothing was consumed since start).
func (p *parser) textFrom(start int) string {
	end := min(p.lastEnd, len(p.lx.src))
	if start < 0 || start >= end {
		return ""
	}
	return p.lx.src[start:end]
}

func (p *parser) enter() bool {
	p.depth++
	return p.depth <= maxDepth
}

func (p *parser) leave() { p.depth-- }

// ---------------------------------------------------------------------------
// file level

var blockWords = map[string]BlockKind{
	"Shader":             BlockShader,
	"ShaderFunction":     BlockShaderFunction,
	"ShaderLayer":        BlockShaderLayer,
	"ShaderLayerBlend":   BlockShaderLayerBlend,
	"MaterialLayer":      BlockShaderLayer,
	"MaterialLayerBlend": BlockShaderLayerBlend,
	"VirtualFunction":    BlockVirtualFunction,
}

func isTopWord(s string) bool {
	if _, ok := blockWords[s]; ok {
		return true
	}
	return s == "Function" || s == "GraphFunction" || s == "Namespace"
}

// lang2Words start a 2.0 declaration; seeing one in a .dsm/.dsf is DSH2248.
var lang2Words = map[string]bool{
	"uniform": true, "export": true, "void": true, "struct": true, "static": true,
	"const": true, "extern": true, "inline": true, "material": true,
}

func (p *parser) parseFile() {
	f := p.file
	blocks := 0
	for !p.eof() {
		t := p.peek()
		if p.depth != 0 {
			p.depth = 0
		}
		switch {
		case t.Kind == tIdent && strings.EqualFold(t.Text, "import") && (p.peekN(1).Kind == tString):
			p.parseImport()
		case t.Kind == tIdent && isTopWord(t.Text):
			if d := p.parseTopDecl(); d != nil {
				f.Decls = append(f.Decls, d)
				blocks++
			}
		case t.Kind == tIdent && isTopWordFold(t.Text) && (p.isN(1, "(") || p.peekN(1).Kind == tIdent) && f.Kind != FileDSH:
			p.advance()
			p.errorf(t.Pos, "DSH2154", "block keywords are case-sensitive: '%s' is not '%s'", t.Text, topWordFold(t.Text))
			p.skipLang2Decl()
		case t.Kind == tPunct && t.Text == ";":
			p.advance()
		default:
			if f.Kind == FileDSH {
				start := p.peek()
				if start.Kind == tIdent && start.Text == "export" {
					p.errorf(start.Pos, "DSH2249", "a header (.dsh) makes no asset: 'export' belongs in a .dss file")
				}
				p.skipLang2Decl()
				f.Decls = append(f.Decls, &Lang2Decl{Pos: start.Pos, Text: p.textFrom(start.Off)})
				continue
			}
			if looksLang2(p) {
				p.errorf(t.Pos, "DSH2248", "2.0 syntax in a 1.x file; write it in a .dss file")
			} else {
				p.errorf(t.Pos, "DSH2240", "expected a 1.x block (Shader, ShaderFunction, Function, …), found %s", describe(t))
			}
			n := len(p.diags.Items)
			p.skipLang2Decl()
			p.diags.Items = p.diags.Items[:n]
		}
	}
	if blocks == 0 && f.Kind != FileDSH {
		p.errorf(Pos{File: f.Path, Line: 1, Col: 1}, "DSH2254", "no Shader, ShaderFunction, ShaderLayer, VirtualFunction, Function or Namespace block in the file")
	}
}

func isTopWordFold(s string) bool { return topWordFold(s) != "" }

func topWordFold(s string) string {
	for _, w := range []string{"Shader", "ShaderFunction", "ShaderLayer", "ShaderLayerBlend", "MaterialLayer", "MaterialLayerBlend", "VirtualFunction", "Function", "GraphFunction", "Namespace"} {
		if strings.EqualFold(s, w) {
			return w
		}
	}
	return ""
}

// looksLang2 guesses whether the text at hand is a 2.0 declaration.
func looksLang2(p *parser) bool {
	t := p.peek()
	if t.Kind == tHash {
		return true
	}
	if t.Kind != tIdent {
		return false
	}
	if lang2Words[t.Text] {
		return true
	}
	// `Type Name(` or `Type Name =` / `Type Name;`
	return p.peekN(1).Kind == tIdent && (p.isN(2, "(") || p.isN(2, "=") || p.isN(2, ";"))
}

// skipLang2Decl skips one 2.0 top-level declaration: to a ';' at depth 0, or
// through a '{…}' body (raw, so HLSL inside never trips the 1.x lexer).
func (p *parser) skipLang2Decl() {
	if p.peek().Kind == tHash {
		p.advance()
		return
	}
	first := true
	for !p.eof() {
		t := p.peek()
		if t.Kind == tPunct {
			switch t.Text {
			case ";":
				p.advance()
				return
			case "{":
				p.skipRawBody()
				p.accept(";")
				return
			case "(", "[":
				p.skipBalanced()
				first = false
				continue
			}
		}
		if !first && t.Kind == tIdent && isTopWord(t.Text) && t.BOL {
			return
		}
		if !first && t.Kind == tHash {
			return
		}
		p.quietNext()
		first = false
	}
}

// quietNext consumes a token without reporting its lexer problem.
func (p *parser) quietNext() token {
	t := p.ahead(0)
	p.head++
	if t.Kind != tEOF {
		p.lastEnd = t.End
		p.setLastPos(t.Pos)
	}
	return *t
}

// skipRawBody consumes a '{' and raw text through its matching '}'. It
// returns the body text, its start position, and the '}' token position
// (ok=false at EOF).
func (p *parser) skipRawBody() (body string, bodyPos Pos, rbrace Pos, ok bool) {
	lb := p.quietNext()
	start := lb.End
	p.buf, p.head = p.buf[:0], 0
	end := p.lx.skipRaw(start)
	bodyPos = p.lx.pos(start)
	if end < 0 {
		p.lx.off = len(p.lx.src)
		return p.lx.src[start:], bodyPos, Pos{}, false
	}
	p.lx.off = end + 1
	p.lx.lastLine = p.lx.pos(end).Line
	p.lastEnd = end + 1
	p.lastPos = p.lx.pos(end)
	return p.lx.src[start:end], bodyPos, p.lx.pos(end), true
}

func (p *parser) parseImport() {
	kw := p.next()
	str := p.next()
	imp := &Import{Pos: kw.Pos, Path: str.Str, PathPos: str.Pos, Capital: kw.Text != "import"}
	if imp.Capital {
		p.warnf(kw.Pos, "DSH2253", "'%s' is read as 'import'", kw.Text)
	}
	p.accept(";")
	p.file.Imports = append(p.file.Imports, imp)
}

func (p *parser) parseTopDecl() Decl {
	t := p.peek()
	switch t.Text {
	case "Function", "GraphFunction":
		return p.parseFunction("")
	case "Namespace":
		return p.parseNamespace()
	}
	return p.parseBlock()
}
