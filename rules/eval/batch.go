package eval

import (
	"reuselab/ir"
	"reuselab/rules/pack"
)

// EvaluateBatch evaluates pack over many graphs at once: their disjoint
// union, one engine evaluation per DAG level of the tallest, instead of one
// per level of each. An engine evaluation has a fixed cost of about a
// millisecond for reuse-2.0 (33 strata), which dominates small assets: a
// corpus or the 10,000-graph agreement test runs an order of magnitude
// faster batched. Classes never cross assets (the driver keys signatures by
// asset), so each outcome is the one Evaluate gives, and the graphs of one
// batch must agree on Legacy (the packs read it from graph/3).
func EvaluateBatch(gs []*ir.Graph, p *pack.Pack, opt Options) []*Outcome {
	outs := make([]*Outcome, len(gs))
	if p.Untrusted() {
		// a user's pack runs in a child per graph, each under the limits
		for i, g := range gs {
			outs[i] = untrusted(g, p, opt)
		}
		return outs
	}
	for _, legacy := range []bool{false, true} {
		var idx []int
		for i, g := range gs {
			if g.Legacy == legacy {
				idx = append(idx, i)
			}
		}
		if len(idx) == 0 {
			continue
		}
		u := &ir.Graph{Kind: gs[idx[0]].Kind, Name: "batch", Legacy: legacy, Sink: -1}
		var part []int32
		offs := make([]int, len(idx))
		for k, i := range idx {
			off := len(u.Nodes)
			offs[k] = off
			for _, n := range gs[i].Nodes {
				c := n.Clone()
				c.ID += off
				c.MapInputs(func(r ir.Ref) ir.Ref { return ir.Ref{Node: r.Node + off, Out: r.Out} })
				u.Nodes = append(u.Nodes, c)
				part = append(part, int32(k))
			}
		}
		o := evaluate(u, part, p, opt)
		for k, i := range idx {
			outs[i] = splitOutcome(o, offs[k], len(gs[i].Nodes))
		}
	}
	return outs
}

// splitOutcome cuts one asset's share out of a batch outcome.
func splitOutcome(o *Outcome, off, n int) *Outcome {
	s := &Outcome{Stop: o.Stop, Facts: o.Facts, Levels: o.Levels, Wall: o.Wall, Diags: o.Diags,
		Engine: o.Engine, EngineNote: o.EngineNote,
		Live: o.Live[off : off+n], Keep: o.Keep[off : off+n], Class: make([]int32, n),
		Alias: map[int]ir.Ref{}, Fold: map[int]FoldOut{}, Rewrite: map[int]SwzOut{}}
	if o.Sigs != nil {
		s.Sigs = o.Sigs[off : off+n]
	}
	for i := 0; i < n; i++ {
		s.Class[i] = -1
		if c := o.Class[off+i]; c >= 0 {
			s.Class[i] = c - int32(off)
		}
		if a, ok := o.Alias[off+i]; ok {
			s.Alias[i] = ir.Ref{Node: a.Node - off, Out: a.Out}
		}
		if f, ok := o.Fold[off+i]; ok {
			s.Fold[i] = f
		}
		if r, ok := o.Rewrite[off+i]; ok {
			s.Rewrite[i] = SwzOut{Src: ir.Ref{Node: r.Src.Node - off, Out: r.Src.Out}, Mask: r.Mask}
		}
	}
	return s
}
