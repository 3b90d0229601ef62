package syntax

import (
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"reuselab/compiler/front"
	"reuselab/diag"
)

// MaxDepth bounds the nesting of parentheses, blocks, statements and
// prefix operators, so that no input can exhaust the stack: binary and
// postfix chains are loops, only nesting recurses.
const MaxDepth = 200

// legacyWords are the 1.x top-level words (DSH3222 in a `.dss`).
var legacyWords = map[string]bool{
	"Function": true, "Shader": true, "ShaderFunction": true, "GraphFunction": true,
	"VirtualFunction": true, "Namespace": true, "Import": true, "MaterialLayer": true,
	"MaterialLayerBlend": true, "MaterialFunction": true,
}

// Region is one `#pragma region`, numbered in source order.
type Region struct {
	Name   string
	Parent int
	Pos    Pos
	Closed bool
}

// Parsed is a file with what the parser learnt beside the AST.
type Parsed struct {
	*File
	Regions []Region
	// Unbalanced lists `#pragma endregion` lines without a region and
	// regions never closed (DSH4240, reported by the binder).
	Unbalanced []Pos
	// regionChanges lists where the innermost open region changes, in
	// source order (RegionAt). A map from every statement to its region
	// cost a map entry per statement.
	regionChanges []regionChange
	Pragmas       []*PragmaDecl
	// RegionMarks counts the file-scope `#pragma region`/`endregion`
	// lines: each is one pragma declaration of upstream's module (those
	// in a body are statements).
	RegionMarks int
	// Legacy lists the 1.x blocks of a `.dsh` header (a header may hold
	// both dialects, one per declaration); package dss reads them with the
	// 1.x parser.
	Legacy []LegacyBlock
}

// LegacyBlock is the source range of one 1.x block in a header.
type LegacyBlock struct {
	Word       string
	Pos        Pos
	Start, End int // byte offsets in the file
}

// legacyBlock skips a 1.x block — the word, an optional attribute list, a
// braced body — and records its range.
func (p *parser) legacyBlock(t Token) {
	p.next()
	depth := 0
	for p.peek().Kind != EOF {
		tk := p.next()
		if tk.Kind != Punct {
			continue
		}
		switch tk.Text {
		case "(", "[":
			depth++
		case ")", "]":
			depth--
		case "{":
			if depth == 0 {
				p.skipBlock()
				end := int(p.toks[p.at(p.i-1)].end)
				p.out.Legacy = append(p.out.Legacy, LegacyBlock{Word: t.Text, Pos: t.Pos, Start: t.Pos.Off, End: end})
				return
			}
		case ";":
			if depth == 0 {
				p.out.Legacy = append(p.out.Legacy, LegacyBlock{Word: t.Text, Pos: t.Pos, Start: t.Pos.Off, End: tk.End})
				return
			}
		}
	}
	p.errorf(t.Pos, "DSH3222", "the 1.x block %s is never closed", t.Text)
}

type parser struct {
	// The tokens: toks (= lexd.toks) holds token base+k at k. A file's
	// parser lexes on demand (lx) and keeps a window of tokens, not the
	// file's (lexMore); a parser of a lexed body (lx nil) has them all.
	toks          []packedToken
	lexd          lexed
	lx            *lexer
	base          int
	window, batch int
	// argStack holds the arguments of the calls being parsed (arguments).
	argStack []Arg
	i        int
	file     string
	src      string
	diags    diag.List
	depth    int
	deep     bool // DSH2150 reported once
	out      *Parsed
	regions  []int // open region stack
	opaque   [][2]int
	header   bool // a .dsh: 1.x blocks may stand beside 2.0 declarations
	pipeline bool // a .dsp: buffer, pass and hlsl declarations (pipeline.go)
}

// Parse parses one `.dss`/`.dsh` source. It never panics: every problem is
// a diagnostic, and the result holds whatever parsed.
func Parse(path string, src string) (pf *Parsed, ds diag.List) {
	return parse(path, src, tokenWindow, tokenBatch)
}

// parse is Parse with the token window's sizes (lexMore).
func parse(path string, src string, window, batch int) (pf *Parsed, ds diag.List) {
	if len(src) > maxSource {
		var ds diag.List
		ds.Errorf(diag.Pos{File: path, Line: 1, Col: 1}, "DSH8292", "%s is larger than the limit (%d bytes)", path, maxSource)
		return &Parsed{File: &File{Path: path}}, ds
	}
	lx := &lexer{src: src, line: 1, onlyBlank: true, toks: make([]packedToken, 0, min(window+batch, len(src)/3+16))}
	p := &parser{lx: lx, window: window, batch: batch, lexd: lexed{src: src}, file: path, src: src, header: strings.EqualFold(filepath.Ext(path), ".dsh"), pipeline: isPipeline(path)}
	p.out = &Parsed{File: &File{Path: path, Src: src}}
	defer func() {
		if r := recover(); r != nil {
			p.diags.Errorf(diag.Pos{File: path, Line: 1, Col: 1}, "DSH2150", "internal parser error: %v", r)
			pf, ds = p.out, p.diags
		}
	}()
	p.parseFile()
	for !lx.done { // the lexer's diagnostics cover the whole file
		lx.toks = lx.toks[:0]
		lx.step()
	}
	var lexList diag.List
	for _, d := range lx.diags {
		if !p.inOpaque(d.off) {
			lexList.Items = append(lexList.Items, d.toDiag(path))
		}
	}
	lexList.Append(p.diags)
	for _, r := range p.regions {
		p.out.Unbalanced = append(p.out.Unbalanced, p.out.Regions[r].Pos)
	}
	return p.out, lexList
}

func (p *parser) inOpaque(off int) bool {
	for _, r := range p.opaque {
		if off >= r[0] && off < r[1] {
			return true
		}
	}
	return false
}

func (p *parser) dpos(pos Pos) diag.Pos { return diag.Pos{File: p.file, Line: pos.Line, Col: pos.Col} }

func (p *parser) errorf(pos Pos, code, format string, args ...any) {
	p.diags.Errorf(p.dpos(pos), code, format, args...)
}

// tokenWindow and tokenBatch size a file parser's window of tokens: it
// lexes tokenBatch more at a time, and drops those behind the cursor once
// there are tokenWindow of them. Holding every token of a file beside its
// tree was a third of what parsing a large file kept live.
const (
	tokenWindow = 4096
	tokenBatch  = 1024
)

// at is the place in toks of token i, lexed if need be; a token past the
// end is the last one (EOF). The parser reads no token before the one
// just behind the cursor.
func (p *parser) at(i int) int {
	for i-p.base >= len(p.toks) && p.lx != nil && !p.lx.done {
		p.lexMore()
	}
	if k := i - p.base; k < len(p.toks) {
		return k
	}
	return len(p.toks) - 1
}

// lexMore lexes p.batch more tokens, first dropping the tokens behind the
// cursor but one when there are p.window of them.
func (p *parser) lexMore() {
	l := p.lx
	if drop := p.i - 1 - p.base; drop >= p.window {
		l.toks = l.toks[:copy(l.toks, l.toks[drop:])]
		p.base += drop
	}
	for want := len(l.toks) + p.batch; len(l.toks) < want && !l.done; {
		l.step()
	}
	p.toks, p.lexd.toks, p.lexd.strs = l.toks, l.toks, l.strs
}

func (p *parser) peek() Token { return p.lexd.token(p.at(p.i)) }
func (p *parser) peekN(k int) Token {
	return p.lexd.token(p.at(p.i + k))
}
func (p *parser) next() Token {
	k := p.at(p.i)
	if p.toks[k].kind != EOF {
		p.i++
	}
	return p.lexd.token(k)
}

// prevEnd is the byte offset just past the token before the cursor.
func (p *parser) prevEnd() int {
	if p.i == 0 {
		return 0
	}
	return int(p.toks[p.at(p.i-1)].end)
}
func (p *parser) is(text string) bool {
	k := p.at(p.i)
	t := &p.toks[k]
	return (t.kind == Punct || t.kind == Keyword) && p.lexd.text(k) == text
}
func (p *parser) accept(text string) bool {
	if p.is(text) {
		p.i++
		return true
	}
	return false
}

func describe(t Token) string {
	switch t.Kind {
	case EOF:
		return "end of file"
	case String:
		return strconv.Quote(t.Text)
	case DocLine:
		return "a /// doc comment"
	case Directive:
		return "'#" + t.Text + "'"
	}
	return "'" + t.Text + "'"
}

func (p *parser) expect(text, what string) bool {
	if p.accept(text) {
		return true
	}
	if p.peek().Kind == EOF { // upstream reports every premature end of file as DSH2150
		p.errorf(p.peek().Pos, "DSH2150", "expected '%s' %s, found end of file", text, what)
		return false
	}
	p.errorf(p.peek().Pos, "DSH3200", "expected '%s' %s, found %s", text, what, describe(p.peek()))
	return false
}

// enter counts one level of nesting; false (with one DSH2150) past MaxDepth.
func (p *parser) enter(pos Pos) bool {
	p.depth++
	if p.depth > MaxDepth {
		if !p.deep {
			p.deep = true
			p.errorf(pos, "DSH2150", "nested more than %d levels deep", MaxDepth)
		}
		return false
	}
	return true
}
func (p *parser) leave() { p.depth-- }

func (p *parser) region() int {
	if len(p.regions) == 0 {
		return -1
	}
	return p.regions[len(p.regions)-1]
}

// regionChange: from byte offset off on, the innermost open region is
// region (-1 for none).
type regionChange struct{ off, region int }

// regionChanged records the region open after directive t.
func (p *parser) regionChanged(t Token) {
	p.out.regionChanges = append(p.out.regionChanges, regionChange{off: t.End, region: p.region()})
}

// RegionAt is the innermost region open at byte offset off, -1 for none:
// the region of a statement or declaration that begins there.
func (p *Parsed) RegionAt(off int) int {
	i := sort.Search(len(p.regionChanges), func(i int) bool { return p.regionChanges[i].off > off })
	if i == 0 {
		return -1
	}
	return p.regionChanges[i-1].region
}

// regionDirective handles `#pragma region N` / `#pragma endregion`; it
// reports whether text was one.
func (p *parser) regionDirective(t Token) (name string, end, ok bool) {
	rest, isPragma := cutWord(t.Text, "pragma")
	if !isPragma {
		return "", false, false
	}
	if r, yes := cutWord(rest, "region"); yes {
		name = strings.TrimSpace(r)
		p.out.Regions = append(p.out.Regions, Region{Name: name, Parent: p.region(), Pos: t.Pos})
		p.regions = append(p.regions, len(p.out.Regions)-1)
		p.regionChanged(t)
		return name, false, true
	}
	if _, yes := cutWord(rest, "endregion"); yes {
		if len(p.regions) == 0 {
			p.out.Unbalanced = append(p.out.Unbalanced, t.Pos)
		} else {
			p.out.Regions[p.region()].Closed = true
			p.regions = p.regions[:len(p.regions)-1]
			p.regionChanged(t)
		}
		return "", true, true
	}
	return "", false, false
}

// cutWord returns what follows word at the start of s (then a non-identifier).
func cutWord(s, word string) (string, bool) {
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, word) {
		return "", false
	}
	rest := s[len(word):]
	if rest != "" && isIdentChar(rest[0]) {
		return "", false
	}
	return rest, true
}

func (p *parser) parseFile() {
	for p.peek().Kind != EOF {
		start := p.i
		p.parseTopLevel()
		if p.i == start { // never loop without progress
			p.next()
		}
	}
}

// docBlock collects the `///` lines at the cursor (stray `;` between them
// and the declaration keep the block).
func (p *parser) docBlock() *Doc {
	var lines []Token
	for {
		t := p.peek()
		if t.Kind == DocLine {
			lines = append(lines, p.next())
			continue
		}
		if len(lines) > 0 && p.is(";") {
			p.next()
			continue
		}
		break
	}
	if len(lines) == 0 {
		return nil
	}
	d := &Doc{Pos: lines[0].Pos}
	var free []string
	for _, l := range lines {
		f := p.docLine(d, l)
		if f != "" {
			free = append(free, f)
		}
	}
	d.Free, d.FreeLines = strings.Join(free, " "), free
	return d
}

// docLine splits one doc line into `@key value` pairs and returns its free
// text (before the first key).
func (p *parser) docLine(d *Doc, t Token) string {
	s := t.Text
	type keyAt struct{ at, nameEnd int }
	var keys []keyAt
	for k := 0; k < len(s); k++ {
		if s[k] != '@' || (k > 0 && s[k-1] != ' ' && s[k-1] != '\t') {
			continue
		}
		j := k + 1
		if j >= len(s) || !front.IsIdentStart(s[j]) {
			col := t.Pos.Col + 3 + k
			if strings.HasPrefix(p.src[t.Pos.Off:], "/// ") {
				col++
			}
			p.diags.Warnf(diag.Pos{File: p.file, Line: t.Pos.Line, Col: col}, "DSH3220", "'@' is not followed by a key name; kept as text")
			continue
		}
		for j < len(s) && isIdentChar(s[j]) {
			j++
		}
		keys = append(keys, keyAt{k, j})
	}
	if len(keys) == 0 {
		return strings.TrimSpace(s)
	}
	for n, k := range keys {
		end := len(s)
		if n+1 < len(keys) {
			end = keys[n+1].at
		}
		d.Keys = append(d.Keys, DocKey{
			Key:   strings.ToLower(s[k.at+1 : k.nameEnd]),
			Value: strings.TrimSpace(s[k.nameEnd:end]),
			Pos:   Pos{Line: t.Pos.Line, Col: t.Pos.Col + k.at, Off: t.Pos.Off + k.at},
		})
	}
	return strings.TrimSpace(s[:keys[0].at])
}

func (p *parser) parseTopLevel() {
	doc := p.docBlock()
	t := p.peek()
	if doc != nil && (t.Kind == EOF || t.Kind == Directive) {
		p.diags.Warnf(p.dpos(doc.Pos), "DSH3221", "a doc block with no declaration after it is ignored")
	}
	switch {
	case t.Kind == EOF:
		return
	case t.Kind == Directive:
		p.next()
		p.directive(t)
		return
	case t.Kind == Punct && t.Text == ";":
		p.next()
		return
	case t.Kind == Punct && (t.Text == "}" || t.Text == ")" || t.Text == "]"):
		// A closer starts nothing; skipping just it lets recovery reach
		// the declaration after it.
		p.errorf(t.Pos, "DSH3200", "unexpected '%s' at file scope", t.Text)
		p.next()
		return
	case t.Kind == Keyword && t.Text == "import":
		p.next()
		s := p.peek()
		if s.Kind != String {
			p.errorf(s.Pos, "DSH3203", "import needs a double-quoted path")
			p.skipDecl()
			return
		}
		p.next()
		p.out.Decls = append(p.out.Decls, &IncludeDecl{Pos: t.Pos, Path: s.Text})
		p.expect(";", "after the import")
		return
	case t.Kind == Keyword && t.Text == "struct":
		p.parseStruct(doc)
		return
	case t.Kind == Ident && legacyWords[t.Text] && t.Pos.Col == firstCol(p.src, t.Pos) && p.header:
		p.legacyBlock(t)
		return
	case t.Kind == Ident && legacyWords[t.Text] && t.Pos.Col == firstCol(p.src, t.Pos):
		p.errorf(t.Pos, "DSH3222", "'%s' is a DreamShader 1.x block; a .dss file holds 2.0 declarations (write it in a .dsm/.dsf)", t.Text)
		p.next()
		return
	}
	if p.pipeline && p.pipelineDecl(doc, t) {
		return
	}
	p.parseDeclaration(doc)
}

// firstCol is the column of the first non-blank character of t's line.
func firstCol(src string, t Pos) int {
	start := t.Off - (t.Col - 1)
	col := 1
	for k := start; k < len(src) && (src[k] == ' ' || src[k] == '\t'); k++ {
		col++
	}
	return col
}

// skipDecl skips a file-scope declaration that failed: to just after a
// `;` at nesting level zero, or before a token that starts a line at level
// zero (the next declaration, SkipToDeclarationBoundary).
func (p *parser) skipDecl() {
	depth := 0
	first := true
	for {
		t := p.peek()
		switch {
		case t.Kind == EOF:
			return
		case depth == 0 && !first && (t.Kind == DocLine || t.Kind == Directive):
			return
		case depth == 0 && !first && (t.Kind == Ident || t.Kind == Keyword) && t.Pos.Col == firstCol(p.src, t.Pos):
			return
		case t.Kind == Punct && (t.Text == "{" || t.Text == "(" || t.Text == "["):
			depth++
		case t.Kind == Punct && (t.Text == "}" || t.Text == ")" || t.Text == "]"):
			if depth > 0 {
				depth--
			}
		case depth == 0 && t.Kind == Punct && t.Text == ";":
			p.next()
			return
		}
		first = false
		p.next()
	}
}

// skipTo skips to just after the next `text` at nesting level zero, or to
// a `}` that closes more than it opened, or to a token at the start of a
// line that begins a declaration (recovery).
func (p *parser) skipTo(text string) {
	depth := 0
	for {
		t := p.peek()
		switch {
		case t.Kind == EOF:
			return
		case t.Kind == Punct && (t.Text == "{" || t.Text == "(" || t.Text == "["):
			depth++
		case t.Kind == Punct && (t.Text == "}" || t.Text == ")" || t.Text == "]"):
			if depth == 0 {
				if t.Text == text {
					p.next()
				}
				return
			}
			depth--
		case depth == 0 && t.Kind == Punct && t.Text == text:
			p.next()
			return
		case depth == 0 && (t.Kind == Directive || t.Kind == DocLine):
			return
		}
		p.next()
	}
}

// Errorf formats for tests.
func (r Region) String() string { return fmt.Sprintf("%s parent=%d", r.Name, r.Parent) }
