package reduce

import (
	"unicode/utf8"

	"reuselab/compiler/legacy/syntax"
)

// The AST records where each node starts, not where it ends; the reducer
// edits source text, so extents are recovered here by scanning from a
// node's start with a small tokenizer that knows strings, comments and
// bracket depth. Editing text rather than printing an AST keeps the user's
// spelling, comments and layout in the reduced file.

// text is a source with a line index for Pos → byte offset.
type text struct {
	src   []byte
	lines []int // byte offset of each line start
}

func newText(src []byte) *text {
	t := &text{src: src, lines: []int{0}}
	for i, c := range src {
		if c == '\n' {
			t.lines = append(t.lines, i+1)
		}
	}
	return t
}

// offset converts a 1-based line and rune column to a byte offset; -1 when
// the position is outside the text.
func (t *text) offset(p syntax.Pos) int {
	if p.Line < 1 || p.Line > len(t.lines) || p.Col < 1 {
		return -1
	}
	off := t.lines[p.Line-1]
	for c := 1; c < p.Col; c++ {
		if off >= len(t.src) || t.src[off] == '\n' {
			return -1
		}
		_, n := utf8.DecodeRune(t.src[off:])
		off += n
	}
	return off
}

// skipSpace skips blanks and comments from i.
func (t *text) skipSpace(i int) int {
	for i < len(t.src) {
		switch c := t.src[i]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			i++
		case c == '/' && i+1 < len(t.src) && t.src[i+1] == '/':
			for i < len(t.src) && t.src[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(t.src) && t.src[i+1] == '*':
			i += 2
			for i+1 < len(t.src) && !(t.src[i] == '*' && t.src[i+1] == '/') {
				i++
			}
			i += 2
		default:
			return i
		}
	}
	return len(t.src)
}

// skipString skips the string literal opening at i.
func (t *text) skipString(i int) int {
	for i++; i < len(t.src) && t.src[i] != '"' && t.src[i] != '\n'; i++ {
		if t.src[i] == '\\' {
			i++
		}
	}
	return i + 1
}

// matching returns the offset just past the bracket matching the one at i.
func (t *text) matching(i int) int {
	if i < 0 || i >= len(t.src) || !isOpen(t.src[i]) {
		return -1
	}
	depth := 0
	for i < len(t.src) {
		c := t.src[i]
		if j := t.skipSpace(i); j != i {
			i = j
			continue
		}
		switch {
		case c == '"':
			i = t.skipString(i)
			continue
		case isOpen(c):
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
			if depth == 0 {
				return i + 1
			}
		}
		i++
	}
	return -1
}

func isOpen(c byte) bool { return c == '(' || c == '[' || c == '{' }

// word reports whether the identifier w starts at i.
func (t *text) word(i int, w string) bool {
	if i+len(w) > len(t.src) || string(t.src[i:i+len(w)]) != w {
		return false
	}
	j := i + len(w)
	return j == len(t.src) || !isIdent(t.src[j])
}

func isIdent(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// stmtEnd is the offset just past statement s starting at start.
func (t *text) stmtEnd(s syntax.Stmt, start int) int {
	switch s := s.(type) {
	case *syntax.IfStmt:
		return t.ifEnd(start)
	case *syntax.RegionStmt:
		if s.EndPos.Line == 0 {
			return -1
		}
		e := t.offset(s.EndPos)
		for e >= 0 && e < len(t.src) && t.src[e] != '\n' {
			e++
		}
		return e
	}
	// A plain statement ends at its `;`; the scan stops at the first `;`
	// outside brackets.
	return t.semicolon(start)
}

func (t *text) semicolon(i int) int {
	depth := 0
	for i < len(t.src) {
		if j := t.skipSpace(i); j != i {
			i = j
			continue
		}
		switch c := t.src[i]; {
		case c == '"':
			i = t.skipString(i)
			continue
		case isOpen(c):
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
			if depth < 0 {
				return -1
			}
		case c == ';' && depth == 0:
			return i + 1
		}
		i++
	}
	return -1
}

// ifEnd is the end of `if (…) {…} [else if … | else {…}]` starting at i.
func (t *text) ifEnd(i int) int {
	i = t.skipSpace(i + len("if"))
	if i >= len(t.src) || t.src[i] != '(' {
		return -1
	}
	if i = t.matching(i); i < 0 {
		return -1
	}
	i = t.skipSpace(i)
	if i >= len(t.src) || t.src[i] != '{' {
		return -1
	}
	if i = t.matching(i); i < 0 {
		return -1
	}
	j := t.skipSpace(i)
	if !t.word(j, "else") {
		return i
	}
	j = t.skipSpace(j + len("else"))
	if t.word(j, "if") {
		return t.ifEnd(j)
	}
	if j < len(t.src) && t.src[j] == '{' {
		return t.matching(j)
	}
	return -1
}

// ifArms returns the inside of the then braces and of the else part (the
// else braces' inside, or the whole `if` of an `else if`) of the `if`
// statement starting at i; an absent else is the empty span at the end.
func (t *text) ifArms(i int) (then, els span, ok bool) {
	i = t.skipSpace(i + len("if"))
	if i >= len(t.src) || t.src[i] != '(' {
		return
	}
	if i = t.matching(i); i < 0 {
		return
	}
	i = t.skipSpace(i)
	if i >= len(t.src) || t.src[i] != '{' {
		return
	}
	e := t.matching(i)
	if e < 0 {
		return
	}
	then = span{i + 1, e - 1}
	j := t.skipSpace(e)
	if !t.word(j, "else") {
		return then, span{e, e}, true
	}
	j = t.skipSpace(j + len("else"))
	if t.word(j, "if") {
		if end := t.ifEnd(j); end > 0 {
			return then, span{j, end}, true
		}
		return
	}
	if j < len(t.src) && t.src[j] == '{' {
		if end := t.matching(j); end > 0 {
			return then, span{j + 1, end - 1}, true
		}
	}
	return
}

// exprEnd is the offset just past expression e, or -1.
func (t *text) exprEnd(e syntax.Expr) int {
	at := func(p syntax.Pos, n int) int {
		if o := t.offset(p); o >= 0 {
			return o + n
		}
		return -1
	}
	switch e := e.(type) {
	case *syntax.NumberLit:
		return at(e.Pos, len(e.Raw))
	case *syntax.BoolLit:
		return at(e.Pos, len(e.Raw))
	case *syntax.StringLit:
		if o := t.offset(e.Pos); o >= 0 && o < len(t.src) && t.src[o] == '"' {
			return t.skipString(o)
		}
		return -1
	case *syntax.Ident:
		return at(e.Pos, len(e.Name))
	case *syntax.ScopeExpr:
		return at(e.NamePos, len(e.Name))
	case *syntax.MemberExpr:
		return at(e.NamePos, len(e.Name))
	case *syntax.CallExpr:
		return at(e.RParen, 1)
	case *syntax.DefaultExpr:
		return at(e.Pos, len("default"))
	case *syntax.IndexExpr:
		return t.matching(t.offset(e.LBrack))
	case *syntax.UnaryExpr:
		return t.exprEnd(e.X)
	case *syntax.BinaryExpr:
		return t.exprEnd(e.Y)
	case *syntax.ParenExpr, *syntax.BraceInit:
		return t.matching(t.offset(e.Position()))
	case *syntax.PathExpr:
		o := t.offset(e.Pos)
		if o < 0 {
			return -1
		}
		for o < len(t.src) && t.src[o] != '(' {
			o++
		}
		return t.matching(o)
	}
	return -1
}
