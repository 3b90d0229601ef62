package reduce

import (
	"bytes"
	"sort"

	"reuselab/compiler/syntax"
)

// candidate is one replacement of a source range; group orders the
// candidates (the start of the statement they belong to).
type candidate struct {
	at    span
	with  []byte
	group int
}

// exprCandidates lists every expression of every Graph statement and
// Outputs binding with what it may become: each operand, each argument,
// the base of a member or index, the inside of parentheses, a property
// (a name no engine folds: the local's own type for a local, else the
// first float one, which widens to any vector), and the literals 1 and 0;
// and every `if` with what it may become: its then arm or its else arm,
// unwrapped. The last statement comes first, outermost expression first:
// a sink shrunk early takes whole cones of statements with it once the
// dead code goes.
func exprCandidates(path string, src []byte) []candidate {
	if isDSS(path) {
		return nil // a .dss shrinks by its units only (dssUnits)
	}
	f, _ := syntax.Parse(path, src)
	p := parseProgram(path, src)
	if f == nil || p == nil {
		return nil
	}
	t := newText(src)
	var out []candidate
	group := 0
	sub := func(e syntax.Expr) []byte {
		a, b := t.offset(e.Position()), t.exprEnd(e)
		if a < 0 || b <= a {
			return nil
		}
		return src[a:b]
	}
	// The parser bounds expression height (syntax's limits), so this
	// recursion is as deep as that bound at most.
	var visit func(e syntax.Expr)
	visit = func(e syntax.Expr) {
		if e == nil {
			return
		}
		a, b := t.offset(e.Position()), t.exprEnd(e)
		var kids []syntax.Expr
		switch e := e.(type) {
		case *syntax.BinaryExpr:
			kids = []syntax.Expr{e.X, e.Y}
		case *syntax.UnaryExpr:
			kids = []syntax.Expr{e.X}
		case *syntax.ParenExpr:
			kids = []syntax.Expr{e.X}
		case *syntax.MemberExpr:
			kids = []syntax.Expr{e.X}
		case *syntax.IndexExpr:
			kids = []syntax.Expr{e.X}
		case *syntax.CallExpr:
			for _, arg := range e.Args {
				kids = append(kids, arg.Value)
			}
		}
		if a >= 0 && b > a {
			add := func(with []byte) {
				if len(with) > 0 && !bytes.Equal(with, src[a:b]) {
					out = append(out, candidate{span{a, b}, with, group})
				}
			}
			for _, k := range kids {
				add(sub(k))
			}
			switch e := e.(type) {
			case *syntax.NumberLit:
			case *syntax.Ident:
				if typ, ok := p.types[e.Name]; ok && p.declared[e.Name] == 1 {
					add([]byte(p.placeholder(typ)))
				}
				add([]byte("1"))
				add([]byte("0"))
			default:
				add([]byte(p.placeholder("float")))
				add([]byte("1"))
				add([]byte("0"))
			}
		}
		for _, k := range kids {
			visit(k)
		}
	}
	var stmts func([]syntax.Stmt)
	stmts = func(list []syntax.Stmt) {
		for _, s := range list {
			group = t.offset(s.Position())
			switch s := s.(type) {
			case *syntax.DeclStmt:
				for _, d := range s.Vars {
					visit(d.Init)
				}
			case *syntax.AssignStmt:
				visit(s.Value)
			case *syntax.CallStmt:
				visit(s.Call)
			case *syntax.IfStmt:
				// An if may become one of its arms, statements and all.
				if a := t.offset(s.Pos); a >= 0 {
					if then, els, ok := t.ifArms(a); ok {
						whole := span{a, t.ifEnd(a)}
						out = append(out, candidate{whole, bytes.TrimSpace(src[then.start:then.end]), group},
							candidate{whole, bytes.TrimSpace(src[els.start:els.end]), group})
					}
				}
				if s.Cond != nil {
					visit(s.Cond.Left)
					visit(s.Cond.Right)
				}
				stmts(s.Then)
				stmts(s.Else)
			case *syntax.RegionStmt:
				stmts(s.Body)
			}
		}
	}
	for _, d := range f.Decls {
		if b, ok := d.(*syntax.BlockDecl); ok {
			for _, sec := range b.Sections {
				stmts(sec.Stmts)
				for _, it := range sec.Outputs {
					if ob, ok := it.(*syntax.OutputBinding); ok {
						group = t.offset(ob.Pos)
						visit(ob.Value)
					}
				}
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].group > out[j].group })
	return out
}
