// Package decompile raises a compiled IR module back to readable `.dss`
// source, as upstream's decompiler does (RaiseDreamShaderIR, then the AST
// built from the IR, then the printer): what a reuse pack did, read as a
// program. The text recompiles to the same graph (Equivalent).
package decompile

import "reuselab/ir"

// comparison is the sugar a five-operand Compare node raises to: `a OP b ?
// x : y`, where the three arms (A>B, A==B, A<B) are x or y in the pattern
// the operator selects.
type comparison struct {
	op         string
	gt, eq, lt bool // which arms hold x (the rest hold y)
}

// comparisons lists the patterns in the order they are tried: the strict
// operators first, so that `c ? x : y` with x == y never reaches here (it
// is one value, printed as such).
var comparisons = []comparison{
	{op: ">", gt: true},
	{op: "<", lt: true},
	{op: ">=", gt: true, eq: true},
	{op: "<=", lt: true, eq: true},
	{op: "==", eq: true},
	{op: "!=", gt: true, lt: true},
}

// raisedCompare is a Compare node read as `A op B ? X : Y`.
type raisedCompare struct {
	op   string
	a, b ir.Ref
	x, y ir.Ref
}

// raiseCompare reads Compare(a, b, gt, eq, lt) as a comparison and a
// select, when the three arms take exactly two values in one operator's
// pattern.
func raiseCompare(n *ir.Node) (raisedCompare, bool) {
	if n.Op != ir.OpCompare || len(n.Operands) != 5 {
		return raisedCompare{}, false
	}
	a, b := n.Operands[0], n.Operands[1]
	arms := [3]ir.Ref{n.Operands[2], n.Operands[3], n.Operands[4]}
	for _, r := range arms {
		if !r.Valid() {
			return raisedCompare{}, false
		}
	}
	for _, c := range comparisons {
		want := [3]bool{c.gt, c.eq, c.lt}
		var x, y ir.Ref
		haveX, haveY, ok := false, false, true
		for i, isX := range want {
			switch {
			case isX && !haveX:
				x, haveX = arms[i], true
			case isX && arms[i] != x:
				ok = false
			case !isX && !haveY:
				y, haveY = arms[i], true
			case !isX && arms[i] != y:
				ok = false
			}
		}
		if ok && haveX && haveY && x != y {
			return raisedCompare{op: c.op, a: a, b: b, x: x, y: y}, true
		}
	}
	return raisedCompare{}, false
}
