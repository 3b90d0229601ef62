package compiled

import (
	"errors"
	"fmt"
	"time"

	"github.com/google/mangle/ast"
	"github.com/google/mangle/factstore"

	"reuselab/ir"
	"reuselab/rules/facts"
)

// A run evaluates the program once over a store: the predicates the
// program derives live in relations of the run; every other predicate
// (the schema, fed facts, tables, virtual predicates) is asked of the
// store with the bound arguments filled in, as Mangle asks it. At the end
// the derived facts are added to the store, where the driver reads them.
type run struct {
	p          *Program
	in         *interner
	store      factstore.FactStore
	rels       []*relation
	own        []*relation            // the run's own relations (derived, tables), reused
	storeCBs   []func(ast.Atom) error // per atom operation (storeCallback)
	schemaCBs  []func([]Val) error    // per atom operation (serveCallback, existsCallback)
	foundCB    func(ast.Atom) error
	boxedGen   int // the interner generation boxed was made in
	found      bool
	loaded     []int // rows each relation held before the run (not derived)
	dlo        []int // the delta rows of each relation in this round
	dhi        []int
	cvals      []Val
	slots      []Val
	keys       [][]Val          // per atom op: the bound values
	indexes    []opIndex        // per atom op: the index it last looked up
	queries    [][]ast.BaseTerm // per atom op over the store: the query
	pending    []Val            // head rows of the plan being run
	queued     denseSet         // a unary head's values pending, when under denseMax
	buf        []byte
	boxed      []ast.BaseTerm // boxed constants by interning index
	env        *Env
	limit      int
	derived    int
	exportPred func(ast.PredicateSym) bool
	graph      *ir.Graph
	base       *facts.Store
	onlyServed []bool // per predicate: base.OnlyServed
	roles      [3]Val // role names by ir.Role (role), of interner generation rolesGen
	rolesGen   int
	schemaRow  []Val
	text       []byte // a virtual predicate's text, before it is interned
}

var wildcard ast.BaseTerm = ast.Variable{Symbol: "_"}

var errFound = errors.New("found")

// RunOptions configures a run.
type RunOptions struct {
	// Limit (when positive) bounds the facts derived, as Mangle's
	// WithCreatedFactLimit does; the error then says "fact size limit".
	Limit int
	// Feed holds facts given directly; nil for none.
	Feed *Feed
	// Graph, when set, is the graph the store's schema facts describe:
	// the run reads the most looked-up of them from it (schema.go).
	Graph *ir.Graph
	// Base, when set, is the base store under the run's store: the run
	// computes its virtual predicates and reads the Constants' facts it
	// serves as values (schema.go).
	Base *facts.Store
	// Export says which derived predicates are added to the store at the
	// end; nil for all of them.
	Export func(ast.PredicateSym) bool
	// StratumTimes, when set (a profile: profile.go), gets each
	// stratum's run time added at the stratum's index, which is its
	// index in the pack program's Strata; it must have a place for each.
	StratumTimes []time.Duration
}

// Run evaluates the program over store and adds what it derives to it.
// It returns the number of facts derived.
func (p *Program) Run(env *Env, store factstore.FactStore, opt RunOptions) (derived int, err error) {
	if env == nil {
		env = NewEnv()
	}
	r := env.runFor(p)
	in := env.in
	if opt.Feed != nil {
		in = opt.Feed.in
	} else {
		in.trim()
	}
	r.in, r.store, r.limit, r.exportPred, r.graph, r.derived = in, store, opt.Limit, opt.Export, opt.Graph, 0
	r.base = opt.Base
	if r.base != nil {
		for i, sym := range p.preds {
			r.onlyServed[i] = r.base.OnlyServed(sym)
		}
	}
	if r.boxedGen != in.gen {
		clear(r.boxed)
		r.boxed = r.boxed[:0]
		r.boxedGen = in.gen
	}
	r.cvals = r.cvals[:0]
	for _, c := range p.consts {
		r.cvals = append(r.cvals, r.in.intern(c))
	}
	for i, sym := range p.preds {
		r.loaded[i], r.dlo[i], r.dhi[i] = 0, 0, 0
		switch {
		case p.native[i] || p.tables[i] != nil:
			if r.own[i] == nil {
				r.own[i] = newRelation(sym.Arity)
			}
			r.own[i].reset()
			r.rels[i] = r.own[i]
			if p.tables[i] != nil {
				if err := r.loadAtoms(i, p.tables[i]); err != nil {
					return 0, err
				}
			}
		case opt.Feed != nil && opt.Feed.Fed(sym):
			r.rels[i] = opt.Feed.rels[sym]
			r.loaded[i] = r.rels[i].n
		default:
			r.rels[i] = nil
		}
	}
	defer func() {
		// what was derived before an error stays, as in Mangle's store
		if xerr := r.export(); err == nil {
			err = xerr
		}
		derived = r.derived
	}()
	if opt.StratumTimes != nil {
		return 0, r.timedStrata(opt.StratumTimes)
	}
	for k := range p.strata {
		if err := r.stratum(&p.strata[k]); err != nil {
			return 0, err
		}
	}
	return 0, nil
}

// runFor is env's reusable run state for p: its relations keep their
// storage from one run to the next, so that a driver running a program
// once per level allocates it once.
func (e *Env) runFor(p *Program) *run {
	if r := e.runs[p]; r != nil {
		return r
	}
	n := len(p.preds)
	r := &run{p: p, env: e, schemaRow: make([]Val, 0, 8),
		rels: make([]*relation, n), own: make([]*relation, n), loaded: make([]int, n), onlyServed: make([]bool, n),
		dlo: make([]int, n), dhi: make([]int, n),
		keys: make([][]Val, p.nops), queries: make([][]ast.BaseTerm, p.nops), indexes: make([]opIndex, p.nops),
		storeCBs: make([]func(ast.Atom) error, p.nops), schemaCBs: make([]func([]Val) error, p.nops)}
	maxSlots := 0
	for _, st := range p.strata {
		for _, rl := range st.rules {
			maxSlots = max(maxSlots, rl.nslots)
		}
	}
	r.slots = make([]Val, maxSlots)
	e.runs[p] = r
	return r
}

func (r *run) stratum(st *stratum) error {
	for _, id := range st.preds {
		if err := r.load(id); err != nil {
			return err
		}
	}
	recursive := false
	for _, rl := range st.rules {
		if err := r.runPlan(rl, rl.base); err != nil {
			return err
		}
		recursive = recursive || len(rl.deltas) > 0
	}
	if !recursive {
		return nil
	}
	for _, id := range st.preds {
		r.dlo[id], r.dhi[id] = r.loaded[id], r.rels[id].n
	}
	for {
		grew := false
		start := make([]int, len(st.preds))
		for k, id := range st.preds {
			start[k] = r.rels[id].n
		}
		for _, rl := range st.rules {
			for _, d := range rl.deltas {
				if err := r.runPlan(rl, d); err != nil {
					return err
				}
			}
		}
		for k, id := range st.preds {
			r.dlo[id], r.dhi[id] = start[k], r.rels[id].n
			grew = grew || r.dhi[id] > r.dlo[id]
		}
		if !grew {
			return nil
		}
	}
}

// load reads what the store already holds of a derived predicate (a
// pack's table facts for it): the fixpoint starts from them, as Mangle's
// does over its store.
func (r *run) load(id int) error {
	var atoms []ast.Atom
	err := r.store.GetFacts(ast.NewQuery(r.p.preds[id]), func(f ast.Atom) error {
		atoms = append(atoms, f)
		return nil
	})
	if err != nil {
		return err
	}
	return r.loadAtoms(id, atoms)
}

func (r *run) loadAtoms(id int, atoms []ast.Atom) error {
	rel := r.rels[id]
	row := make([]Val, rel.arity)
next:
	for _, f := range atoms {
		for k, a := range f.Args {
			c, ok := a.(ast.Constant)
			if !ok {
				continue next
			}
			row[k] = r.in.intern(c)
		}
		rel.insert(row)
	}
	r.loaded[id] = rel.n
	return nil
}

func (r *run) runPlan(rl *rule, ops []op) error {
	r.pending = r.pending[:0]
	r.queued.reset() // what a plan stopped by an error left queued too
	if err := r.exec(rl, ops, 0); err != nil {
		return err
	}
	rel := r.rels[rl.head]
	a := rel.arity
	for k := 0; k+a <= len(r.pending); k += a {
		if rel.insert(r.pending[k : k+a]) {
			r.derived++
			if r.limit > 0 && r.derived > r.limit {
				return fmt.Errorf("fact size limit reached evaluating %s: %d > %d", rl.text, r.derived, r.limit)
			}
		}
	}
	return nil
}

func (r *run) exec(rl *rule, ops []op, k int) error {
	if k == len(ops) {
		return r.emit(rl)
	}
	o := &ops[k]
	switch o.kind {
	case opAtom:
		if r.rels[o.pred] != nil {
			return r.scanNative(rl, ops, k)
		}
		return r.scanStore(rl, ops, k)
	case opNeg:
		found, err := r.exists(o)
		if err != nil || found {
			return err
		}
	case opEq:
		switch {
		case o.bindL:
			v, err := r.evalTerm(&o.r)
			if err != nil {
				return err
			}
			r.slots[o.l.idx] = v
		case o.bindR:
			v, err := r.evalTerm(&o.l)
			if err != nil {
				return err
			}
			r.slots[o.r.idx] = v
		default:
			l, err := r.evalTerm(&o.l)
			if err != nil {
				return err
			}
			rv, err := r.evalTerm(&o.r)
			if err != nil || l != rv {
				return err
			}
		}
	case opIneq:
		l, err := r.evalTerm(&o.l)
		if err != nil {
			return err
		}
		rv, err := r.evalTerm(&o.r)
		if err != nil || l == rv {
			return err
		}
	case opCmp:
		l, err := r.evalTerm(&o.l)
		if err != nil {
			return err
		}
		rv, err := r.evalTerm(&o.r)
		if err != nil {
			return err
		}
		ok, err := r.compare(o.cmp, l, rv)
		if err != nil || !ok {
			return err
		}
	}
	return r.exec(rl, ops, k+1)
}

func (r *run) emit(rl *rule) error {
	if rel := r.rels[rl.head]; rel.arity == 1 {
		v, err := r.evalTerm(&rl.args[0])
		if err != nil {
			return err
		}
		// a row the bitset holds already, or one pending, would be
		// refused by insert: not buffered (a reachability rule emits each
		// node once per edge)
		if v >= denseMax || !rel.dense.has(v) && r.queued.add(v) {
			r.pending = append(grow(r.pending), v)
		}
		return nil
	}
	for k := range rl.args {
		v, err := r.evalTerm(&rl.args[k])
		if err != nil {
			return err
		}
		r.pending = append(grow(r.pending), v)
	}
	return nil
}

// key evaluates the bound arguments of an atom operation.
func (r *run) key(o *op) ([]Val, error) {
	key := r.keys[o.id][:0]
	for _, c := range o.bound {
		// a variable or a constant, nearly always: read without the call
		switch t := &o.args[c]; t.kind {
		case tSlot:
			key = append(key, r.slots[t.idx])
		case tConst:
			key = append(key, r.cvals[t.idx])
		default:
			v, err := r.evalTerm(t)
			if err != nil {
				return nil, err
			}
			key = append(key, v)
		}
	}
	r.keys[o.id] = key
	return key, nil
}

// bindRow checks row i of rel against an atom's columns and binds its
// variables; false when it does not match.
func (r *run) bindRow(rel *relation, i int, o *op, key []Val) bool {
	for j, c := range o.bound {
		if rel.cols[c][i] != key[j] {
			return false
		}
	}
	for c, kind := range o.cols {
		switch kind {
		case cBind:
			r.slots[o.args[c].idx] = rel.cols[c][i]
		case cCheck:
			if r.slots[o.args[c].idx] != rel.cols[c][i] {
				return false
			}
		}
	}
	return true
}

func (r *run) scanNative(rl *rule, ops []op, k int) error {
	o := &ops[k]
	rel := r.rels[o.pred]
	key, err := r.key(o)
	if err != nil {
		return err
	}
	lo, hi := 0, rel.n
	if o.delta {
		lo, hi = r.dlo[o.pred], r.dhi[o.pred]
	}
	if o.delta || len(o.bound) == 0 {
		for i := lo; i < hi; i++ {
			if r.bindRow(rel, i, o, key) {
				if err := r.exec(rl, ops, k+1); err != nil {
					return err
				}
			}
		}
		return nil
	}
	x := r.index(rel, o)
	for n := x.first(key); n != 0; n = x.c.next[n-1] {
		if i := int(n - 1); i < hi && r.bindRow(rel, i, o, key) {
			if err := r.exec(rl, ops, k+1); err != nil {
				return err
			}
		}
	}
	return nil
}

// opIndex is the index an atom operation last looked up, and in which
// relation: a fed relation changes from run to run, a run's own does not.
type opIndex struct {
	rel *relation
	x   *index
}

// index is rel's index over the columns o binds, brought up to date,
// without the lookup by mask when o looked it up in rel before.
func (r *run) index(rel *relation, o *op) *index {
	c := &r.indexes[o.id]
	if c.rel != rel {
		c.rel, c.x = rel, rel.index(o.mask, o.bound)
		return c.x
	}
	rel.update(c.x)
	return c.x
}

// query is the store query of an atom operation with its key filled in.
func (r *run) query(o *op, key []Val) ast.Atom {
	q := r.queries[o.id]
	if q == nil {
		q = make([]ast.BaseTerm, len(o.cols))
		r.queries[o.id] = q
	}
	for c := range q {
		q[c] = wildcard
	}
	for j, c := range o.bound {
		q[c] = r.box(key[j])
	}
	return ast.Atom{Predicate: r.p.preds[o.pred], Args: q}
}

func (r *run) scanStore(rl *rule, ops []op, k int) error {
	o := &ops[k]
	key, err := r.key(o)
	if err != nil {
		return err
	}
	if ok, err := r.serve(o, key, r.serveCallback(rl, ops, k)); ok {
		return err
	}
	return r.store.GetFacts(r.query(o, key), r.storeCallback(rl, ops, k))
}

// storeCallback is the callback of a store lookup: it binds a fact's
// arguments and runs the rest of the plan. One per operation, made once
// for the Env's run state: a closure made per lookup was an allocation
// per lookup.
func (r *run) storeCallback(rl *rule, ops []op, k int) func(ast.Atom) error {
	o := &ops[k]
	if cb := r.storeCBs[o.id]; cb != nil {
		return cb
	}
	cb := func(f ast.Atom) error {
		for c, kind := range o.cols {
			if kind != cBind && kind != cCheck {
				continue
			}
			cst, ok := f.Args[c].(ast.Constant)
			if !ok {
				return nil
			}
			v := r.in.intern(cst)
			if kind == cBind {
				r.slots[o.args[c].idx] = v
			} else if r.slots[o.args[c].idx] != v {
				return nil
			}
		}
		return r.exec(rl, ops, k+1)
	}
	r.storeCBs[o.id] = cb
	return cb
}

// exists decides a negation: is there a fact with the bound arguments?
func (r *run) exists(o *op) (bool, error) {
	key, err := r.key(o)
	if err != nil {
		return false, err
	}
	if rel := r.rels[o.pred]; rel != nil {
		if len(o.bound) == 0 {
			return rel.n > 0, nil
		}
		if rel.arity == 1 && rel == r.own[o.pred] && key[0] < denseMax {
			return rel.dense.has(key[0]), nil // every row went through insert
		}
		x := r.index(rel, o)
		for n := x.first(key); n != 0; n = x.c.next[n-1] {
			if r.bindRow(rel, int(n-1), o, key) {
				return true, nil
			}
		}
		return false, nil
	}
	r.found = false
	if ok, err := r.serve(o, key, r.existsCallback(o)); ok {
		if err != nil && !errors.Is(err, errFound) {
			return false, err
		}
		return r.found, nil
	}
	found := false
	if r.foundCB == nil {
		r.foundCB = func(ast.Atom) error {
			r.found = true
			return errFound
		}
	}
	r.found = false
	err = r.store.GetFacts(r.query(o, key), r.foundCB)
	found = r.found
	if err != nil && !errors.Is(err, errFound) {
		return false, err
	}
	return found, nil
}

// box is v as a term for the store, boxed once per run.
func (r *run) box(v Val) ast.BaseTerm {
	if v&internedBit == 0 {
		return r.env.num(v)
	}
	i := int(v &^ internedBit)
	for len(r.boxed) <= i {
		r.boxed = append(r.boxed, nil)
	}
	if r.boxed[i] == nil {
		r.boxed[i] = r.in.constant(v)
	}
	return r.boxed[i]
}

// export adds the derived facts to the store, relation by relation.
func (r *run) export() error {
	for id, rel := range r.rels {
		sym := r.p.preds[id]
		if rel == nil || !r.p.native[id] || (r.exportPred != nil && !r.exportPred(sym)) {
			continue
		}
		for i := r.loaded[id]; i < rel.n; i++ {
			args := make([]ast.BaseTerm, rel.arity)
			for c := range args {
				args[c] = r.box(rel.cols[c][i])
			}
			r.store.Add(ast.Atom{Predicate: sym, Args: args})
		}
	}
	return nil
}
