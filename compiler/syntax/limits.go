package syntax

import "reuselab/diag"

// Input length must never drive recursion. The parser's own recursion is
// bounded by maxDepth, but operator, member, call and index chains are
// built by loops into trees as tall as the chain, and every later walk
// (lowering, the checks, the formats) follows them down. So two limits:
// a chain of more than maxChain operators in a row is refused where it
// grows, before it costs memory, and checkHeight refuses any tree taller
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

// checkHeight reports the first node that lies deeper than maxHeight in
// f's tree, once per file. It keeps its own stack.
func checkHeight(f *File, l *diag.List) {
	type item struct {
		n     Node
		depth int
	}
	var stack []item
	for _, d := range f.Decls {
		stack = append(stack, item{d, 1})
	}
	var kids []Node
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if it.n == nil || isNilNode(it.n) {
			continue
		}
		if it.depth > maxHeight {
			l.Errorf(it.n.Position(), "DSH2151", "expression nested too deeply: more than %d levels (split it into statements)", maxHeight)
			return
		}
		kids = children(kids[:0], it.n)
		for _, k := range kids {
			stack = append(stack, item{k, it.depth + 1})
		}
	}
}
