package pack

import (
	"strings"

	"github.com/google/mangle/ast"

	"reuselab/diag"
)

// arityDiagnostics checks every atom of every clause against the arity the
// interface fixes (cur/3, sig/2…) and, for the pack's own helpers, against
// the arity of the first clause that used the name, base pack first.
// Mangle's analysis would refuse the same clauses, but it blames whichever
// clause of the merged unit it meets first, usually one of the base pack's
// (packs/reuse-2.0.mg), so a user's `sig(N)` was reported in a file the
// user never wrote. Here the clause that breaks the arity is the one named.
func (p *Pack) arityDiagnostics(l *diag.List) {
	fixed := fixedArity()
	type first struct {
		arity int
		pos   diag.Pos
	}
	seen := map[string]first{}
	for _, s := range p.stmts {
		if s.Clause == nil {
			continue
		}
		for _, a := range clauseAtoms(*s.Clause) {
			sym := a.Predicate
			if f, ok := fixed[sym.Symbol]; ok {
				if sym.Arity != f.Sym.Arity {
					l.Add(s.atomPos(sym.Symbol, f.Sym.Arity), diag.Error, CodePackInterface,
						"%s has %d argument(s) here; the pack interface has %s/%d, %s: %s (in `%s`)",
						sym.Symbol, sym.Arity, f.Sym.Symbol, f.Sym.Arity, f.Use(), f.Meaning, s.Text)
					break
				}
				continue
			}
			prev, ok := seen[sym.Symbol]
			if !ok {
				seen[sym.Symbol] = first{sym.Arity, s.Pos}
				continue
			}
			if prev.arity != sym.Arity {
				l.Add(s.atomPos(sym.Symbol, prev.arity), diag.Error, CodePackAnalysis,
					"%s has %d argument(s) here, %d at %s: a predicate has one arity (in `%s`)",
					sym.Symbol, sym.Arity, prev.arity, prev.pos, s.Text)
				break
			}
		}
	}
}

// clauseAtoms lists a clause's head and its positive and negated premises.
func clauseAtoms(c ast.Clause) []ast.Atom {
	atoms := []ast.Atom{c.Head}
	for _, t := range c.Premises {
		switch a := t.(type) {
		case ast.Atom:
			atoms = append(atoms, a)
		case ast.NegAtom:
			atoms = append(atoms, a.Atom)
		}
	}
	return atoms
}

// atomPos is where, inside statement s, the first atom of predicate sym
// with other than arity arguments is written; s.Pos when it is not found.
func (s Statement) atomPos(sym string, arity int) diag.Pos {
	raw := s.raw
	for from := 0; ; {
		k := strings.Index(raw[from:], sym+"(")
		if k < 0 {
			return s.Pos
		}
		at := from + k
		from = at + len(sym)
		if at > 0 && isIdentByte(raw[at-1]) {
			continue
		}
		if n, ok := countArgs(raw[at+len(sym):]); ok && n != arity {
			pos := s.Pos
			before := raw[:at]
			if nl := strings.Count(before, "\n"); nl > 0 {
				pos.Line += nl
				pos.Col = at - strings.LastIndexByte(before, '\n')
			} else {
				pos.Col += at
			}
			return pos
		}
	}
}

func isIdentByte(c byte) bool {
	return c == '_' || c == ':' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// countArgs counts the top-level arguments of the parenthesised list s
// starts with, skipping strings and nested brackets.
func countArgs(s string) (int, bool) {
	depth, n, empty := 0, 1, true
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\'', '`':
			for i++; i < len(s) && s[i] != c; i++ {
				if s[i] == '\\' {
					i++
				}
			}
			empty = false
		case '(', '[', '{':
			depth++
			if depth > 1 {
				empty = false
			}
		case ')', ']', '}':
			depth--
			if depth == 0 {
				if empty {
					return 0, true
				}
				return n, true
			}
		case ',':
			if depth == 1 {
				n++
			}
		case ' ', '\t', '\n', '\r':
		default:
			empty = false
		}
	}
	return 0, false
}
