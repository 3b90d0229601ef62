// Package fuzz searches for graphs that make every clause of a rule pack
// fire, and checks every merge, fold, alias and rewrite the pack makes
// there beyond the reference: by ir/interp on edge and random inputs
// first, then by the prover (package prove, through package verify) for
// the claims evaluation does not refute. A refuted claim is reduced to a
// witness of a few nodes and printed as a .dsm program that validate
// fails on.
//
// The corpus decides which clauses a validate run exercises; a clause the
// corpus never fires is never checked there. The search does not depend
// on a corpus: it builds graphs aimed at the pack's own clauses, from the
// ops and numbers its text names (AimOf): every shape of one node over
// two parameters and a constant, with every constant of the pack and of
// the edge set (Edge); every shape of two nodes, the second reading the
// first; then random shapes of three nodes, and shapes planted inside
// random ir/irgen graphs (one such graph every eighth during the two-node
// shapes too). Instances share their parameters, so that a - b of one
// instance meets b - a of another. The graphs are built ahead and the
// pack evaluates them a batch at a time (Options.Batch), each as if
// alone; they are then checked in the order they were built.
package fuzz

import (
	"math"
	"math/rand/v2"
	"time"

	"reuselab/ir"
	"reuselab/ir/irgen"
	"reuselab/prove"
	"reuselab/reuse"
	"reuselab/reuse/engines"
	"reuselab/verify"
)

// Options configure a search.
type Options struct {
	Seed      uint64
	Budget    time.Duration // wall time; 0: none
	MaxGraphs int           // graphs tried; 0: none
	Limits    ir.Limits     // per evaluation of the pack
	// Prove sends the claims evaluation does not refute to the solver.
	Prove        bool
	ProveTimeout time.Duration
	ProveMemory  int // MiB
	Instances    int // shape instances per graph (default 24)
	// Batch is how many graphs are built ahead and evaluated together
	// (engines.Pack.EvaluateBatch; default 16, 1: one at a time). The
	// report does not depend on it: the graphs are checked in order, and
	// those built past where the search stops are dropped uncounted.
	Batch int
	Draws int // random draws per claim, beside the edge values (default 64)
	// Exhaust runs to the budget even once every clause has fired; by
	// default the search stops then, once the one-node shapes are done.
	Exhaust bool
	// ReduceTries bounds the graphs tried while reducing one witness
	// (default 400).
	ReduceTries int
}

func (o Options) withDefaults() Options {
	if o.Instances <= 0 {
		o.Instances = 24
	}
	if o.Batch <= 0 {
		o.Batch = DefaultBatch
	}
	if o.Draws <= 0 {
		o.Draws = 64
	}
	if o.ReduceTries <= 0 {
		o.ReduceTries = 400
	}
	if o.ProveTimeout <= 0 {
		o.ProveTimeout = time.Second
	}
	if o.ProveMemory <= 0 {
		o.ProveMemory = 2048
	}
	return o
}

// DefaultBatch is Options.Batch's default: enough of the search's graphs
// (tens to a few hundred nodes) to spread an evaluation's fixed cost, few
// enough that little is evaluated past where the search stops.
const DefaultBatch = 16

// defaultOps are aimed at when the pack names no op with a 1.x spelling.
var defaultOps = []ir.Op{ir.OpAdd, ir.OpSubtract, ir.OpMultiply, ir.OpDivide, ir.OpMin, ir.OpMax, ir.OpAbs, ir.OpSaturate}

// search is one run's state.
type search struct {
	opt   Options
	pack  *engines.Pack
	ref   reuse.Engine
	exact bool
	own   string
	// gen builds the graphs; the claims of each are checked with draws
	// of their own (checkRand), so that building ahead of the checks
	// does not change what either draws.
	gen      *rand.Rand
	queue    []queued // built, waiting for their batch
	built    int      // graphs built so far
	proofs   *verify.Proofs
	reducer  *prove.Prover // reduction's own prover: its queries are not the run's claims
	cov      verify.Coverage
	clauses  map[string]*ClauseReport // by FILE:LINE
	rep      *Report
	start    time.Time
	planted  int
	randoms  int
	disagree *ir.Graph
	diff     string
	decided  map[string]prove.Outcome // by claimKey
	oneDone  bool                     // the one-node shapes are done
}

// Run searches pack under o and reports per clause.
func Run(pack *engines.Pack, o Options) *Report {
	o = o.withDefaults()
	aim := AimOf(pack)
	s := &search{opt: o, pack: pack, ref: engines.MustResolve(reuse.Versus(pack)), exact: pack.Info().Mirrors != "",
		own: verify.OwnFile(pack), gen: rand.New(rand.NewPCG(o.Seed, o.Seed^0x6a09e667f3bcc909)),
		clauses: map[string]*ClauseReport{}, decided: map[string]prove.Outcome{}, start: time.Now()}
	s.rep = &Report{SchemaVersion: SchemaVersion, Tool: "reuselab fuzz", Pack: pack.Name(), Seed: o.Seed, Batch: o.Batch, Unbuilt: aim.Unbuilt}
	ops := aim.Ops
	if len(ops) == 0 {
		ops = defaultOps
		s.rep.DefaultOps = true
	}
	for _, op := range ops {
		s.rep.Ops = append(s.rep.Ops, op.String())
	}
	s.rep.Constants = aim.Constants
	if o.Prove {
		po := verify.ProofOptions{Timeout: o.ProveTimeout, MemoryMB: o.ProveMemory}
		s.proofs = verify.NewProofs(po)
		defer s.proofs.Close()
		s.reducer = prove.New(prove.Options{Timeout: o.ProveTimeout, MemoryMB: o.ProveMemory})
		defer s.reducer.Close()
		s.rep.Prover = "z3"
	}
	pool := constantPool(aim.Constants)
	ones := singles(ops)
	var shapes []instance
	flush := func(tier string) bool {
		if len(shapes) == 0 {
			return true
		}
		g := s.graphOf(shapes, tier)
		shapes = shapes[:0]
		return s.emit(g, tier)
	}
	flushes := 0
	add := func(in instance, tier string) bool {
		shapes = append(shapes, in)
		if len(shapes) < o.Instances {
			return true
		}
		flushes++
		// a random graph now and then: what only it holds (the ops
		// without a 1.x spelling, nodes of several outputs) is not left
		// to the end of the budget
		if tier == "two nodes" && flushes%8 == 0 && !s.randomGraph("planted", pool, ops) {
			return false
		}
		return flush(tier)
	}
	// one node, with every constant of the pool
	for _, sh := range ones {
		if sh.constSlots() == 0 {
			if !add(instance{s: sh}, "one node") {
				return s.finish("")
			}
			continue
		}
		for _, v := range pool {
			if !add(instance{s: sh, consts: repeat(v, sh.constSlots())}, "one node") {
				return s.finish("")
			}
		}
	}
	// the one-node graphs are checked before the search may stop after
	// them, so no batch reaches past them
	if !flush("one node") || !s.drain() {
		return s.finish("")
	}
	s.oneDone = true
	if !s.opt.Exhaust && s.done() {
		return s.finish("every clause fired")
	}
	// two nodes, the constants in turn
	k := 0
	for _, sh := range pairs(ops, ones) {
		cs := make([]float64, sh.constSlots())
		for i := range cs {
			cs[i] = pool[k%len(pool)]
			k++
		}
		if !add(instance{s: sh, consts: cs}, "two nodes") {
			return s.finish("")
		}
	}
	if !flush("two nodes") {
		return s.finish("")
	}
	// then random shapes and planted ones, in turn, until the budget
	for round := 0; ; round++ {
		tier := "random"
		if round%2 == 1 {
			tier = "planted"
		}
		if !s.randomGraph(tier, pool, ops) {
			return s.finish("")
		}
	}
}

// randomGraph builds one graph of random shapes, over two parameters or
// planted in a random graph; false when the search should stop.
func (s *search) randomGraph(tier string, pool []float64, ops []ir.Op) bool {
	shapes := make([]instance, 0, s.opt.Instances)
	for range s.opt.Instances {
		sh := randomShape(s.gen, ops)
		cs := make([]float64, sh.constSlots())
		for i := range cs {
			if s.gen.IntN(3) == 0 {
				cs[i] = randomValue(s.gen)
			} else {
				cs[i] = pool[s.gen.IntN(len(pool))]
			}
		}
		shapes = append(shapes, instance{s: sh, consts: cs})
	}
	return s.emit(s.graphOf(shapes, tier), tier)
}

func repeat(v float64, n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = v
	}
	return out
}

// constantPool is the pack's numbers, then the edge values not among
// them (by bits: −0 is not 0).
func constantPool(own []float64) []float64 {
	seen := map[uint64]bool{}
	var out []float64
	for _, v := range append(append([]float64(nil), own...), Edge...) {
		if b := math.Float64bits(v); !seen[b] {
			seen[b] = true
			out = append(out, v)
		}
	}
	return out
}

// graphOf builds the graph of shape instances: over two fresh
// parameters, or for the planted tier inside a random irgen graph, over
// two of its scalar values.
func (s *search) graphOf(shapes []instance, tier string) *ir.Graph {
	var b *builder
	pa, pb := ir.NoRef, ir.NoRef
	if tier == "planted" {
		s.planted++
		g := irgen.Generate(irgen.Config{Seed: s.opt.Seed*1000003 + uint64(s.planted), Nodes: 40 + s.gen.IntN(60), DupRate: 0.3})
		b = &builder{g: g}
		var scalars []ir.Ref
		for i, n := range g.Nodes {
			for k, out := range n.Outputs {
				if n.Role == ir.RoleValue && out.Type == "float" {
					scalars = append(scalars, ir.Ref{Node: i, Out: k})
				}
			}
		}
		if len(scalars) >= 2 {
			pa, pb = scalars[s.gen.IntN(len(scalars))], scalars[s.gen.IntN(len(scalars))]
		}
	}
	if !pa.Valid() {
		b = newBuilder("M_Fuzz")
		pa, pb = b.param("A", 0.5), b.param("B", 0.25)
	}
	for _, in := range shapes {
		b.instantiate(in, pa, pb)
	}
	return b.finish()
}

// over reports whether the budget is spent.
func (s *search) over() bool {
	return s.opt.Budget > 0 && time.Since(s.start) >= s.opt.Budget ||
		s.opt.MaxGraphs > 0 && s.rep.Graphs >= s.opt.MaxGraphs
}

// done reports whether every clause of the pack's own has fired (every
// claim is checked as it is made).
func (s *search) done() bool {
	own := s.cov.OwnClauses(s.pack)
	if s.cov.Assets == 0 {
		return false
	}
	for _, cl := range own {
		if cl.Facts == 0 {
			return false
		}
	}
	return true
}
