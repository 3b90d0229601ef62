package fuzz

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"reuselab/compiler"
	"reuselab/ir"
	"reuselab/ir/interp"
	"reuselab/prove"
	"reuselab/rules/eval"
	"reuselab/verify"
)

// checked is one claim with how it was decided.
type checked struct {
	claim   verify.Claim
	verdict verify.Verdict // Proved, Tested, Refuted or Unknown
	by      string         // "evaluation" or "prover", for a refutation
	ce      *Counterexample
}

// runGraph takes the evaluation e of a graph built: counts the clauses
// that fired and checks every claim.
func (s *search) runGraph(it queued, e *evaluated) {
	g, tier := it.g, it.tier
	s.rep.Graphs++
	if s.rep.Tiers == nil {
		s.rep.Tiers = map[string]int{}
	}
	s.rep.Tiers[tier]++
	if !e.res.StopReason.Answered() || e.o == nil {
		s.rep.Stopped++
		return
	}
	s.cov.Add(e.o.Profile)
	if !e.agree {
		s.rep.Disagreements++
		if s.disagree == nil {
			s.disagree, s.diff = g, e.diff
		}
	}
	results := s.check(g, e, s.checkRand(it.index))
	for _, r := range results {
		s.rep.Claims.count(r.verdict)
	}
	if e.o.Profile != nil {
		for _, cl := range e.o.Profile.Clauses {
			if cl.Facts > 0 && (s.own == "" || cl.Pos.File == s.own) {
				s.clause(cl.Pos.File, cl.Pos.Line).Graphs++
			}
		}
	}
	// Each claim counts for the clauses of the pack's own its derivation
	// names; a refuted one marks them refuted, and the first refutation of
	// a clause is reduced to its witness.
	by, derived := s.attribute(g, results, e.o.Profile)
	for i, r := range results {
		var fresh []string
		for _, at := range by[i] {
			file, line := splitAt(at)
			c := s.clause(file, line)
			c.tally(r.verdict)
			if r.verdict == verify.Refuted && derived[i] && !c.refuted {
				c.refuted = true
				fresh = append(fresh, at)
			}
		}
		if len(fresh) > 0 {
			w := s.witness(g, r)
			w.Clauses = fresh
			s.rep.Witnesses = append(s.rep.Witnesses, w)
		}
	}
}

// maxWatched bounds the nodes whose derivations one graph's refutations
// are attributed by: the provenance evaluation proves the facts of each,
// and its cost grows with them (past the first few refutations of a
// graph, a refuted claim counts as any other claim does).
const maxWatched = 6

// attribute names the clauses of the pack's own each claim counts for. A
// refuted claim counts for the clauses whose facts decided its nodes'
// fates (sig/2 of either node of a merge; the fold/3, foldtype/2,
// alias/3 or rewrite/4 of the node): the evaluation run again with
// provenance (rules/eval, record.go), once per graph with a refutation;
// derived says which claims were so named, and only those refute a
// clause. Any other claim counts for the clauses that fired on its graph
// with a head of its kind (verify.KindsOfHead), as validate counts them:
// a provenance run per graph would cost the search three quarters of its
// graphs.
func (s *search) attribute(g *ir.Graph, results []checked, profile *eval.Profile) (out [][]string, derived []bool) {
	out, derived = make([][]string, len(results)), make([]bool, len(results))
	if len(results) == 0 {
		return out, derived
	}
	var watch []int
	seen := map[int]bool{}
	for _, r := range results {
		if r.verdict != verify.Refuted {
			continue
		}
		for _, id := range []int{r.claim.Build, r.claim.Other} {
			if id >= 0 && !seen[id] && len(watch) < maxWatched {
				seen[id] = true
				watch = append(watch, id)
			}
		}
	}
	var po *eval.Outcome
	if len(watch) > 0 {
		_, po = s.pack.Evaluate(g, s.opt.Limits, eval.Options{Provenance: true, Watch: watch})
	}
	var fired []eval.ClauseCost
	if profile != nil {
		fired = profile.Clauses
	}
	for i, r := range results {
		named := map[string]bool{}
		if po != nil && r.verdict == verify.Refuted {
			for _, id := range []int{r.claim.Build, r.claim.Other} {
				if id < 0 {
					continue
				}
				for _, pr := range po.Proofs[id] {
					if pr.Pos.File == "" || s.own != "" && pr.Pos.File != s.own || !decides(pr.Fact) {
						continue
					}
					at := fmt.Sprintf("%s:%d", pr.Pos.File, pr.Pos.Line)
					if !named[at] {
						named[at] = true
						out[i] = append(out[i], at)
					}
				}
			}
		}
		if derived[i] = len(out[i]) > 0; derived[i] {
			continue
		}
		for _, cl := range fired {
			if cl.Facts > 0 && (s.own == "" || cl.Pos.File == s.own) && slices.Contains(kindsOfHead(cl.Head), r.claim.Kind) {
				out[i] = append(out[i], fmt.Sprintf("%s:%d", cl.Pos.File, cl.Pos.Line))
			}
		}
	}
	return out, derived
}

// decides reports whether fact is of a head the driver reads.
func decides(fact string) bool {
	for _, h := range []string{"sig(", "foldtype(", "fold(", "alias(", "rewrite("} {
		if strings.HasPrefix(fact, h) {
			return true
		}
	}
	return false
}

// check decides the claims of one graph: evaluation on the edge and
// random draws (from rng), then the prover for those it does not refute.
func (s *search) check(g *ir.Graph, e *evaluated, rng *rand.Rand) []checked {
	if len(e.claims) == 0 {
		return nil
	}
	d := newDraws(e.res.Build)
	plan := d.plan(rng, s.opt.Draws)
	out := make([]checked, len(e.claims))
	var rest []int
	var restClaims []verify.Claim
	for i, c := range e.claims {
		out[i] = checked{claim: c, verdict: verify.Tested}
		ce, err := d.evaluate(c, plan)
		switch {
		case ce != nil:
			out[i].verdict, out[i].by, out[i].ce = verify.Refuted, "evaluation", ce
			continue
		case err != nil:
			out[i].verdict = verify.Unknown
		}
		rest = append(rest, i)
		restClaims = append(restClaims, c)
	}
	if s.proofs == nil || len(restClaims) == 0 {
		return out
	}
	// one claim at a time, so that a spent budget leaves the rest tested
	// (or unknown) rather than waiting for the solver, and the solver
	// gets at most half the budget (a claim it cannot decide costs the
	// whole time limit), the search the rest; a claim of the
	// same formula as one decided before is not asked again, whatever
	// the solver said (the cache of package prove keeps only what it
	// decided, and a timeout costs the whole time limit each time)
	for k, c := range restClaims {
		key, keyed := claimKey(e.res.Build, c)
		outcome, seen := s.decided[key]
		if !keyed || !seen {
			if s.over() || s.opt.Budget > 0 && s.proofs.Wall >= s.opt.Budget/2 {
				s.rep.Unproved++
				continue
			}
			outcome = s.proofs.Check(nil, g, s.opt.Limits, e.res.Build, []verify.Claim{c})[0].Float32.Outcome
			if keyed {
				s.decided[key] = outcome
			}
		}
		i := rest[k]
		switch outcome {
		case prove.Proved:
			out[i].verdict = verify.Proved
		case prove.Refuted:
			out[i].verdict, out[i].by = verify.Refuted, "prover"
		}
	}
	return out
}

// still reports whether g makes the pack refute a claim of kind: by
// evaluation, or by the prover when that is how it was refuted. It
// returns the claim and the evaluation of g.
func (s *search) still(g *ir.Graph, kind string, byProver bool) (*checked, *evaluated) {
	e := s.evaluate(g, false)
	if !e.res.StopReason.Answered() || e.o == nil || e.res.Build == nil {
		return nil, e
	}
	d := newDraws(e.res.Build)
	plan := d.plan(rand.New(rand.NewPCG(s.opt.Seed, 7)), s.opt.Draws)
	for _, c := range e.claims {
		if c.Kind != kind {
			continue
		}
		if ce, _ := d.evaluate(c, plan); ce != nil {
			return &checked{claim: c, verdict: verify.Refuted, by: "evaluation", ce: ce}, e
		}
		if byProver && s.reducer != nil && decide(s.reducer, e.res.Build, c).Outcome == prove.Refuted {
			return &checked{claim: c, verdict: verify.Refuted, by: "prover"}, e
		}
	}
	return nil, e
}

func decide(p *prove.Prover, build *ir.Graph, c verify.Claim) prove.Verdict {
	if c.Fold {
		return p.EqualsConst(build, c.A, c.Konst)
	}
	return p.Equal(build, c.A, c.B)
}

// reduceTime bounds the reduction of one witness.
const reduceTime = 5 * time.Second

// witness reduces g, whose claim r is refuted, prints it as a .dsm
// program and checks that the program, compiled again, still refutes it.
func (s *search) witness(g *ir.Graph, r checked) Witness {
	kind, byProver := r.claim.Kind, r.by == "prover"
	// a reduction may outlast the budget by a few seconds, never more
	deadline := time.Now().Add(reduceTime)
	small := reduce(g, func(h *ir.Graph) bool { c, _ := s.still(h, kind, byProver); return c != nil }, s.opt.ReduceTries, deadline)
	w := Witness{Kind: kind, By: r.by, Nodes: len(small.Nodes)}
	c, _ := s.still(small, kind, byProver)
	if c == nil {
		c = &r // the reduction kept g itself, whose claim is r
	}
	w.Claim = c.claim.What
	if c.ce != nil {
		w.Counterexample = c.ce.String()
	}
	w.IR = strings.TrimSpace(ir.DumpGraphNamed(small, ir.BuildName))
	p, err := PrintDSM(small, "M_Witness")
	if err != nil {
		w.PrintError = err.Error()
		return w
	}
	w.Program, w.Statements = p.Text, p.Statements
	back, err := compileText(p.Text)
	if err != nil {
		w.PrintError = "the printed program does not compile: " + err.Error()
		return w
	}
	c2, e2 := s.still(back, kind, byProver)
	w.RoundTrip = c2 != nil
	if c2 != nil {
		w.Claim = c2.claim.What
		if c2.ce != nil {
			w.Counterexample = c2.ce.String()
		}
		// validate fails the program by evaluation (its 64 random draws)
		// or only with --prove
		rep := interp.Check(e2.res, interp.Options{Runs: 64, Seed: 1})
		w.FailsEvaluation = rep.Err == nil && !rep.OK()
		if s.reducer != nil {
			v := decide(s.reducer, e2.res.Build, c2.claim)
			w.Prover = &ProverVerdict{Outcome: v.Outcome.String(), Reason: v.Reason}
			if v.Witness != nil {
				w.Prover.Witness = v.Witness.String()
				w.Prover.Confirmation = v.Witness.Replay.Confirmation.String()
			}
		}
	}
	return w
}

// compileText compiles a printed program from memory.
func compileText(text string) (*ir.Graph, error) {
	const path = "witness.dsm"
	m, ds := compiler.CompileFile(path, compiler.Options{ReadFile: func(p string) ([]byte, error) {
		return []byte(text), nil
	}})
	if m == nil || ds.HasErrors() || len(m.Products) != 1 {
		return nil, errString(strings.TrimSpace(ds.Report()))
	}
	return m.Products[0], nil
}

type errString string

func (e errString) Error() string { return string(e) }

func splitAt(at string) (string, int) {
	i := strings.LastIndexByte(at, ':')
	line := 0
	for _, c := range at[i+1:] {
		line = line*10 + int(c-'0')
	}
	return at[:i], line
}

// clause is the report of the clause at file:line, made on first use.
func (s *search) clause(file string, line int) *ClauseReport {
	at := fmt.Sprintf("%s:%d", file, line)
	c, ok := s.clauses[at]
	if !ok {
		c = &ClauseReport{At: at}
		s.clauses[at] = c
	}
	return c
}

// finish judges the clauses and the pack.
func (s *search) finish(stop string) *Report {
	if stop != "" {
		s.rep.Stop = stop
	}
	r := s.rep
	own := s.cov.OwnClauses(s.pack)
	for _, cl := range own {
		c := s.clause(cl.Pos.File, cl.Pos.Line)
		c.Head, c.Clause, c.Fired = cl.Head, strings.Join(strings.Fields(cl.Clause), " "), int(cl.Facts)
		c.Verdict = c.judge()
		r.Clauses = append(r.Clauses, *c)
		if c.Fired > 0 {
			r.Fired++
		}
	}
	r.Verdict, r.Why = verify.Proved, "every claim of every clause proved for every float32 input"
	if len(r.Clauses) == 0 {
		r.Verdict, r.Why = verify.Agrees, "no clause of its own to aim at: equal to the reference on every graph"
	}
	for _, c := range r.Clauses {
		if c.Verdict < r.Verdict {
			r.Verdict, r.Why = c.Verdict, "the weakest of its clauses"
		}
	}
	switch {
	case r.Disagreements > 0:
		r.Verdict, r.Why = verify.Refuted, "it disagrees with the reference"
	case r.Claims.Refuted > 0 && r.Verdict > verify.Refuted:
		r.Verdict, r.Why = verify.Refuted, "a claim refuted with a witness"
	case r.Stopped > 0 && r.Verdict > verify.Unknown:
		r.Verdict, r.Why = verify.Unknown, "the pack stopped on a graph"
	case r.Verdict == verify.NotExercised:
		r.Why = "a merging clause of its own never fired in the search"
	}
	if s.disagree != nil {
		r.Disagreement = strings.TrimSpace(s.diff) + "\n" + strings.TrimSpace(ir.DumpGraphNamed(s.disagree, ir.BuildName))
	}
	if s.proofs != nil {
		hits, misses, _ := s.proofs.CacheStats()
		r.ProofCache = &CacheStats{Hits: hits, Misses: misses}
	}
	r.Wall = timeSince(s.start)
	return r
}

// kindsOfHead are the kinds of claims a clause with this head leads to
// (verify.KindsOfHead); a rewrite leads to merges too, when the rewritten
// swizzle is one reuse-2.0 already built (swizzle-append.mg).
func kindsOfHead(head string) []string {
	ks := verify.KindsOfHead(head)
	if head == "rewrite/4" {
		ks = append(ks, "merge")
	}
	return ks
}
