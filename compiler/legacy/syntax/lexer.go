package syntax

import (
	"math/bits"
	"reuselab/compiler/front"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// tokKind classifies a token.
type tokKind uint8

const (
	tEOF tokKind = iota
	tIdent
	tNumber
	tString
	tPunct
	tHash // a `#…` line: Text is the whole line from `#`, comments stripped
	tBad  // a character no context accepts
)

// token is one lexeme. Lexer problems are carried on the token (prob) and
// reported only when the parser consumes it, so that lookahead past a raw
// body (Function HLSL) never reports anything. The parser copies tokens
// through its look-ahead buffer and several passes keep slices of them:
// the rare problem sits behind a pointer and the small fields together to
// keep a token small.
type token struct {
	Kind    tokKind
	NumKind NumKind
	BOL     bool   // first token on its line
	Text    string // raw text (punctuation spelling, identifier, literal as written)
	Str     string // unescaped string value
	Num     float64
	Off     int // byte offsets into the source
	End     int
	Pos     Pos
	prob    *lexProblem // nil: none
}

// lexProblem is a lexer diagnostic carried by a token.
type lexProblem struct {
	Code, Msg string
	Pos       Pos // where it is reported (the token's position unless pending)
}

// code is the token's lexer problem code, "" if none.
func (t *token) code() string {
	if t.prob == nil {
		return ""
	}
	return t.prob.Code
}

// problem records a lexer problem on t (reported at t.Pos, set by next).
func (t *token) problem(code, msg string) { t.prob = &lexProblem{Code: code, Msg: msg} }

type lexer struct {
	// src is the source as a string, so that token texts are slices of it
	// rather than one allocation each.
	src        string
	path       string
	off        int
	lineStarts []int
	lineASCII  []bool       // per line: columns are byte offsets
	pending    []lexProblem // errors with no token of their own (open /*), reported on the next token
	// column cache: positions are asked for in increasing order, so counting
	// runes from the previous position keeps long lines linear.
	cLine, cOff, cCol int
	// lastLine is the line of the previous token (BOL detection without
	// scanning back over long lines).
	lastLine int
	// line is the index into lineStarts of the last position asked for:
	// tokens come in order, so the next one is almost always on it or on
	// one of the next few lines.
	line int
}

func newLexer(path string, src string) *lexer {
	// Every line ends in a '\n' or a '\r': counting them sizes the tables
	// once instead of growing them line by line.
	crs := strings.Count(src, "\r")
	n := strings.Count(src, "\n") + crs + 1
	lx := &lexer{src: src, path: path, lineStarts: make([]int, 1, n), lineASCII: make([]bool, 1, n)}
	if crs == 0 {
		// Only LF ends lines: find each with IndexByte and test the line
		// for ASCII a word at a time, rather than classifying every byte.
		start := 0
		for {
			end := strings.IndexByte(src[start:], '\n')
			if end < 0 {
				lx.lineASCII[len(lx.lineASCII)-1] = isASCII(src[start:])
				break
			}
			end += start
			lx.lineASCII[len(lx.lineASCII)-1] = isASCII(src[start:end])
			start = end + 1
			lx.lineStarts = append(lx.lineStarts, start)
			lx.lineASCII = append(lx.lineASCII, true)
		}
		return lx
	}
	lx.lineASCII[0] = true
	for i := 0; i < len(src); i++ {
		c := src[i]
		// LF, CRLF and a lone CR (classic Mac) each end a line.
		if c == '\n' || (c == '\r' && (i+1 == len(src) || src[i+1] != '\n')) {
			lx.lineStarts = append(lx.lineStarts, i+1)
			lx.lineASCII = append(lx.lineASCII, true)
		} else if c >= utf8.RuneSelf {
			lx.lineASCII[len(lx.lineASCII)-1] = false
		}
	}
	return lx
}

// isASCII reports whether s has no byte of 0x80 or above.
func isASCII(s string) bool {
	for ; len(s) >= 8; s = s[8:] {
		_ = s[7] // one bounds check, and the loads below become one
		w := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
			uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
		if w&0x8080808080808080 != 0 {
			return false
		}
	}
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// pos maps a byte offset to a 1-based line and a rune column.
func (lx *lexer) pos(off int) Pos {
	line, col := lx.lineCol(off)
	return Pos{File: lx.path, Line: line, Col: col}
}

// lineCol is pos without the file.
func (lx *lexer) lineCol(off int) (line, col int) {
	if off > len(lx.src) {
		off = len(lx.src)
	}
	i := lx.lineOf(off)
	ls := lx.lineStarts[i]
	if i < len(lx.lineASCII) && lx.lineASCII[i] {
		return i + 1, off - ls + 1
	}
	if lx.cLine == i+1 && off >= lx.cOff && lx.cOff >= ls {
		col := lx.cCol + utf8.RuneCountInString(lx.src[lx.cOff:off])
		lx.cOff, lx.cCol = off, col
		return i + 1, col
	}
	col = utf8.RuneCountInString(lx.src[ls:off]) + 1
	lx.cLine, lx.cOff, lx.cCol = i+1, off, col
	return i + 1, col
}

// lineOf is the index of the line holding off (0-based).
func (lx *lexer) lineOf(off int) int {
	ls := lx.lineStarts
	i := lx.line
	if i >= len(ls) || ls[i] > off {
		i = 0
	}
	for k := 0; k < 4 && i+1 < len(ls) && ls[i+1] <= off; k++ {
		i++
	}
	if i+1 < len(ls) && ls[i+1] <= off {
		i = sort.Search(len(ls), func(i int) bool { return ls[i] > off }) - 1
	}
	lx.line = i
	return i
}

// skipSpace skips blanks and comments; an open `/*` is recorded as pending.
func (lx *lexer) skipSpace() {
	for lx.off < len(lx.src) {
		c := lx.src[lx.off]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			lx.off++
		case c == '/' && lx.off+1 < len(lx.src) && lx.src[lx.off+1] == '/':
			for lx.off < len(lx.src) && lx.src[lx.off] != '\n' && lx.src[lx.off] != '\r' {
				lx.off++
			}
		case c == '/' && lx.off+1 < len(lx.src) && lx.src[lx.off+1] == '*':
			start := lx.off
			end := strings.Index(lx.src[lx.off+2:], "*/")
			if end < 0 {
				lx.pending = append(lx.pending, lexProblem{Pos: lx.pos(start), Code: "DSH2102", Msg: "unterminated block comment"})
				lx.off = len(lx.src)
			} else {
				lx.off += 2 + end + 2
			}
		case c == 0xEF && lx.off+2 < len(lx.src) && lx.src[lx.off+1] == 0xBB && lx.src[lx.off+2] == 0xBF:
			lx.off += 3 // UTF-8 BOM
		default:
			return
		}
	}
}

var puncts2 = []string{"::", "==", "!=", ">=", "<=", "+=", "-=", "*=", "/=", "%=", "++", "--", "&&", "||", "<<", ">>", "->", "&=", "|=", "^="}

// punctClass is, per ASCII byte, whether it is a one-character
// punctuator (punct1) and, as a bit per puncts2 entry it starts, which
// two-character ones it may begin: one table look-up per byte instead of
// a search of the strings and a hashed map.
var punctClass = func() (t [utf8.RuneSelf]uint32) {
	for i := 0; i < len(puncts1); i++ {
		t[puncts1[i]] |= punct1
	}
	for k, p := range puncts2 {
		t[p[0]] |= 1 << k
	}
	return t
}()

// punct1 marks a one-character punctuator in punctClass (above the bits
// of puncts2's entries).
const punct1 = 1 << 31

// punct2At is the two-character punctuator at src[i:], "" if none.
func punct2At(src string, i int) string {
	if i+1 >= len(src) || src[i] >= utf8.RuneSelf {
		return ""
	}
	for cands := punctClass[src[i]] &^ punct1; cands != 0; cands &= cands - 1 {
		p := puncts2[bits.TrailingZeros32(cands)]
		if p[1] == src[i+1] {
			return p
		}
	}
	return ""
}

const puncts1 = "(){}[],;.:+-*/=<>!%&|^~?"

// next returns the next token.
func (lx *lexer) next() token {
	var t token
	lx.nextInto(&t)
	return t
}

// nextInto lexes the next token into t, which the parser points at its
// look-ahead buffer: a token is written once rather than copied out
// through two returns.
func (lx *lexer) nextInto(t *token) {
	lx.skipSpace()
	lx.scan(t)
	if t.prob != nil {
		t.prob.Pos = t.Pos
	} else if len(lx.pending) > 0 {
		p := lx.pending[0]
		lx.pending = lx.pending[1:]
		t.prob = &p
	}
}

func (lx *lexer) scan(t *token) {
	start := lx.off
	// Field by field rather than `*t = token{…}`, and a pointer only when
	// it changes: t is a slot of the parser's heap buffer, a whole-struct
	// store is a bulk copy with write barriers while the collector runs,
	// and every pointer store has its barrier (the file, the empty Str and
	// the nil problem are nearly always there already).
	t.Kind, t.NumKind, t.BOL = tEOF, 0, false
	t.Text, t.Num = "", 0
	if t.Str != "" {
		t.Str = ""
	}
	t.Off, t.End = start, 0
	if t.Pos.File != lx.path {
		t.Pos.File = lx.path
	}
	t.Pos.Line, t.Pos.Col = lx.lineCol(start)
	if t.prob != nil {
		t.prob = nil
	}
	t.BOL = t.Pos.Line != lx.lastLine
	lx.lastLine = t.Pos.Line
	if start >= len(lx.src) {
		t.Kind = tEOF
		t.End = start
		return
	}
	c := lx.src[start]
	r, size := rune(c), 1
	if c >= utf8.RuneSelf {
		r, size = utf8.DecodeRuneInString(lx.src[start:])
	}
	switch {
	case isIdentStart(r):
		lx.off += size
		for lx.off < len(lx.src) {
			if c := lx.src[lx.off]; c < utf8.RuneSelf { // ASCII: a table look-up
				if !asciiIdentPart[c] {
					break
				}
				lx.off++
				continue
			}
			r, n := utf8.DecodeRuneInString(lx.src[lx.off:])
			if !isIdentPart(r) {
				break
			}
			lx.off += n
		}
		t.Kind = tIdent
	case front.IsDigit(c) || (c == '.' && start+1 < len(lx.src) && front.IsDigit(lx.src[start+1])):
		lx.scanNumber(t)
	case c == '"' || c == '\'':
		lx.scanString(t, c)
	case c == '#':
		if t.BOL {
			for lx.off < len(lx.src) && lx.src[lx.off] != '\n' && lx.src[lx.off] != '\r' {
				if lx.src[lx.off] == '/' && lx.off+1 < len(lx.src) && (lx.src[lx.off+1] == '/' || lx.src[lx.off+1] == '*') {
					break
				}
				lx.off++
			}
			t.Kind = tHash
		} else {
			lx.off++
			t.Kind = tBad
			t.problem("DSH2106", "'#' is only allowed at the start of a line")
		}
	default:
		if p := punct2At(lx.src, start); p != "" {
			lx.off += 2
			t.Kind = tPunct
			t.Text = p
			t.End = lx.off
			return
		}
		if c < utf8.RuneSelf && punctClass[c]&punct1 != 0 {
			lx.off++
			t.Kind = tPunct
		} else {
			lx.off += size
			t.Kind = tBad
			t.problem("DSH2101", "unexpected character "+strconv.QuoteRune(r))
		}
	}
	t.End = lx.off
	if t.Text == "" {
		t.Text = lx.src[start:lx.off]
	}
	if t.Kind == tHash {
		t.Text = strings.TrimRight(t.Text, " \t\r")
	}
}

// asciiIdentPart is isIdentPart for the ASCII characters.
var asciiIdentPart = func() (t [utf8.RuneSelf]bool) {
	for c := range t {
		t[c] = isIdentPart(rune(c))
	}
	return t
}()

func isIdentStart(r rune) bool {
	return r == '_' || ('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z') || (r > 127 && unicode.IsLetter(r))
}

func isIdentPart(r rune) bool {
	return isIdentStart(r) || ('0' <= r && r <= '9') || (r > 127 && unicode.IsDigit(r))
}

// scanNumber takes everything glued to a number (letters, digits, dots, and
// an exponent sign) as one token, then validates it: 1.x silently took a
// prefix, 2.0 rejects the whole token (DSH2105).
func (lx *lexer) scanNumber(t *token) {
	s := lx.src
	i := lx.off
	for i < len(s) {
		c := s[i]
		if front.IsDigit(c) || c == '.' || c == '_' || (c < 128 && unicode.IsLetter(rune(c))) {
			i++
			continue
		}
		if (c == '+' || c == '-') && i > lx.off && (s[i-1] == 'e' || s[i-1] == 'E') && !hexPrefix(s[lx.off:i]) && i+1 < len(s) && front.IsDigit(s[i+1]) {
			i++
			continue
		}
		break
	}
	lx.off = i
	t.Kind = tNumber
	t.Text = s[t.Off:i]
	v, k, code, msg := parseNumber(t.Text)
	t.Num, t.NumKind = v, k
	if code != "" {
		t.problem(code, msg)
	}
}

func hexPrefix(s string) bool {
	return len(s) >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')
}

// parseNumber validates a number token: digits with at most one '.', an
// optional exponent, then suffix letters fFhHuUlL.
func parseNumber(raw string) (float64, NumKind, string, string) {
	if hexPrefix(raw) {
		v, _ := strconv.ParseUint(raw[2:], 16, 64)
		return float64(v), NumInt, "DSH2222", "hexadecimal literal '" + raw + "' is not supported"
	}
	i := 0
	digits := 0
	for i < len(raw) && front.IsDigit(raw[i]) {
		i++
		digits++
	}
	frac := false
	if i < len(raw) && raw[i] == '.' {
		frac = true
		i++
		for i < len(raw) && front.IsDigit(raw[i]) {
			i++
			digits++
		}
	}
	bad := func() (float64, NumKind, string, string) {
		v, _ := strconv.ParseFloat(raw[:i], 64)
		return v, NumFloat, "DSH2105", "invalid numeric literal '" + raw + "'"
	}
	if digits == 0 {
		return bad()
	}
	exp := false
	if i < len(raw) && (raw[i] == 'e' || raw[i] == 'E') {
		j := i + 1
		if j < len(raw) && (raw[j] == '+' || raw[j] == '-') {
			j++
		}
		k := j
		for k < len(raw) && front.IsDigit(raw[k]) {
			k++
		}
		if k == j {
			return bad()
		}
		exp = true
		i = k
	}
	mant := raw[:i]
	var hasF, hasH, hasU, hasL bool
	for ; i < len(raw); i++ {
		switch raw[i] {
		case 'f', 'F':
			hasF = true
		case 'h', 'H':
			hasH = true
		case 'u', 'U':
			hasU = true
		case 'l', 'L':
			hasL = true
		default:
			return bad()
		}
	}
	v, err := strconv.ParseFloat(strings.TrimSuffix(mant, "."), 64)
	if err != nil && v == 0 {
		return bad()
	}
	isFloat := frac || exp
	switch {
	case (hasF || hasH) && (hasU || hasL), hasF && hasH, isFloat && (hasU || hasL):
		return v, NumFloat, "DSH2105", "invalid numeric literal '" + raw + "': conflicting suffixes"
	case hasH:
		return v, NumHalf, "", ""
	case hasF || isFloat:
		return v, NumFloat, "", ""
	case hasU:
		return v, NumUint, "", ""
	}
	return v, NumInt, "", ""
}

// scanString reads a quoted string; it must close on its line (DSH2103).
func (lx *lexer) scanString(t *token, q byte) {
	s := lx.src
	i := lx.off + 1
	t.Kind = tString
	// Most strings have no escape: their value is a slice of the source.
	for i < len(s) && s[i] != q && s[i] != '\n' && s[i] != '\\' {
		i++
	}
	if i >= len(s) || s[i] != '\\' {
		t.Str = s[lx.off+1 : i]
		if i >= len(s) || s[i] == '\n' {
			t.problem("DSH2103", "unterminated string literal")
		} else {
			i++ // the closing quote
		}
		lx.off = i
		return
	}
	i = lx.off + 1
	var b strings.Builder
	for {
		if i >= len(s) || s[i] == '\n' {
			t.problem("DSH2103", "unterminated string literal")
			break
		}
		c := s[i]
		if c == q {
			i++
			break
		}
		if c == '\\' && i+1 < len(s) && s[i+1] != '\n' {
			e := s[i+1]
			i += 2
			if d, ok := front.StringEscape(e); ok {
				if d != 0 {
					b.WriteByte(d)
				}
				continue
			}
			if e != '\'' && t.prob == nil {
				t.problem("DSH2104", "unknown escape sequence '\\"+string(e)+"'")
			}
			b.WriteByte(e)
			continue
		}
		b.WriteByte(c)
		i++
	}
	lx.off = i
	t.Str = b.String()
}

// skipRaw scans raw text (an HLSL body) from off, just after a '{', to the
// matching '}' honouring comments, strings and char literals. It returns the
// offset of that '}', or -1 at EOF.
func (lx *lexer) skipRaw(off int) int {
	s := lx.src
	depth := 1
	for i := off; i < len(s); i++ {
		switch c := s[i]; c {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i
			}
		case '/':
			if i+1 < len(s) && s[i+1] == '/' {
				for i < len(s) && s[i] != '\n' {
					i++
				}
			} else if i+1 < len(s) && s[i+1] == '*' {
				e := strings.Index(s[i+2:], "*/")
				if e < 0 {
					return -1
				}
				i += 2 + e + 1
			}
		case '"', '\'':
			for i++; i < len(s) && s[i] != c && s[i] != '\n'; i++ {
				if s[i] == '\\' {
					i++
				}
			}
		}
	}
	return -1
}
