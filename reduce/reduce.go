// Package reduce shrinks a DreamShader source while a condition holds:
// dead-code deletion, a pass over expressions that replaces a
// subexpression by one of its operands, a property or a literal (the
// sinks first), inlining of single-use aliases, cutting locals out, and
// delta debugging (Zeller's ddmin) over the file's statements and
// declarations. It edits the source text at the AST's positions, so the
// reduced file keeps the user's spelling, comments and layout and stays
// readable as a bug report; and it keeps only candidates that compile with
// no diagnostic the input did not have, so the witness does not lean on
// an implicit declaration or a new warning.
package reduce

import (
	"sort"

	"reuselab/compiler/legacy/syntax"
)

// span is a deletable or replaceable range of the source.
type span struct{ start, end int }

// units lists what ddmin may delete: top-level declarations, section items
// (properties, outputs) and Graph statements at every nesting depth, each
// with the blank space that belongs to it.
func units(path string, src []byte) []span {
	if isDSS(path) {
		return dssUnits(src)
	}
	f, _ := syntax.Parse(path, src)
	if f == nil {
		return nil
	}
	t := newText(src)
	var out []span
	add := func(start, end int) {
		if start < 0 || end <= start || end > len(src) {
			return
		}
		out = append(out, t.widen(span{start, end}))
	}
	var stmts func([]syntax.Stmt)
	stmts = func(list []syntax.Stmt) {
		for _, s := range list {
			start := t.offset(s.Position())
			if start >= 0 {
				add(start, t.stmtEnd(s, start))
			}
			switch s := s.(type) {
			case *syntax.IfStmt:
				stmts(s.Then)
				stmts(s.Else)
			case *syntax.RegionStmt:
				stmts(s.Body)
			}
		}
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *syntax.BlockDecl:
			add(t.offset(d.Pos), t.offset(d.RBrace)+1)
			for _, sec := range d.Sections {
				for _, p := range sec.Props {
					if _, ok := p.(*syntax.PropDecl); ok {
						o := t.offset(p.Position())
						add(o, t.semicolon(o))
					}
				}
				for _, it := range sec.Outputs {
					switch it.(type) {
					case *syntax.OutputBinding, *syntax.OutputDecl:
						o := t.offset(it.Position())
						add(o, t.semicolon(o))
					}
				}
				stmts(sec.Stmts)
			}
		case *syntax.FunctionDecl:
			add(t.offset(d.Pos), t.offset(d.RBrace)+1)
		case *syntax.NamespaceDecl:
			add(t.offset(d.Pos), t.offset(d.RBrace)+1)
		}
	}
	return out
}

// widen grows s over the blanks before it on its line and the rest of its
// line when only blanks follow, so a deleted statement leaves no blank line
// (a unit at column 1 included).
func (t *text) widen(s span) span {
	a := s.start
	for a > 0 && (t.src[a-1] == ' ' || t.src[a-1] == '\t') {
		a--
	}
	lineStart := a == 0 || t.src[a-1] == '\n'
	b := s.end
	for b < len(t.src) && (t.src[b] == ' ' || t.src[b] == '\t' || t.src[b] == '\r') {
		b++
	}
	if lineStart && (b == len(t.src) || t.src[b] == '\n') {
		return span{a, min(b+1, len(t.src))}
	}
	return span{s.start, s.end}
}

// CountStatements counts the Graph statements of every block, nested ones
// included: the size the reducer reports.
func CountStatements(path string, src []byte) int {
	if isDSS(path) {
		return countDSSStatements(src)
	}
	f, _ := syntax.Parse(path, src)
	if f == nil {
		return 0
	}
	var count func([]syntax.Stmt) int
	count = func(list []syntax.Stmt) int {
		n := 0
		for _, s := range list {
			n++
			switch s := s.(type) {
			case *syntax.IfStmt:
				n += count(s.Then) + count(s.Else)
			case *syntax.RegionStmt:
				n += count(s.Body)
			}
		}
		return n
	}
	n := 0
	for _, d := range f.Decls {
		if b, ok := d.(*syntax.BlockDecl); ok {
			for _, sec := range b.Sections {
				n += count(sec.Stmts)
			}
		}
	}
	return n
}

// without deletes the chosen units; a unit inside another deleted one
// goes with it.
func without(src []byte, us []span, drop []int) []byte {
	ss := make([]span, 0, len(drop))
	for _, i := range drop {
		ss = append(ss, us[i])
	}
	sort.Slice(ss, func(i, j int) bool {
		return ss[i].start < ss[j].start || ss[i].start == ss[j].start && ss[i].end > ss[j].end
	})
	out := make([]byte, 0, len(src))
	at := 0
	for _, s := range ss {
		if s.start < at {
			at = max(at, s.end)
			continue
		}
		out = append(out, src[at:s.start]...)
		at = s.end
	}
	return append(out, src[at:]...)
}
