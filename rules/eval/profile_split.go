package eval

import (
	"math/bits"
	"time"

	"github.com/google/mangle/ast"

	"reuselab/rules/compiled"
	"reuselab/rules/facts"
)

// A batch (batch.go) evaluates the disjoint union of many graphs, and its
// profile counts the union's facts. Each graph's Outcome gets its own
// share of it (profileSplit): a head fact of a profiled clause belongs to
// the graph whose node-id range holds its first argument.
//
// What a graph's share holds, against the profile Evaluate gives that
// graph alone:
//   - Facts: the facts whose first argument is one of its nodes. Equal,
//     for every clause whose facts are about a node of the nodes being
//     evaluated — every coverage head (sig/2, foldtype/2, fold/3,
//     alias/3, rewrite/4: the driver reads no other) and live/1, keep/1.
//     A fact whose first argument is no node of the union, and every
//     fact of a clause whose head's first argument is a constant (a
//     Profile clause that is a pack's table row, such as idx(4, 1): its
//     4 is no node), stay in the batch's profile only.
//   - Evals: per phase, the evaluations the graph alone takes: one pre
//     and one post, and for the level phase its own level chunks (a
//     level of more than levelChunk nodes is evaluated in chunks; the
//     union's chunks are not the graph's). Equal, for a batch that ran
//     to the end (a stopped one's shares count the levels it reached).
//   - Productive: the graph's evaluations in which the clause derived a
//     fact of the graph; a level fact goes to the chunk its first
//     argument is evaluated in alone. Equal, for the clauses Facts is
//     equal for; a level fact about a node no level evaluates (a dead
//     one) counts the union's evaluation instead.
//   - Time, StratumTime, EvalTime: the batch's apportioned by build
//     nodes, as RunBatch apportions Wall: a share, not a measurement.
//   - Error: the batch's.
type profileSplit struct {
	pf     *profiler
	part   []int32 // the graph of each node of the union
	nodes  []int   // build nodes per graph
	shares []*Profile
	// the level phase, from its first evaluation on (levelChunks): the
	// chunk each live node is evaluated in when its graph is evaluated
	// alone (numbered over all graphs; -1: not live), each graph's
	// chunks up to each level (cumulative), and the union's level
	// evaluations up to each level (cumulative)
	chunk       []int32
	graphChunks [][]int
	unionChunks []int
	levelEvals  int        // union level evaluations profiled
	marked      [][]uint64 // per clause: the chunks it derived a fact in
	phaseName   string
	// the clause being attributed: its facts per graph, the graphs with
	// any, and whether a level fact fell outside every chunk
	counts  []int
	touched []int32
	loose   []bool
	done    bool
}

func newProfileSplit(e *evaluator, pf *profiler) *profileSplit {
	graphs := 0
	for _, k := range e.part {
		graphs = max(graphs, int(k)+1)
	}
	s := &profileSplit{pf: pf, part: e.part, nodes: make([]int, graphs), shares: make([]*Profile, graphs),
		counts: make([]int, graphs), loose: make([]bool, graphs), marked: make([][]uint64, len(pf.profile.Clauses))}
	for _, k := range e.part {
		s.nodes[k]++
	}
	for k := range s.shares {
		sh := &Profile{Evals: map[string]int{}, Clauses: make([]ClauseCost, len(pf.profile.Clauses))}
		for i, c := range pf.profile.Clauses {
			sh.Clauses[i] = ClauseCost{Phase: c.Phase, Head: c.Head, Pos: c.Pos, Clause: c.Clause, Stratum: c.Stratum}
		}
		s.shares[k] = sh
	}
	pf.profile.split = s
	return s
}

// phase is the start of a phase evaluation's profile.
func (s *profileSplit) phase(name string) {
	if s == nil {
		return
	}
	s.phaseName = name
	if name != "level" {
		for _, sh := range s.shares {
			sh.Evals[name]++
		}
		return
	}
	if s.chunk == nil {
		s.levelChunks()
	}
	s.levelEvals++
}

// levelChunks numbers the chunks of every graph's levels as the driver
// makes them for the graph alone (levels, in driver.go): by level, in id
// order, levelChunk nodes at most.
func (s *profileSplit) levelChunks() {
	e := s.pf.e
	n := len(e.g.Nodes)
	lv := e.nodeLevels()
	s.chunk = make([]int32, n)
	s.graphChunks = make([][]int, len(s.shares))
	var union, width, seen, first []int
	next := int32(0)
	for start := 0; start < n; {
		k := s.part[start]
		end := start
		width = width[:0]
		for ; end < n && s.part[end] == k; end++ {
			if l := int(lv[end]); l >= 0 {
				for len(width) <= l {
					width = append(width, 0)
				}
				width[l]++
			}
		}
		first, seen = first[:0], seen[:0]
		cum := make([]int, len(width))
		for l, w := range width {
			first = append(first, int(next))
			seen = append(seen, 0)
			next += int32((w + levelChunk - 1) / levelChunk)
			cum[l] = int(next) - int(first[0])
			for len(union) <= l {
				union = append(union, 0)
			}
			union[l] += w
		}
		s.graphChunks[k] = cum
		for i := start; i < end; i++ {
			s.chunk[i] = -1
			if l := lv[i]; l >= 0 {
				s.chunk[i] = int32(first[l] + seen[l]/levelChunk)
				seen[l]++
			}
		}
		start = end
	}
	s.unionChunks = make([]int, len(union))
	total := 0
	for l, w := range union {
		total += (w + levelChunk - 1) / levelChunk
		s.unionChunks[l] = total
	}
}

// compiledFacts attributes the facts the last compiled re-run counted.
func (s *profileSplit) compiledFacts(pc *profiled, env *compiled.Env) {
	if s == nil || !pc.byNode {
		return
	}
	env.EachRerun(func(args []compiled.Val) {
		if len(args) > 0 {
			x, ok := env.Int(args[0])
			s.attribute(pc, x, ok)
		}
	})
	s.flush(pc)
}

// mangleFacts attributes the facts a re-run on Mangle's engine derived.
func (s *profileSplit) mangleFacts(pc *profiled, out *overlay) {
	if s == nil || !pc.byNode {
		return
	}
	_ = out.out.GetFacts(ast.NewQuery(pc.renamed), func(a ast.Atom) error {
		if len(a.Args) > 0 {
			x, ok := facts.IntArg(a.Args[0])
			s.attribute(pc, x, ok)
		}
		return nil
	})
	s.flush(pc)
}

// attribute charges one fact whose first argument is x (ok: an int).
func (s *profileSplit) attribute(pc *profiled, x int, ok bool) {
	if !ok || x < 0 || x >= len(s.part) {
		return
	}
	k := s.part[x]
	if s.counts[k] == 0 {
		s.touched = append(s.touched, k)
	}
	s.counts[k]++
	if s.phaseName != "level" {
		return
	}
	c := s.chunk[x]
	if c < 0 {
		s.loose[k] = true
		return
	}
	m := s.marked[pc.at]
	if m == nil {
		m = make([]uint64, (len(s.chunk)+63)/64)
		s.marked[pc.at] = m
	}
	if w, b := c/64, uint64(1)<<(c%64); m[w]&b == 0 {
		m[w] |= b
		s.shares[k].Clauses[pc.at].Productive++
	}
}

// flush adds the clause's facts of this evaluation to each graph's share.
func (s *profileSplit) flush(pc *profiled) {
	for _, k := range s.touched {
		c := &s.shares[k].Clauses[pc.at]
		c.Facts += s.counts[k]
		if s.phaseName != "level" || s.loose[k] {
			c.Productive++
		}
		s.counts[k], s.loose[k] = 0, false
	}
	s.touched = s.touched[:0]
}

// share is graph k's share of the batch's profile p.
func (p *Profile) share(k int) *Profile {
	s := p.split
	if s == nil || k < 0 {
		return nil
	}
	if !s.done {
		s.done = true
		s.finish(p)
	}
	if k >= len(s.shares) {
		// a graph without nodes, after the last with some: what Evaluate
		// gives it is the phases that ran, and no fact
		sh := &Profile{Evals: map[string]int{}, Clauses: make([]ClauseCost, len(p.Clauses))}
		for _, ph := range []string{"pre", "post"} {
			if n := p.Evals[ph]; n > 0 {
				sh.Evals[ph] = n
			}
		}
		for i, c := range p.Clauses {
			sh.Clauses[i] = ClauseCost{Phase: c.Phase, Head: c.Head, Pos: c.Pos, Clause: c.Clause, Stratum: c.Stratum,
				Evals: sh.Evals[c.Phase], Error: c.Error}
		}
		return sh
	}
	return s.shares[k]
}

// finish sets what the shares take from the whole once it is complete:
// the level evaluations, errors and the apportioned times.
func (s *profileSplit) finish(whole *Profile) {
	// the union level of the last level evaluation profiled
	reached := -1
	if s.levelEvals > 0 {
		for l, c := range s.unionChunks {
			if c >= s.levelEvals {
				reached = l
				break
			}
		}
	}
	total := len(s.part)
	var before int
	for k, sh := range s.shares {
		if cum := s.graphChunks; reached >= 0 && cum != nil && len(cum[k]) > 0 {
			sh.Evals["level"] = cum[k][min(reached, len(cum[k])-1)]
		}
		for ph, n := range sh.Evals {
			if n == 0 {
				delete(sh.Evals, ph)
			}
		}
		share := func(d time.Duration) time.Duration {
			return apportion(d, before+s.nodes[k], total) - apportion(d, before, total)
		}
		sh.EvalTime = share(whole.EvalTime)
		for i := range sh.Clauses {
			c, w := &sh.Clauses[i], &whole.Clauses[i]
			c.Evals = sh.Evals[c.Phase]
			c.Time, c.StratumTime = share(w.Time), share(w.StratumTime)
			c.Error = w.Error
		}
		before += s.nodes[k]
	}
}

// apportion is d·part/total, without overflowing.
func apportion(d time.Duration, part, total int) time.Duration {
	if total <= 0 || d <= 0 {
		return 0
	}
	hi, lo := bits.Mul64(uint64(d), uint64(part))
	q, _ := bits.Div64(hi, lo, uint64(total))
	return time.Duration(q)
}

// firstArgVariable reports whether a head's first argument is a variable
// (not _): what a clause derives about a node.
func firstArgVariable(h ast.Atom) bool {
	if len(h.Args) == 0 {
		return false
	}
	v, ok := h.Args[0].(ast.Variable)
	return ok && v.Symbol != "_"
}
