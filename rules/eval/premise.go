package eval

import "github.com/google/mangle/ast"

// premisePredicate is the predicate a clause premise reads, positive or
// negated; false for comparisons and other terms that read no predicate.
func premisePredicate(t ast.Term) (ast.PredicateSym, bool) {
	switch a := t.(type) {
	case ast.Atom:
		return a.Predicate, true
	case ast.NegAtom:
		return a.Atom.Predicate, true
	}
	return ast.PredicateSym{}, false
}
