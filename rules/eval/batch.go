package eval

import (
	"time"

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
	if p.Untrusted() {
		// a user's pack runs in a child, a batch a request (child_batch.go)
		return untrustedBatch(gs, p, opt)
	}
	outs, _ := evaluateBatch(gs, p, opt)
	return outs
}

// evaluateBatch is EvaluateBatch in this process; whole are the unions'
// outcomes (one per value of Legacy among gs), whose stop reasons,
// diagnostics and profiles are the batch's.
func evaluateBatch(gs []*ir.Graph, p *pack.Pack, opt Options) (outs, whole []*Outcome) {
	outs = make([]*Outcome, len(gs))
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
		whole = append(whole, o)
		for k, i := range idx {
			outs[i] = splitOutcome(o, k, offs[k], len(gs[i].Nodes))
		}
		if o.Profile != nil {
			o.Profile.split = nil // the shares are the graphs' now
		}
	}
	return outs, whole
}

// splitOutcome cuts asset k's share out of a batch outcome, its profile
// included (profile_split.go).
func splitOutcome(o *Outcome, k, off, n int) *Outcome {
	s := &Outcome{Stop: o.Stop, Facts: o.Facts, Levels: o.Levels, Wall: o.Wall, Diags: o.Diags,
		Engine: o.Engine, EngineNote: o.EngineNote,
		Live: o.Live[off : off+n], Keep: o.Keep[off : off+n], Class: make([]int32, n),
		Alias: map[int]ir.Ref{}, Fold: map[int]FoldOut{}, Rewrite: map[int]SwzOut{}}
	if o.Sigs != nil {
		s.Sigs = o.Sigs[off : off+n]
	}
	if o.Profile != nil {
		s.Profile = o.Profile.share(k)
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

// Batch is what RunBatch made of its graphs.
type Batch struct {
	Results  []*ir.Result
	Outcomes []*Outcome
	// Profile is the clause profile (Options.Coverage or Profile) summed
	// over the Profiled graphs, those that answered with one. Each
	// graph's Outcome.Profile is its own: for the graphs evaluated
	// together, its share of their union's profile (profile_split.go says
	// what is exact), which holds the facts of a table row's clause only
	// here.
	Profile  *Profile
	Profiled int
}

// Limits of what RunBatch evaluates together. A graph of batchAlone nodes
// or more gains nothing from company (its levels dwarf the evaluation's
// fixed cost) and is run alone; a union is cut at batchNodes nodes, where
// the evaluation's fixed cost is long spread thin and the union's levels
// are still few.
const (
	batchAlone = 4096
	batchNodes = 32768
)

// RunBatch is Run over many graphs, evaluating them together where that
// gives each graph what Run gives it (EvaluateBatch): a built-in pack in
// this process, without a time limit, a user's pack in one request to its
// child under the limits (child_batch.go), and without signatures, a watch
// or provenance (which name nodes of the union). A batch that does not
// come back saturated and
// without a diagnostic (the fact limit counts over the whole union, a
// panic names no graph) is evaluated again graph by graph, so that every
// stop reason and diagnostic is a graph's own.
//
// The time a batch took is apportioned to its graphs by their nodes
// (Result.Wall, Outcome.Wall): a share, not a measurement of the graph, as
// a caller that prints per-graph timings must say. Outcome.Facts and
// Levels are the batch's.
func RunBatch(gs []*ir.Graph, p *pack.Pack, opt Options) *Batch {
	b := &Batch{Results: make([]*ir.Result, len(gs)), Outcomes: make([]*Outcome, len(gs))}
	alone := func(i int) {
		b.Results[i], b.Outcomes[i], _ = Run(gs[i], p, opt)
		if o := b.Outcomes[i]; o.Stop.Answered() && o.Profile != nil {
			b.addProfile(o.Profile, 1)
		}
	}
	cutBatches(gs, batches(p, opt), alone, func(group []int, nodes int) { b.together(gs, group, nodes, p, opt, alone) })
	return b
}

// batches reports whether RunBatch evaluates graphs of p under opt
// together: a built-in pack in this process, a user's in one request to
// its child (child_batch.go).
func batches(p *pack.Pack, opt Options) bool {
	return opt.Limits.Validate() == nil && (p.Untrusted() || opt.Limits.Timeout <= 0) &&
		!opt.Record && !opt.Provenance && len(opt.Watch) == 0 && opt.trace == nil && opt.progress == nil
}

// cutBatches cuts gs into batches (batchAlone, batchNodes), handing each
// of two graphs or more to together with its nodes, and any other graph
// to alone; with together false, every graph goes alone.
func cutBatches(gs []*ir.Graph, together bool, alone func(int), batch func(group []int, nodes int)) {
	var group []int
	nodes := 0
	flush := func() {
		switch len(group) {
		case 0:
		case 1:
			alone(group[0])
		default:
			batch(group, nodes)
		}
		group, nodes = group[:0], 0
	}
	for i, g := range gs {
		if !together || len(g.Nodes) >= batchAlone {
			alone(i)
			continue
		}
		if nodes+len(g.Nodes) > batchNodes {
			flush()
		}
		group = append(group, i)
		nodes += len(g.Nodes)
	}
	flush()
}

// together evaluates the graphs group names as one batch, or each alone
// when the batch stops or says anything.
func (b *Batch) together(gs []*ir.Graph, group []int, nodes int, p *pack.Pack, opt Options, alone func(int)) {
	members := make([]*ir.Graph, len(group))
	for k, i := range group {
		members[k] = gs[i]
	}
	start := time.Now()
	outs, whole := evaluateTogether(members, p, opt)
	results := make([]*ir.Result, len(group))
	fine := true
	for _, o := range whole {
		fine = fine && o.Stop == ir.StopSaturated && len(o.Diags) == 0
	}
	for k := 0; fine && k < len(group); k++ {
		results[k] = apply(members[k], p.Pos(), p.Name, outs[k])
		fine = outs[k].Stop.Answered() && len(outs[k].Diags) == 0 // apply refuses an outcome it cannot build
	}
	took := time.Since(start)
	if !fine {
		for _, i := range group {
			alone(i)
		}
		return
	}
	var given time.Duration
	for k, i := range group {
		share := took - given // the last takes the rest: the shares add up to the batch's time
		if k < len(group)-1 && nodes > 0 {
			share = time.Duration(int64(took) * int64(len(members[k].Nodes)) / int64(nodes))
		}
		given += share
		outs[k].Wall, results[k].Wall = share, share
		b.Outcomes[i], b.Results[i] = outs[k], results[k]
	}
	profiled := 0
	for _, o := range whole {
		if o.Profile != nil {
			b.addProfile(o.Profile, 0)
			profiled = len(group)
		}
	}
	b.Profiled += profiled
}

// addProfile adds p, of graphs answered graphs, to the batch's.
func (b *Batch) addProfile(p *Profile, graphs int) {
	if b.Profile == nil {
		b.Profile = &Profile{}
	}
	b.Profile.Add(p)
	b.Profiled += graphs
}
