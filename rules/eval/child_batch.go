package eval

import (
	"sync"

	"reuselab/diag"
	"reuselab/ir"
	"reuselab/rules/pack"
)

// A user's pack evaluated over many graphs: one request to a serving child
// evaluates a batch (the graphs RunBatch would evaluate together) as their
// disjoint union, as evaluateBatch does in this process, instead of one
// request and one evaluation a graph. A small graph's evaluation is mostly
// the engine's fixed cost per level, which the union pays once.
//
// Nothing a batch request does weakens a limit, because a batch only ever
// answers for graphs that all come back clean: the batch request runs
// under one graph's limits (its time limit, the child's memory limit, the
// fact limit counted over the union), and a batch that stops for any
// reason, says anything, or answers with what does not fit its graphs is
// evaluated again graph by graph, each in its own request under its own
// limits, exactly as without batches. So every stop and diagnostic is a
// graph's own, and a graph that loops costs at most its time limit twice
// (once in its batch, once alone). One graph's time limit for the whole
// batch is deliberate: a batch of small graphs takes a fraction of it, and
// one slow enough to need more is cheaper evaluated apart than waited for.
//
// The child is trusted no more than for one graph: its answer is read
// within the outcome cap of the union's nodes, capped, and must hold one
// outcome a graph, each saturated, silent and valid for its graph
// (checkOutcome), and the unions' outcomes saturated and silent.
//
// A user's pack is evaluated as a union only when the child finds it local
// (locality.go): a pack whose rules could join two graphs' facts is
// evaluated graph by graph.

// batchReply is a serving child's answer to a batch request: one Outcome a
// graph, in the request's order, and the unions' (their stop reasons,
// diagnostics, counts and profiles; what they decided is in Outcomes); or,
// instead, why the pack is not evaluated in batches.
type batchReply struct {
	Outcomes    []*Outcome
	Whole       []*Outcome
	Unbatchable string
}

// serveBatch is the child's half: p (nil, or with errors in ds, when it
// does not load) evaluated over gs together.
func serveBatch(gs []*ir.Graph, p *pack.Pack, ds diag.List, opt Options) *batchReply {
	if p == nil || ds.HasErrors() {
		// evaluated graph by graph, each request says why
		return &batchReply{Unbatchable: "the pack does not load"}
	}
	if why := nonLocal(p); why != "" {
		return &batchReply{Unbatchable: why}
	}
	outs, whole := evaluateBatch(gs, p, opt)
	r := &batchReply{}
	clean := true
	for _, o := range whole {
		w := &Outcome{Stop: o.Stop, Facts: o.Facts, Levels: o.Levels, Wall: o.Wall, Diags: o.Diags,
			Engine: o.Engine, EngineNote: o.EngineNote, Profile: o.Profile}
		capOutcome(w)
		r.Whole = append(r.Whole, w)
		clean = clean && o.Stop == ir.StopSaturated && len(o.Diags) == 0
	}
	if clean { // else the parent evaluates the graphs apart, and needs no outcome of them
		for _, o := range outs {
			capOutcome(o)
		}
		r.Outcomes = outs
	}
	return r
}

// unbatchable remembers the user's packs a child found not local, so that
// their batches go graph by graph without asking again.
var unbatchable = struct {
	sync.Mutex
	packs map[*pack.Pack]string
}{packs: map[*pack.Pack]string{}}

// childBatch evaluates gs together in a serving child under opt.Limits,
// the whole run's included: the graphs' outcomes and the unions', or ok
// false when the graphs must be evaluated one by one.
func childBatch(gs []*ir.Graph, p *pack.Pack, opt Options) (outs, whole []*Outcome, ok bool) {
	unbatchable.Lock()
	_, no := unbatchable.packs[p]
	unbatchable.Unlock()
	if no || opt.Limits.Validate() != nil {
		return nil, nil, false
	}
	return batchUnderRun(gs, p, opt, func(opt Options) ([]*Outcome, []*Outcome, bool) { return askBatch(gs, p, opt) })
}

// askBatch sends one batch request to a serving child.
func askBatch(gs []*ir.Graph, p *pack.Pack, opt Options) (outs, whole []*Outcome, ok bool) {
	mem := opt.Limits.Memory()
	s, err := takeServer(p, mem)
	if err != nil {
		return nil, nil, false
	}
	nodes := 0
	for _, g := range gs {
		nodes += len(g.Nodes)
	}
	var r batchReply
	req := childRequest{PackFile: p.Pos().File, PackSource: p.Source, Graphs: gs, Options: opt}
	timedOut, err := s.exchange(&req, &r, outcomeCap(nodes), opt.Limits.Time())
	switch {
	case timedOut:
		return nil, nil, false
	case err != nil:
		s.kill()
		return nil, nil, false
	}
	s.park(p, mem)
	if r.Unbatchable != "" {
		unbatchable.Lock()
		unbatchable.packs[p] = r.Unbatchable
		unbatchable.Unlock()
		return nil, nil, false
	}
	if !believable(gs, &r) {
		return nil, nil, false
	}
	return r.Outcomes, r.Whole, true
}

// believable reports whether a batch reply answers for every graph of gs,
// cleanly: each union saturated and silent, and one outcome a graph,
// saturated, silent and valid for its graph.
func believable(gs []*ir.Graph, r *batchReply) bool {
	if len(r.Outcomes) != len(gs) || len(r.Whole) == 0 || len(r.Whole) > 2 {
		return false
	}
	for _, o := range r.Whole {
		if o == nil || o.Stop != ir.StopSaturated || len(o.Diags) > 0 {
			return false
		}
		capOutcome(o)
	}
	for k, o := range r.Outcomes {
		if o == nil || o.Stop != ir.StopSaturated || len(o.Diags) > 0 {
			return false
		}
		capOutcome(o)
		if _, err := checkOutcome(gs[k], o); err != nil {
			return false
		}
	}
	return true
}

// batchUnderRun runs one batch evaluation under the whole run's limits,
// if any (underRun's, for a batch): not once the run's time is up or the
// run gave up on p, after waiting for room in the memory budget, and for
// at most the run's time left. A batch that does not run is evaluated
// graph by graph, where each graph gets underRun's own stop; one that
// answered counts, graph by graph, as evaluations that ended.
func batchUnderRun(gs []*ir.Graph, p *pack.Pack, opt Options, evaluate func(Options) (outs, whole []*Outcome, ok bool)) ([]*Outcome, []*Outcome, bool) {
	run := opt.Limits.Run
	if run == nil {
		return evaluate(opt)
	}
	mem := opt.Limits.Memory()
	a := accountOf(run)
	if _, gaveUp := a.gaveUp(p); gaveUp || mem > run.Memory || run.Remaining() <= 0 {
		return nil, nil, false
	}
	opt.Limits.Run = nil
	release, ok := a.acquire(serverKey{p, mem}, true)
	if !ok {
		return nil, nil, false
	}
	defer release()
	left := run.Remaining()
	if left <= 0 {
		return nil, nil, false
	}
	opt.Limits.Timeout = min(opt.Limits.Time(), left)
	outs, whole, ok := evaluate(opt)
	if ok {
		for k, g := range gs {
			a.record(p, graphName(g), outs[k].Stop)
		}
	}
	return outs, whole, ok
}

// evaluateTogether is evaluateBatch for RunBatch, a user's pack's in a
// serving child; a batch the child did not answer cleanly comes back as
// one stopped union, which RunBatch evaluates again graph by graph.
func evaluateTogether(gs []*ir.Graph, p *pack.Pack, opt Options) (outs, whole []*Outcome) {
	if !p.Untrusted() {
		return evaluateBatch(gs, p, opt)
	}
	outs, whole, ok := childBatch(gs, p, opt)
	if !ok {
		return nil, []*Outcome{{Stop: ir.StopError}}
	}
	return outs, whole
}

// untrustedBatch is EvaluateBatch of a user's pack: the batches RunBatch
// cuts, each in one request where it can (childBatch), the other graphs
// each in its own.
func untrustedBatch(gs []*ir.Graph, p *pack.Pack, opt Options) []*Outcome {
	outs := make([]*Outcome, len(gs))
	alone := func(i int) { outs[i] = untrusted(gs[i], p, opt) }
	cutBatches(gs, batches(p, opt), alone, func(group []int, _ int) {
		members := make([]*ir.Graph, len(group))
		for k, i := range group {
			members[k] = gs[i]
		}
		got, _, ok := childBatch(members, p, opt)
		for k, i := range group {
			if ok {
				outs[i] = got[k]
			} else {
				alone(i)
			}
		}
	})
	return outs
}
