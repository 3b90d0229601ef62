package pack

import (
	"fmt"

	"github.com/google/mangle/ast"

	"reuselab/diag"
)

// A pack's diagnostics are bounded where they are made, not after: a 4 MB
// pack of arity mistakes made the loader format 1.16M messages (1.28 GB)
// that were then cut to a screenful (issue 28). The loader builds the first
// maxKeptDiags diagnostics, counts the rest without formatting them, and
// stops checking at the error after the maxPackErrors-th.
const (
	// maxKeptDiags is the diagnostics built, as many as the evaluation
	// child keeps of a pack's (rules/eval's maxPackDiags), so that the
	// list the child caps again is the one it would have cut out of every
	// diagnostic: the same first ones and the same "N more".
	maxKeptDiags = diag.MaxPerFile - 1
	// maxPackErrors is the errors a pack may have before the loader stops
	// looking for more: past it a pack is refused at its next error, and
	// the rest of it is not read (syntax) or not checked (arity). Checking
	// ten thousand statements takes a fraction of a second, and every pack
	// with fewer errors gets the diagnostics it always got, with the exact
	// count of those not shown.
	maxPackErrors = 10000
)

// sink collects a pack loader's diagnostics within the bounds above. Its
// Errorf and Add format a diagnostic only while there is room for it;
// after that they count it. (It has no other way in: a diag.List it
// embedded would let a Warnf past the bound.)
type sink struct {
	kept     diag.List
	more     int // diagnostics counted, not built
	errors   int // errors reported, kept or not
	keptErr  bool
	firstErr *diag.Diagnostic // the first error left out, while none is kept
}

// full reports whether a new diagnostic would only be counted: a caller
// that must work to find where a diagnostic points checks it first.
func (s *sink) full() bool { return len(s.kept.Items) >= maxKeptDiags }

// Add builds the diagnostic if there is room, else counts it.
func (s *sink) Add(pos diag.Pos, sev diag.Severity, code, format string, args ...any) {
	if sev == diag.Error {
		s.errors++
	}
	if !s.full() {
		s.kept.Add(pos, sev, code, format, args...)
		s.keptErr = s.keptErr || sev == diag.Error
		return
	}
	s.more++
	if sev == diag.Error && !s.keptErr && s.firstErr == nil {
		s.firstErr = &diag.Diagnostic{Pos: pos, Severity: sev, Code: code, Message: fmt.Sprintf(format, args...)}
	}
}

// Errorf adds an error (Add).
func (s *sink) Errorf(pos diag.Pos, code, format string, args ...any) {
	s.Add(pos, diag.Error, code, format, args...)
}

// count counts an error the caller did not build because the sink is full.
func (s *sink) count() { s.errors++; s.more++ }

// addAll adds diagnostics built elsewhere.
func (s *sink) addAll(ds []diag.Diagnostic) {
	for _, d := range ds {
		s.Add(d.Pos, d.Severity, d.Code, "%s", d.Message)
	}
}

// HasErrors reports whether any error was reported, kept or counted.
func (s *sink) HasErrors() bool { return s.errors > 0 }

// tooMany reports whether the next error would be one past maxPackErrors.
func (s *sink) tooMany() bool { return s.errors >= maxPackErrors }

// stop reports that the loader stopped at pos, having found more than
// maxPackErrors errors. It is always kept, in the last place if it must
// (the diagnostic there is counted instead), so that the reader learns
// that the count below is not all there is.
func (s *sink) stop(pos diag.Pos, code, what string) {
	s.errors++
	d := diag.Diagnostic{Pos: pos, Severity: diag.Error, Code: code,
		Message: fmt.Sprintf("the pack has more than %d errors: it is refused at this one, and %s", maxPackErrors, what)}
	if s.full() {
		s.kept.Items[len(s.kept.Items)-1] = d
		s.more++
	} else {
		s.kept.Items = append(s.kept.Items, d)
	}
	s.keptErr = true
}

// done is the list a loader returns: the diagnostics built and, when some
// were only counted, one info DSH8293 saying how many, at the last one
// kept, as rules/eval's capDiags words it. An error is never the only kind
// left out: the first one counted takes the last place kept.
func (s *sink) done() diag.List {
	if s.more == 0 {
		return s.kept
	}
	out := s.kept
	if s.firstErr != nil && !s.keptErr && len(out.Items) > 0 {
		out.Items[len(out.Items)-1] = *s.firstErr
	}
	at := diag.Pos{Line: 1, Col: 1}
	if len(out.Items) > 0 {
		at = out.Items[len(out.Items)-1].Pos
	}
	out.Infof(at, diag.CodeMore, "%d more diagnostics of this pack not shown", s.more)
	return out
}

// fedDiagnostics reports each clause that derives a predicate the driver
// feeds (a key of extra). Each is reported where the clause is first
// written (posOfClause); at, when the caller knows it, is where each
// clause is, for the one the check stops at.
func (p *Pack) fedDiagnostics(l *sink, clauses []ast.Clause, at []diag.Pos, extra map[ast.PredicateSym]ast.Decl) {
	for k, c := range clauses {
		if !hasDecl(extra, c.Head.Predicate) {
			continue
		}
		switch {
		case l.tooMany():
			pos := p.posOfClause(c)
			if at != nil {
				pos = at[k]
			}
			l.stop(pos, CodePackInterface, "the clauses after it were not checked")
			return
		case l.full():
			l.count()
		default:
			l.Add(p.posOfClause(c), diag.Error, CodePackInterface,
				"%s is fed by the driver and cannot be derived by a pack: %s", c.Head.Predicate, c)
		}
	}
}

func hasDecl(m map[ast.PredicateSym]ast.Decl, sym ast.PredicateSym) bool {
	_, ok := m[sym]
	return ok
}

// flood says why parseAlone stopped before the end.
type flood int

const (
	noFlood    flood = iota
	arityFlood       // more than maxPackErrors arity mismatches
	fedFlood         // none, but more than maxPackErrors clauses deriving what the driver feeds
)

// parseAlone parses the pack's statements one by one, in order, and
// returns how many it parsed: all of them, unless the pack is past
// checking before the end. It stops once more than maxPackErrors
// statements do not parse on their own (the file's syntax errors are then
// read up to that bound, by syntaxErrors), or, while every statement so
// far has parsed, once the first check that would refuse them finds more
// than maxPackErrors errors: their arities (arityDiagnostics), else their
// heads (fedDiagnostics, fed names the predicates the driver feeds). The
// pack is then refused on the statements parsed, and the flood says by
// which check.
func (p *Pack) parseAlone(fed map[ast.PredicateSym]ast.Decl) (parsed int, why flood) {
	ac := newArityCheck()
	unparsed, mismatches, fedHeads := 0, 0, 0
	parsed = parseStatementsWhile(p.stmts, func(lo, hi int) bool {
		for k := lo; k < hi; k++ {
			st := &p.stmts[k]
			if st.Clause == nil && st.Decl == nil {
				unparsed++
				continue
			}
			if _, bad := ac.check(st); bad {
				mismatches++
			}
			if st.Clause != nil && hasDecl(fed, st.Clause.Head.Predicate) {
				fedHeads++
			}
		}
		switch {
		case unparsed > 0:
		case mismatches > maxPackErrors:
			why = arityFlood
		case mismatches == 0 && fedHeads > maxPackErrors:
			why = fedFlood
		}
		return unparsed <= maxPackErrors && why == noFlood
	})
	return parsed, why
}
