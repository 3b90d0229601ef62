package eval

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/google/mangle/analysis"
	"github.com/google/mangle/ast"
	"github.com/google/mangle/engine"
	"github.com/google/mangle/factstore"
	"github.com/google/mangle/parse"

	"reuselab/diag"
	"reuselab/rules/pack"
)

// The cost of every rule. Mangle v0.4.0 reports only a duration per
// stratum (EvalStratifiedProgramWithStats), so with Options.Profile the
// driver, after each phase evaluation, re-runs every clause of the phase on
// its own: a one-clause program whose head is renamed (one predicate per
// clause, so its facts can be counted) and whose body predicates are all
// extensional, evaluated by Mangle's engine over the store the phase just
// completed. Since that store is a fixpoint, the re-run derives exactly the
// facts the clause derives in the evaluation (a fact two clauses derive
// counts for both).
//
// A phase that ran on the compiled evaluator is profiled by it, the same
// way (rules/compiled/profile.go): each clause's join plan run once more
// over the full relations the run left (no delta), its distinct head
// tuples counted into a relation of its own, and timed; the stratum times
// are the compiled run's own. The counts are the same on both engines
// (TestCompiledProfilesAsMangleDoes); the times are each engine's.
//
// What the numbers mean (ClauseCost):
//   - Facts: facts the clause derives, summed over the evaluations.
//   - Evals: evaluations of the clause's phase (for the level phase, one per
//     DAG level chunk); Productive: those in which it derived something.
//   - Time: the wall time of the clause's one-pass re-runs, summed: what
//     the clause costs on its own. One pass over the final facts is what a
//     non-recursive clause costs; a recursive clause (live/1, keep/1) costs
//     more in the real evaluation, where it runs once per round. On
//     Mangle's engine each re-run carries its fixed cost of an evaluation
//     (tens of µs), which dominates on small levels.
//   - StratumTime: the real evaluation's time of the clause's stratum,
//     shared among the clauses of that stratum in proportion to their Time,
//     summed. The StratumTimes of all clauses add up to Profile.EvalTime,
//     the time the evaluations really took; a stratum's fixed cost, and any
//     collection that pauses it, go to its clauses, so a stratum of one
//     cheap clause can look dear here and not in Time.
//
// Profiling costs about one more evaluation per clause per level on
// Mangle's engine (and the one-clause programs, made the first time their
// phase runs there), one more pass of each clause's plan on the compiled
// evaluator; it never changes what the evaluation decides.

// ClauseCost is one clause's profile.
type ClauseCost struct {
	Phase       string // pre, level, post
	Head        string // the predicate it derives, name/arity
	Pos         diag.Pos
	Clause      string
	Facts       int
	Evals       int
	Productive  int
	Time        time.Duration
	StratumTime time.Duration
	Stratum     int
	Error       string // the re-run failed (the clause is then not measured)
}

// Profile is the cost of every clause of a pack over one evaluation.
type Profile struct {
	Clauses  []ClauseCost // in the pack's order, phase by phase
	EvalTime time.Duration
	Evals    map[string]int // evaluations per phase

	split *profileSplit // a batch's: its graphs' shares (profile_split.go)
}

// Top is the clauses by Time, costliest first (ties: by Facts, then pack
// order).
func (p *Profile) Top() []ClauseCost {
	out := append([]ClauseCost(nil), p.Clauses...)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Time != out[j].Time {
			return out[i].Time > out[j].Time
		}
		return out[i].Facts > out[j].Facts
	})
	return out
}

// Add sums q into p clause by clause (profiles of one pack over several
// graphs: bench, validate).
func (p *Profile) Add(q *Profile) {
	if q == nil {
		return
	}
	if p.Evals == nil {
		p.Evals = map[string]int{}
	}
	at := map[string]int{}
	for k, c := range p.Clauses {
		at[c.key()] = k
	}
	for _, c := range q.Clauses {
		k, ok := at[c.key()]
		if !ok {
			p.Clauses = append(p.Clauses, c)
			at[c.key()] = len(p.Clauses) - 1
			continue
		}
		s := &p.Clauses[k]
		s.Facts += c.Facts
		s.Evals += c.Evals
		s.Productive += c.Productive
		s.Time += c.Time
		s.StratumTime += c.StratumTime
		if s.Error == "" {
			s.Error = c.Error
		}
	}
	p.EvalTime += q.EvalTime
	for ph, n := range q.Evals {
		p.Evals[ph] += n
	}
}

func (c ClauseCost) key() string { return c.Phase + "\x00" + c.Pos.String() + "\x00" + c.Clause }

// Table prints the top n clauses (all when n <= 0) as aligned text.
func (p *Profile) Table(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-6s %-10s %9s %7s %10s %10s  %s\n", "phase", "head", "facts", "evals", "time", "stratum", "clause")
	top := p.Top()
	if n > 0 && len(top) > n {
		top = top[:n]
	}
	for _, c := range top {
		where := fmt.Sprintf("%s:%d", c.Pos.File, c.Pos.Line)
		if c.Pos.File == "" {
			where = "?"
		}
		fmt.Fprintf(&b, "%-6s %-10s %9d %7d %10s %10s  %s: %s", c.Phase, c.Head, c.Facts, c.Evals,
			c.Time.Round(time.Microsecond), c.StratumTime.Round(time.Microsecond), where, shortClause(c.Clause, 70))
		if c.Error != "" {
			fmt.Fprintf(&b, " (not measured: %s)", c.Error)
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "evaluation time %s over %s evaluations; time: the clause re-run alone over each completed evaluation; stratum: its stratum's real time shared by that (rules/eval/profile.go)\n",
		p.EvalTime.Round(time.Microsecond), p.evalsString())
	return b.String()
}

func (p *Profile) evalsString() string {
	var parts []string
	for _, ph := range []string{"pre", "level", "post"} {
		if n := p.Evals[ph]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, ph))
		}
	}
	return strings.Join(parts, ", ")
}

func shortClause(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// profiled is one clause, ready to re-run alone.
type profiled struct {
	cost   *ClauseCost
	at     int // cost's index in Profile.Clauses
	clause int // its index in the phase program's Info.Rules
	orig   ast.PredicateSym
	byNode bool // its head's first argument is a variable (profile_split.go)
	// on Mangle's engine, the one-clause program (compile), made when
	// the clause's phase is first evaluated there
	src      ast.Clause
	compiled bool
	info     *analysis.ProgramInfo
	strata   []analysis.Nodeset
	pts      map[ast.PredicateSym]int
	renamed  ast.PredicateSym
}

type profiler struct {
	pack    *pack.Pack
	profile *Profile
	phases  map[*pack.Program][]*profiled
	// coverage: only counts are wanted, so a clause whose head has no
	// fact in the completed store is not re-run (it derived none).
	coverage bool
	names    map[*pack.Program]string
	e        *evaluator      // its compiled phases, and the batch's graphs
	split    *profileSplit   // a batch's graphs' shares (profile_split.go); nil for one graph
	reruns   []time.Duration // per clause of the phase being profiled
}

// coverageHeads are the level predicates the driver reads, through which
// a clause can merge, fold, alias or rewrite a node (Options.Coverage).
var coverageHeads = map[ast.PredicateSym]bool{
	{Symbol: "sig", Arity: 2}: true, {Symbol: "foldtype", Arity: 2}: true, {Symbol: "fold", Arity: 3}: true,
	{Symbol: "alias", Arity: 3}: true, {Symbol: "rewrite", Arity: 4}: true,
}

// newProfiler profiles every clause of p, or with onlyCoverage the
// clauses of the level phase whose heads are coverageHeads, written in
// file when it is not "".
func newProfiler(p *pack.Pack, onlyCoverage bool, file string) *profiler {
	t := profileTemplateFor(p, onlyCoverage, file)
	pf := &profiler{pack: p, profile: &Profile{Evals: map[string]int{}, Clauses: slices.Clone(t.clauses)},
		phases: map[*pack.Program][]*profiled{}, names: t.names, coverage: onlyCoverage}
	i := 0
	for _, ph := range pack.Phases {
		pr := p.Program(ph)
		kept := t.phases[pr]
		if len(kept) == 0 {
			continue
		}
		pcs := make([]*profiled, len(kept))
		for k := range kept {
			pc := kept[k]
			pc.cost, pc.at = &pf.profile.Clauses[i], i
			pcs[k] = &pc
			i++
		}
		pf.phases[pr] = pcs
	}
	return pf
}

// profileTemplate is what newProfiler makes of a pack: the clauses it
// profiles, their ClauseCosts without a count, and per program the
// clauses (without their costs) in the same order. Made once per pack and
// kind of profile (profileTemplates): positioning the clauses prints
// every clause of the pack, which cost as much as evaluating a small
// graph, and validate profiles every graph.
type profileTemplate struct {
	clauses []ClauseCost
	phases  map[*pack.Program][]profiled
	names   map[*pack.Program]string // read-only once made
}

type profileTemplateKey struct {
	p            *pack.Pack
	onlyCoverage bool
	file         string
}

// profileTemplates holds the templates of the packs this process
// profiles.
var profileTemplates packCache[profileTemplateKey, *profileTemplate]

func profileTemplateFor(p *pack.Pack, onlyCoverage bool, file string) *profileTemplate {
	return profileTemplates.get(profileTemplateKey{p, onlyCoverage, file}, func() *profileTemplate {
		return makeProfileTemplate(p, onlyCoverage, file)
	})
}

func makeProfileTemplate(p *pack.Pack, onlyCoverage bool, file string) *profileTemplate {
	t := &profileTemplate{phases: map[*pack.Program][]profiled{}, names: map[*pack.Program]string{}}
	at := clausePositions(p)
	for _, ph := range pack.Phases {
		pr := p.Program(ph)
		if pr == nil {
			continue
		}
		name := [...]string{"pre", "level", "post"}[ph]
		t.names[pr] = name
		for k, c := range pr.Info.Rules {
			if onlyCoverage && (ph != pack.Level || !coverageHeads[c.Head.Predicate] || file != "" && at[clauseKey(c)].Pos.File != file) {
				continue
			}
			cost := ClauseCost{Phase: name, Head: fmt.Sprintf("%s/%d", c.Head.Predicate.Symbol, c.Head.Predicate.Arity),
				Clause: c.String(), Stratum: pr.PredToStratum[c.Head.Predicate]}
			if s, ok := at[clauseKey(c)]; ok {
				cost.Pos, cost.Clause = s.Pos, s.Text
			}
			t.clauses = append(t.clauses, cost)
			pc := profiled{orig: c.Head.Predicate, clause: k, src: c, byNode: firstArgVariable(c.Head)}
			pc.renamed = ast.PredicateSym{Symbol: fmt.Sprintf("prof__%s_%d_%s", name, k, c.Head.Predicate.Symbol), Arity: c.Head.Predicate.Arity}
			t.phases[pr] = append(t.phases[pr], pc)
		}
	}
	return t
}

// compile makes the one-clause program: the head renamed, every body
// predicate extensional (its facts are in the completed store), the
// declarations of deferred predicates kept with their rules.
func (pc *profiled) compile(c ast.Clause, pr *pack.Program) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("Mangle panicked: %v", r)
		}
	}()
	rc := c
	rc.Head = ast.Atom{Predicate: pc.renamed, Args: c.Head.Args}
	// Mangle's analysis writes the premises back in place (packages.go,
	// Clauses): a copy, or it writes into the loaded pack that evaluations
	// on other goroutines are reading (bench runs a pack on two at once).
	rc.Premises = slices.Clone(c.Premises)
	extra := map[ast.PredicateSym]ast.Decl{}
	for _, t := range c.Premises {
		sym, ok := premisePredicate(t)
		if !ok {
			continue
		}
		if sym.IsBuiltin() {
			continue
		}
		if d := pr.Info.Decls[sym]; d != nil && d.DeferredPredicate() {
			return fmt.Errorf("reads the deferred predicate %s", sym)
		}
		extra[sym] = ast.NewSyntheticDeclFromSym(sym)
	}
	info, err := analysis.AnalyzeOneUnit(parse.SourceUnit{Clauses: []ast.Clause{rc}}, extra)
	if err != nil {
		return err
	}
	strata, pts, err := analysis.Stratify(analysis.Program{EdbPredicates: info.EdbPredicates, IdbPredicates: info.IdbPredicates, Rules: info.Rules})
	if err != nil {
		return err
	}
	pc.info, pc.strata, pc.pts = info, strata, pts
	return nil
}

// phase re-runs every clause of pr over what its evaluation completed —
// the compiled run's relations when pr ran compiled, else the store — and
// charges the evaluation's stratum times (stats on Mangle's engine, the
// run's own on the compiled one).
func (pf *profiler) phase(pr *pack.Program, store factstore.ReadOnlyFactStore, stats engine.Stats) {
	pcs, ok := pf.phases[pr]
	if !ok {
		return
	}
	name := pf.names[pr]
	pf.profile.Evals[name]++
	strata := stats.Duration
	cp := pf.e.comp.program(pr)
	if cp != nil {
		strata = pf.e.comp.times
	}
	var real time.Duration
	for _, d := range strata {
		real += d
	}
	pf.profile.EvalTime += real
	pf.split.phase(name)
	if cap(pf.reruns) < len(pcs) {
		pf.reruns = make([]time.Duration, len(pcs))
	}
	reruns := pf.reruns[:len(pcs)]
	clear(reruns)
	byStratum := map[int]time.Duration{}
	for k, pc := range pcs {
		pc.cost.Evals++
		var n int
		var err error
		if cp != nil {
			env := pf.e.comp.env
			if pf.coverage && !cp.Derived(env, pc.orig) {
				continue
			}
			start := time.Now()
			n, err = cp.Rerun(env, pc.clause)
			reruns[k] = time.Since(start)
			pf.split.compiledFacts(pc, env)
		} else {
			if !pc.compiled {
				pc.compiled = true
				if err := pc.compile(pc.src, pr); err != nil {
					pc.cost.Error = err.Error()
					pc.info = nil
				}
			}
			if pc.info == nil || pf.coverage && !anyFact(store, pc.orig) {
				continue
			}
			out := &overlay{read: store, out: factstore.NewMultiIndexedArrayInMemoryStore(), own: pc.renamed}
			start := time.Now()
			err = rerun(pc, out)
			reruns[k] = time.Since(start)
			n = out.made
			pf.split.mangleFacts(pc, out)
		}
		if err != nil && pc.cost.Error == "" {
			pc.cost.Error = err.Error()
		}
		pc.cost.Facts += n
		if n > 0 {
			pc.cost.Productive++
		}
		pc.cost.Time += reruns[k]
		byStratum[pr.PredToStratum[pc.orig]] += reruns[k]
	}
	for k, pc := range pcs {
		s := pr.PredToStratum[pc.orig]
		if s < 0 || s >= len(strata) || byStratum[s] == 0 {
			continue
		}
		pc.cost.StratumTime += time.Duration(float64(strata[s]) * float64(reruns[k]) / float64(byStratum[s]))
	}
}

// anyFact reports whether store holds a fact of sym.
func anyFact(store factstore.ReadOnlyFactStore, sym ast.PredicateSym) bool {
	found := false
	_ = store.GetFacts(ast.NewQuery(sym), func(ast.Atom) error {
		found = true
		return errStopScan
	})
	return found
}

var errStopScan = errors.New("stop")

// rerun evaluates one clause's program; a panic is its error (the clause
// is then not measured, and the evaluation goes on).
func rerun(pc *profiled, out *overlay) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("Mangle panicked: %v", p)
		}
	}()
	_, err = engine.EvalStratifiedProgramWithStats(pc.info, pc.strata, pc.pts, out, engine.WithCreatedFactLimit(1<<40))
	return err
}

// overlay reads a completed store and takes the re-run's facts, which are
// all of the renamed head.
type overlay struct {
	read factstore.ReadOnlyFactStore
	out  *factstore.MultiIndexedArrayInMemoryStore
	own  ast.PredicateSym
	made int
}

func (o *overlay) GetFacts(a ast.Atom, cb func(ast.Atom) error) error {
	if a.Predicate == o.own {
		return o.out.GetFacts(a, cb)
	}
	return o.read.GetFacts(a, cb)
}

func (o *overlay) Contains(a ast.Atom) bool {
	if a.Predicate == o.own {
		return o.out.Contains(a)
	}
	return o.read.Contains(a)
}

func (o *overlay) Add(a ast.Atom) bool {
	if a.Predicate != o.own {
		return false // only the renamed head is derived
	}
	if o.out.Add(a) {
		o.made++
		return true
	}
	return false
}

func (o *overlay) ListPredicates() []ast.PredicateSym {
	return append(o.read.ListPredicates(), o.own)
}

func (o *overlay) EstimateFactCount() int { return o.made }

func (o *overlay) Merge(s factstore.ReadOnlyFactStore) {
	_ = s.GetFacts(ast.NewQuery(o.own), func(a ast.Atom) error { o.Add(a); return nil })
}

// hooks sets up what Options asks beyond the evaluation: provenance
// (record.go). The profile is set up once the engine is chosen
// (startProfile).
func (e *evaluator) hooks() {
	if e.opt.Provenance && e.pack.Program(pack.Level) != nil {
		e.rec = newRecorder(e.g, e.pack, e.out, e.opt.Watch)
		e.rec.find = e.find
	}
}

// startProfile sets up the profile Options asks for, once chooseEngine
// has compiled what runs compiled.
func (e *evaluator) startProfile() {
	if (e.opt.Profile || e.opt.Coverage) && e.pack.Program(pack.Level) != nil {
		e.prof = newProfiler(e.pack, !e.opt.Profile, e.opt.CoverageFile)
		e.prof.e = e
		e.out.Profile = e.prof.profile
		if e.part != nil {
			e.prof.split = newProfileSplit(e, e.prof)
		}
		if e.comp != nil {
			e.comp.profiling = true
		}
	}
}
