package facts

import (
	"math"

	"github.com/google/mangle/ast"

	"reuselab/ir"
)

// Virtual predicates: facts computed by Go when a rule asks for them with
// the inputs bound. They exist because Mangle v0.4.0 has no sin, sqrt,
// float comparison, rounding or string indexing (MANGLE.md §3), and because
// its own external-predicate mechanism panics on a variable input and skips
// calls silently once a fact exists (MANGLE.md pitfall 5). Serving them from
// the fact store works: premiseAtom substitutes bound variables before it
// asks the store. They compute scalars and decode strings only; every rule
// that decides what folds, composes or merges is in the packs.
//
//	m(Op, A, B, C, V)      V is one component of Op applied to A, B, C (floats;
//	                       unused operands 0.0), with the reference folder's guards
//	num9(F, S)             S prints F as the dedupe key does (%.9g, -0 as 0)
//	tuple9(W, A, B, C, D, S)
//	                       S prints the first W (1..4) of A, B, C, D as the dedupe key
//	                       prints a Constant's value, "(0.5, 1)": a folded value's
//	                       signature in one premise instead of a num9/2 per component
//	maskinfo(M, L, Valid)  mask string M has length L; Valid 1 when every letter is x, y, z or w
//	maskchan(M, I, C)      letter I of M names channel C (0..3); absent for other letters
//	comp(X, I, V)          component I (0..3) of the Constant X as the folder reads it:
//	                       a 1-wide constant broadcasts, past a wider one's width reads 0.0
//	mv(Op, X, Y, Z, I, V)  m(Op, A, B, C, V) over comp(X, I, A), comp(Y, I, B),
//	                       comp(Z, I, C); an operand -1 reads 0.0
//
// comp and mv read what the store holds (a schema Constant or a node the
// driver published as folded); they exist because a component per fact
// (the rules derived it as av/4) cost more than the fold it fed. Which
// nodes fold, over which components, is the rules' decision.
var (
	pM        = ast.PredicateSym{Symbol: "m", Arity: 5}
	pNum9     = ast.PredicateSym{Symbol: "num9", Arity: 2}
	pTuple9   = ast.PredicateSym{Symbol: "tuple9", Arity: 6}
	pMaskInfo = ast.PredicateSym{Symbol: "maskinfo", Arity: 3}
	pMaskChan = ast.PredicateSym{Symbol: "maskchan", Arity: 3}
	pComp     = ast.PredicateSym{Symbol: "comp", Arity: 3}
	pMV       = ast.PredicateSym{Symbol: "mv", Arity: 6}
)

// VirtualPredicates lists the predicates the base store computes.
var VirtualPredicates = []ast.PredicateSym{pM, pNum9, pTuple9, pMaskInfo, pMaskChan, pComp, pMV}

// GetFacts answers the virtual predicates and passes everything else on.
func (s *Store) GetFacts(a ast.Atom, cb func(ast.Atom) error) error {
	switch a.Predicate {
	case pM:
		return serveM(a, cb)
	case pNum9:
		f, ok := FloatArg(a.Args[0])
		if !ok {
			return nil
		}
		return emit(a, cb, ast.String(Num9(f)), 1)
	case pTuple9:
		w, ok := IntArg(a.Args[0])
		if !ok || w < 1 || w > 4 {
			return nil
		}
		var vals [4]float64
		for k := range w {
			if vals[k], ok = FloatArg(a.Args[1+k]); !ok {
				return nil
			}
		}
		return emit(a, cb, ast.String(Tuple9(vals[:w])), 5)
	case pMaskInfo:
		m, ok := StringArg(a.Args[0])
		if !ok {
			return nil
		}
		l, valid := MaskInfo(m)
		return emit(a, cb, ast.Number(int64(valid)), 2, ast.Number(int64(l)))
	case pComp:
		x, ok1 := IntArg(a.Args[0])
		i, ok2 := IntArg(a.Args[1])
		if !ok1 || !ok2 {
			return nil
		}
		v, ok := s.component(x, i)
		if !ok {
			return nil
		}
		return emit(a, cb, ast.Float64(v), 2)
	case pMV:
		return s.serveMV(a, cb)
	case pMaskChan:
		m, ok := StringArg(a.Args[0])
		if !ok {
			return nil
		}
		for i := 0; i < len(m); i++ {
			c := ir.MaskChannel(m[i])
			if c < 0 {
				continue
			}
			out := ast.Atom{Predicate: a.Predicate, Args: []ast.BaseTerm{a.Args[0], ast.Number(int64(i)), ast.Number(int64(c))}}
			if matches(a, out) {
				if err := cb(out); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return s.getStored(a, cb)
}

// emit answers a query whose inputs are bound: the outputs fill the
// argument positions after the inputs (pos is the first output, extra are
// outputs placed before it), and a bound output must match.
func emit(a ast.Atom, cb func(ast.Atom) error, out ast.Constant, pos int, before ...ast.Constant) error {
	args := append([]ast.BaseTerm(nil), a.Args...)
	for i, c := range before {
		args[1+i] = c
	}
	args[pos] = out
	fact := ast.Atom{Predicate: a.Predicate, Args: args}
	if !matches(a, fact) {
		return nil
	}
	return cb(fact)
}

// matches reports whether every constant of the query equals the fact's.
func matches(q, fact ast.Atom) bool {
	for i, t := range q.Args {
		if c, ok := t.(ast.Constant); ok && !c.Equals(fact.Args[i]) {
			return false
		}
	}
	return true
}

// FloatArg reads a number term as a float (an int too).
func FloatArg(t ast.BaseTerm) (float64, bool) {
	c, ok := t.(ast.Constant)
	if !ok {
		return 0, false
	}
	switch c.Type {
	case ast.Float64Type:
		f, _ := c.Float64Value()
		return f, true
	case ast.NumberType:
		n, _ := c.NumberValue()
		return float64(n), true
	}
	return 0, false
}

// StringArg reads a string term.
func StringArg(t ast.BaseTerm) (string, bool) {
	c, ok := t.(ast.Constant)
	if !ok || c.Type != ast.StringType {
		return "", false
	}
	s, _ := c.StringValue()
	return s, true
}

// IntArg reads an int term.
func IntArg(t ast.BaseTerm) (int, bool) {
	c, ok := t.(ast.Constant)
	if !ok || c.Type != ast.NumberType {
		return 0, false
	}
	v, _ := c.NumberValue()
	return int(v), true
}

func serveM(a ast.Atom, cb func(ast.Atom) error) error {
	op, ok := StringArg(a.Args[0])
	if !ok {
		return nil
	}
	x, ok1 := FloatArg(a.Args[1])
	y, ok2 := FloatArg(a.Args[2])
	z, ok3 := FloatArg(a.Args[3])
	if !ok1 || !ok2 || !ok3 {
		return nil
	}
	v, ok := scalar(op, x, y, z)
	if !ok {
		return nil
	}
	return emit(a, cb, ast.Float64(v), 4)
}

// scalar is one component of op: the reference folder's arithmetic
// (ir.FoldComponent, shared by both engines), plus RawSqrt (Length,
// Distance) and NormDiv (Normalize), the pieces the vector rules need.
func scalar(op string, a, b, c float64) (float64, bool) {
	switch op {
	case "RawSqrt":
		return math.Sqrt(a), true
	case "NormDiv":
		if b > 0 {
			return a / b, true
		}
		return 0, true
	}
	o, ok := ir.ParseOp(op)
	if !ok {
		return 0, false
	}
	return ir.FoldComponent(o, a, b, c)
}

// component is component i of the Constant x as the folder reads it
// (package doc: comp/3); false when x is not a constant or i is not 0..3.
func (s *Store) component(x, i int) (float64, bool) {
	if i < 0 || i > 3 || x < 0 || x >= s.n {
		return 0, false
	}
	// Read as cwidth/2 and cval/3 would serve them (a schema Constant's
	// value, then what the driver published for a folded node), without
	// building a query and an atom per fact: comp/3 and mv/6 ask this
	// once per component and operand.
	var vals [4]float64
	width := 0
	if n := s.g.Nodes[x]; n.Op == ir.OpConstant {
		if v, ok := n.Prop("Value"); ok && (v.Kind == ir.KindTuple || v.Kind == ir.KindNumber) {
			comps := constComponents(v.Nums)
			width = len(comps)
			copy(vals[:], comps)
		}
	}
	if _, pub, ok := s.Published(x); ok {
		width = len(pub)
		copy(vals[:], pub)
	}
	for _, f := range s.rowsOf(x) {
		switch f.Predicate {
		case pCWidth:
			width, _ = IntArg(f.Args[1])
		case pCVal:
			if k, ok := IntArg(f.Args[1]); ok && k >= 0 && k < 4 {
				vals[k], _ = FloatArg(f.Args[2])
			}
		}
	}
	if width < 1 || width > 4 {
		return 0, false
	}
	switch {
	case width == 1:
		return vals[0], true
	case i < width:
		return vals[i], true
	}
	return 0, true
}

func (s *Store) serveMV(a ast.Atom, cb func(ast.Atom) error) error {
	op, ok := StringArg(a.Args[0])
	i, ok2 := IntArg(a.Args[4])
	if !ok || !ok2 {
		return nil
	}
	var xs [3]int
	for k := range xs {
		if xs[k], ok = IntArg(a.Args[1+k]); !ok {
			return nil
		}
	}
	v, ok := s.MV(op, xs, i)
	if !ok {
		return nil
	}
	return emit(a, cb, ast.Float64(v), 5)
}
