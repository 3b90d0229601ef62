package reuse_test

import (
	"strings"
	"testing"

	"reuselab/ir"
	"reuselab/ir/irgen"
	"reuselab/reuse"
	"reuselab/reuse/engines"
)

// A result equals itself; moving one merged node to a class of its own is a
// partition difference named by its build id (bN), and the surviving graph
// then differs too.
func TestCompareFindsAMovedNode(t *testing.T) {
	g := irgen.Generate(irgen.Config{Seed: 3, Nodes: 40, DupRate: 0.6})
	ref := engines.MustResolve("2.0").Run(g, ir.Limits{})
	if c := reuse.Compare(ref, ref); !c.Agree() {
		t.Fatalf("a result disagrees with itself:\n%s", c)
	}
	moved := -1
	for i, f := range ref.Fates {
		if f.Kind == ir.Merged {
			moved = i
			break
		}
	}
	if moved < 0 {
		t.Fatal("irgen made no duplicate to merge")
	}
	bad := *ref
	bad.Fates = append([]ir.Fate(nil), ref.Fates...)
	bad.Fates[moved] = ir.Fate{Kind: ir.Kept, Final: int32(ref.Graph.Len()), Into: int32(moved)}
	c := reuse.Compare(ref, &bad)
	if c.Agree() || !strings.Contains(c.String(), ir.BuildName(moved)) {
		t.Errorf("a moved b%d is not reported:\n%s", moved, c)
	}
}

// Coarsens accepts a pack that merges more than the reference (the extra
// merge is reported, not a difference) and refuses one that merges less.
func TestCoarsensAcceptsMoreMergesOnly(t *testing.T) {
	g := irgen.Generate(irgen.Config{Seed: 5, Nodes: 40, DupRate: 0.6})
	ref := engines.MustResolve("2.0").Run(g, ir.Limits{})
	none := engines.MustResolve("none").Run(g, ir.Limits{})
	if extra, c := reuse.Coarsens(none, ref); !c.Agree() || len(extra) == 0 {
		t.Errorf("2.0 over none: %d extra merges, differences:\n%s", len(extra), c)
	}
	if _, c := reuse.Coarsens(ref, none); c.Agree() {
		t.Error("none over 2.0 misses every merge, yet Coarsens agrees")
	}
}

// A stopped result never agrees.
func TestCoarsensRefusesAStoppedResult(t *testing.T) {
	g := irgen.Generate(irgen.Config{Seed: 5, Nodes: 20})
	ref := engines.MustResolve("2.0").Run(g, ir.Limits{})
	stopped := ir.Untouched(g, ir.StopTimeout)
	if _, c := reuse.Coarsens(ref, stopped); c.Agree() || !strings.Contains(c.String(), "timeout") {
		t.Errorf("a timed-out result agrees:\n%s", c)
	}
}
