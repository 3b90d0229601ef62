package reduce_test

import (
	"fmt"
	"sort"

	"reuselab/ir"
	"reuselab/reuse"
)

// Deliberately unsound engines, built by post-processing the reference
// Result the way an unsound rule pack would extend reuse-2.0: they stand
// in for packs until the rules driver can run a pack written for the test
// (packs_test.go holds that version).

// rewrite applies extra claims to a Result's surviving graph: merge maps a
// final node to an earlier one it is claimed equal to, replace swaps a
// final node for a constant it is claimed to fold to. Fates are composed,
// so the checker sees one Result from build to the new graph; as a rule
// pack's, its merges are dedupe's and its folds fold's, and the rule is
// the mode.
func rewrite(res *ir.Result, merge map[int]int, replace map[int]*ir.Node, pass string) *ir.Result {
	out := *res
	g := ir.NewGraph(res.Graph.Kind, res.Graph.Name)
	g.Index, g.Legacy, g.Backend = res.Graph.Index, res.Graph.Legacy, res.Graph.Backend
	newIdx := make([]int, len(res.Graph.Nodes))
	for i, n := range res.Graph.Nodes {
		if into, ok := merge[i]; ok {
			newIdx[i] = newIdx[into]
			continue
		}
		c := n.Clone()
		if r, ok := replace[i]; ok {
			c = r.Clone()
			c.Span, c.Debug = n.Span, n.Debug
		}
		c.MapInputs(func(r ir.Ref) ir.Ref { return ir.Ref{Node: newIdx[r.Node], Out: r.Out} })
		newIdx[i] = g.Add(c)
	}
	mapList := func(ids []int) []int {
		var o []int
		for _, id := range ids {
			o = append(o, newIdx[id])
		}
		return o
	}
	if res.Graph.Sink >= 0 {
		g.Sink = newIdx[res.Graph.Sink]
	}
	g.Inputs, g.Outputs = mapList(res.Graph.Inputs), mapList(res.Graph.Outputs)
	out.Graph = g
	out.Engine, out.Mode = "test:"+pass, pass
	out.Fates = make([]ir.Fate, len(res.Fates))
	for b, f := range res.Fates {
		out.Fates[b] = f
		if f.Final < 0 {
			continue
		}
		old := int(f.Final)
		out.Fates[b].Final = int32(newIdx[old])
		if _, ok := merge[old]; ok {
			out.Fates[b].Kind, out.Fates[b].Pass, out.Fates[b].Round = ir.Merged, ir.PassIDOf(ir.PassDedupe), 1
		}
		if _, ok := replace[old]; ok {
			out.Fates[b].Kind, out.Fates[b].Pass, out.Fates[b].Round = ir.Folded, ir.PassIDOf(ir.PassFold), 1
		}
	}
	return &out
}

// subtractAsSet is the unsound pack "Subtract's operands compare as a
// set": a − b and b − a are one node. Parents that become equal merge
// too, as dedupe would.
func subtractAsSet(res *ir.Result) *ir.Result {
	canon := make([]int, len(res.Graph.Nodes))
	seen := map[string]int{}
	merge := map[int]int{}
	for i, n := range res.Graph.Nodes {
		canon[i] = i
		if n.IsStatement() {
			continue
		}
		key := ir.DedupeKey(n, func(id int) int { return canon[id] })
		if n.Op == ir.OpSubtract && len(n.Operands) == 2 {
			ops := []string{refKey(n.Operands[0], canon), refKey(n.Operands[1], canon)}
			sort.Strings(ops)
			key = fmt.Sprintf("Subtract|%v|%s", ops, ir.FormatType(n.Outputs))
		}
		if k, ok := seen[key]; ok {
			merge[i], canon[i] = k, k
			continue
		}
		seen[key] = i
	}
	return rewrite(res, merge, nil, "subtract-as-set")
}

func refKey(r ir.Ref, canon []int) string { return fmt.Sprintf("%d#%d", canon[r.Node], r.Out) }

// divSelfIsOne is the unsound fold "x / x is 1", wrong where x = 0 (the
// divide guard makes it 0).
func divSelfIsOne(res *ir.Result) *ir.Result {
	replace := map[int]*ir.Node{}
	for i, n := range res.Graph.Nodes {
		if n.Op == ir.OpDivide && len(n.Operands) == 2 && n.Operands[0] == n.Operands[1] {
			w := 1
			if t := n.Type(0); len(t) == 6 {
				w = int(t[5] - '0')
			}
			ones := make([]float64, w)
			for k := range ones {
				ones[k] = 1
			}
			replace[i] = &ir.Node{Op: ir.OpConstant, Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(ones...)}},
				Outputs: []ir.Output{{Type: n.Type(0)}}}
		}
	}
	return rewrite(res, nil, replace, "div-self-is-one")
}

// unsoundEngine is the reference with an unsound rewrite after it.
type unsoundEngine struct {
	name    string
	rewrite func(*ir.Result) *ir.Result
}

func unsound(name string, f func(*ir.Result) *ir.Result) reuse.Engine {
	return &unsoundEngine{name, f}
}

func (e *unsoundEngine) Name() string     { return e.name }
func (e *unsoundEngine) Info() reuse.Info { return reuse.Info{Kind: "test", Input: "build"} }
func (e *unsoundEngine) Run(g *ir.Graph, lim ir.Limits) *ir.Result {
	return e.rewrite(reference.Run(g, lim))
}
