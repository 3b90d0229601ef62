package facts

import (
	"slices"

	"github.com/google/mangle/ast"
	"github.com/google/mangle/factstore"
)

// What the driver publishes of a folded node, for the levels above to
// read it as a Constant: folded(N), constant(N, Type), cwidth(N, W) and
// cval(N, I, V) for I in 0..W-1 (package rules/pack names folded/1 the
// interface's; the rest are the schema's). They are kept as one entry a
// folded node, not as atoms: a fifth of the nodes fold, and their atoms
// (an args slice and a boxed value each) were most of what an evaluation
// held live. They are served as atoms when a query asks for them, after
// the schema's facts of the node and before the stored ones.
var pFolded = ast.PredicateSym{Symbol: "folded", Arity: 1}

// PredFolded is folded/1, which PublishFold serves.
var PredFolded = pFolded

// pESwz is eswz/4, a lower Swizzle's effective form (PublishSwizzle):
// one entry a swizzle, not an atom filed by node, for the reason above.
var pESwz = ast.PredicateSym{Symbol: "eswz", Arity: 4}

// PredESwz is eswz/4, which PublishSwizzle serves.
var PredESwz = pESwz

type swizzling struct {
	src, out int
	mask     string
}

type folding struct {
	typ  string
	vals []float64
}

// PublishFold files node id as folded into a Constant of type typ with
// the components vals (held, not copied). A node is published once.
func (s *Store) PublishFold(id int, typ string, vals []float64) {
	if id < 0 || id >= s.n {
		return
	}
	if s.foldAt == nil {
		s.foldAt = make([]int32, s.n)
		for _, p := range []ast.PredicateSym{pFolded, pConstant, pCWidth, pCVal} {
			s.holds[p] |= holdsPublished
		}
	}
	if s.foldAt[id] != 0 {
		return
	}
	if len(s.folds) == cap(s.folds) {
		// doubling: append grows a large slice by a quarter, and a fifth
		// of a large graph's nodes fold
		s.folds = slices.Grow(s.folds, max(len(s.folds), 64))
	}
	s.folds = append(s.folds, folding{typ, vals})
	s.foldAt[id] = int32(len(s.folds))
	s.count += 3 + len(vals)
}

// PublishedFolds is how many folds were published, and calls f with each
// in id order.
func (s *Store) PublishedFolds(f func(id int, typ string, vals []float64)) int {
	if f != nil {
		for id, k := range s.foldAt {
			if k != 0 {
				w := s.folds[k-1]
				f(id, w.typ, w.vals)
			}
		}
	}
	return len(s.folds)
}

// PublishSwizzle files eswz(id, src, out, mask): Swizzle id reads output
// out of node src through mask once its rewrites are applied. A node is
// published once.
func (s *Store) PublishSwizzle(id, src, out int, mask string) {
	if id < 0 || id >= s.n {
		return
	}
	if s.swzAt == nil {
		s.swzAt = make([]int32, s.n)
		s.holds[pESwz] |= holdsPublished
	}
	if s.swzAt[id] != 0 {
		return
	}
	s.swzs = append(s.swzs, swizzling{src, out, mask})
	s.swzAt[id] = int32(len(s.swzs))
	s.count++
}

// PublishedSwizzle reads what PublishSwizzle filed for node id.
func (s *Store) PublishedSwizzle(id int) (src, out int, mask string, ok bool) {
	if id < 0 || id >= len(s.swzAt) || s.swzAt[id] == 0 {
		return 0, 0, "", false
	}
	w := s.swzs[s.swzAt[id]-1]
	return w.src, w.out, w.mask, true
}

// Published reads what PublishFold filed for node id.
func (s *Store) Published(id int) (typ string, vals []float64, ok bool) {
	if id < 0 || id >= len(s.foldAt) || s.foldAt[id] == 0 {
		return "", nil, false
	}
	f := s.folds[s.foldAt[id]-1]
	return f.typ, f.vals, true
}

// servePublished answers a query of a published predicate: the node's
// facts when the query names a node, every published node's (in id
// order) when its first argument is a variable.
func (s *Store) servePublished(a ast.Atom, cb func(ast.Atom) error) error {
	if id, ok := s.nodeKey(a); ok {
		return s.emitPublished(a, id, cb)
	}
	if _, ok := a.Args[0].(ast.Variable); !ok {
		return nil
	}
	at := s.foldAt
	if a.Predicate == pESwz {
		at = s.swzAt
	}
	for id, k := range at {
		if k != 0 {
			if err := s.emitPublished(a, id, cb); err != nil {
				return err
			}
		}
	}
	return nil
}

func (s *Store) emitPublished(a ast.Atom, id int, cb func(ast.Atom) error) error {
	emit := func(args ...ast.BaseTerm) error {
		if !factstore.Matches(a.Args, args) {
			return nil
		}
		return cb(ast.Atom{Predicate: a.Predicate, Args: args})
	}
	if a.Predicate == pESwz {
		if src, out, mask, ok := s.PublishedSwizzle(id); ok {
			return emit(s.Num(id), s.Num(src), s.Num(out), ast.String(mask))
		}
		return nil
	}
	typ, vals, ok := s.Published(id)
	if !ok {
		return nil
	}
	switch a.Predicate {
	case pFolded:
		return emit(s.Num(id))
	case pConstant:
		return emit(s.Num(id), ast.String(typ))
	case pCWidth:
		return emit(s.Num(id), s.Num(len(vals)))
	case pCVal:
		for k, v := range vals {
			if err := emit(s.Num(id), s.Num(k), ast.Float64(v)); err != nil {
				return err
			}
		}
	}
	return nil
}
