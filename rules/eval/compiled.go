package eval

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/google/mangle/ast"
	"github.com/google/mangle/factstore"

	"reuselab/ir"
	"reuselab/rules/facts"

	"reuselab/rules/compiled"
	"reuselab/rules/pack"
)

// The engines a pack's phases can run on (Options.Engine).
const (
	EngineMangle   = "mangle"
	EngineCompiled = "compiled"
)

// compiledPhases holds the phase programs compiled for one evaluation; a
// phase whose program the compiled evaluator cannot run is absent and runs
// on Mangle's engine.
type compiledPhases struct {
	progs map[*pack.Program]*compiled.Program
	env   *compiled.Env
	// feed is what the driver hands the next run directly (feedNative);
	// nil when the facts went to the phase's store.
	feed *compiled.Feed
	// export is the predicates added to the phase's store, where the
	// driver reads the carried ones (carries.go); the rest it reads from
	// the run (eachRow). nil to export every derived fact and read them all
	// from the store, as the trace and the provenance recorder do.
	export map[ast.PredicateSym]bool
	graph  *ir.Graph    // the graph the base store's schema describes
	base   *facts.Store // the evaluation's base store
	// profiling: a clause profile re-runs each run's clauses
	// (profile.go); times is the last run's time per stratum.
	profiling bool
	times     []time.Duration
}

// run evaluates cp over store, consuming the pending feed.
func (c *compiledPhases) run(cp *compiled.Program, store factstore.FactStore, limit int) (int, error) {
	opt := compiled.RunOptions{Limit: limit, Feed: c.feed, Graph: c.graph, Base: c.base}
	if c.export != nil {
		opt.Export = func(p ast.PredicateSym) bool { return c.export[p] }
	}
	if c.profiling {
		c.times = slices.Grow(c.times[:0], cp.StrataCount())[:cp.StrataCount()]
		clear(c.times)
		opt.StratumTimes = c.times
	}
	c.feed = nil
	return cp.Run(c.env, store, opt)
}

// native reports whether the driver feeds this evaluation's facts to the
// compiled run directly: never when the recorder, which reads them from
// the phase's store, is on.
func (e *evaluator) native(pr *pack.Program) bool {
	return e.rec == nil && e.comp.program(pr) != nil
}

// feedNative is feedLevel for a compiled run: the same facts, as rows.
func (e *evaluator) feedNative(pr *pack.Program, ids []int) {
	want := readsOf(pr)
	f := e.comp.env.NewFeed()
	cur, arg := f.Rel(pack.PredCur), f.Rel(pack.PredArg)
	var argStr, keyArgs, constOp compiled.FedRel
	if want.argStr {
		argStr = f.Rel(pack.PredArgStr)
	}
	if want.keyArgs {
		keyArgs = f.Rel(pack.PredKeyArgs)
	}
	if want.constOp {
		constOp = f.Rel(pack.PredConstOp)
	}
	var joined, key []byte
	slots := e.lv.slots
	for _, i := range ids {
		n := e.g.Nodes[i]
		e.lv.kindOf(e.g, i, n)
		id := f.Int(i)
		joined = joined[:0]
		if len(n.Pins) == 0 {
			// the operands are the slots (facts.Slots), without a copy
			cur.Add(id, f.Op(n.Op), f.Int(len(n.Operands)))
			for k, ref := range n.Operands {
				r := e.resolve(facts.RefNode(ref), ref.Out)
				arg.Add(id, f.Int(k), f.Name(""), f.Int(r.Node), f.Int(r.Out))
				joined = appendSlot(joined, "", r)
			}
		} else {
			slots = facts.AppendSlots(slots[:0], n)
			cur.Add(id, f.Op(n.Op), f.Int(len(slots)))
			for k, s := range slots {
				r := e.resolve(facts.RefNode(s.Ref), s.Ref.Out)
				arg.Add(id, f.Int(k), f.Name(s.Name), f.Int(r.Node), f.Int(r.Out))
				joined = appendSlot(joined, s.Name, r)
			}
		}
		if want.argStr {
			argStr.Add(id, f.Bytes(joined))
		}
		if want.keyArgs {
			key = append(e.lv.appendStaticKey(key[:0], n), joined...)
			keyArgs.Add(id, f.Bytes(key))
		}
		if want.constOp {
			for k, r := range n.Operands {
				if x := facts.RefNode(r); r.Out == 0 && e.base.IsConstant(x) {
					constOp.Add(id, f.Int(k), f.Int(x))
				}
			}
		}
	}
	e.lv.slots = slots
	e.comp.feed = f
}

// compiledEnvs keeps the compiled evaluator's Envs between evaluations:
// an Env grows its relations, indexes and interning table to what a
// level needs, and a fresh one per evaluation was most of what a small
// graph's evaluation allocated. A kept Env is small: release drops what
// a large graph's once-only phases grew, the interning table is bounded,
// and a level's relations hold at most levelChunk nodes' facts. (A
// sync.Pool missed whenever an evaluation ended on another processor
// than the next began, and a weak reference at every collection.)
var compiledEnvs struct {
	sync.Mutex
	free []*compiled.Env
}

// compiledEnvsMax bounds the Envs kept: as many as evaluations run at
// once, in practice.
const compiledEnvsMax = 2

// takeEnv is a kept Env, or a new one.
func takeEnv() *compiled.Env {
	compiledEnvs.Lock()
	defer compiledEnvs.Unlock()
	if n := len(compiledEnvs.free); n > 0 {
		env := compiledEnvs.free[n-1]
		compiledEnvs.free[n-1] = nil
		compiledEnvs.free = compiledEnvs.free[:n-1]
		return env
	}
	return compiled.NewEnv()
}

// recycle hands the Env back for another evaluation; never after a
// panic, which may have left it half-way through a run.
func (c *compiledPhases) recycle() {
	if c == nil || c.env == nil {
		return
	}
	c.env.Reset()
	compiledEnvs.Lock()
	if len(compiledEnvs.free) < compiledEnvsMax {
		compiledEnvs.free = append(compiledEnvs.free, c.env)
	}
	compiledEnvs.Unlock()
	c.env = nil
}

// release drops the storage a once-only phase (pre, post) grew to the
// graph's size, once the driver has read what it derived: kept for the
// next evaluation it saves regrowing it, which is worth it for the small
// graphs a corpus is made of, but over largeGraph nodes it would be held
// through the levels and Build for what a regrowth costs.
func (c *compiledPhases) release(pr *pack.Program) {
	if cp := c.program(pr); cp != nil && len(c.graph.Nodes) > largeGraph {
		c.env.Release(cp)
	}
}

// largeGraph is the size past which release drops a phase's storage.
const largeGraph = 1 << 15

// program is pr compiled, or nil: evaluate it on Mangle's engine.
func (c *compiledPhases) program(pr *pack.Program) *compiled.Program {
	if c == nil {
		return nil
	}
	return c.progs[pr]
}

// chooseEngine compiles the pack's phases when the compiled evaluator is
// asked for, and notes in the outcome what runs on Mangle's engine; then
// it sets up the profile, which re-runs each phase's clauses on the
// engine that ran the phase.
func (e *evaluator) chooseEngine() {
	e.compilePhases()
	e.startProfile()
}

func (e *evaluator) compilePhases() {
	e.out.Engine = EngineMangle
	if e.opt.Engine != EngineCompiled {
		return
	}
	c := &compiledPhases{progs: map[*pack.Program]*compiled.Program{}, env: takeEnv(), graph: e.g, base: e.base}
	c.env.ShareNums(e.base.Num)
	var notes []string
	for _, ph := range pack.Phases {
		pr := e.pack.Program(ph)
		if pr == nil {
			continue
		}
		cp, err := compileCached(pr)
		if err != nil {
			notes = append(notes, fmt.Sprintf("phase %s on Mangle's engine: %v", phaseNames[ph], err))
			continue
		}
		c.progs[pr] = cp
	}
	if e.opt.trace == nil && e.rec == nil {
		c.export = map[ast.PredicateSym]bool{}
		for _, cr := range e.pack.Carries {
			c.export[cr.Pred] = true
		}
	}
	e.comp = c
	switch {
	case len(c.progs) == 0:
		e.comp = nil
		c.recycle()
	case len(notes) == 0:
		e.out.Engine = EngineCompiled
	default:
		e.out.Engine = "mixed"
	}
	e.out.EngineNote = strings.Join(notes, "; ")
}

var phaseNames = map[pack.Phase]string{pack.Pre: "pre", pack.Level: "level", pack.Post: "post"}

// traceDerived hands trace every fact an evaluation derived into the
// phase's own store, printed and sorted.
func traceDerived(store factstore.FactStore, trace func([]string)) {
	t, ok := store.(*facts.Tee)
	if !ok {
		return
	}
	var all []string
	for _, p := range t.Out.ListPredicates() {
		_ = t.Out.GetFacts(ast.NewQuery(p), func(a ast.Atom) error {
			all = append(all, a.String())
			return nil
		})
	}
	sort.Strings(all)
	trace(all)
}

// row is one derived fact as the driver reads it: the compiled run's
// values when the fact stayed in the run, else the store's atom.
type row struct {
	vals []compiled.Val
	env  *compiled.Env
	args []ast.BaseTerm
}

func (r row) int(k int) (int, bool) {
	if r.args != nil {
		return facts.IntArg(r.args[k])
	}
	return r.env.Int(r.vals[k])
}

func (r row) str(k int) (string, bool) {
	if r.args != nil {
		return facts.StringArg(r.args[k])
	}
	return r.env.Text(r.vals[k])
}

func (r row) float(k int) (float64, bool) {
	if r.args != nil {
		return facts.FloatArg(r.args[k])
	}
	return r.env.Float(r.vals[k])
}

// term is argument k as a term, for a message.
func (r row) term(k int) ast.BaseTerm {
	if r.args != nil {
		return r.args[k]
	}
	return r.env.Constant(r.vals[k])
}

// eachRow calls f with every fact of sym the phase derived: from the
// compiled run, unboxed, when its facts stay there, else from the phase's
// store. r is valid during the call only.
func (e *evaluator) eachRow(pr *pack.Program, round *facts.Tee, sym ast.PredicateSym, f func(r row)) {
	if cp := e.comp.program(pr); cp != nil && e.comp.export != nil && !e.comp.export[sym] {
		env := e.comp.env
		cp.EachRow(env, sym, func(vals []compiled.Val) { f(row{vals: vals, env: env}) })
		return
	}
	_ = round.Out.GetFacts(ast.NewQuery(sym), func(a ast.Atom) error {
		f(row{args: a.Args})
		return nil
	})
}

// packCache keeps what is made once per pack (or pack program) this
// process evaluates and then only read, so that evaluations on several
// goroutines share it. Bounded: a process that loads pack after pack (a
// search over generated packs) starts over past packCacheMax.
type packCache[K comparable, V any] struct {
	sync.Mutex
	m map[K]V
}

const packCacheMax = 64

// get is k's value, made by make (under the lock) the first time.
func (c *packCache[K, V]) get(k K, make func() V) V {
	c.Lock()
	defer c.Unlock()
	if v, ok := c.m[k]; ok {
		return v
	}
	if c.m == nil || len(c.m) >= packCacheMax {
		c.m = map[K]V{}
	}
	v := make()
	c.m[k] = v
	return v
}

// compiledCache keeps the programs compiled from the packs this process
// evaluates: compiling reuse-2.0's three phases costs about as much as
// evaluating a small asset, and a corpus evaluates thousands. A compiled
// program is immutable (a run's state lives in its Env).
var compiledCache packCache[*pack.Program, compiledEntry]

type compiledEntry struct {
	prog *compiled.Program
	err  error
}

func compileCached(pr *pack.Program) (*compiled.Program, error) {
	c := compiledCache.get(pr, func() compiledEntry {
		cp, err := compiled.Compile(pr)
		return compiledEntry{cp, err}
	})
	return c.prog, c.err
}

// tablesCache keeps the table facts of the packs this process evaluates,
// indexed once (facts.Tables): a Tables is never written after it is
// made.
var tablesCache packCache[*pack.Pack, tablesEntry]

type tablesEntry struct {
	tables *facts.Tables
	rest   []ast.Atom
}

// tablesOf is the static facts of p's phases, in phase order: the tables
// every store shares, and the rest, which each store adds.
func tablesOf(p *pack.Pack) (*facts.Tables, []ast.Atom) {
	c := tablesCache.get(p, func() tablesEntry {
		var static []ast.Atom
		for _, ph := range pack.Phases {
			if pr := p.Program(ph); pr != nil {
				static = append(static, pr.Static...)
			}
		}
		t, rest := facts.NewTables(static)
		return tablesEntry{t, rest}
	})
	return c.tables, c.rest
}
