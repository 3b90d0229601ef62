package passes

import (
	"errors"
	"strings"
	"testing"

	"reuselab/ir"
	"reuselab/ir/irgen"
)

// contractError runs the passes on g with the contract checked and returns
// the *ContractError RunChecked reports; Run reports the same break as a
// stopped Result with an error note.
func contractError(t *testing.T, g *ir.Graph) *ContractError {
	t.Helper()
	res, err := RunChecked(g, Options{CheckIR: true})
	if err == nil || res != nil {
		t.Fatalf("RunChecked = %v, %v; want no result and a *ContractError", res, err)
	}
	ce, ok := err.(*ContractError)
	if !ok {
		t.Fatalf("error %v (%T), want a *ContractError", err, err)
	}
	stopped := Run(g, Options{CheckIR: true})
	if stopped.StopReason != ir.StopError || len(stopped.Notes) != 1 || stopped.Notes[0].Code != CodeContract ||
		!strings.Contains(stopped.Notes[0].Message, ce.Error()) || stopped.Graph.Len() != g.Len() {
		t.Fatalf("Run on a broken graph: stop %q, notes %+v; want an error note %s with %q and the graph kept", stopped.StopReason, stopped.Notes, CodeContract, ce)
	}
	return ce
}

// watcherBreak returns the break a watcher recorded.
func watcherBreak(t *testing.T, w *watcher) *ContractError {
	t.Helper()
	if !w.broken() {
		t.Fatal("the watcher found no break")
	}
	return w.err
}

func checkErr(t *testing.T, ce *ContractError) *ir.CheckError {
	t.Helper()
	var e *ir.CheckError
	if ce == nil || !errors.As(ce, &e) {
		t.Fatalf("no ir.CheckError in %v", ce)
	}
	return e
}

// A graph the front end built wrong is caught before the first pass, as an
// internal error naming "build".
func TestContractBrokenBuild(t *testing.T) {
	b := newMaterial("M_Broken", false)
	v := b.add(1, 1, "v", param("v", 1))
	b.add(2, 1, "", op(ir.OpAbs, "float", ir.Ref{Node: v.Node + 2})) // reads the sink's slot: not earlier
	b.sink(3, pin("Opacity", ir.Ref{Node: 1}))
	ce := contractError(t, b.g)
	e := checkErr(t, ce)
	if e.Pass != "build" || e.Clause != ir.ClauseOrder || !strings.Contains(ce.Error(), `internal error in "M_Broken"`) {
		t.Errorf("got %v", ce)
	}
}

// A pass that breaks the contract is named, with its round: here "fold"
// is made to turn a Multiply into an Add, which no pass may do.
func TestContractBreakNamesThePass(t *testing.T) {
	b := newMaterial("M", false)
	v := b.add(1, 1, "v", param("v", 1))
	m := b.add(2, 1, "", op(ir.OpMultiply, "float", v, v))
	b.sink(3, pin("Opacity", m))
	s := newState(cloneGraph(b.g))
	w := newWatcher(s, Options{CheckIR: true})
	s.g.Nodes[m.Node].Op = ir.OpAdd
	w.after("fold", 2)
	ce := watcherBreak(t, w)
	e := checkErr(t, ce)
	if e.Pass != "fold" || e.Round != 2 || e.Clause != ir.ClauseChanged || e.Node != m.Node {
		t.Errorf("got %v", ce)
	}
	if !strings.Contains(ce.Error(), "after fold (round 2): changed: node %1") {
		t.Errorf("message %q", ce.Error())
	}
}

// A pass that drops a node something still reads is caught even though
// the compacted snapshot could not show the read.
func TestContractLostRead(t *testing.T) {
	b := newMaterial("M", false)
	v := b.add(1, 1, "v", param("v", 1))
	m := b.add(2, 1, "", op(ir.OpMultiply, "float", v, v))
	b.sink(3, pin("Opacity", m))
	s := newState(cloneGraph(b.g))
	w := newWatcher(s, Options{CheckIR: true})
	s.kill(v.Node)
	w.after("prune", 0)
	e := checkErr(t, watcherBreak(t, w))
	if e.Clause != ir.ClauseRedirect || e.Pass != "prune" || !strings.Contains(e.Msg, "no longer in the graph") {
		t.Errorf("got %v", e)
	}
}

// Observe sees the build and then one snapshot per pass Run reports, each
// labelled as its PassStat, each satisfying ir.Check; the last is the
// result's graph.
func TestObserveSnapshots(t *testing.T) {
	for _, mode := range []string{"2.0", "none", "1x", "off"} {
		for seed := uint64(1); seed <= 30; seed++ {
			g := irgen.Generate(irgen.Config{Seed: seed, Nodes: 40, DupRate: 0.4, Function: seed%3 == 0, Legacy: seed%4 == 0})
			var snaps []*ir.Snapshot
			r := Run(g, Options{CheckIR: true, Mode: mode, Observe: func(s *ir.Snapshot) { snaps = append(snaps, s) }})
			if len(snaps) != 1+len(r.Passes) || snaps[0].Pass != "build" {
				t.Fatalf("%s seed %d: %d snapshots for %d passes", mode, seed, len(snaps), len(r.Passes))
			}
			if got, want := ir.DumpGraph(snaps[0].Graph), ir.DumpGraph(r.Build); got != want {
				t.Fatalf("%s seed %d: the build snapshot is not the build", mode, seed)
			}
			for k, p := range r.Passes {
				s := snaps[k+1]
				if s.Pass != p.Pass || s.Round != p.Round {
					t.Fatalf("%s seed %d: snapshot %d is %s, the pass %s round %d", mode, seed, k+1, s.Label(), p.Pass, p.Round)
				}
				if err := ir.Check(s.Graph); err != nil {
					t.Fatalf("%s seed %d after %s: %v", mode, seed, s.Label(), err)
				}
			}
			last := snaps[len(snaps)-1]
			if ir.DumpGraph(last.Graph) != ir.DumpGraph(r.Graph) {
				t.Fatalf("%s seed %d: the last snapshot is not the result", mode, seed)
			}
			for k, b := range last.Build {
				if int(r.Fates[b].Final) != k {
					t.Fatalf("%s seed %d: final %d is build %d, whose fate says %d", mode, seed, k, b, r.Fates[b].Final)
				}
			}
		}
	}
}
