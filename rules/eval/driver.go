// Package eval is the third stage of the Datalog engine: it evaluates a
// checked pack (package rules/pack) over a graph's facts (package
// rules/facts) by DAG level, and turns the outcome into the ir.Result the
// reference passes would give (Build). It holds the limits — the fact
// budget in this process, the wall clock and memory in a child process
// that re-executes this program (MaybeChild), where a user's pack is
// always loaded and evaluated.
package eval

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/google/mangle/ast"
	"github.com/google/mangle/engine"
	"github.com/google/mangle/factstore"

	"reuselab/diag"
	"reuselab/ir"
	"reuselab/rules/compiled"
	"reuselab/rules/facts"
	"reuselab/rules/pack"
)

// The driver: signature-based reuse evaluated in rounds by DAG level
// (MANGLE.md §2b, the one formulation that is correct, terminates and
// scales in Mangle v0.4.0).
//
// Why by level: within one level every operand's representative is final,
// so the level program is non-recursive in everything that joins two
// derived facts (semi-naive's same-round miss, pitfall 1, cannot happen),
// aggregation is legal, and nothing recursive needs a lattice (pitfall 4).
// Go does what Datalog cannot do cheaply or safely: it orders levels,
// resolves each operand to its class representative (union-find "find")
// before the level runs, and maps signatures to representatives with a Go
// map — Mangle's group_by would group by a 32-bit hash and merge colliding
// classes (pitfall 2). Everything that decides equality, folding and
// swizzles is in the pack.
//
// Cost: one engine evaluation per level chunk (about 1 ms of fixed cost for
// reuse-2.0's strata) plus what the pack looks up and derives. Mangle's
// price is per candidate fact (a substitution map copied and re-hashed,
// MANGLE.md §4) and per derived fact (a fully indexed delta store), so the
// driver feeds each node's key and slots pre-joined (keyargs/2: one
// signature rule instead of one per slot count, each joining an arg/5 per
// slot) and its constant operands (constop/3, feed.go), the
// folder's broadcasting is read in Go (comp/3, mv/6) instead of derived as
// a fact per component, fed facts sit in a slice per node (facts.Fed), and
// the collector is paced by the heap budget (gc.go). Issue 16 measured
// 2.4x less CPU than before at 100k nodes (scripts/perf-vs-old,
// BenchmarkReuse100k, cpu-ns/node) and 1.6-1.8 KB of peak heap a node
// (TestScaling; the budget is 2 KB).

// Options configures an evaluation.
type Options struct {
	Limits ir.Limits
	// Record keeps every node's signatures in the Outcome, for explain.
	Record bool
	// Provenance proves every head fact of every level (record.go);
	// Watch names explain's two nodes, whose Contrasts it records.
	Provenance bool
	Watch      []int
	// Profile measures every clause (profile.go).
	Profile bool
	// Coverage counts, in the same evaluation, the facts of every clause
	// whose head is a predicate the driver reads from the level phase
	// (sig/2, foldtype/2, fold/3, alias/3, rewrite/4): a Profile of those
	// clauses only, so that validate can say which never fired without
	// paying for the others (profile.go). Profile, when set, includes it.
	// CoverageFile, when set, keeps only the clauses written in that file
	// (a pack's own, not its base's).
	Coverage     bool
	CoverageFile string
	// Engine evaluates the phase programs: EngineMangle (the default, also
	// for "") or EngineCompiled, the join plans of package rules/compiled.
	// A program the compiled evaluator does not support runs on Mangle's
	// engine; Outcome.EngineNote says so. Profile and Coverage re-run each
	// phase's clauses on the engine that ran it (profile.go).
	Engine string

	progress io.Writer // the child's progress channel (child.go)
	// trace, set by the tests only, sees every fact each evaluation
	// derived, printed and sorted (compiled.go): the two engines are held
	// to the same facts, not only the same outcome.
	trace func(derived []string)
}

// FoldOut is what a fold made of a node.
type FoldOut struct {
	Type string
	Vals []float64
}

// SwzOut is a rewritten swizzle: Swizzle(Src, Mask=Mask).
type SwzOut struct {
	Src  ir.Ref
	Mask string
}

// Outcome is what an evaluation decided, in a form small enough to send
// from the child process: the parent rebuilds the ir.Result from it.
type Outcome struct {
	Stop    ir.StopReason
	Facts   int // derived facts created
	Levels  int // level evaluations (a wide level is evaluated in chunks)
	Wall    time.Duration
	Live    []bool
	Class   []int32 // class root per build node; -1 for aliased or dead nodes
	Alias   map[int]ir.Ref
	Fold    map[int]FoldOut
	Rewrite map[int]SwzOut
	Keep    []bool
	Sigs    [][]string // when Options.Record
	Diags   []diag.Diagnostic
	// When Options.Provenance (record.go): each node's head facts proved.
	Proofs    map[int][]*Proof
	ProofsCut bool
	Contrasts []Contrast
	Profile   *Profile // when Options.Profile (profile.go)
	// Engine is the engine that evaluated the phases ("mangle",
	// "compiled", or "mixed" when some fell back), EngineNote why any
	// program ran on Mangle's engine although the compiled one was asked.
	Engine     string
	EngineNote string

	resident int64 // a one-shot child's peak resident memory, read by the parent (child.go)
}

type evaluator struct {
	g      *ir.Graph
	pack   *pack.Pack
	opt    Options
	base   *facts.Store
	out    *Outcome
	parent []int32 // union-find over build ids; the root leads its class
	leader map[string]int32
	budget int
	part   []int32 // asset of each node in a batch (batch.go); nil for one graph
	rec    *recorder
	prof   *profiler
	carry  *carrier        // analyses across levels (carries.go); nil without
	comp   *compiledPhases // Options.Engine "compiled" (compiled.go); nil for Mangle
	lv     levelState      // what the level being read derived (level.go)
}

func (e *evaluator) num(i int) ast.BaseTerm { return e.base.Num(i) }

func (e *evaluator) find(i int32) int32 {
	r := i
	for e.parent[r] != r {
		r = e.parent[r]
	}
	for e.parent[i] != r {
		e.parent[i], i = r, e.parent[i]
	}
	return r
}

// union joins node a's class into b's: b's root stays the root, because
// the signatures of every level above were written with it. (Roots are not
// the lowest id: a node folded at a high level may have a lower id than the
// constant that leads its class. The survivor, R6's lowest id, is picked
// separately.)
func (e *evaluator) union(a, b int32) int32 {
	ra, rb := e.find(a), e.find(b)
	if ra != rb {
		e.parent[ra] = rb
		e.carryJoined(ra, rb)
	}
	return rb
}

// done reports whether node r was decided at a lower level (a class
// member; aliased nodes are resolved before they reach a pack).
func (e *evaluator) done(r int) bool {
	return r >= 0 && r < len(e.out.Class) && e.out.Class[r] >= 0
}

// resolve is what build node x read through output p now means.
func (e *evaluator) resolve(x, p int) ir.Ref {
	if x < 0 {
		return ir.NoRef
	}
	if x < len(e.lv.aliased) && e.lv.aliased[x] {
		a := e.out.Alias[x]
		return ir.Ref{Node: int(e.find(int32(a.Node))), Out: a.Out}
	}
	return ir.Ref{Node: int(e.find(int32(x))), Out: p}
}

// Evaluate runs pack over g in this process. It never panics on a bad pack:
// engine panics become diagnostics. Limits.Timeout is not enforced here.
//
// A user's pack is never evaluated here: Evaluate hands it to a child
// process under opt.Limits (their defaults when unset), as Run does.
func Evaluate(g *ir.Graph, p *pack.Pack, opt Options) (out *Outcome) {
	if p.Untrusted() {
		return untrusted(g, p, opt)
	}
	return evaluate(g, nil, p, opt)
}

func evaluate(g *ir.Graph, part []int32, p *pack.Pack, opt Options) (out *Outcome) {
	start := time.Now()
	n := len(g.Nodes)
	out = &Outcome{Stop: ir.StopSaturated, Alias: map[int]ir.Ref{}, Fold: map[int]FoldOut{}, Rewrite: map[int]SwzOut{},
		Class: make([]int32, n), Live: make([]bool, n), Keep: make([]bool, n)}
	if opt.Record {
		out.Sigs = make([][]string, n)
	}
	var e *evaluator
	defer func() {
		if r := recover(); r != nil {
			out.Stop = ir.StopError
			out.Diags = append(out.Diags, p.RuntimeDiagnostic(CodePackRuntime, fmt.Errorf("Mangle panicked: %v", r)))
		} else if e != nil {
			e.comp.recycle()
			e.foldsOut()
		}
		out.Wall = time.Since(start)
		capOutcome(out)
	}()
	e = &evaluator{g: g, pack: p, opt: opt, base: facts.NewStore(g), out: out, parent: make([]int32, n),
		leader: map[string]int32{}, part: part}
	e.budget = opt.Limits.Facts()
	e.hooks()
	e.chooseEngine()
	rate := mangleHeap
	if out.Engine == EngineCompiled {
		rate = compiledHeap
	}
	defer heapBudget(n, rate)()
	for i := range e.parent {
		e.parent[i] = int32(i)
		out.Class[i] = -1
	}
	tables, rest := tablesOf(p)
	e.base.UseTables(tables)
	for _, a := range rest {
		e.base.Add(a)
	}

	if !e.prune() {
		return out
	}
	levels := e.levels()
	out.Levels = len(levels)
	reportProgress(opt.progress, 0, len(levels), out.Facts)
	for k, lv := range levels {
		if !e.level(lv) {
			return out
		}
		e.base.Forget(lv)
		heapScope.repace()
		reportProgress(opt.progress, k+1, len(levels), out.Facts)
	}
	// the classes are decided: what only the levels read need not be
	// held through phase post and Build
	e.leader = nil
	e.lv.drop()
	e.foldsOut()
	e.finish()
	return out
}

// eval runs one phase program over store and charges what it derived.
func (e *evaluator) eval(pr *pack.Program, store factstore.FactStore, derived func() int) bool {
	var stats engine.Stats
	var err error
	made := 0
	if cp := e.comp.program(pr); cp != nil {
		made, err = e.comp.run(cp, e.carryStore(store), e.budget)
	} else {
		stats, err = engine.EvalStratifiedProgramWithStats(pr.Info, pr.Strata, pr.PredToStratum, e.carryStore(store),
			engine.WithCreatedFactLimit(e.budget))
		made = derived()
	}
	if e.opt.trace != nil {
		traceDerived(store, e.opt.trace)
	}
	if e.prof != nil && err == nil {
		e.prof.phase(pr, e.carryStore(store), stats)
	}
	e.out.Facts += made
	e.budget -= made
	if err == nil && e.budget <= 0 {
		err = fmt.Errorf("fact size limit reached: %d facts derived", e.out.Facts)
	}
	if err != nil {
		if strings.Contains(err.Error(), "fact size limit") {
			e.out.Stop = ir.StopFactLimit
			d := e.pack.RuntimeDiagnostic(CodeFactLimit, err)
			d.Message = fmt.Sprintf("the pack derived more facts than the limit allows (%d so far): %s", e.out.Facts, d.Message)
			e.out.Diags = append(e.out.Diags, d)
		} else {
			e.out.Stop = ir.StopError
			e.out.Diags = append(e.out.Diags, e.pack.RuntimeDiagnostic(CodePackRuntime, err))
		}
		return false
	}
	return true
}

// prune is phase pre: live/1.
func (e *evaluator) prune() bool {
	pr := e.pack.Program(pack.Pre)
	if !pr.Defines(pack.PredLive) {
		for i := range e.out.Live {
			e.out.Live[i] = true
		}
		return true
	}
	round := facts.NewTee(e.base)
	if !e.eval(pr, round, round.Out.EstimateFactCount) {
		return false
	}
	e.eachRow(pr, round, pack.PredLive, func(r row) {
		if i, ok := r.int(0); ok && i >= 0 && i < len(e.out.Live) {
			e.out.Live[i] = true
		}
	})
	e.comp.release(pr)
	return true
}

// levels groups the live nodes by level(n) = 1 + max(level(inputs)).
func (e *evaluator) levels() [][]int {
	lv := e.nodeLevels()
	// nodes per level
	var count []int
	for _, l := range lv {
		if l < 0 {
			continue
		}
		for len(count) <= int(l) {
			count = append(count, 0)
		}
		count[l]++
	}
	// every level's ids in one slice: a level is a range of it, filled
	// in id order
	all := make([]int, 0, len(e.g.Nodes))
	out := make([][]int, len(count))
	for l, c := range count {
		out[l] = all[len(all) : len(all) : len(all)+c]
		all = all[:len(all)+c]
	}
	for i := range e.g.Nodes {
		if e.out.Live[i] {
			out[lv[i]] = append(out[lv[i]], i)
		}
	}
	// A wide level is evaluated in chunks: its nodes do not depend on each
	// other, and a bounded chunk bounds the memory of one evaluation's
	// derived facts. Chunks keep id order, so the first node of a class at
	// a level still leads it.
	var chunked [][]int
	for _, lv := range out {
		for len(lv) > levelChunk {
			chunked = append(chunked, lv[:levelChunk])
			lv = lv[levelChunk:]
		}
		chunked = append(chunked, lv)
	}
	return chunked
}

// nodeLevels is each live node's DAG level (0 for a node that reads no
// live node, else one more than the highest it reads), -1 for a dead one;
// build order is topological.
func (e *evaluator) nodeLevels() []int32 {
	lv := make([]int32, len(e.g.Nodes))
	for i, n := range e.g.Nodes {
		lv[i] = -1
		if !e.out.Live[i] {
			continue
		}
		l := int32(0)
		n.Inputs(func(r ir.Ref) {
			if r.Node < i && r.Node >= 0 && e.out.Live[r.Node] {
				l = max(l, lv[r.Node]+1)
			}
		})
		lv[i] = l
	}
	return lv
}

// levelChunk bounds the nodes of one level evaluation.
const levelChunk = 1024

// headPos is where the pack derives sym: its first clause with that head,
// in the pack's own file before the one it extends; the pack otherwise.
func (e *evaluator) headPos(sym ast.PredicateSym) diag.Pos {
	own := e.pack.Pos()
	at := own
	found := false
	for _, st := range e.pack.Statements() {
		if st.Clause == nil || st.Clause.Head.Predicate != sym {
			continue
		}
		if st.Pos.File == own.File {
			return st.Pos
		}
		if !found {
			at, found = st.Pos, true
		}
	}
	return at
}

func (e *evaluator) publishFold(i int, t string, vals []float64) {
	e.base.PublishFold(i, t, vals)
}

// foldsOut fills the outcome's folds from the store's, once the levels
// are done or stopped: the levels read them from the store, and a map
// grown fold by fold over a graph allocated it about twice over (a fifth
// of a large graph's nodes fold).
func (e *evaluator) foldsOut() {
	if len(e.out.Fold) > 0 {
		return
	}
	n := e.base.PublishedFolds(nil)
	if n == 0 {
		return
	}
	e.out.Fold = make(map[int]FoldOut, n)
	e.base.PublishedFolds(func(id int, typ string, vals []float64) {
		e.out.Fold[id] = FoldOut{Type: typ, Vals: vals}
	})
}

// publishSwizzle records the effective form of a swizzle for the levels
// above, so that a mask of a mask composes through it.
func (e *evaluator) publishSwizzle(i int, n *ir.Node) {
	var src ir.Ref
	var mask string
	if rw, ok := e.out.Rewrite[i]; ok {
		src, mask = rw.Src, rw.Mask
	} else {
		v, ok := n.Prop("Mask")
		if !ok || v.Kind != ir.KindString || len(n.Operands) == 0 || !n.Operands[0].Valid() {
			return
		}
		src, mask = e.resolve(n.Operands[0].Node, n.Operands[0].Out), v.Str
	}
	e.base.PublishSwizzle(i, src.Node, src.Out, mask)
}

// finish freezes the classes and runs phase post (keep/1) over the merged
// graph.
func (e *evaluator) finish() {
	for i := range e.out.Class {
		if e.out.Class[i] >= 0 {
			e.out.Class[i] = e.find(int32(i))
		}
	}
	surv := e.out.Survivors()
	pr := e.pack.Program(pack.Post)
	if !pr.Defines(pack.PredKeep) {
		for i, s := range surv {
			e.out.Keep[i] = s == i
		}
		return
	}
	round := facts.NewTee(e.base)
	var feed *compiled.Feed
	if e.native(pr) {
		feed = e.comp.env.NewFeed()
		edges := feed.Rel(pack.PredEdge)
		reads := 0
		for i, s := range surv {
			if s == i {
				n := e.g.Nodes[i]
				reads += len(n.Operands) + len(n.Pins)
			}
		}
		edges.Reserve(reads) // at most that many: a folded survivor or an absent slot adds none
		e.comp.feed = feed
	}
	var reads []ir.Ref
	marks := e.out.marks(len(surv))
	for i, s := range surv {
		if s != i {
			continue
		}
		reads = appendSurvivorInputs(reads[:0], e.g, e.out, surv, i, marks)
		for _, t := range reads {
			switch {
			case !t.Valid():
			case feed != nil:
				feed.Add(pack.PredEdge, feed.Int(i), feed.Int(t.Node))
			default:
				round.Fed.Add(ast.Atom{Predicate: pack.PredEdge, Args: []ast.BaseTerm{e.num(i), e.num(t.Node)}})
			}
		}
	}
	if !e.eval(pr, round, round.Out.EstimateFactCount) {
		return
	}
	e.eachRow(pr, round, pack.PredKeep, func(r row) {
		if i, ok := r.int(0); ok && i >= 0 && i < len(surv) && surv[i] == i {
			e.out.Keep[i] = true
		}
	})
	e.comp.release(pr)
}
