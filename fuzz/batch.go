package fuzz

import (
	"math/rand/v2"

	"reuselab/ir"
	"reuselab/reuse"
	"reuselab/rules/eval"
	"reuselab/verify"
)

// queued is a graph built ahead of its evaluation.
type queued struct {
	g    *ir.Graph
	tier string
	// index is its place among the graphs built: it seeds the draws its
	// claims are checked on (checkRand)
	index int
}

// emit queues a graph built; a full batch is evaluated and checked.
// False when the search should stop.
func (s *search) emit(g *ir.Graph, tier string) bool {
	s.queue = append(s.queue, queued{g: g, tier: tier, index: s.built})
	s.built++
	if len(s.queue) < s.batchSize() {
		return true
	}
	return s.drain()
}

// batchSize is Options.Batch, but no more graphs than the graph budget
// has left: past it they would be evaluated for nothing.
func (s *search) batchSize() int {
	n := s.opt.Batch
	if s.opt.MaxGraphs > 0 {
		n = min(n, s.opt.MaxGraphs-s.rep.Graphs)
	}
	return max(n, 1)
}

// drain evaluates the graphs queued, as one batch, and checks them in the
// order they were built, each as if it had been evaluated alone; false
// when the search should stop, the graphs after that point dropped
// uncounted, so that where it stops and what it reports do not depend on
// the batch size.
func (s *search) drain() bool {
	q := s.queue
	s.queue = nil
	if len(q) == 0 {
		return true
	}
	if s.over() {
		s.rep.Stop = "budget"
		return false
	}
	var gs []*ir.Graph
	for _, it := range q {
		if ir.Check(it.g) == nil {
			gs = append(gs, it.g)
		}
	}
	evs := s.evaluateAll(gs)
	k := 0
	for _, it := range q {
		if s.over() {
			s.rep.Stop = "budget"
			return false
		}
		if ir.Check(it.g) == nil {
			s.runGraph(it, evs[k])
			k++
		}
		switch {
		case s.oneDone && !s.opt.Exhaust && s.done():
			s.rep.Stop = "every clause fired"
			return false
		case s.over():
			s.rep.Stop = "budget"
			return false
		}
	}
	return true
}

// evaluateAll runs the reference and the pack on every graph of gs, the
// pack over all of them in one evaluation (engines.Pack.EvaluateBatch),
// with the clause coverage of each: the search counts which clauses fired
// in each graph, and attributes its claims by them.
//
// EvaluateBatch gives each graph the Outcome Evaluate gives it alone,
// including, with Coverage, the graph's own share of the batch's profile.
func (s *search) evaluateAll(gs []*ir.Graph) []*evaluated {
	out := make([]*evaluated, len(gs))
	// the reference (engines.Reference) has no batch path
	// (pipeline.Batcher): it runs graph by graph
	wants := make([]*ir.Result, len(gs))
	for i, g := range gs {
		wants[i] = s.ref.Run(g, s.opt.Limits)
	}
	opt := eval.Options{Coverage: true, CoverageFile: s.own}
	b := s.pack.EvaluateBatch(gs, s.opt.Limits, opt)
	for i := range gs {
		out[i] = s.compare(wants[i], b.Results[i], b.Outcomes[i])
	}
	return out
}

// evaluated is one graph's run: the pack's result, its outcome and the
// claims beyond the reference.
type evaluated struct {
	res    *ir.Result
	o      *eval.Outcome
	claims []verify.Claim
	agree  bool
	diff   string // how it disagrees
}

// evaluate runs the reference and the pack on one graph.
func (s *search) evaluate(g *ir.Graph, coverage bool) *evaluated {
	want := s.ref.Run(g, s.opt.Limits)
	res, o := s.pack.Evaluate(g, s.opt.Limits, eval.Options{Coverage: coverage, CoverageFile: s.own})
	return s.compare(want, res, o)
}

// compare holds the pack's result on a graph against the reference's,
// want: whether they agree, and the claims beyond it.
func (s *search) compare(want, res *ir.Result, o *eval.Outcome) *evaluated {
	e := &evaluated{res: res, o: o}
	if !res.StopReason.Answered() || o == nil || res.Build == nil {
		return e
	}
	if s.exact {
		cmp := reuse.Compare(want, res)
		e.agree, e.diff = cmp.Agree(), cmp.String()
		return e
	}
	extra, cmp := reuse.Coarsens(want, res)
	e.agree, e.diff = cmp.Agree(), cmp.String()
	work := verify.ExtraWorkOf(want, res, extra)
	e.claims = verify.ClaimsOf(res.Build, res, o, extra, work, false)
	return e
}

// checkRand is the random stream the claims of the graph built index-th
// are checked with: the seed's and the graph's own, whatever was built or
// checked before it.
func (s *search) checkRand(index int) *rand.Rand {
	return rand.New(rand.NewPCG(s.opt.Seed^0x9e3779b97f4a7c15, uint64(index)*0xbf58476d1ce4e5b9+1))
}
