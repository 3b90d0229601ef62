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
// It checks p's first n statements (those parsed), and stops at the error
// after the maxPackErrors-th.
func (p *Pack) arityDiagnostics(l *sink, n int) {
	ac := newArityCheck()
	for k := range p.stmts[:n] {
		s := &p.stmts[k]
		bad, ok := ac.check(s)
		switch {
		case !ok:
			continue
		case l.tooMany():
			l.stop(s.atomPos(bad.sym, bad.want), CodePackAnalysis, "the statements after it were not checked")
			return
		case l.full():
			l.count()
		case bad.iface != nil:
			f := bad.iface
			l.Add(s.atomPos(bad.sym, bad.want), diag.Error, CodePackInterface,
				"%s has %d argument(s) here; the pack interface has %s/%d, %s: %s (in `%s`)",
				bad.sym, bad.arity, f.Sym.Symbol, f.Sym.Arity, f.Use(), f.Meaning, s.Text)
		default:
			l.Add(s.atomPos(bad.sym, bad.want), diag.Error, CodePackAnalysis,
				"%s has %d argument(s) here, %d at %s: a predicate has one arity (in `%s`)",
				bad.sym, bad.arity, bad.want, bad.first, s.Text)
		}
	}
}

// arityCheck is the arity check over a pack's statements in order: the
// arities the interface fixes, and the first use of every other name.
type arityCheck struct {
	fixed map[string]Predicate
	seen  map[string]arityUse
}

type arityUse struct {
	arity int
	pos   diag.Pos
}

// arityMismatch is a clause's first atom with the wrong arity: sym with
// arity arguments where want were fixed, by the interface (iface) or by
// the clause at first.
type arityMismatch struct {
	sym         string
	arity, want int
	iface       *Predicate
	first       diag.Pos
}

func newArityCheck() *arityCheck {
	return &arityCheck{fixed: fixedArity(), seen: map[string]arityUse{}}
}

// check checks s's clause (nothing when it has none), records the names
// it is the first to use, and returns its first mismatch; ok is false when
// it has none.
func (ac *arityCheck) check(s *Statement) (bad arityMismatch, ok bool) {
	if s.Clause == nil {
		return bad, false
	}
	for _, a := range clauseAtoms(*s.Clause) {
		sym := a.Predicate
		if f, ok := ac.fixed[sym.Symbol]; ok {
			if sym.Arity != f.Sym.Arity {
				return arityMismatch{sym: sym.Symbol, arity: sym.Arity, want: f.Sym.Arity, iface: &f}, true
			}
			continue
		}
		prev, ok := ac.seen[sym.Symbol]
		if !ok {
			ac.seen[sym.Symbol] = arityUse{sym.Arity, s.Pos}
			continue
		}
		if prev.arity != sym.Arity {
			return arityMismatch{sym: sym.Symbol, arity: sym.Arity, want: prev.arity, first: prev.pos}, true
		}
	}
	return bad, false
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
