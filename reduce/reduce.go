// Package reduce shrinks a DreamShader source while a condition holds:
// delta debugging (Zeller's ddmin) over the file's statements and
// declarations, then a greedy pass over expressions that replaces a
// subexpression by one of its operands or by a literal. It edits the source
// text at the AST's positions, so the reduced file keeps the user's
// spelling, comments and layout and stays readable as a bug report.
package reduce

import (
	"bytes"
	"fmt"
	"io"
	"sort"

	"reuselab/compiler/legacy/syntax"
)

// Condition reports whether a candidate source still shows the behaviour
// being reduced (a mismatch, a diagnostic, a panic…). It must not panic.
type Condition func(src []byte) bool

// Options configures Reduce.
type Options struct {
	// Path names the file for the parser (its extension picks the 1.x
	// rules); the candidates are never written there.
	Path string
	// MaxTests bounds how many times the condition is evaluated (default
	// 4000); the best file found so far is returned when it runs out.
	MaxTests int
	// Log receives one line per accepted step; nil for none.
	Log io.Writer
}

// Stats says what Reduce did.
type Stats struct {
	Tests                   int
	StmtsBefore, StmtsAfter int // Graph statements, nested ones included
	BytesBefore, BytesAfter int
}

// Reduce returns the smallest source it finds for which cond holds. It
// fails when cond does not hold for src itself.
func Reduce(src []byte, cond Condition, opts Options) ([]byte, Stats, error) {
	if opts.MaxTests <= 0 {
		opts.MaxTests = 4000
	}
	r := &reducer{cond: cond, opts: opts}
	st := Stats{StmtsBefore: CountStatements(opts.Path, src), BytesBefore: len(src)}
	if !r.test(src) {
		return src, st, fmt.Errorf("the condition does not hold for the input")
	}
	best := src
	for {
		before := len(best)
		best = r.ddminUnits(best)
		best = r.simplifyExprs(best)
		if len(best) >= before || r.tests >= opts.MaxTests {
			break
		}
	}
	if isDSS(opts.Path) {
		// Deleted declarations leave the blank lines between them.
		if tidy := tidyBlankLines(best); len(tidy) < len(best) && r.test(tidy) {
			best = tidy
		}
	}
	st.Tests = r.tests
	st.StmtsAfter = CountStatements(opts.Path, best)
	st.BytesAfter = len(best)
	return best, st, nil
}

type reducer struct {
	cond  Condition
	opts  Options
	tests int
	seen  map[string]bool
}

// test runs the condition once per distinct candidate.
func (r *reducer) test(src []byte) bool {
	if r.seen == nil {
		r.seen = map[string]bool{}
	}
	if ok, done := r.seen[string(src)]; done {
		return ok
	}
	if r.tests >= r.opts.MaxTests {
		return false
	}
	r.tests++
	ok := r.cond(src)
	r.seen[string(src)] = ok
	return ok
}

func (r *reducer) logf(format string, args ...any) {
	if r.opts.Log != nil {
		fmt.Fprintf(r.opts.Log, format+"\n", args...)
	}
}

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

// ddminUnits runs ddmin over the units of src: it tries deleting each of n
// chunks (testing the complement of each chunk, in ddmin's terms), halves
// the chunks when none can go, and stops when no single unit can go.
func (r *reducer) ddminUnits(src []byte) []byte {
	us := units(r.opts.Path, src)
	alive := make([]int, len(us)) // indices into us still present
	for i := range alive {
		alive[i] = i
	}
	removed := []int{}
	cur := src
	n := 2
	for len(alive) >= 1 && r.tests < r.opts.MaxTests {
		chunk := (len(alive) + n - 1) / n
		progress := false
		for start := 0; start < len(alive); start += chunk {
			end := min(start+chunk, len(alive))
			drop := append(append([]int(nil), removed...), alive[start:end]...)
			cand := without(src, us, drop)
			if r.test(cand) {
				r.logf("deleted %d of %d units (%d bytes)", end-start, len(alive), len(cand))
				removed = drop
				alive = append(alive[:start:start], alive[end:]...)
				cur = cand
				n = max(n-1, 2)
				progress = true
				break
			}
		}
		if progress {
			continue
		}
		if chunk <= 1 {
			break
		}
		n = min(n*2, len(alive))
	}
	return cur
}

// simplifyExprs greedily replaces an expression by one of its operands or
// by a literal, outermost first, while the condition holds.
func (r *reducer) simplifyExprs(src []byte) []byte {
	for r.tests < r.opts.MaxTests {
		improved := false
		for _, c := range exprCandidates(r.opts.Path, src) {
			cand := append(append(append([]byte(nil), src[:c.at.start]...), c.with...), src[c.at.end:]...)
			if len(cand) >= len(src) {
				continue
			}
			if r.test(cand) {
				r.logf("replaced %q by %q", src[c.at.start:c.at.end], c.with)
				src = cand
				improved = true
				break
			}
			if r.tests >= r.opts.MaxTests {
				break
			}
		}
		if !improved {
			break
		}
	}
	return src
}

// candidate is one replacement of a source range.
type candidate struct {
	at   span
	with []byte
}

// exprCandidates lists, outermost first, every expression of every Graph
// statement and Outputs binding with what it may become: each operand, each
// argument, the base of a member or index, the inside of parentheses, and
// the literals 1 and 0; and every `if` with what it may become: its then
// arm or its else arm, unwrapped.
func exprCandidates(path string, src []byte) []candidate {
	if isDSS(path) {
		return nil // a .dss shrinks by its units only (dssUnits)
	}
	f, _ := syntax.Parse(path, src)
	if f == nil {
		return nil
	}
	t := newText(src)
	var out []candidate
	var visit func(e syntax.Expr)
	sub := func(e syntax.Expr) []byte {
		a, b := t.offset(e.Position()), t.exprEnd(e)
		if a < 0 || b <= a {
			return nil
		}
		return src[a:b]
	}
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
			for _, k := range kids {
				if s := sub(k); s != nil {
					out = append(out, candidate{span{a, b}, s})
				}
			}
			if _, lit := e.(*syntax.NumberLit); !lit {
				out = append(out, candidate{span{a, b}, []byte("1")}, candidate{span{a, b}, []byte("0")})
			}
		}
		for _, k := range kids {
			visit(k)
		}
	}
	var stmts func([]syntax.Stmt)
	stmts = func(list []syntax.Stmt) {
		for _, s := range list {
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
						out = append(out, candidate{whole, bytes.TrimSpace(src[then.start:then.end])},
							candidate{whole, bytes.TrimSpace(src[els.start:els.end])})
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
						visit(ob.Value)
					}
				}
			}
		}
	}
	return out
}
