package dss

// The `.dsp` pass-pipeline surface: `#pragma pipeline(…)`, `uniform` and
// `static const` declarations, `buffer Name : Format(Key = Value, …);`,
// `pass Name : kind { Key = value; read/write/param …; hlsl { … } }` and a
// file-level `hlsl { … }` block. Values are kept as token runs and read by
// the binder per key, as their meaning depends on the key.

import (
	"strings"

	"reuselab/compiler/front"
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
		case front.IsIdentStart(c):
			j := i
			for j < len(src) && (front.IsIdentStart(src[j]) || (src[j] >= '0' && src[j] <= '9')) {
				j++
			}
			out = append(out, ptok{'i', src[i:j], line, col})
			adv(j - i)
		case c >= '0' && c <= '9' || (c == '.' && i+1 < len(src) && src[i+1] >= '0' && src[i+1] <= '9'):
			j := i
			for j < len(src) && (front.IsIdentStart(src[j]) || (src[j] >= '0' && src[j] <= '9') || src[j] == '.') {
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
		p.errf(open, "DSH2313", "'hlsl' is followed by a '{ ... }' block of HLSL.")
		return nil
	}
	depth := 0
	last := open
	defer func() {
		if depth > 0 {
			p.errf(open, "DSH2150", "the file ends inside the 'hlsl' block opened on line %d.", open.line)
		}
	}()
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

// parsePipeline reads a `.dsp` source; syntax errors carry upstream's
// parser codes (DSH2300–2314, DSH3300–3305, DSH2150 for a block the file
// ends inside).
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
			p.errf(t, "DSH2301", "'%s' does not start a declaration of a pipeline: uniform, static const, buffer, pass or hlsl.", t.text)
			p.until(";}")
			p.i++
		}
	}
	return f
}

func (p *pipeParser) pragma(f *pipeFile) {
	start := p.peek()
	if !p.accept("pragma") {
		p.errf(start, "DSH2301", "a '#' line of a pipeline is '#pragma pipeline(...)'.")
		p.skipLine(start.line)
		return
	}
	name := p.peek()
	p.i++
	if name.text != "pipeline" {
		p.errf(name, "DSH2301", "'#pragma %s' has no meaning in a pipeline; its pragma is '#pragma pipeline(...)'.", name.text)
		p.skipLine(name.line)
		return
	}
	f.hasPrag = true
	p.takeDoc()
	if !p.accept("(") {
		return
	}
	for _, kv := range p.keyValues(")") {
		if kv.key == "" || len(kv.val) == 0 || kv.val[len(kv.val)-1].text == "|" {
			p.errf(ptok{line: kv.line, col: kv.col}, "DSH3202", "'#pragma pipeline' takes 'Key = Value' pairs, and this argument is not one.")
			continue
		}
		f.pragmas = append(f.pragmas, kv)
	}
	p.accept(")")
}

func (p *pipeParser) skipLine(line int) {
	for p.i < len(p.toks) && p.toks[p.i].line == line {
		p.i++
	}
}

// keyValues reads `Key = value, ...` up to close (not consumed).
func (p *pipeParser) keyValues(close string) []pipeKV {
	var out []pipeKV
	for p.i < len(p.toks) {
		t := p.peek()
		if t.kind == 'p' && t.text == close {
			return out
		}
		item := p.until("," + close + ";")
		if p.is(";") {
			return out
		}
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

func (p *pipeParser) is(text string) bool {
	t := p.peek()
	return t.kind == 'p' && t.text == text
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
	kw := p.peek()
	b := pipeBuffer{doc: p.takeDoc(), line: kw.line, col: kw.col}
	p.i++
	if t := p.peek(); t.kind != 'i' {
		p.errf(t, "DSH3300", "'buffer' is followed by the buffer's name.")
	} else {
		b.name = t.text
		p.i++
	}
	if !p.accept(":") {
		p.errf(p.peek(), "DSH3301", "buffer '%s' names its format after a colon: 'buffer %s : RGBA8;'.", b.name, b.name)
	}
	if t := p.peek(); t.kind != 'i' {
		p.errf(t, "DSH3302", "buffer '%s' has no format: 'buffer %s : RGBA8;'.", b.name, b.name)
	} else {
		b.format = t.text
		p.i++
	}
	if p.accept("(") {
		b.args = p.bufferArgs()
		p.accept(")")
	}
	if !p.accept(";") {
		p.errf(p.peek(), "DSH2311", "a buffer declaration ends with ';'.")
	}
	if b.name != "" {
		f.buffers = append(f.buffers, b)
	}
}

// bufferArgs reads a buffer's `Key = value, ...` list up to its `)`.
func (p *pipeParser) bufferArgs() []pipeKV {
	var out []pipeKV
	for p.i < len(p.toks) && !p.is(")") && !p.is(";") {
		item := p.until(",);")
		p.accept(",")
		if len(item) == 0 {
			continue
		}
		switch {
		case item[0].kind == 'p' && item[0].text == "=":
			p.errf(item[0], "DSH2308", "a buffer argument is 'Key = value', and this one has no key.")
		case item[0].kind != 'i' || len(item) < 2 || item[1].text != "=":
			p.errf(item[0], "DSH2309", "a buffer argument is 'Key = value', and '%s' has no '='.", item[0].text)
		default:
			val := item[2:]
			for k, t := range val {
				if t.kind == 'p' && t.text == "=" && k > 0 {
					p.errf(val[k-1], "DSH2310", "buffer arguments are separated by ',', and one is missing before '%s'.", val[k-1].text)
					val = val[:k-1]
					break
				}
			}
			out = append(out, pipeKV{key: item[0].text, val: val, line: item[0].line, col: item[0].col})
		}
	}
	return out
}

func (p *pipeParser) pass(f *pipeFile) {
	kw := p.peek()
	ps := pipePass{doc: p.takeDoc(), line: kw.line, col: kw.col}
	p.i++
	if t := p.peek(); t.kind != 'i' {
		p.errf(t, "DSH3303", "'pass' is followed by the pass's name.")
	} else {
		ps.name = t.text
		p.i++
	}
	if !p.accept(":") {
		p.errf(p.peek(), "DSH3304", "pass '%s' names its kind after a colon: 'pass %s : fullscreen'.", ps.name, ps.name)
	}
	if t := p.peek(); t.kind == 'i' {
		ps.kind = t.text
		p.i++
	} else {
		p.errf(t, "DSH3305", "pass '%s' has no kind: fullscreen, compute, mesh, clear or copy.", ps.name)
	}
	if !p.accept("{") {
		p.errf(p.peek(), "DSH2300", "pass '%s' has its statements in a '{ ... }' block, and the '{' is missing.", ps.name)
	}
	p.passBody(&ps, kw)
	f.passes = append(f.passes, ps)
}

// passBody reads a pass's statements up to its `}`.
func (p *pipeParser) passBody(ps *pipePass, open ptok) {
	for {
		if p.i >= len(p.toks) {
			p.errf(open, "DSH2150", "the file ends inside pass '%s', opened on line %d.", ps.name, open.line)
			return
		}
		t := p.peek()
		switch {
		case t.kind == 'p' && t.text == "}":
			p.i++
			return
		case t.kind == 'd':
			p.i++
			continue
		case t.kind == 'i' && t.text == "pass":
			p.errf(open, "DSH2314", "pass '%s' is not closed with '}' before the next pass.", ps.name)
			return
		case t.kind == 'p' && t.text == "#":
			p.errf(t, "DSH2312", "a directive stands at file scope, not inside pass '%s'.", ps.name)
			p.skipLine(t.line)
			continue
		case t.kind == 'i' && t.text == "hlsl":
			p.i++
			if !p.is("{") {
				p.errf(p.peek(), "DSH2313", "'hlsl' in a pass is followed by a '{ ... }' block of HLSL.")
				p.accept(";")
				continue
			}
			ps.hlsl = p.rawBlock()
			continue
		case t.kind == 'i' && (t.text == "read" || t.text == "write" || t.text == "param"):
			p.i++
			item := p.statementTokens()
			p.binding(ps, t, item)
		case t.kind == 'i' && len(p.toks) > p.i+1 && p.toks[p.i+1].text == "=":
			p.i += 2
			item := p.statementTokens()
			ps.keys = append(ps.keys, pipeKV{key: t.text, val: item, line: t.line, col: t.col})
		case t.kind == 'i':
			p.errf(t, "DSH2302", "a pass setting is 'Key = value;', and '%s' has no '='.", t.text)
			p.statementTokens()
		default:
			p.errf(t, "DSH2301", "'%s' does not start a statement of a pass: a setting, read, write, param or hlsl.", t.text)
			p.statementTokens()
		}
		if !p.accept(";") {
			p.errf(p.peek(), "DSH2303", "a pass statement ends with ';'.")
		}
	}
}

// statementTokens reads a statement's tokens up to its `;` or the block's
// `}` (neither consumed).
func (p *pipeParser) statementTokens() []ptok { return p.until(";}") }

func (p *pipeParser) binding(ps *pipePass, verb ptok, item []ptok) {
	b := pipeBinding{verb: verb.text, line: verb.line, col: verb.col}
	if len(item) >= 2 && item[1].kind == 'p' && item[1].text == "=" && item[0].kind == 'i' {
		b.name, b.value = item[0].text, item[2:]
	} else {
		b.value = item
	}
	if verb.text == "param" {
		switch {
		case len(item) == 0 || item[0].kind != 'i':
			p.errf(verb, "DSH2306", "'param' is followed by 'Name = value'.")
			return
		case b.name == "":
			p.errf(item[0], "DSH2307", "'param %s' is followed by '= value'.", item[0].text)
			return
		}
		ps.bindings = append(ps.bindings, b)
		return
	}
	switch {
	case len(b.value) == 0:
		p.errf(verb, "DSH2304", "'%s' is followed by a buffer, '%s Buffer;' or '%s Name = Buffer;'.", verb.text, verb.text, verb.text)
		return
	case len(b.value) == 3 && b.value[1].text == "." && b.value[2].text != "Previous":
		p.errf(b.value[2], "DSH2305", "'%s.%s' is no buffer: the one member of a buffer is '.Previous'.", b.value[0].text, b.value[2].text)
		return
	case len(b.value) != 1 && len(b.value) != 3:
		p.errf(verb, "DSH2305", "'%s' binds one buffer, as 'Buffer' or 'Buffer.Previous'.", verb.text)
		return
	}
	ps.bindings = append(ps.bindings, b)
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
