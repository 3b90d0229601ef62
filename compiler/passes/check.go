package passes

import (
	"fmt"

	"reuselab/ir"
)

// CodeContract is the diagnostic code of a broken IR contract: an internal
// error, a bug in a pass or a front end, never in the user's source.
const CodeContract = "DSH4350"

// rewrites are the in-place changes a table entry may make besides
// removing nodes and redirecting reads; every other entry makes none.
var rewrites = map[string]ir.Rewrites{
	"fold":     ir.RewriteFold,
	"swizzles": ir.RewriteMask,
}

func init() {
	for name := range rewrites {
		found := false
		for _, p := range passes {
			found = found || p.name == name
		}
		if !found {
			panic("passes: rewrites names a pass the table lacks: " + name)
		}
	}
}

// ContractError is what RunChecked returns when Options.CheckIR finds the
// graph broken after a pass: a bug in that pass (or, after "build", in the
// front end), never in the user's source.
type ContractError struct {
	Graph string // the product's name
	Err   error  // an *ir.CheckError, or a read of a removed node
}

func (e *ContractError) Error() string {
	return fmt.Sprintf("passes: internal error in %q: %v", e.Graph, e.Err)
}

func (e *ContractError) Unwrap() error { return e.Err }

// watcher takes a snapshot after every pass, checks it against the one
// before when checking (as cmd/compile's ssa package runs checkFunc between
// its passes), and hands it to the observer. A nil watcher (no check, no
// observer) costs Run nothing. The first break is kept in err, and Run runs
// no pass after it.
type watcher struct {
	s       *state
	observe func(*ir.Snapshot)
	check   bool
	last    *ir.Snapshot
	err     *ContractError
}

func newWatcher(s *state, opt Options) *watcher {
	check := opt.CheckIR
	if !check && opt.Observe == nil {
		return nil
	}
	w := &watcher{s: s, observe: opt.Observe, check: check}
	w.after("build", 0)
	return w
}

// after records the graph as the pass just run left it.
func (w *watcher) after(pass string, round int) {
	if w == nil || w.err != nil {
		return
	}
	snap, err := w.s.snapshot(pass, round)
	if err == nil && w.check {
		if w.last == nil {
			err = ir.Check(snap.Graph)
			if ce, ok := err.(*ir.CheckError); ok {
				ce.Pass = pass
			}
		} else {
			err = ir.CheckPass(w.last, snap, rewrites[pass])
		}
	}
	if err != nil {
		w.err = &ContractError{Graph: w.s.g.Name, Err: err}
		return
	}
	w.last = snap
	if w.observe != nil {
		w.observe(snap)
	}
}

// broken reports whether a check has failed.
func (w *watcher) broken() bool { return w != nil && w.err != nil }

// finish checks what Run says it did (ir.CheckResult) and returns the first
// break, if any.
func (w *watcher) finish(res *ir.Result) error {
	if w == nil {
		return nil
	}
	if w.err == nil && w.check {
		if err := ir.CheckResult(res); err != nil {
			w.err = &ContractError{Graph: w.s.g.Name, Err: err}
		}
	}
	if w.err == nil {
		return nil
	}
	return w.err
}

// snapshot copies the live graph: before reindex the live nodes in build
// order with every read sent through its merge chain, after it the
// re-indexed graph itself. A live node that reads a node no longer alive
// is an error: the pass lost a read.
func (s *state) snapshot(pass string, round int) (*ir.Snapshot, error) {
	if s.reindexed { // s.g is compact, its ids final
		snap := &ir.Snapshot{Pass: pass, Round: round, Graph: cloneGraph(s.g), Build: make([]int, len(s.g.Nodes))}
		for b, f := range s.fates {
			if s.alive[b] && f.Final >= 0 && int(f.Final) < len(snap.Build) {
				snap.Build[f.Final] = b
			}
		}
		return snap, nil
	}
	live := *s.g // the live nodes only, copied into slabs by cloneGraph
	live.Nodes = make([]*ir.Node, 0, len(s.g.Nodes))
	at := make([]int, len(s.g.Nodes))
	snap := &ir.Snapshot{Pass: pass, Round: round}
	for b, n := range s.g.Nodes {
		at[b] = -1
		if s.alive[b] {
			at[b] = len(live.Nodes)
			snap.Build = append(snap.Build, b)
			live.Nodes = append(live.Nodes, n)
		}
	}
	g := cloneGraph(&live)
	snap.Graph = g
	var lost error
	remap := func(reader, b int) int {
		if b < 0 || b >= len(at) {
			return b // out of range: ir.Check names it
		}
		if r := s.resolve(b); at[r] >= 0 {
			return at[r]
		}
		if lost == nil {
			lost = &ir.CheckError{Clause: ir.ClauseRedirect, Pass: pass, Round: round, Node: reader,
				Msg: fmt.Sprintf("reads %%%d, which is no longer in the graph", b)}
		}
		return b
	}
	for k, n := range g.Nodes {
		b := snap.Build[k]
		n.ID = k
		if bn := s.build.Nodes[b]; bn != s.g.Nodes[b] { // a folded or rewritten node: the build's span and name
			n.Span, n.Debug = bn.Span, bn.Debug
		}
		rs := s.reads(b) // the reads as the passes left them
		for j := range n.Operands {
			if rs[j] >= 0 {
				n.Operands[j].Node = int(rs[j])
			}
		}
		var order [16]int32
		for j, k := range pinOrder(order[:0], n) {
			if r := rs[len(n.Operands)+j]; r >= 0 {
				n.Pins[k].Ref.Node = int(r)
			}
		}
		n.MapRefs(func(i int) int { return remap(b, i) })
	}
	if g.Sink >= 0 {
		g.Sink = remap(-1, g.Sink)
	}
	for _, l := range []*[]int{&g.Inputs, &g.Outputs} {
		out := make([]int, 0, len(*l))
		for _, b := range *l {
			out = append(out, remap(-1, b))
		}
		*l = out
	}
	return snap, lost
}
