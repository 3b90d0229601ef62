// Package syntax reads DreamShader 2.0 `.dss` sources (LANGUAGE-DSS §2):
// the lexer, doc blocks, directives and a parser for the whole 2.0 surface
// into an AST. It knows nothing of types or the graph; package dss binds
// and lowers what it builds.
package syntax

import (
	"math"
	"strings"
	"unsafe"

	"reuselab/compiler/front"
	"reuselab/diag"
)

// Kind is a token kind.
type Kind uint8

const (
	EOF Kind = iota
	Ident
	Keyword
	Number
	String
	Punct
	DocLine   // a `///` line; Text is its payload
	Directive // a `#` line; Text is the line after `#`, comment cut, trimmed
	Unknown
)

// Pos is a 1-based line/column and a byte offset.
type Pos struct {
	Line, Col, Off int
}

// Token is one lexeme.
type Token struct {
	Kind  Kind
	Text  string // as written (for strings: the decoded value)
	Pos   Pos
	End   int  // byte offset just past the token
	Float bool // a number with a fraction, exponent or float suffix
}

var keywords = map[string]bool{
	"uniform": true, "static": true, "const": true, "extern": true, "export": true,
	"in": true, "out": true, "inout": true, "struct": true, "if": true, "else": true,
	"for": true, "while": true, "do": true, "return": true, "break": true,
	"continue": true, "discard": true, "true": true, "false": true, "import": true,
}

// isKeyword is keywords[s] without hashing s: a switch on the length
// first turns away most identifiers at once.
func isKeyword(s string) bool {
	if len(s) < 2 || len(s) > 8 || s[0] < 'b' || s[0] > 'w' {
		return false
	}
	switch s {
	case "uniform", "static", "const", "extern", "export", "in", "out", "inout", "struct", "if", "else",
		"for", "while", "do", "return", "break", "continue", "discard", "true", "false", "import":
		return true
	}
	return false
}

// operators, longest first.
var operators = []string{
	"<<=", ">>=", "++", "--", "&&", "||", "==", "!=", "<=", ">=", "+=", "-=", "*=", "/=",
	"%=", "&=", "|=", "^=", "<<", ">>", "(", ")", "{", "}", "[", "]", ",", ";", ":", ".",
	"?", "+", "-", "*", "/", "%", "&", "|", "^", "~", "!", "<", ">", "=",
}

// lexDiag is a lexer diagnostic with the offset it stands at, so that the
// parser can drop those inside opaque `@custom` bodies.
type lexDiag struct {
	off  int
	pos  Pos
	code string
	msg  string
}

// Lex splits src into tokens. It never fails: bad characters become
// Unknown tokens with a diagnostic.
func Lex(src string) ([]Token, []lexDiag) {
	lx := lex(src)
	out := make([]Token, len(lx.toks))
	for i := range lx.toks {
		out[i] = lx.token(i)
	}
	return out, lx.diags
}

// lexed is a source's tokens as the lexer stores them: packed, their
// texts slices of src, and the texts that are not (decoded strings) apart.
type lexed struct {
	toks  []packedToken
	src   string
	strs  []string
	diags []lexDiag
}

// lex is Lex keeping the tokens packed (what the parser reads).
func lex(src string) lexed {
	// Room for one token per three bytes of source, about what dense code
	// (generated programs, few comments) has: growing the slice copied
	// every token several times on a large file, more than the room left
	// unused in a commented one costs.
	l := &lexer{src: src, line: 1, lineStart: 0, onlyBlank: true, toks: make([]packedToken, 0, len(src)/3+16)}
	l.run()
	return lexed{toks: l.toks, src: src, strs: l.strs, diags: l.diags}
}

// maxSource is the largest source the packed tokens can place.
const maxSource = math.MaxInt32

// packedToken is a Token as the lexer stores it: 32-bit offsets and the
// text as a range of the source (textLen < 0: the text is strs[textOff]),
// so 28 bytes without a pointer rather than 64 with one. The token slice
// of a large file was a fifth of all the front end allocated, and the
// collector scanned it. Sources are at most maxSource bytes (Parse).
type packedToken struct {
	textOff, textLen    int32
	line, col, off, end int32
	kind                Kind
	float               bool
}

// token is the i-th token unpacked.
func (lx *lexed) token(i int) Token {
	t := &lx.toks[i]
	return Token{Kind: t.kind, Text: lx.text(i), Pos: t.pos(), End: int(t.end), Float: t.float}
}

// text is the i-th token's text.
func (lx *lexed) text(i int) string {
	t := &lx.toks[i]
	if t.textLen >= 0 {
		return lx.src[t.textOff : t.textOff+t.textLen]
	}
	return lx.strs[t.textOff]
}

func (t *packedToken) pos() Pos { return Pos{Line: int(t.line), Col: int(t.col), Off: int(t.off)} }

func (l *lexer) emit(t Token) {
	pt := packedToken{line: int32(t.Pos.Line), col: int32(t.Pos.Col), off: int32(t.Pos.Off), end: int32(t.End), kind: t.Kind, float: t.Float}
	if off, ok := offsetIn(l.src, t.Text); ok {
		pt.textOff, pt.textLen = int32(off), int32(len(t.Text))
	} else {
		pt.textOff, pt.textLen = int32(len(l.strs)), -1
		l.strs = append(l.strs, t.Text)
	}
	l.toks = append(l.toks, pt)
}

// offsetIn is where s lies in src, if s is a slice of src's bytes.
func offsetIn(src, s string) (int, bool) {
	if s == "" {
		return 0, true
	}
	if src == "" {
		return 0, false
	}
	base := uintptr(unsafe.Pointer(unsafe.StringData(src)))
	p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	if p < base || p+uintptr(len(s)) > base+uintptr(len(src)) {
		return 0, false
	}
	return int(p - base), true
}

type lexer struct {
	src       string
	i         int
	line      int
	lineStart int
	onlyBlank bool // nothing but spaces/tabs since the line began
	toks      []packedToken
	strs      []string // texts that are not slices of src
	diags     []lexDiag
	done      bool // EOF emitted
}

func (l *lexer) pos() Pos { return Pos{Line: l.line, Col: l.i - l.lineStart + 1, Off: l.i} }

func (l *lexer) errAt(p Pos, code, msg string) {
	l.diags = append(l.diags, lexDiag{off: p.Off, pos: p, code: code, msg: msg})
}

func (l *lexer) newline() {
	if l.src[l.i] == '\r' && l.i+1 < len(l.src) && l.src[l.i+1] == '\n' {
		l.i++
	}
	l.i++
	l.line++
	l.lineStart = l.i
	l.onlyBlank = true
}

func isIdentChar(c byte) bool { return front.IsIdentStart(c) || front.IsDigit(c) }
func isHexDigit(c byte) bool {
	return front.IsDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}
func (l *lexer) at(k int) byte { return byteAt(l.src, l.i+k) }

func byteAt(s string, i int) byte {
	if i >= 0 && i < len(s) {
		return s[i]
	}
	return 0
}

func (l *lexer) run() {
	for !l.done {
		l.step()
	}
}

// step lexes on to the end of the next token or comment, or emits EOF.
func (l *lexer) step() {
	for l.i < len(l.src) {
		c := l.src[l.i]
		switch {
		case c == '\n' || c == '\r':
			l.newline()
			continue
		case c == ' ' || c == '\t' || c == '\v' || c == '\f':
			l.i++
			continue
		}
		start := l.pos()
		blank := l.onlyBlank
		l.onlyBlank = false
		switch {
		case c == '/' && l.at(1) == '/':
			l.lineComment(start)
		case c == '/' && l.at(1) == '*':
			l.blockComment(start)
		case c == '#' && blank:
			l.directive(start)
		case front.IsIdentStart(c):
			j := l.i
			for j < len(l.src) && isIdentChar(l.src[j]) {
				j++
			}
			text := l.src[l.i:j]
			k := Ident
			if isKeyword(text) {
				k = Keyword
			}
			l.emit(Token{Kind: k, Text: text, Pos: start, End: j})
			l.i = j
		case front.IsDigit(c) || (c == '.' && front.IsDigit(l.at(1))):
			l.number(start)
		case c == '"':
			l.str(start)
		default:
			if op := l.operator(); op != "" {
				l.emit(Token{Kind: Punct, Text: op, Pos: start, End: l.i + len(op)})
				l.i += len(op)
				return
			}
			n := 1
			if c >= 0x80 { // one UTF-8 sequence, reported once
				for l.i+n < len(l.src) && l.src[l.i+n]&0xC0 == 0x80 {
					n++
				}
			}
			text := l.src[l.i : l.i+n]
			if c == '#' {
				l.errAt(start, "DSH2106", "'#' starts a directive only at the beginning of a line")
			} else {
				l.errAt(start, "DSH2101", "unexpected character "+quoteText(text))
			}
			l.emit(Token{Kind: Unknown, Text: text, Pos: start, End: l.i + n})
			l.i += n
		}
		return
	}
	l.emit(Token{Kind: EOF, Pos: l.pos(), End: l.i})
	l.done = true
}

func quoteText(s string) string {
	if len(s) == 1 && s[0] >= 0x20 && s[0] < 0x7f {
		return "'" + s + "'"
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		b.WriteString("\\x")
		b.WriteByte("0123456789abcdef"[s[i]>>4])
		b.WriteByte("0123456789abcdef"[s[i]&15])
	}
	return "'" + b.String() + "'"
}

var operatorSet = func() map[string]bool {
	m := map[string]bool{}
	for _, op := range operators {
		m[op] = true
	}
	return m
}()

// operator is the longest operator at the cursor, "" for none.
func (l *lexer) operator() string {
	rest := l.src[l.i:]
	if len(rest) >= 2 && opLen[rest[0]]&2 != 0 {
		if len(rest) >= 3 && opLen[rest[0]]&4 != 0 && operatorSet[rest[:3]] {
			return rest[:3]
		}
		if operatorSet[rest[:2]] {
			return rest[:2]
		}
	}
	if len(rest) >= 1 && opLen[rest[0]]&1 != 0 {
		return rest[:1]
	}
	return ""
}

// opLen[c] has bit n-1 set when an operator of n bytes starts with c, so
// that most punctuation is found without a map look-up (and most operator
// characters with one instead of three).
var opLen = func() (t [256]uint8) {
	for _, op := range operators {
		t[op[0]] |= 1 << (len(op) - 1)
	}
	return t
}()

func (l *lexer) restOfLine() int {
	j := l.i
	for j < len(l.src) && l.src[j] != '\n' && l.src[j] != '\r' {
		j++
	}
	return j
}

func (l *lexer) lineComment(start Pos) {
	end := l.restOfLine()
	text := l.src[l.i:end]
	if strings.HasPrefix(text, "///") && !strings.HasPrefix(text, "////") {
		payload := text[3:]
		if strings.HasPrefix(payload, " ") {
			payload = payload[1:]
		}
		l.emit(Token{Kind: DocLine, Text: payload, Pos: start, End: end})
	}
	l.i = end
	// A comment counts as something before a `#` on the same line, so
	// onlyBlank stays false until the newline.
}

func (l *lexer) blockComment(start Pos) {
	l.i += 2
	for l.i < len(l.src) {
		c := l.src[l.i]
		if c == '*' && l.at(1) == '/' {
			l.i += 2
			return
		}
		if c == '\n' || c == '\r' {
			l.newline()
			l.onlyBlank = false
			continue
		}
		l.i++
	}
	l.errAt(start, "DSH2102", "unterminated /* comment")
}

func (l *lexer) directive(start Pos) {
	end := l.restOfLine()
	text := l.src[l.i+1 : end]
	// Cut a trailing // comment, outside strings.
	inStr := false
	for k := 0; k < len(text); k++ {
		switch {
		case text[k] == '"':
			inStr = !inStr
		case text[k] == '\\' && inStr:
			k++
		case !inStr && text[k] == '/' && byteAt(text, k+1) == '/':
			text = text[:k]
		}
	}
	l.emit(Token{Kind: Directive, Text: strings.TrimSpace(text), Pos: start, End: end})
	l.i = end
}

func (l *lexer) number(start Pos) {
	j := l.i
	isFloat := false
	if l.src[j] == '0' && (byteAt(l.src, j+1) == 'x' || byteAt(l.src, j+1) == 'X') && isHexDigit(byteAt(l.src, j+2)) {
		j += 2
		for j < len(l.src) && isHexDigit(l.src[j]) {
			j++
		}
	} else {
		for j < len(l.src) && front.IsDigit(l.src[j]) {
			j++
		}
		if byteAt(l.src, j) == '.' {
			isFloat = true
			j++
			for j < len(l.src) && front.IsDigit(l.src[j]) {
				j++
			}
		}
		if c := byteAt(l.src, j); c == 'e' || c == 'E' {
			k := j + 1
			if c2 := byteAt(l.src, k); c2 == '+' || c2 == '-' {
				k++
			}
			if front.IsDigit(byteAt(l.src, k)) {
				isFloat = true
				j = k
				for j < len(l.src) && front.IsDigit(l.src[j]) {
					j++
				}
			}
		}
	}
	switch byteAt(l.src, j) {
	case 'f', 'F', 'h', 'H':
		isFloat = true
		j++
	case 'u', 'U', 'l', 'L':
		j++
	}
	if isIdentChar(byteAt(l.src, j)) || byteAt(l.src, j) == '.' {
		k := j
		for k < len(l.src) && (isIdentChar(l.src[k]) || l.src[k] == '.') {
			k++
		}
		l.errAt(start, "DSH2105", "malformed number "+quoteText(l.src[l.i:k]))
		j = k
	}
	l.emit(Token{Kind: Number, Text: l.src[l.i:j], Pos: start, End: j, Float: isFloat})
	l.i = j
}

func (l *lexer) str(start Pos) {
	var b strings.Builder
	j := l.i + 1
	for {
		if j >= len(l.src) || l.src[j] == '\n' || l.src[j] == '\r' {
			l.errAt(start, "DSH2103", "unterminated string")
			break
		}
		c := l.src[j]
		if c == '"' {
			j++
			break
		}
		if c == '\\' {
			e := byteAt(l.src, j+1)
			if d, ok := front.StringEscape(e); ok {
				if d != 0 {
					b.WriteByte(d)
				}
			} else {
				l.errAt(Pos{Line: start.Line, Col: start.Col + (j - l.i), Off: j}, "DSH2104", "unknown escape in a string")
				b.WriteByte('\\')
				if e != 0 && e != '\n' && e != '\r' {
					b.WriteByte(e)
				} else {
					j++
					continue
				}
			}
			j += 2
			continue
		}
		b.WriteByte(c)
		j++
	}
	l.emit(Token{Kind: String, Text: b.String(), Pos: start, End: j})
	l.i = j
}

// toDiag turns a lexer diagnostic into a diag for file.
func (d lexDiag) toDiag(file string) diag.Diagnostic {
	return diag.Diagnostic{Pos: diag.Pos{File: file, Line: d.pos.Line, Col: d.pos.Col}, Severity: diag.Error, Code: d.code, Message: d.msg}
}
