package prove

import (
	"fmt"
	"math"
	"sync"
	"time"

	"reuselab/ir"
	"reuselab/ir/interp"
)

// Semantics is the number system a proof holds in.
type Semantics uint8

const (
	// Float32 is what Unreal computes: IEEE binary32, round to nearest
	// even, with NaN, infinities, signed zeros and denormals.
	Float32 Semantics = iota
	// Real is the same formulas over the exact reals: what a rewrite means
	// before rounding (reassociation holds here and not in Float32).
	Real
)

func (s Semantics) String() string {
	if s == Real {
		return "real"
	}
	return "float32"
}

// Options configures a Prover.
type Options struct {
	// Solver runs the queries; the zero value is Z3().
	Solver Solver
	// Semantics is Float32 unless set.
	Semantics Semantics
	// Timeout bounds each check-sat: the solver's own limit, and the wall
	// clock kills it a little after. Default 5 s.
	Timeout time.Duration
	// MemoryMB bounds the solver's memory (its own option where it has one,
	// and its address space). Default 2048; negative: unbounded.
	MemoryMB int
	// Cache, when set, is shared with other provers; otherwise the prover
	// keeps one of its own.
	Cache *Cache
	// MaxTerms bounds a formula's size (a cone larger than this is
	// Unknown). Default 100,000.
	MaxTerms int
}

func (o Options) withDefaults() Options {
	if o.Solver.Path == "" {
		o.Solver = Z3()
	}
	if o.Timeout <= 0 {
		o.Timeout = 5 * time.Second
	}
	switch {
	case o.MemoryMB == 0:
		o.MemoryMB = 2048
	case o.MemoryMB < 0:
		o.MemoryMB = 0
	}
	if o.Cache == nil {
		o.Cache = NewCache()
	}
	if o.MaxTerms <= 0 {
		o.MaxTerms = 100000
	}
	return o
}

// Side is one side of an equation: an output of a node, whole, or one of
// its lanes.
type Side struct {
	Ref  ir.Ref
	Lane int // -1: the whole output
}

// Output is a node's whole output r.
func Output(r ir.Ref) Side { return Side{Ref: r, Lane: -1} }

// Lane is lane k of output r.
func Lane(r ir.Ref, k int) Side { return Side{Ref: r, Lane: k} }

// Outcome is what was decided.
type Outcome uint8

const (
	// Unknown: not decided (timeout, memory, an op the prover cannot
	// translate, a solver error, a bug of ours). Never sound.
	Unknown Outcome = iota
	// Proved: equal for every input, in the verdict's semantics.
	Proved
	// Refuted: a witness input makes them differ.
	Refuted
)

func (o Outcome) String() string {
	switch o {
	case Proved:
		return "proved"
	case Refuted:
		return "refuted"
	}
	return "unknown"
}

// Verdict is the answer to one claim.
type Verdict struct {
	Outcome   Outcome
	Semantics Semantics
	Solver    string
	// Reason says how it was decided ("one term", "unsat") or why it was
	// not (the solver's reason, the op not translated, the bug found).
	Reason string
	// Bug is set when a check of the prover's own failed, so that the
	// verdict is Unknown: ir/interp, replaying a witness, computed other
	// values than the prover's float64 translation of the same graph (one
	// of the two is wrong about the semantics), or the solver's model does
	// not separate the sides it said differ.
	Bug     bool
	Witness *Witness // Refuted (and a Bug's evidence)
	Cached  bool     // the solver was not asked: an equal formula was
}

func (v Verdict) String() string {
	s := fmt.Sprintf("%s (%s, %s): %s", v.Outcome, v.Semantics, v.Solver, v.Reason)
	if v.Witness != nil {
		s += "\n" + v.Witness.String()
	}
	return s
}

// Prover decides claims about IR graphs with one solver process, reused
// from query to query. Its methods may be called from several goroutines;
// they take turns.
type Prover struct {
	opts  Options
	mu    sync.Mutex
	sess  *session
	stats Stats
}

// Stats counts what a prover did.
type Stats struct {
	Queries      int           // claims decided
	OneTerm      int           // proved without a solver: both sides are one term
	CacheHits    int           // decided by an earlier, equal formula
	SolverChecks int           // check-sat commands sent
	Proved       int           // outcomes
	Refuted      int           //
	Unknown      int           //
	SolverTime   time.Duration // wall time waiting for the solver
}

// New makes a prover. It starts no process until the first query needs
// one.
func New(opts Options) *Prover {
	opts = opts.withDefaults()
	return &Prover{opts: opts, sess: &session{solver: opts.Solver, limit: opts.Timeout, memMB: opts.MemoryMB}}
}

// Close stops the solver.
func (p *Prover) Close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.sess.stop()
}

// Stats returns the counts so far.
func (p *Prover) Stats() Stats {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.stats
}

// Equal decides whether a and b, two values of g, are equal for every input
// (parameters, function inputs, and the values of every node the solver
// does not know). Equality is ir/interp's: NaN equals NaN, −0 equals +0.
func (p *Prover) Equal(g *ir.Graph, a, b Side) Verdict {
	return p.decide(g, a, sideSpec{side: b})
}

// EqualsConst decides whether a equals the constant c for every input: the
// claim of a fold. c is as a Constant node holds it (float64, rounded to
// float32 where the semantics is Float32) and is fitted to a's width as a
// Constant node's value is.
func (p *Prover) EqualsConst(g *ir.Graph, a Side, c []float64) Verdict {
	return p.decide(g, a, sideSpec{konst: append([]float64{}, c...), isConst: true})
}

type sideSpec struct {
	side    Side
	konst   []float64
	isConst bool
}

func (p *Prover) decide(g *ir.Graph, a Side, b sideSpec) Verdict {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.stats.Queries++
	v := p.decideLocked(g, a, b)
	v.Semantics, v.Solver = p.opts.Semantics, p.opts.Solver.Name
	switch v.Outcome {
	case Proved:
		p.stats.Proved++
	case Refuted:
		p.stats.Refuted++
	default:
		p.stats.Unknown++
	}
	return v
}

func (p *Prover) decideLocked(g *ir.Graph, a Side, b sideSpec) Verdict {
	if n := laneCount(g, a, b); n > 1 {
		return p.decideLanes(g, a, b, n)
	}
	return p.decideOne(g, a, b)
}

// laneCount is the lanes a claim about two whole outputs of one width (or
// a whole output and a constant) is decided by, one at a time: equality
// of vectors is equality lane by lane (ir/interp's), and a lane's formula
// is the scalar claim's, which the cache then answers for every width.
// 0 when the claim is not split.
func laneCount(g *ir.Graph, a Side, b sideSpec) int {
	width := func(s Side) int {
		if s.Lane >= 0 || s.Ref.Node < 0 || s.Ref.Node >= len(g.Nodes) {
			return 0
		}
		outs := g.Nodes[s.Ref.Node].Outputs
		if s.Ref.Out < 0 || s.Ref.Out >= len(outs) || interp.KindOf(outs[s.Ref.Out].Type) != interp.Num {
			return 0
		}
		return interp.WidthOf(outs[s.Ref.Out].Type)
	}
	n := width(a)
	if b.isConst {
		return n
	}
	if width(b.side) != n {
		return 0
	}
	return n
}

// decideLanes decides a claim lane by lane: refuted by its first refuted
// lane, proved when every lane is.
func (p *Prover) decideLanes(g *ir.Graph, a Side, b sideSpec, n int) Verdict {
	out := Verdict{Outcome: Proved, Cached: true}
	for k := 0; k < n; k++ {
		lb := b
		if b.isConst {
			lb.konst = []float64{laneOfConst(b.konst, k)}
		} else {
			lb.side = Lane(b.side.Ref, k)
		}
		v := p.decideOne(g, Lane(a.Ref, k), lb)
		switch {
		case v.Outcome == Refuted:
			v.Reason = fmt.Sprintf("lane %d: %s", k, v.Reason)
			return v
		case v.Outcome == Unknown && out.Outcome == Proved:
			out = v
			out.Reason = fmt.Sprintf("lane %d: %s", k, v.Reason)
		}
		out.Cached = out.Cached && v.Cached
	}
	if out.Outcome == Proved {
		out.Reason = fmt.Sprintf("every lane of %d proved", n)
	}
	return out
}

// laneOfConst is lane k of a constant fitted to a wider value, as a
// Constant node's value is: a scalar broadcasts, a missing lane is 0.
func laneOfConst(c []float64, k int) float64 {
	switch {
	case len(c) == 1:
		return c[0]
	case k < len(c):
		return c[k]
	}
	return 0
}

func (p *Prover) decideOne(g *ir.Graph, a Side, b sideSpec) Verdict {
	note := ""
	if !b.isConst {
		v, ok, n := p.decideAbstract(g, a, b.side)
		if ok {
			return v
		}
		note = n
	}
	v := p.decideWhole(g, a, b)
	if v.Outcome == Unknown && note != "" {
		v.Reason += "; over its shared inputs alone it is refuted (" + note + "): whether the program's inputs reach those values is not known"
	}
	return v
}

func (p *Prover) decideWhole(g *ir.Graph, a Side, b sideSpec) Verdict {
	q, err := build(g, a, b, p.opts)
	if err != nil {
		return Verdict{Outcome: Unknown, Reason: err.Error()}
	}
	if q.oneTerm() {
		p.stats.OneTerm++
		return Verdict{Outcome: Proved, Reason: "both sides are one term"}
	}
	key := cacheKey(p.opts.Solver.Name, p.opts.Semantics, canonicalText(q.f, q.differ))
	// A refutation's witness is the model's values by the names of the
	// query it was asked as: another query of the same canonical text
	// reuses it only when it was written with the same names.
	if e, ok := p.opts.Cache.getIf(key, func(e entry) bool { return e.outcome != Refuted || e.text == q.text }); ok {
		p.stats.CacheHits++
		v := q.verdictFrom(e)
		v.Cached = true
		return v
	}
	e := p.solve(q)
	e.text = q.text
	if e.cacheable {
		p.opts.Cache.put(key, e)
	}
	return q.verdictFrom(e)
}

// ulps is the distance in float32 steps between x and y, or -1 when one
// is NaN or infinite.
func ulps(x, y float64) int64 {
	if math.IsNaN(x) || math.IsNaN(y) || math.IsInf(x, 0) || math.IsInf(y, 0) {
		return -1
	}
	ord := func(f float32) int64 {
		b := int64(math.Float32bits(f))
		if b&(1<<31) != 0 {
			return -(b &^ (1 << 31))
		}
		return b
	}
	d := ord(float32(x)) - ord(float32(y))
	if d < 0 {
		d = -d
	}
	return d
}

// Witness is an input on which the two sides differ.
type Witness struct {
	// Values are the leaves (parameters, function inputs) and the values
	// the solver chose for the nodes it does not know, by node.
	Values []Assignment
	// Left and Right are the sides' lanes in the verdict's semantics
	// (float32 values widened exactly; reals to the nearest float64).
	Left, Right []float64
	// ULPs is the largest float32 distance between lanes of Left and
	// Right; -1 when a lane is NaN or infinite or the widths differ.
	ULPs int64
	// Replay is what ir/interp computed on the witness.
	Replay Replay
}

// Assignment is one value of a witness.
type Assignment struct {
	Node, Out int
	What      string // e.g. "Parameter Roughness", "Sin", "TextureSample#1"
	Leaf      bool   // a parameter or function input; else a node the solver does not know
	Lanes     []float64
}

func (w *Witness) String() string {
	s := ""
	for _, a := range w.Values {
		kind := "chosen"
		if a.Leaf {
			kind = "input"
		}
		s += fmt.Sprintf("  %%%d %s (%s) = %v\n", a.Node, a.What, kind, a.Lanes)
	}
	s += fmt.Sprintf("  left = %v, right = %v", w.Left, w.Right)
	if w.ULPs >= 0 {
		s += fmt.Sprintf(" (%d float32 ULPs apart)", w.ULPs)
	}
	return s + "\n  ir/interp: " + w.Replay.String()
}
