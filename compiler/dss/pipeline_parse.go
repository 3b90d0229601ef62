package dss

// The `.dsp` pass-pipeline surface: `#pragma pipeline(…)`, `uniform` and
// `static const` declarations, `buffer Name : Format(Key = Value, …);`,
// `pass Name : kind { Key = value; read/write/param …; hlsl { … } }` and a
// file-level `hlsl { … }` block. Values are kept as token runs and read by
// the binder per key, as their meaning depends on the key.

import (
	"strings"

	"reuselab/diag"
)

type ptok struct {
	kind byte // 'i' identifier, 'n' number, 's' string, 'p' punctuation
	text string
	line int
	col  int
}

// pipeDoc is a `///` block: free lines and `@key value` pairs.
type pipeDoc struct {
	free []string
	keys map[string]string
}

func (d *pipeDoc) get(k string) (string, bool) {
	if d == nil {
		return "", false
	}
	v, ok := d.keys[k]
	return v, ok
}

type pipeKV struct {
	key  string
	val  []ptok
	line int
	col  int
}

type pipeDecl struct {
	doc     *pipeDoc
	line    int
	col     int
	kind    string // uniform, const
	typ     string
	name    string
	init    []ptok
	isArray bool
}

type pipeBuffer struct {
	doc    *pipeDoc
	line   int
	col    int
	name   string
	format string
	args   []pipeKV
}

type pipeBinding struct {
	verb  string // read, write, param
	name  string // the pass-side name ("" in the short form)
	value []ptok
	line  int
	col   int
}

type pipeHLSL struct{ line, lines int }

type pipePass struct {
	doc      *pipeDoc
	line     int
	col      int
	name     string
	kind     string
	keys     []pipeKV
	bindings []pipeBinding
	hlsl     *pipeHLSL
}

type pipeFile struct {
	pragmas []pipeKV
	hasPrag bool
	decls   []pipeDecl
	buffers []pipeBuffer
	passes  []pipePass
	hlsl    *pipeHLSL
}

// maxPipeTokens bounds the tokens one file may hold.
const maxPipeTokens = 1 << 20

// lexPipeline splits src into tokens; `///` lines come back as 'd'
// tokens holding the text after the slashes. HLSL bodies lex as C does,
// which is all the parser needs to match their braces.
func lexPipeline(src string) []ptok {
	var out []ptok
	line, col := 1, 1
	i := 0
	adv := func(n int) {
		for k := 0; k < n && i < len(src); k++ {
			if src[i] == '\n' {
				line++
				col = 1
			} else {
				col++
			}
			i++
		}
	}
	for i < len(src) && len(out) < maxPipeTokens {
		c := src[i]
		switch {
		case c == '\n' || c == ' ' || c == '\t' || c == '\r':
			adv(1)
		case strings.HasPrefix(src[i:], "///"):
			end := strings.IndexByte(src[i:], '\n')
			if end < 0 {
				end = len(src) - i
			}
			out = append(out, ptok{'d', src[i+3 : i+end], line, col})
			adv(end)
		case strings.HasPrefix(src[i:], "//"):
			end := strings.IndexByte(src[i:], '\n')
			if end < 0 {
				end = len(src) - i
			}
			adv(end)
		case strings.HasPrefix(src[i:], "/*"):
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				end = len(src) - i - 2
			}
			adv(end + 4)
		case c == '"':
			j := i + 1
			for j < len(src) && src[j] != '"' && src[j] != '\n' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			text := src[i+1 : min(j, len(src))]
			out = append(out, ptok{'s', text, line, col})
			adv(j + 1 - i)
		case isIdentStart(c):
			j := i
			for j < len(src) && (isIdentStart(src[j]) || (src[j] >= '0' && src[j] <= '9')) {
				j++
			}
			out = append(out, ptok{'i', src[i:j], line, col})
			adv(j - i)
		case c >= '0' && c <= '9' || (c == '.' && i+1 < len(src) && src[i+1] >= '0' && src[i+1] <= '9'):
			j := i
			for j < len(src) && (isIdentStart(src[j]) || (src[j] >= '0' && src[j] <= '9') || src[j] == '.') {
				j++
			}
			out = append(out, ptok{'n', src[i:j], line, col})
			adv(j - i)
		default:
			out = append(out, ptok{'p', string(c), line, col})
			adv(1)
		}
	}
	return out
}

func isIdentStart(c byte) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

type pipeParser struct {
	toks  []ptok
	i     int
	path  string
	diags *diag.List
	doc   *pipeDoc
}

func (p *pipeParser) peek() ptok {
	if p.i < len(p.toks) {
		return p.toks[p.i]
	}
	return ptok{kind: 0, line: 0}
}

func (p *pipeParser) errf(t ptok, code, format string, args ...any) {
	line, col := t.line, t.col
	if line == 0 {
		line, col = 1, 1
	}
	p.diags.Errorf(diag.Pos{File: p.path, Line: line, Col: col}, code, format, args...)
}

// until collects tokens up to the next `stop` punctuation at depth 0 and
// consumes the stop; parentheses nest.
func (p *pipeParser) until(stops string) []ptok {
	var out []ptok
	depth := 0
	for p.i < len(p.toks) {
		t := p.toks[p.i]
		if t.kind == 'p' {
			if depth == 0 && strings.Contains(stops, t.text) {
				return out
			}
			switch t.text {
			case "(":
				depth++
			case ")":
				depth--
			}
		}
		out = append(out, t)
		p.i++
	}
	return out
}

func (p *pipeParser) accept(text string) bool {
	if t := p.peek(); (t.kind == 'p' || t.kind == 'i') && t.text == text {
		p.i++
		return true
	}
	return false
}

// takeDoc returns the pending doc block and clears it.
func (p *pipeParser) takeDoc() *pipeDoc {
	d := p.doc
	p.doc = nil
	return d
}

func (p *pipeParser) addDoc(text string) {
	if p.doc == nil {
		p.doc = &pipeDoc{keys: map[string]string{}}
	}
	text = strings.TrimSpace(text)
	if !strings.HasPrefix(text, "@") {
		p.doc.free = append(p.doc.free, text)
		return
	}
	for _, part := range strings.Split(text[1:], "@") {
		k, v, _ := strings.Cut(strings.TrimSpace(part), " ")
		if _, dup := p.doc.keys[strings.ToLower(k)]; !dup {
			p.doc.keys[strings.ToLower(k)] = strings.TrimSpace(v)
		}
	}
}

// rawBlock skips a `{ … }` block of HLSL, braces nested, and returns
// where it opened and how many lines it spans.
func (p *pipeParser) rawBlock() *pipeHLSL {
	open := p.peek()
	if open.text != "{" {
		p.errf(open, "DSH7361", "'hlsl' is followed by a '{ … }' block of HLSL.")
		return nil
	}
	depth := 0
	last := open
	for p.i < len(p.toks) {
		t := p.toks[p.i]
		p.i++
		last = t
		if t.kind != 'p' {
			continue
		}
		if t.text == "{" {
			depth++
		} else if t.text == "}" {
			depth--
			if depth == 0 {
				break
			}
		}
	}
	return &pipeHLSL{line: open.line, lines: last.line - open.line + 1}
}

// parsePipeline reads a `.dsp` source.
func parsePipeline(path, src string, ds *diag.List) *pipeFile {
	p := &pipeParser{toks: lexPipeline(src), path: path, diags: ds}
	f := &pipeFile{}
	for p.i < len(p.toks) {
		t := p.peek()
		switch {
		case t.kind == 'd':
			p.addDoc(t.text)
			p.i++
		case t.kind == 'p' && t.text == "#":
			p.i++
			p.pragma(f)
		case t.kind == 'i' && t.text == "uniform", t.kind == 'i' && t.text == "static":
			p.decl(f)
		case t.kind == 'i' && t.text == "buffer":
			p.buffer(f)
		case t.kind == 'i' && t.text == "pass":
			p.pass(f)
		case t.kind == 'i' && t.text == "hlsl":
			p.i++
			p.takeDoc()
			f.hlsl = p.rawBlock()
		case t.kind == 'p' && t.text == ";":
			p.i++
		default:
			p.errf(t, "DSH7361", "'%s' does not start a declaration of a pipeline: uniform, static const, buffer, pass or hlsl.", t.text)
			p.until(";}")
			p.i++
		}
	}
	return f
}

func (p *pipeParser) pragma(f *pipeFile) {
	start := p.peek()
	if !p.accept("pragma") {
		p.errf(start, "DSH7361", "a '#' line of a pipeline is '#pragma pipeline(…)'.")
		p.skipLine(start.line)
		return
	}
	name := p.peek()
	p.i++
	if name.text != "pipeline" {
		p.errf(name, "DSH7361", "'#pragma %s' has no meaning in a pipeline; its pragma is '#pragma pipeline(…)'.", name.text)
		p.skipLine(name.line)
		return
	}
	f.hasPrag = true
	p.takeDoc()
	if !p.accept("(") {
		return
	}
	f.pragmas = append(f.pragmas, p.keyValues(")")...)
	p.accept(")")
}

func (p *pipeParser) skipLine(line int) {
	for p.i < len(p.toks) && p.toks[p.i].line == line {
		p.i++
	}
}

// keyValues reads `Key = value, …` up to close (not consumed).
func (p *pipeParser) keyValues(close string) []pipeKV {
	var out []pipeKV
	for p.i < len(p.toks) {
		t := p.peek()
		if t.kind == 'p' && t.text == close {
			return out
		}
		item := p.until("," + close)
		p.accept(",")
		if len(item) == 0 {
			continue
		}
		kv := pipeKV{line: item[0].line, col: item[0].col}
		if len(item) >= 2 && item[1].kind == 'p' && item[1].text == "=" {
			kv.key, kv.val = item[0].text, item[2:]
		} else {
			kv.val = item
		}
		out = append(out, kv)
	}
	return out
}

func (p *pipeParser) decl(f *pipeFile) {
	d := pipeDecl{doc: p.takeDoc(), line: p.peek().line, col: p.peek().col, kind: "uniform"}
	if p.peek().text == "static" {
		p.i++
		p.accept("const")
		d.kind = "const"
	} else {
		p.i++
	}
	typ := p.peek()
	p.i++
	name := p.peek()
	p.i++
	d.typ, d.name = typ.text, name.text
	if p.accept("[") {
		d.isArray = true
		p.until("]")
		p.accept("]")
	}
	if p.accept("=") {
		d.init = p.until(";")
	} else {
		p.until(";")
	}
	p.accept(";")
	f.decls = append(f.decls, d)
}

func (p *pipeParser) buffer(f *pipeFile) {
	b := pipeBuffer{doc: p.takeDoc(), line: p.peek().line, col: p.peek().col}
	p.i++
	b.name = p.peek().text
	p.i++
	if !p.accept(":") {
		p.errf(p.peek(), "DSH7305", "buffer '%s' names its format after a colon: 'buffer %s : RGBA8;'.", b.name, b.name)
	} else {
		b.format = p.peek().text
		p.i++
	}
	if p.accept("(") {
		b.args = p.keyValues(")")
		p.accept(")")
	}
	p.until(";")
	p.accept(";")
	f.buffers = append(f.buffers, b)
}

func (p *pipeParser) pass(f *pipeFile) {
	ps := pipePass{doc: p.takeDoc(), line: p.peek().line, col: p.peek().col}
	p.i++
	ps.name = p.peek().text
	p.i++
	if p.accept(":") {
		ps.kind = p.peek().text
		p.i++
	}
	if !p.accept("{") {
		p.errf(p.peek(), "DSH7361", "pass '%s' has a '{ … }' body.", ps.name)
		f.passes = append(f.passes, ps)
		return
	}
	for p.i < len(p.toks) {
		t := p.peek()
		if t.kind == 'p' && t.text == "}" {
			p.i++
			break
		}
		switch {
		case t.kind == 'd':
			p.i++
		case t.kind == 'i' && t.text == "hlsl":
			p.i++
			ps.hlsl = p.rawBlock()
		case t.kind == 'i' && (t.text == "read" || t.text == "write" || t.text == "param"):
			p.i++
			item := p.until(";}")
			p.accept(";")
			b := pipeBinding{verb: t.text, line: t.line, col: t.col}
			if len(item) >= 2 && item[1].kind == 'p' && item[1].text == "=" {
				b.name, b.value = item[0].text, item[2:]
			} else {
				b.value = item
			}
			ps.bindings = append(ps.bindings, b)
		default:
			item := p.until(";}")
			p.accept(";")
			if len(item) >= 2 && item[1].text == "=" {
				ps.keys = append(ps.keys, pipeKV{key: item[0].text, val: item[2:], line: item[0].line, col: item[0].col})
			} else if len(item) > 0 {
				p.errf(item[0], "DSH7310", "'%s' is not a key of a pass; a line of a pass is 'Key = value;' or a read, write or param.", item[0].text)
			}
		}
	}
	f.passes = append(f.passes, ps)
}

// joinToks prints a token run with single spaces around operators, as the
// dump writes names and paths.
func joinToks(ts []ptok) string {
	var s strings.Builder
	for _, t := range ts {
		s.WriteString(t.text)
	}
	return s.String()
}
