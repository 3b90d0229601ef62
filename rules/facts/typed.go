package facts

import (
	"math"
	"strconv"

	"github.com/google/mangle/ast"

	"reuselab/ir"
)

// The base store's answers as Go values, for an evaluator that holds its
// own values (rules/compiled) and would otherwise build a query atom and
// read back an answer atom per lookup. The virtual predicates' atoms
// (fnstore.go) are made from these same functions, so the two cannot
// answer differently.

// Constants calls f with node id's Constant as constant/2, cwidth/2 and
// cval/3 serve it (a type, and the components: as many as cwidth, one
// cval each): the graph's when the node is a Constant with a value, then
// what was published for it (PublishFold); not at all for another node.
func (s *Store) Constants(id int, f func(typ string, vals []float64)) {
	if id < 0 || id >= s.n {
		return
	}
	if n := s.g.Nodes[id]; n.Op == ir.OpConstant {
		if v, ok := n.Prop("Value"); ok && (v.Kind == ir.KindTuple || v.Kind == ir.KindNumber) {
			f(n.Type(0), constComponents(v.Nums))
		}
	}
	if typ, vals, ok := s.Published(id); ok {
		f(typ, vals)
	}
}

// SwizzleKey is swzkey(N, K)'s K for node n; false when it has none (it
// is not a Swizzle with a mask).
func SwizzleKey(n *ir.Node) (string, bool) {
	if n.Op != ir.OpSwizzle {
		return "", false
	}
	if v, ok := n.Prop("Mask"); !ok || v.Kind != ir.KindString {
		return "", false
	}
	return swizzleKey(n), true
}

// OnlyServed reports whether every fact of p the store holds is one it
// serves (from the graph, published, or computed): none was added as an
// atom, so that Constants, Published and the functions below are all
// of p.
func (s *Store) OnlyServed(p ast.PredicateSym) bool { return s.holds[p]&(holdsKeyed|holdsOther) == 0 }

// Component is comp(x, i, V)'s V; false when there is no such fact.
func (s *Store) Component(x, i int) (float64, bool) { return s.component(x, i) }

// MV is mv(op, xs[0], xs[1], xs[2], i, V)'s V; false when there is no
// such fact.
func (s *Store) MV(op string, xs [3]int, i int) (float64, bool) {
	var in [3]float64
	for k, x := range xs {
		if x == -1 {
			continue
		}
		var ok bool
		if in[k], ok = s.component(x, i); !ok {
			return 0, false
		}
	}
	return scalar(op, in[0], in[1], in[2])
}

// Scalar is m(op, a, b, c, V)'s V; false when there is no such fact.
func Scalar(op string, a, b, c float64) (float64, bool) { return scalar(op, a, b, c) }

// Num9 is num9(f, S)'s S.
func Num9(f float64) string { return string(AppendNum9(nil, f)) }

// AppendNum9 appends Num9(f) to dst: an evaluator that interns the text
// looks it up without making a string when it holds it already.
func AppendNum9(dst []byte, f float64) []byte {
	switch {
	case f == 0:
		return append(dst, '0')
	case math.IsInf(f, 1):
		return append(dst, "inf"...)
	case math.IsInf(f, -1):
		return append(dst, "-inf"...)
	case math.IsNaN(f):
		return append(dst, "nan"...)
	}
	return strconv.AppendFloat(dst, f, 'g', 9, 64)
}

// Tuple9 is tuple9(len(vals), vals…, S)'s S, for 1 to 4 values.
func Tuple9(vals []float64) string { return string(AppendTuple9(nil, vals)) }

// AppendTuple9 appends Tuple9(vals) to dst, as ir.Value prints a tuple.
func AppendTuple9(dst []byte, vals []float64) []byte {
	dst = append(dst, '(')
	for i, f := range vals {
		if i > 0 {
			dst = append(dst, ", "...)
		}
		dst = AppendNum9(dst, f)
	}
	return append(dst, ')')
}

// MaskInfo is maskinfo(m, L, Valid)'s L and Valid.
func MaskInfo(m string) (length, valid int) {
	valid = 1
	for i := 0; i < len(m); i++ {
		if ir.MaskChannel(m[i]) < 0 {
			valid = 0
		}
	}
	return len(m), valid
}
