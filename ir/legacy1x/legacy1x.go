// Package legacy1x rebuilds, from an IR graph, the graph the DreamShader
// 1.5 generator built before its node cache (SEMANTICS D3, LANGUAGE.md §9):
// the input of every 1x run, the reference's mode "1x" (compiler/passes)
// and a pack with `# input: 1x` (reuse/engines) alike, so that neither
// engine reaches into the other for it.
//
// Where the 2.0 IR lacks what 1.x used:
//
//   - Parameters: 1.x materialised a property lazily into the value map of
//     the scope that first read it; an `if` arm works on a copy of that map
//     and properties are never merged back, so a parameter first read in an
//     arm is made again by the first read after the `if` ("once per scope,
//     again after an if"). The 2.0 builder makes one Parameter per product at
//     its first read, and the IR keeps no scopes. Build recovers the
//     `if` statements from their merge nodes (Compare/Select/StaticSwitch,
//     all placed at the `if` keyword, LANGUAGE-2.0 §1.3) and their extent
//     from build order and spans (every node the statement built lies
//     between its first node and its last merge node and, parameters and
//     their declared-width views aside, at or after the `if` keyword), and
//     gives every later read outside the statement a copy of the parameter
//     (with its view: `vec3 Tint` is read through a Swizzle made at the
//     declaration), placed before its first reader; a read in the
//     condition is a read of the enclosing scope, a merge node reading a
//     parameter as an arm's value reads it in the statement. Not recovered:
//     the then/else boundary (the IR does not record where the then-arm
//     ends), so a parameter first read in both arms of one `if` is one node
//     here although 1.x made one per arm; and an `if` that merged no
//     variable leaves no trace (its arms are dead and pruned anyway). The
//     copies are never merged back: Parameters are outside Legacy1xShared.
package legacy1x

import (
	"reuselab/ir"
	"sort"
)

// ifStmt is one `if` statement recovered from the IR: the build indices
// [lo, hi] of the nodes it made, and the nodes of its condition.
type ifStmt struct {
	lo, hi int
	cond   map[int]bool // the condition's nodes
	merges []int        // its Compare/Select/StaticSwitch nodes
}

func (f *ifStmt) contains(i int) bool { return f != nil && i >= f.lo && i <= f.hi }

// Build returns the graph the 1.x generator would have built before
// its cache, as far as the 2.0 build differs in a way that changes counts:
// a Parameter or TextureParameter read inside an `if` statement and again
// after it gets one node per scope (see the decisions above; SEMANTICS D3).
// It returns g itself when nothing differs; otherwise a new graph whose
// copies are inserted right before their first reader (build order stays
// topological) and which is the Build of the 1x Result.
func Build(g *ir.Graph) *ir.Graph {
	ifs := findIfs(g)
	if len(ifs) == 0 {
		return g
	}
	// innermost is the smallest if statement holding node i whose scope i
	// belongs to (a condition belongs to the enclosing scope).
	innermost := func(i int) *ifStmt {
		var best *ifStmt
		for _, f := range ifs {
			if f.contains(i) && !f.cond[i] && (best == nil || f.hi-f.lo < best.hi-best.lo) {
				best = f
			}
		}
		return best
	}
	// parent is the smallest other statement holding all of f.
	parent := func(f *ifStmt) *ifStmt {
		var best *ifStmt
		for _, h := range ifs {
			if h != f && h.lo <= f.lo && f.hi <= h.hi && !h.cond[f.hi] &&
				(best == nil || h.hi-h.lo < best.hi-best.lo) {
				best = h
			}
		}
		return best
	}
	mergeOf := map[int]*ifStmt{}
	for _, f := range ifs {
		for _, m := range f.merges {
			mergeOf[m] = f
		}
	}
	// within reports whether scope a lies in scope b (nil is the top level).
	within := func(a, b *ifStmt) bool {
		return b == nil || a != nil && b.lo <= a.lo && a.hi <= b.hi
	}

	// A parameter's unit is the Parameter and its views (paramView): a
	// read of either is a read of the parameter.
	unit := map[int]int{} // node → the parameter it stands for
	views := map[int][]int{}
	for i, n := range g.Nodes {
		switch {
		case n.Op == ir.OpParameter || n.Op == ir.OpTextureParameter:
			unit[i] = i
		case isParamView(g, n):
			p := n.Operands[0].Node
			unit[i] = p
			views[p] = append(views[p], i)
		}
	}

	// Every read of a parameter: where it happens and in which scope. A
	// merge node reads its condition at the start of its statement, in the
	// enclosing scope; every other node reads where it was built.
	type read struct {
		pos, reader int
		scope       *ifStmt
	}
	reads := map[int][]read{}
	for i, n := range g.Nodes {
		if _, isUnit := unit[i]; isUnit {
			continue // a view reading its parameter is no read
		}
		f := mergeOf[i]
		condOps := 0
		if f != nil {
			condOps = 1
			if n.Op == ir.OpCompare {
				condOps = 2
			}
		}
		visit := func(r ir.Ref, operand int) {
			if !r.Valid() {
				return
			}
			p, ok := unit[r.Node]
			if !ok {
				return
			}
			rd := read{pos: i, reader: i, scope: innermost(i)}
			if operand >= 0 && operand < condOps {
				rd = read{pos: f.lo, reader: i, scope: parent(f)}
			}
			reads[p] = append(reads[p], rd)
		}
		for k, r := range n.Operands {
			visit(r, k)
		}
		for _, p := range n.Pins {
			visit(p.Ref, -1)
		}
	}

	// Walk each parameter's reads in source order (at one place, the outer
	// scope first: an enclosing condition is read before what it guards),
	// keeping the scope its current node lives in; a read outside that
	// scope is a new node (1.x materialises it again in the reader's
	// scope), placed before the first node that reads it.
	size := func(f *ifStmt) int {
		if f == nil {
			return len(g.Nodes) + 1
		}
		return f.hi - f.lo
	}
	type copyAt struct{ param, before int }
	var copies []*copyAt
	redirect := map[[2]int]*copyAt{} // (reader, parameter) → its copy
	params := make([]int, 0, len(reads))
	for p := range reads {
		params = append(params, p)
	}
	sort.Ints(params)
	for _, p := range params {
		rs := reads[p]
		sort.SliceStable(rs, func(a, b int) bool {
			if rs[a].pos != rs[b].pos {
				return rs[a].pos < rs[b].pos
			}
			return size(rs[a].scope) > size(rs[b].scope)
		})
		scope := rs[0].scope
		var cur *copyAt
		for _, rd := range rs[1:] {
			if !within(rd.scope, scope) {
				cur = &copyAt{param: p, before: rd.reader}
				copies = append(copies, cur)
				scope = rd.scope
			}
			if cur != nil {
				redirect[[2]int{rd.reader, p}] = cur
				cur.before = min(cur.before, rd.reader)
			}
		}
	}
	if len(copies) == 0 {
		return g
	}
	sort.SliceStable(copies, func(a, b int) bool { return copies[a].before < copies[b].before })

	// The new graph: each copy (the parameter, then its views reading the
	// copied parameter) right before its first reader.
	out := *g
	out.Inputs = append([]int(nil), g.Inputs...)
	out.Outputs = append([]int(nil), g.Outputs...)
	out.Nodes = make([]*ir.Node, 0, len(g.Nodes)+len(copies))
	newIdx := make([]int, len(g.Nodes))
	copyIdx := make(map[*copyAt]map[int]int, len(copies)) // copy → original node → its clone
	next := 0
	for i, n := range g.Nodes {
		for next < len(copies) && copies[next].before == i {
			cp := copies[next]
			m := map[int]int{}
			for _, orig := range append([]int{cp.param}, views[cp.param]...) {
				c := g.Nodes[orig].Clone()
				c.ID = len(out.Nodes)
				if orig != cp.param {
					c.Operands[0].Node = m[cp.param] // already a new index
				}
				m[orig] = c.ID
				out.Nodes = append(out.Nodes, c)
			}
			copyIdx[cp] = m
			next++
		}
		c := n.Clone()
		newIdx[i] = len(out.Nodes)
		c.ID = newIdx[i]
		out.Nodes = append(out.Nodes, c)
	}
	for i := range g.Nodes {
		c := out.Nodes[newIdx[i]]
		c.MapInputs(func(r ir.Ref) ir.Ref {
			if p, ok := unit[r.Node]; ok {
				if cp, ok := redirect[[2]int{i, p}]; ok {
					return ir.Ref{Node: copyIdx[cp][r.Node], Out: r.Out}
				}
			}
			return ir.Ref{Node: newIdx[r.Node], Out: r.Out}
		})
	}
	if g.Sink >= 0 {
		out.Sink = newIdx[g.Sink]
	}
	for k, id := range out.Inputs {
		out.Inputs[k] = newIdx[id]
	}
	for k, id := range out.Outputs {
		out.Outputs[k] = newIdx[id]
	}
	return &out
}

// findIfs recovers the `if` statements from their merge nodes: the
// Compare/Select/StaticSwitch nodes one statement makes all carry the span
// of its `if` keyword. The statement's nodes run from the first node at or
// after that keyword (parameters, placed at their declaration, are passed
// over) up to its last merge node.
func findIfs(g *ir.Graph) []*ifStmt {
	type group struct {
		first, last int
		members     []int
	}
	groups := map[ir.Span]*group{}
	var order []ir.Span
	for i, n := range g.Nodes {
		switch n.Op {
		case ir.OpCompare, ir.OpSelect, ir.OpStaticSwitch:
		default:
			continue
		}
		gr, ok := groups[n.Span]
		if !ok {
			gr = &group{first: i}
			groups[n.Span] = gr
			order = append(order, n.Span)
		}
		gr.last = i
		gr.members = append(gr.members, i)
	}
	var out []*ifStmt
	for _, sp := range order {
		gr := groups[sp]
		lo := gr.first
		for k := gr.first - 1; k >= 0; k-- {
			n := g.Nodes[k]
			if n.Op == ir.OpParameter || n.Op == ir.OpTextureParameter || isParamView(g, n) {
				lo = k
				continue
			}
			if n.Span.File != sp.File || n.Span.ViaLine != sp.ViaLine || !atOrAfter(n.Span, sp) {
				break
			}
			lo = k
		}
		f := &ifStmt{lo: lo, hi: gr.last, cond: map[int]bool{}, merges: gr.members}
		// The condition: operands 0 (and 1 of a Compare) of every merge
		// node, and what they read inside the statement.
		var stack []int
		for _, m := range gr.members {
			n := g.Nodes[m]
			ops := 1
			if n.Op == ir.OpCompare {
				ops = 2
			}
			for k := 0; k < ops && k < len(n.Operands); k++ {
				if r := n.Operands[k]; r.Valid() && f.contains(r.Node) {
					stack = append(stack, r.Node)
				}
			}
		}
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if f.cond[i] {
				continue
			}
			f.cond[i] = true
			g.Nodes[i].Inputs(func(r ir.Ref) {
				if f.contains(r.Node) {
					stack = append(stack, r.Node)
				}
			})
		}
		out = append(out, f)
	}
	return out
}

// isParamView reports whether n is the declared-width view the builder
// makes of a vector parameter at its first read (a Swizzle of the Parameter
// placed at the declaration, like the Parameter itself): part of the
// parameter, not a read of it.
func isParamView(g *ir.Graph, n *ir.Node) bool {
	if n.Op != ir.OpSwizzle || len(n.Operands) == 0 || !n.Operands[0].Valid() {
		return false
	}
	p := g.Nodes[n.Operands[0].Node]
	return (p.Op == ir.OpParameter || p.Op == ir.OpTextureParameter) && p.Span == n.Span
}

// atOrAfter reports whether span a starts at or after span b in the text.
func atOrAfter(a, b ir.Span) bool {
	return a.Line > b.Line || a.Line == b.Line && a.Col >= b.Col
}
