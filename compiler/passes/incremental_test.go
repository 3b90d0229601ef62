package passes

import (
	"fmt"
	"reflect"
	"testing"

	"reuselab/ir"
	"reuselab/ir/irgen"
)

// Rounds after the first revisit only the nodes that changed or read a
// node that did (dedupe.go, fold.go, swizzle.go). That must be the full
// pass exactly: the same graph, fates, notes and pass counts as visiting
// every node every round, over graphs of every shape, kind and duplicate
// rate, in every mode.
func TestIncrementalRoundsAreFullRounds(t *testing.T) {
	merged := 0
	cfgs := configs(40)
	big := 6
	if testing.Short() {
		big = 2
	}
	for k := range cfgs[:big] {
		cfgs[k].Nodes *= 50 // big enough that a later round merges
	}
	graphs := []*ir.Graph{laterMerge(), laterIdentity(), laterMergeRead()}
	for _, cfg := range cfgs {
		graphs = append(graphs, irgen.Generate(cfg))
	}
	for _, g := range graphs {
		for _, mode := range []string{"2.0", "1x"} {
			got := Run(g, Options{CheckIR: true, Mode: mode})
			want := Run(g, Options{CheckIR: true, Mode: mode, fullRounds: true})
			if d := diffResults(got, want); d != "" {
				t.Fatalf("%s mode %s: incremental and full rounds differ: %s", g.Name, mode, d)
			}
			for _, p := range got.Passes {
				if p.Round > 1 && p.Pass == ir.PassDedupe {
					merged += p.Changed
				}
			}
		}
	}
	if merged == 0 {
		t.Error("no merge after round 1 in any graph: the later rounds were never tested")
	}
}

// laterMerge is a graph whose dedupe merges in round 2: o, a mask of the
// identity mask s of i, composes onto i in round 1 and onto v in round 2,
// where it meets a.
func laterMerge() *ir.Graph {
	b := newMaterial("M", false)
	v := b.add(1, 1, "v", param("v", 1, 2, 3, 4))
	a := b.add(2, 1, "", swz(v, "xy"))
	i := b.add(3, 1, "", swz(v, "xyz"))
	s := b.add(4, 1, "", swz(i, "xyz"))
	o := b.add(5, 1, "", swz(s, "xy"))
	b.sink(1, pin("BaseColor", a), pin("Normal", o))
	return b.g
}

// laterMergeRead is laterMerge with a reader of each of o and a, after
// them: when o merges into a in round 2, p's read moves to a and p meets
// q in the same scan.
func laterMergeRead() *ir.Graph {
	b := newMaterial("M", false)
	v := b.add(1, 1, "v", param("v", 1, 2, 3, 4))
	a := b.add(2, 1, "", swz(v, "xy"))
	q := b.add(3, 1, "", op(ir.OpSin, ftype(2), a))
	i := b.add(4, 1, "", swz(v, "xyz"))
	s := b.add(5, 1, "", swz(i, "xyz"))
	o := b.add(6, 1, "", swz(s, "xy"))
	p := b.add(7, 1, "", op(ir.OpSin, ftype(2), o))
	b.sink(1, pin("BaseColor", q), pin("Normal", p))
	return b.g
}

// laterIdentity is a graph where swizzles removes an identity mask in
// round 2: o, a mask of the mask i, composes in round 1 into v.xy, the
// whole of v, which is tested for identity only in the next visit; then
// p's read moves from o to v, and p meets q in round 2's dedupe.
func laterIdentity() *ir.Graph {
	b := newMaterial("M", false)
	v := b.add(1, 1, "v", param("v", 1, 2))
	q := b.add(2, 1, "", op(ir.OpSin, ftype(2), v))
	i := b.add(3, 1, "", swz(v, "yx"))
	o := b.add(4, 1, "", swz(i, "yx"))
	p := b.add(5, 1, "", op(ir.OpSin, ftype(2), o))
	b.sink(1, pin("BaseColor", q), pin("Normal", p))
	return b.g
}

func diffResults(a, b *ir.Result) string {
	if x, y := ir.DumpGraph(a.Graph), ir.DumpGraph(b.Graph); x != y {
		return fmt.Sprintf("graphs\n%s\nvs\n%s", x, y)
	}
	switch {
	case !reflect.DeepEqual(a.Fates, b.Fates):
		return "fates"
	case !reflect.DeepEqual(a.Passes, b.Passes):
		return fmt.Sprintf("passes %v vs %v", a.Passes, b.Passes)
	case !reflect.DeepEqual(a.Notes, b.Notes):
		return "notes"
	case !reflect.DeepEqual(a.SpanLists(), b.SpanLists()):
		return "spans"
	case a.Rounds != b.Rounds || a.StopReason != b.StopReason:
		return "rounds"
	}
	return ""
}

// A key table that starts too small for everything grows, rehashes and
// drops the dead arena entries over and over: the same results.
func TestSmallKeyTables(t *testing.T) {
	for _, cfg := range configs(12) {
		g := irgen.Generate(cfg)
		want := Run(g, Options{CheckIR: true})
		got := Run(g, Options{CheckIR: true, smallKeys: true})
		if d := diffResults(got, want); d != "" {
			t.Fatalf("%s: small key tables change the result: %s", g.Name, d)
		}
	}
}

// A later round starts at the first node touched since (state.backward)
// only when every read names an earlier node: a graph that reads a later
// node (outside the IR contract) is visited whole every round.
func TestForwardReadsRevisitEverything(t *testing.T) {
	b := newMaterial("M", false)
	v := b.add(1, 1, "v", param("v", 1, 2))
	b.add(2, 1, "", op(ir.OpSin, ftype(2), ir.Ref{Node: v.Node + 2}))
	p := b.add(3, 1, "", op(ir.OpSin, ftype(2), v))
	b.sink(1, pin("BaseColor", p))
	if s := newState(b.g); s.backward || s.revisitFrom(2) != 0 {
		t.Errorf("a forward read: backward %v, revisit from %d; want false, 0", s.backward, s.revisitFrom(2))
	}
	if s := newState(laterIdentity()); !s.backward || s.revisitFrom(2) != 2 {
		t.Errorf("build order: backward %v, revisit from %d; want true, 2", s.backward, s.revisitFrom(2))
	}
}
