package syntax

import (
	"slices"

	"reuselab/diag"
)

// Input length must never drive recursion. The parser's own recursion is
// bounded by maxDepth, but operator, member, call and index chains are
// built by loops into trees as tall as the chain, and every later walk
// (lowering, the checks, the formats) follows them down. So two limits:
// a chain of more than maxChain operators in a row is refused where it
// grows, before it costs memory, and checkTree refuses any tree taller
// than maxHeight (nesting times chains). Both are DSH2151 with a position.
const (
	maxChain  = 10000
	maxHeight = 12000
)

// chainTooLong reports a chain that reached maxChain at t and quietly eats
// the rest of the statement, so that one diagnostic stands for it.
func (p *parser) chainTooLong(t token) Expr {
	p.errorf(t.Pos, "DSH2151", "expression too long: more than %d operators in a row (split it into statements)", maxChain)
	n := len(p.diags.Items)
	for !p.eof() && !p.is(";") && !p.is("}") {
		p.quietNext()
	}
	p.diags.Items = p.diags.Items[:n]
	return &BadExpr{Pos: t.Pos}
}

// checkTree runs the checks that need the whole tree in one walk: the
// height limit (maxHeight) and the call shorthands (checkCall, in
// Inspect's order). One walk instead of two: the walks cost more than the
// checks. It keeps its own stack.
//
// The height error is the one a walk in reverse source order meets first
// (the order this check has always reported in): the last node, in source
// order, at depth maxHeight+1. It comes before the calls' diagnostics.
func checkTree(f *File, l *diag.List) {
	type item struct {
		n     Node
		depth int
	}
	before := len(l.Items)
	var deep Node
	stack := make([]item, 0, 64)
	for i := len(f.Decls) - 1; i >= 0; i-- {
		stack = append(stack, item{f.Decls[i], 1})
	}
	var kids []Node
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if it.n == nil || isNilNode(it.n) {
			continue
		}
		if it.depth == maxHeight+1 {
			deep = it.n
		}
		if c, ok := it.n.(*CallExpr); ok {
			checkCall(c, l)
		}
		kids = children(kids[:0], it.n)
		for i := len(kids) - 1; i >= 0; i-- {
			stack = append(stack, item{kids[i], it.depth + 1})
		}
	}
	if deep != nil {
		var h diag.List
		h.Errorf(deep.Position(), "DSH2151", "expression nested too deeply: more than %d levels (split it into statements)", maxHeight)
		l.Items = slices.Insert(l.Items, before, h.Items[0])
	}
}
