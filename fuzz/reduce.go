package fuzz

import (
	"fmt"
	"math"
	"time"

	"reuselab/ir"
)

// Reduction: a refuted graph is cut down while the claim stays refuted,
// so that the witness is a few statements: results dropped, nodes
// bypassed (their readers read an operand of theirs instead), constants
// that cannot be written (NaN, the infinities) made parameters, and
// whatever nothing reads any more pruned. Every step is kept only when the
// reduced graph still refutes a claim of the same kind; the steps are
// tried until none is kept, each pass shrinking the graph, so it ends.

// rootPin is one result: pin k of statement node n.
type rootPin struct{ node, pin int }

func rootPins(g *ir.Graph) []rootPin {
	var out []rootPin
	for i, n := range g.Nodes {
		if n.Role == ir.RoleStatement {
			for k := range n.Pins {
				out = append(out, rootPin{i, k})
			}
		}
	}
	return out
}

// withoutRoots is g without the results in drop, pruned.
func withoutRoots(g *ir.Graph, drop map[rootPin]bool) *ir.Graph {
	h := g.Clone()
	for i, n := range h.Nodes {
		if n.Role != ir.RoleStatement {
			continue
		}
		var keep []ir.Pin
		for k, p := range n.Pins {
			if !drop[rootPin{i, k}] {
				keep = append(keep, p)
			}
		}
		n.Pins = keep
	}
	return prune(h)
}

// bypassed is g with every read of node id reading its operand k instead,
// pruned; nil when the operand is not of the node's type.
func bypassed(g *ir.Graph, id, k int) *ir.Graph {
	n := g.Nodes[id]
	if k >= len(n.Operands) || !n.Operands[k].Valid() {
		return nil
	}
	to := n.Operands[k]
	if g.Nodes[to.Node].Type(to.Out) != n.Type(0) {
		return nil
	}
	h := g.Clone()
	for _, m := range h.Nodes {
		m.MapInputs(func(r ir.Ref) ir.Ref {
			if r.Node == id {
				return to
			}
			return r
		})
	}
	return prune(h)
}

// unwritable reports whether a constant has a lane no number literal
// spells.
func unwritable(n *ir.Node) bool {
	if n.Op != ir.OpConstant {
		return false
	}
	v, _ := n.Prop("Value")
	for _, x := range v.Nums {
		if !finite(x) {
			return true
		}
	}
	return false
}

// asParameter is g with node id made a scalar parameter: a constant no
// literal spells, or a node without a 1.x spelling (a parameter takes
// every value, the node's among them); nil unless the one output of it
// that g reads is a scalar.
func asParameter(g *ir.Graph, id int) *ir.Graph {
	n := g.Nodes[id]
	read := map[int]bool{}
	for _, m := range g.Nodes {
		m.Inputs(func(r ir.Ref) {
			if r.Node == id {
				read[r.Out] = true
			}
		})
	}
	if n.Role != ir.RoleValue || len(read) != 1 {
		return nil
	}
	out := 0
	for k := range read {
		out = k
	}
	if n.Type(out) != "float" {
		return nil
	}
	h := g.Clone()
	name := fmt.Sprintf("K%d", id)
	h.Nodes[id] = &ir.Node{ID: id, Op: ir.OpParameter, Debug: name, Outputs: []ir.Output{{Type: "float"}}, Span: n.Span,
		Props: []ir.Prop{{Name: "DefaultValue", Value: ir.Tuple(0)}, {Name: "ParameterName", Value: ir.Str(name)},
			{Name: "SortPriority", Value: ir.Num(32)}}}
	for _, m := range h.Nodes {
		m.MapInputs(func(r ir.Ref) ir.Ref {
			if r.Node == id {
				r.Out = 0
			}
			return r
		})
	}
	return h
}

// prune keeps what the statements read, renumbered in order; statements
// left without pins go, and so does an empty sink.
func prune(g *ir.Graph) *ir.Graph {
	if g == nil {
		return nil
	}
	live := make([]bool, len(g.Nodes))
	var stack []int
	for i, n := range g.Nodes {
		if n.Role == ir.RoleStatement && len(n.Pins)+len(n.Operands) > 0 || n.Role == ir.RoleInput {
			live[i] = true
			stack = append(stack, i)
		}
	}
	for len(stack) > 0 {
		id := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		g.Nodes[id].Inputs(func(r ir.Ref) {
			if !live[r.Node] {
				live[r.Node] = true
				stack = append(stack, r.Node)
			}
		})
	}
	h := *g
	h.Nodes, h.Sink, h.Inputs, h.Outputs = nil, -1, nil, nil
	at := make([]int, len(g.Nodes))
	for i, n := range g.Nodes {
		at[i] = -1
		if !live[i] {
			continue
		}
		c := n.Clone()
		at[i] = h.Add(c)
		switch c.Op {
		case ir.OpMaterialSink:
			h.Sink = c.ID
		case ir.OpFunctionInput:
			h.Inputs = append(h.Inputs, c.ID)
		case ir.OpFunctionOutput:
			h.Outputs = append(h.Outputs, c.ID)
		}
	}
	for _, n := range h.Nodes {
		n.MapRefs(func(id int) int { return at[id] })
	}
	return &h
}

// unspelled reports whether n is a value node the witness printer has no
// 1.x spelling for.
func unspelled(n *ir.Node) bool {
	_, ok := spellings[n.Op]
	return n.Role == ir.RoleValue && !ok && n.Op != ir.OpParameter && n.Op != ir.OpConstant
}

// reduce shrinks g while still(g) holds; still(g) must hold on entry.
// At most maxTries graphs are tried, none after the deadline (the zero
// time: none).
func reduce(g *ir.Graph, still func(*ir.Graph) bool, maxTries int, deadline time.Time) *ir.Graph {
	tries := 0
	try := func(h *ir.Graph) bool {
		if h == nil || tries >= maxTries || !deadline.IsZero() && time.Now().After(deadline) || ir.Check(h) != nil {
			return false
		}
		tries++
		return still(h)
	}
	for changed := true; changed && tries < maxTries; {
		changed = false
		// results, in halves, then quarters, … then one by one
		roots := rootPins(g)
		for size := max(1, len(roots)/2); size >= 1 && len(roots) > 1; size /= 2 {
			for at := 0; at < len(roots) && len(roots) > 1; {
				drop := map[rootPin]bool{}
				for _, r := range roots[at:min(len(roots), at+size)] {
					drop[r] = true
				}
				if h := withoutRoots(g, drop); len(drop) < len(roots) && try(h) {
					g, roots, changed = h, rootPins(h), true
					continue
				}
				at += size
			}
			if size == 1 {
				break
			}
		}
		// nodes bypassed, the last first (results before their operands)
		for id := len(g.Nodes) - 1; id >= 0; id-- {
			if id >= len(g.Nodes) || g.Nodes[id].Role != ir.RoleValue {
				continue
			}
			for k := range g.Nodes[id].Operands {
				if h := bypassed(g, id, k); try(h) {
					g, changed = h, true
					break
				}
			}
		}
		for id := 0; id < len(g.Nodes); id++ {
			if n := g.Nodes[id]; unwritable(n) || unspelled(n) {
				if h := prune(asParameter(g, id)); try(h) {
					g, changed = h, true
				}
			}
		}
	}
	return g
}

// negZero reports whether x is −0 (the witness printer spells it).
func negZero(x float64) bool { return x == 0 && math.Signbit(x) }
