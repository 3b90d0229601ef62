package pack

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/google/mangle/analysis"
	"github.com/google/mangle/ast"
	"github.com/google/mangle/parse"
	"github.com/google/mangle/symbols"

	"reuselab/diag"
)

// Diagnostic codes of loading a rule pack, in the tools range (D5: codes
// upstream lacks are minted in its ranges; package rules/eval has those of
// evaluating one, DSH9304–9310). Each is printed as
// FILE:LINE:COL: error DSHnnnn: message, pointing at the pack.
const (
	// CodePackSyntax: the pack does not parse (or cannot be read).
	CodePackSyntax = "DSH9300"
	// CodePackAnalysis: undeclared or misused predicate, unbound variable,
	// unknown function — Mangle's analysis refused a clause.
	CodePackAnalysis = "DSH9301"
	// CodePackStratify: recursion through negation or aggregation.
	CodePackStratify = "DSH9302"
	// CodePackInterface: the pack breaks the driver's interface (no sig/2,
	// wrong arity, derives a predicate the driver feeds, bad extends).
	CodePackInterface = "DSH9303"
)

// syntaxDiagnostics turns Mangle's "LINE:COL message" lines (column
// 0-based), the text of its parse error, into diagnostics quoting the
// offending line.
func syntaxDiagnostics(l *sink, file, src, errText string) {
	var lines []string // src's lines, cut once a diagnostic needs one
	for m := range strings.SplitSeq(strings.TrimSpace(errText), "\n") {
		if l.full() {
			l.count()
			continue
		}
		line, col := 1, 1
		msg := m
		if lc, rest, ok := strings.Cut(m, " "); ok {
			if a, b, ok := strings.Cut(lc, ":"); ok {
				if x, err1 := strconv.Atoi(a); err1 == nil {
					if y, err2 := strconv.Atoi(b); err2 == nil {
						line, col, msg = x, y+1, rest
					}
				}
			}
		}
		text := ""
		if lines == nil {
			lines = strings.Split(src, "\n")
		}
		if line >= 1 && line <= len(lines) {
			text = strings.TrimSpace(lines[line-1])
		}
		l.Errorf(diag.Pos{File: file, Line: line, Col: col}, CodePackSyntax, "syntax error: %s (in `%s`)", msg, text)
	}
}

// posOfClause finds where a clause was written: the first statement that
// is the clause, blanks aside.
func (p *Pack) posOfClause(c ast.Clause) diag.Pos {
	if pos, ok := p.clauses.at(p.stmts)[compact(c.String())]; ok {
		return pos
	}
	if len(p.stmts) > 0 {
		return diag.Pos{File: p.stmts[0].Pos.File, Line: 1, Col: 1}
	}
	return diag.Pos{File: "?", Line: 1, Col: 1}
}

// clauseIndex maps each clause of a pack, blanks removed, to the first
// statement that is it, made once a diagnostic needs it: looking each
// clause up among every statement made a pack of a million clauses fed by
// the driver quadratic. The phases are analysed at once, so it is made
// under a sync.Once.
type clauseIndex struct {
	once sync.Once
	pos  map[string]diag.Pos
}

func (x *clauseIndex) at(stmts []Statement) map[string]diag.Pos {
	x.once.Do(func() {
		x.pos = map[string]diag.Pos{}
		for _, s := range stmts {
			if s.Clause == nil {
				continue
			}
			if k := compact(s.Clause.String()); !hasKey(x.pos, k) {
				x.pos[k] = s.Pos
			}
		}
	})
	return x.pos
}

func hasKey(m map[string]diag.Pos, k string) bool {
	_, ok := m[k]
	return ok
}

// analysisDiagnostic locates the clause Mangle's analysis refused. Its
// messages quote the clause or a piece of it but carry no line
// (MANGLE.md pitfall 8), so each clause is analysed on its own, with every
// other head declared, until one fails the same way.
//
// Analysing one clause with every head declared costs as much as the
// heads, which made this quadratic: 2,000 clauses took 40 s. So the first
// clause is analysed so (a problem of the declarations fails it already),
// and each other one first with only the declarations of the names it
// uses (whatever their arity): only when that fails is it analysed with
// all of them, and that failure is the one reported.
func (p *Pack) analysisDiagnostic(l *sink, unit parse.SourceUnit, extra map[ast.PredicateSym]ast.Decl, err error) {
	msg := err.Error()
	all := map[ast.PredicateSym]ast.Decl{}
	for k, v := range extra {
		all[k] = v
	}
	declared := map[ast.PredicateSym]bool{}
	for _, d := range unit.Decls {
		declared[d.DeclaredAtom.Predicate] = true
	}
	for _, c := range unit.Clauses {
		if !declared[c.Head.Predicate] {
			all[c.Head.Predicate] = ast.NewSyntheticDeclFromSym(c.Head.Predicate)
		}
	}
	others := func(c ast.Clause, from map[ast.PredicateSym]ast.Decl) map[ast.PredicateSym]ast.Decl {
		local := map[ast.PredicateSym]ast.Decl{}
		for k, v := range from {
			if k != c.Head.Predicate || declared[k] {
				local[k] = v
			}
		}
		return local
	}
	failsAlone := func(c ast.Clause) error {
		_, err := analysis.AnalyzeOneUnit(parse.SourceUnit{Decls: unit.Decls, Clauses: []ast.Clause{c}}, others(c, all))
		return err
	}
	byName := map[string][]ast.PredicateSym{}
	for k := range all {
		byName[k.Symbol] = append(byName[k.Symbol], k)
	}
	declsByName := map[string][]ast.Decl{}
	var packageDecls []ast.Decl
	for _, d := range unit.Decls {
		if sym := d.DeclaredAtom.Predicate; sym == symbols.Package || sym == symbols.Use {
			packageDecls = append(packageDecls, d)
		} else {
			declsByName[sym.Symbol] = append(declsByName[sym.Symbol], d)
		}
	}
	mayFailAlone := func(c ast.Clause) bool {
		near := map[ast.PredicateSym]ast.Decl{}
		decls := slices.Clip(packageDecls)
		seen := map[string]bool{}
		for _, a := range clauseAtoms(c) {
			if seen[a.Predicate.Symbol] {
				continue
			}
			seen[a.Predicate.Symbol] = true
			for _, k := range byName[a.Predicate.Symbol] {
				near[k] = all[k]
			}
			decls = append(decls, declsByName[a.Predicate.Symbol]...)
		}
		_, err := analysis.AnalyzeOneUnit(parse.SourceUnit{Decls: decls, Clauses: []ast.Clause{c}}, others(c, near))
		return err != nil
	}
	for k, c := range unit.Clauses {
		if k > 0 && !mayFailAlone(c) {
			continue
		}
		if err1 := failsAlone(c); err1 != nil {
			l.Add(p.posOfClause(c), diag.Error, CodePackAnalysis, "%s (in clause `%s`)", trimClause(err1.Error()), c)
			return
		}
	}
	if s, ok := locate(p.stmts, msg); ok {
		l.Add(s.Pos, diag.Error, CodePackAnalysis, "%s (in `%s`)", trimClause(msg), s.Text)
		return
	}
	l.Add(p.posOfClause(ast.Clause{}), diag.Error, CodePackAnalysis, "%s", msg)
}

// trimClause drops Mangle's `in clause "…"` prefix: the diagnostic quotes
// the clause as written instead.
func trimClause(msg string) string {
	if strings.HasPrefix(msg, "in clause ") {
		if i := strings.Index(msg, `." `); i >= 0 {
			return msg[i+3:]
		}
	}
	return msg
}

// stratificationDiagnostic names the cycle Mangle does not: a negated or
// aggregated premise whose predicate depends back on the clause's head.
func (p *Pack) stratificationDiagnostic(l *sink, unit parse.SourceUnit) {
	deps := map[ast.PredicateSym][]ast.PredicateSym{}
	for _, c := range unit.Clauses {
		for _, t := range c.Premises {
			switch a := t.(type) {
			case ast.Atom:
				deps[c.Head.Predicate] = append(deps[c.Head.Predicate], a.Predicate)
			case ast.NegAtom:
				deps[c.Head.Predicate] = append(deps[c.Head.Predicate], a.Atom.Predicate)
			}
		}
	}
	// A negated or aggregated premise's predicate depends back on the
	// head (which depends on it) when the two are in one strongly
	// connected component; finding them once keeps this linear, where a
	// search per premise was quadratic in a long chain of negations.
	comp := components(deps)
	reaches := func(from, to ast.PredicateSym) bool { return comp[from] == comp[to] }
	for _, c := range unit.Clauses {
		aggregates := c.Transform != nil && !c.Transform.IsLetTransform()
		for _, t := range c.Premises {
			var sym ast.PredicateSym
			kind := ""
			switch a := t.(type) {
			case ast.NegAtom:
				sym, kind = a.Atom.Predicate, "negation of "+a.Atom.Predicate.Symbol
			case ast.Atom:
				if !aggregates {
					continue
				}
				sym, kind = a.Predicate, "aggregation over "+a.Predicate.Symbol
			default:
				continue
			}
			if reaches(sym, c.Head.Predicate) {
				l.Add(p.posOfClause(c), diag.Error, CodePackStratify,
					"program cannot be stratified: %s/%d depends on itself through %s (in clause `%s`); Mangle allows no recursion through negation or aggregation",
					c.Head.Predicate.Symbol, c.Head.Predicate.Arity, kind, c)
				return
			}
		}
	}
	l.Errorf(diag.Pos{File: p.Files[len(p.Files)-1], Line: 1, Col: 1}, CodePackStratify, "program cannot be stratified")
}

// components numbers the strongly connected components of the graph deps
// (Tarjan's algorithm, with an explicit stack: no recursion that a pack
// can drive). Every predicate of deps, as a key or a target, gets one.
func components(deps map[ast.PredicateSym][]ast.PredicateSym) map[ast.PredicateSym]int {
	index := map[ast.PredicateSym]int{}
	low := map[ast.PredicateSym]int{}
	onStack := map[ast.PredicateSym]bool{}
	comp := map[ast.PredicateSym]int{}
	var stack []ast.PredicateSym
	type frame struct {
		v    ast.PredicateSym
		next int // the index in deps[v] of the next edge to follow
	}
	roots := make([]ast.PredicateSym, 0, len(deps))
	for v := range deps {
		roots = append(roots, v)
	}
	// Components do not depend on the order the graph is walked in; the
	// numbers do, and only their equality is read.
	for _, root := range roots {
		if _, done := index[root]; done {
			continue
		}
		calls := []frame{{v: root}}
		index[root], low[root] = len(index), len(index)
		stack, onStack[root] = append(stack, root), true
		for len(calls) > 0 {
			f := &calls[len(calls)-1]
			if f.next < len(deps[f.v]) {
				w := deps[f.v][f.next]
				f.next++
				if _, seen := index[w]; !seen {
					index[w], low[w] = len(index), len(index)
					stack, onStack[w] = append(stack, w), true
					calls = append(calls, frame{v: w})
				} else if onStack[w] {
					low[f.v] = min(low[f.v], index[w])
				}
				continue
			}
			v := f.v
			calls = calls[:len(calls)-1]
			if len(calls) > 0 {
				u := calls[len(calls)-1].v
				low[u] = min(low[u], low[v])
			}
			if low[v] == index[v] {
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[w] = false
					comp[w] = index[v]
					if w == v {
						break
					}
				}
			}
		}
	}
	return comp
}

// RuntimeDiagnostic turns an evaluation error into a diagnostic at the
// clause Mangle names, when it names one; its runtime errors usually do not
// (MANGLE.md pitfall 8), and then the diagnostic says so.
func (p *Pack) RuntimeDiagnostic(code string, err error) diag.Diagnostic {
	msg := err.Error()
	if s, ok := locate(p.stmts, msg); ok {
		return diag.Diagnostic{Pos: s.Pos, Severity: diag.Error, Code: code, Message: fmt.Sprintf("%s (in `%s`)", msg, s.Text)}
	}
	pos := diag.Pos{File: p.Files[len(p.Files)-1], Line: 1, Col: 1}
	return diag.Diagnostic{Pos: pos, Severity: diag.Error, Code: code, Message: msg + " (Mangle does not say which clause)"}
}
