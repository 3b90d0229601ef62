package pack

import (
	"strings"

	"github.com/google/mangle/ast"
	mparse "github.com/google/mangle/parse"

	"reuselab/diag"
)

// Statement is one clause or declaration of a pack file with where it
// starts. Mangle's parser gives positions only for syntax errors; analysis
// errors quote a clause (or part of one) and runtime errors nothing, so the
// pack loader keeps every statement's position to point diagnostics at it.
type Statement struct {
	Pos    diag.Pos
	Text   string      // the statement as written, whitespace collapsed
	Clause *ast.Clause // nil for a Decl or an unparsable statement
	Decl   *ast.Decl
	raw    string // the statement as written, for positions inside it
}

// splitStatements cuts Mangle source into statements at each period that
// ends one: outside strings and comments, and not followed by a digit (so
// `2.0` and `.5` stay inside their clause), and parses each one when parse
// is set (a user's pack is parsed only in the child: here it is text).
func splitStatements(file, src string, parse bool) []Statement {
	var out []Statement
	line, col := 1, 1
	start := -1
	var sline, scol int
	i := 0
	adv := func() {
		if src[i] == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
		i++
	}
	for i < len(src) {
		c := src[i]
		switch {
		case c == '#':
			for i < len(src) && src[i] != '\n' {
				adv()
			}
			continue
		case start < 0 && (c == ' ' || c == '\t' || c == '\n' || c == '\r'):
			adv()
			continue
		}
		if start < 0 {
			start, sline, scol = i, line, col
		}
		switch c {
		case '"', '\'', '`':
			q := c
			adv()
			for i < len(src) && src[i] != q {
				if src[i] == '\\' && i+1 < len(src) {
					adv()
				}
				adv()
			}
			if i < len(src) {
				adv()
			}
			continue
		case '.':
			next := byte(' ')
			if i+1 < len(src) {
				next = src[i+1]
			}
			if next < '0' || next > '9' {
				adv()
				text := strings.Join(strings.Fields(src[start:i]), " ")
				out = append(out, Statement{Pos: diag.Pos{File: file, Line: sline, Col: scol}, Text: text, raw: src[start:i]})
				start = -1
				continue
			}
		}
		adv()
	}
	if start >= 0 {
		text := strings.Join(strings.Fields(src[start:]), " ")
		out = append(out, Statement{Pos: diag.Pos{File: file, Line: sline, Col: scol}, Text: text, raw: src[start:]})
	}
	if !parse {
		return out
	}
	// Parse each statement on its own so that a clause found by analysis can
	// be mapped back to the line it was written on.
	for k := range out {
		u, err := mparse.Unit(strings.NewReader(out[k].Text))
		if err != nil {
			continue
		}
		if len(u.Clauses) == 1 {
			c := u.Clauses[0]
			out[k].Clause = &c
		} else if len(u.Decls) == 1 {
			d := u.Decls[0]
			out[k].Decl = &d
		}
	}
	return out
}

// compact removes all blanks, so that a clause printed by Mangle and the
// same clause as written compare equal.
func compact(s string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '\t' || r == '\n' || r == '\r' {
			return -1
		}
		return r
	}, s)
}

// locate finds the statement an engine message is about: the statement
// whose parsed clause Mangle quotes, else the statement that contains the
// longest quoted fragment of the message. ok is false when nothing matches.
func locate(stmts []Statement, msg string) (Statement, bool) {
	cm := compact(msg)
	best, bestLen := -1, 0
	for k, s := range stmts {
		if s.Clause == nil {
			continue
		}
		cs := compact(s.Clause.String())
		if len(cs) > bestLen && strings.Contains(cm, cs) {
			best, bestLen = k, len(cs)
		}
	}
	if best >= 0 {
		return stmts[best], true
	}
	// Fragments: the text after "expression " or "clause " up to " not"
	// or the end, as analysis prints for unbound variables and the like.
	for _, marker := range []string{"expression ", "in clause ", "evaluating ", "premise "} {
		if j := strings.Index(msg, marker); j >= 0 {
			frag := msg[j+len(marker):]
			if k := strings.Index(frag, " not "); k >= 0 {
				frag = frag[:k]
			}
			frag = compact(strings.Trim(frag, `"' :`))
			for len(frag) > 4 {
				for _, s := range stmts {
					if s.Clause != nil && strings.Contains(compact(s.Clause.String()), frag) {
						return s, true
					}
				}
				frag = frag[:len(frag)-1]
			}
		}
	}
	return Statement{}, false
}
