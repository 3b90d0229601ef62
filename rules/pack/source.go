package pack

import (
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"sync"

	"github.com/google/mangle/ast"
	mparse "github.com/google/mangle/parse"
	"github.com/google/mangle/symbols"

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
	// ended says the statement ends at a period followed by a blank, a
	// comment or the end of the file, which no token of Mangle's runs on
	// past (a name may hold a period: `A.a`).
	ended bool
}

// splitStatements cuts Mangle source into statements (scanStatements)
// and parses each one when parse is set.
func splitStatements(file, src string, parse bool) []Statement {
	out := appendStatements(make([]Statement, 0, countStatements(src)), file, src)
	if parse {
		parseStatements(out)
	}
	return out
}

// appendStatements appends src's statements to dst. Text is for reading
// (quoted in diagnostics); the parse reads the statement as written,
// comments and blanks in strings included.
func appendStatements(dst []Statement, file, src string) []Statement {
	scanStatements(src, func(start, end, line, col int, ended bool) {
		raw := src[start:end]
		dst = append(dst, Statement{Pos: diag.Pos{File: file, Line: line, Col: col}, Text: collapse(raw), raw: raw, ended: ended})
	})
	return dst
}

// countStatements is how many statements src has, for a slice made at
// its size: a pack's statements are most of what loading it keeps.
func countStatements(src string) int {
	n := 0
	scanStatements(src, func(int, int, int, int, bool) { n++ })
	return n
}

// scanStatements cuts Mangle source into statements at each period that
// ends one: outside strings and comments, and not followed by a digit (so
// `2.0` and `.5` stay inside their clause). It calls each with every
// statement's bounds in src, its line and column, and whether it ended
// (Statement.ended).
func scanStatements(src string, each func(start, end, line, col int, ended bool)) {
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
				ended := next == ' ' || next == '\t' || next == '\n' || next == '\r' || next == '#' // next is a blank at the end
				each(start, i, sline, scol, ended)
				start = -1
				continue
			}
		}
		adv()
	}
	if start >= 0 {
		each(start, len(src), sline, scol, false)
	}
}

// collapse is s with every run of blanks made one space and none at
// either end, as strings.Fields joined makes it; s itself, not a copy,
// when it is so already, as most statements are.
func collapse(s string) string {
	space := true // a blank here would be leading or doubled
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == ' ' && !space:
			space = true
		case c == ' ' || c < ' ' || c >= 0x7f: // a control byte may be a blank, a non-ASCII one start one
			return strings.Join(strings.Fields(s), " ")
		default:
			space = false
		}
	}
	if space && s != "" {
		return strings.Join(strings.Fields(s), " ")
	}
	return s
}

// parseStatements parses each statement on its own, so that a clause found
// by analysis can be mapped back to the line it was written on, and the
// pack's unit made of them (unitOf) rather than parsed again whole: Mangle's
// parser takes most of the time a pack loads in, and a bench or an
// explain waits for it. The statements are independent, so they are parsed
// on every processor at once, in runs of neighbours.
func parseStatements(stmts []Statement) {
	parseStatementsWhile(stmts, func(lo, hi int) bool { return true })
}

// parseChunk is how many statements are parsed between two calls of
// parseStatementsWhile's more.
const parseChunk = 2048

// parseStatementsWhile parses stmts in order, parseChunk at a time, as
// long as more (called with the bounds of each chunk once it is parsed)
// says to go on, and returns how many it parsed.
func parseStatementsWhile(stmts []Statement, more func(lo, hi int) bool) int {
	for lo := 0; lo < len(stmts); {
		hi := min(lo+parseChunk, len(stmts))
		chunk := stmts[lo:hi]
		workers := min(runtime.NumCPU(), len(chunk)/8+1)
		var wg sync.WaitGroup
		for w := range workers {
			a, b := w*len(chunk)/workers, (w+1)*len(chunk)/workers
			wg.Add(1)
			go func() {
				defer wg.Done()
				for k := a; k < b; k++ {
					chunk[k].parse()
				}
			}()
		}
		wg.Wait()
		if !more(lo, hi) {
			return hi
		}
		lo = hi
	}
	return len(stmts)
}

// bigStatement is the size past which a statement is first read for a
// syntax error (syntaxErrors, stopping at the first) and parsed only if it
// has none: Mangle's parser collects every error before it returns, and a
// 4 MB pack with no period in it, one statement, had 800k of them.
const bigStatement = 64 << 10

// parse sets the statement's Clause or Decl when its text is exactly one
// of them, as it would be in the whole file: with the package every unit
// begins with when it names none, and no other.
func (st *Statement) parse() {
	defer func() {
		if recover() != nil { // Mangle's parser is not ours to trust: the whole file's parse reports it
			st.Clause, st.Decl = nil, nil
		}
	}()
	if len(st.raw) > bigStatement && syntaxErrors(st.raw, 0).cut {
		return
	}
	u, err := mparse.Unit(strings.NewReader(st.raw))
	if err != nil || len(u.Decls) == 0 || !isEmptyPackage(u.Decls[0]) {
		return
	}
	switch {
	case len(u.Clauses) == 1 && len(u.Decls) == 1:
		c := u.Clauses[0]
		st.Clause = &c
	case len(u.Clauses) == 0 && len(u.Decls) == 2:
		if p := u.Decls[1].DeclaredAtom.Predicate; p != symbols.Package && p != symbols.Use {
			d := u.Decls[1]
			st.Decl = &d
		}
	}
}

// emptyPackage is the package declaration Mangle's parser puts first in a
// unit that declares none.
var emptyPackage = sync.OnceValue(func() ast.Decl {
	u, err := mparse.Unit(strings.NewReader(""))
	if err != nil || len(u.Decls) != 1 {
		panic(fmt.Sprintf("pack: Mangle's parse of an empty unit: %v %v", u, err))
	}
	return u.Decls[0]
})

func isEmptyPackage(d ast.Decl) bool { return reflect.DeepEqual(d, emptyPackage()) }

// unitOf is the unit Mangle's parser makes of a file cut into stmts, each
// of them parsed: the file's package declaration (none, so the empty one),
// then its declarations in order, then its clauses in order, as the
// grammar's program (a package, uses, then declarations and clauses in any
// order) is visited. ok is false when a statement is not exactly one
// clause or one declaration, or the period that ends it might be read as
// part of a longer token; the file is then parsed whole (and its syntax
// errors reported). TestUnitOfStatementsIsMangles holds it to Mangle's parse
// of every built-in pack.
func unitOf(stmts []Statement) (u mparse.SourceUnit, ok bool) {
	u.Decls = []ast.Decl{emptyPackage()}
	for _, st := range stmts {
		switch {
		case !st.ended:
			return mparse.SourceUnit{}, false
		case st.Clause != nil:
			u.Clauses = append(u.Clauses, *st.Clause)
		case st.Decl != nil:
			u.Decls = append(u.Decls, *st.Decl)
		default:
			return mparse.SourceUnit{}, false
		}
	}
	return u, true
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
