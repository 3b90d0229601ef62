package compiled

import (
	"github.com/google/mangle/ast"
)

// Env is what the runs of one evaluation share: the interning table, the
// programs' run state (relations and indexes, kept from run to run), the
// feed, and the boxed node ids, so that the facts a run adds to the store
// name node 17 with one value, not a copy each. One goroutine uses an
// Env at a time; Reset readies it for another evaluation.
type Env struct {
	nums  []ast.BaseTerm
	share func(int) ast.BaseTerm // boxes node ids instead of nums (ShareNums)
	in    *interner
	runs  map[*Program]*run
	feed  *Feed
	// profiled holds a clause's facts as Rerun counts them, by arity
	profiled map[int]*relation
	rerun    *relation // the last Rerun's
}

// NewEnv is an empty Env.
func NewEnv() *Env { return &Env{in: newInterner(), runs: map[*Program]*run{}} }

// Reset readies env for another evaluation, keeping the storage of its
// interning table and of its programs' relations, indexes and feed, so
// that a caller evaluating many graphs (a corpus, a benchmark) grows them
// once. Nothing an earlier run left readable stays so.
func (e *Env) Reset() {
	e.in.reset()
	e.share = nil
	for _, r := range e.runs {
		// a kept run must not hold the last evaluation's graph and stores
		r.store, r.graph, r.base = nil, nil, nil
	}
	clear(e.nums)
	e.nums = e.nums[:0]
}

// ShareNums makes the runs box ints below 2^20 with f (a base store's
// Num), so that the store and the runs share one boxed value per node id
// instead of a cache each.
func (e *Env) ShareNums(f func(int) ast.BaseTerm) { e.share = f }

// Release drops the run state env keeps for p (its relations and
// indexes) and the feed's storage: for a program that ran over a whole
// graph and will not run again in this evaluation, whose storage would
// otherwise stay held as long as env. What EachRow read of it ends.
func (e *Env) Release(p *Program) {
	delete(e.runs, p)
	e.feed = nil
	e.profiled, e.rerun = nil, nil
}

func (e *Env) num(v Val) ast.BaseTerm {
	if e != nil && e.share != nil && v < 1<<20 {
		return e.share(int(v))
	}
	if e == nil || v >= 1<<22 {
		return ast.Number(int64(v))
	}
	for Val(len(e.nums)) <= v {
		e.nums = append(e.nums, ast.Number(int64(len(e.nums))))
	}
	return e.nums[v]
}

// EachRow calls f with every fact of sym the program's last run in env
// derived (exported or not), as values, which Env's Int, Text, Float and
// Constant read. row is reused between calls and valid until
// the next run or feed of env.
func (p *Program) EachRow(env *Env, sym ast.PredicateSym, f func(row []Val)) {
	r := env.runs[p]
	id, ok := p.predID[sym]
	if r == nil || !ok || !p.native[id] || r.rels[id] == nil {
		return
	}
	rel := r.rels[id]
	row := make([]Val, rel.arity)
	for i := r.loaded[id]; i < rel.n; i++ {
		for c := range row {
			row[c] = rel.cols[c][i]
		}
		f(row)
	}
}

// Int reads v as an int, as facts.IntArg reads its constant.
func (e *Env) Int(v Val) (int, bool) {
	n, ok := e.in.number(v)
	return int(n), ok
}

// Text reads v as a string, as facts.StringArg reads its constant.
func (e *Env) Text(v Val) (string, bool) { return e.in.text(v) }

// Float reads v as a float, as facts.FloatArg reads its constant (an int
// too).
func (e *Env) Float(v Val) (float64, bool) {
	if f, ok := e.in.floatOf(v); ok {
		return f, true
	}
	n, ok := e.in.number(v)
	return float64(n), ok
}

// Constant is v as Mangle's constant.
func (e *Env) Constant(v Val) ast.Constant { return e.in.constant(v) }
