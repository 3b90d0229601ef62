package interp

import (
	"strings"
	"testing"

	"reuselab/ir"
)

// TestCulpritOfPackNamesThePack: a merge a rule pack's sig/2 made is the
// pack's, not the reference's dedupe pass (issue 30): the culprit names the
// pack and the clause head, and no pass round a pack does not have.
func TestCulpritOfPackNamesThePack(t *testing.T) {
	b := newBuilder()
	x, y := b.param("X"), b.param("Y")
	d1 := b.op(ir.OpSubtract, "float", x, y)
	d2 := b.op(ir.OpSubtract, "float", y, x)
	b.sink("EmissiveColor", d1, "Opacity", d2)
	res := result(b.g, map[int]int{d2.Node: d1.Node}, nil, "subtract-set")
	res.Engine = "datalog"
	rep := Check(res, Options{Runs: 16})
	if rep.OK() || rep.Culprit == nil {
		t.Fatalf("a−b merged into b−a passed or has no culprit:\n%v", rep)
	}
	out := rep.String()
	if !strings.Contains(out, "[merged by pack subtract-set, sig/2]") {
		t.Errorf("the culprit does not name the pack's sig/2:\n%s", out)
	}
	if strings.Contains(out, "dedupe") || strings.Contains(out, "round") {
		t.Errorf("the culprit names a reference pass for a pack's merge:\n%s", out)
	}
}

// TestFateLabelPerPass: each pass a pack's decision is reported as maps to
// the head of the clauses that make it; the reference keeps its pass and
// round.
func TestFateLabelPerPass(t *testing.T) {
	pack := &ir.Result{Engine: "datalog", Mode: "p"}
	ref := &ir.Result{Engine: "reference", Mode: "2.0"}
	id := ir.PassIDOf
	for _, c := range []struct {
		res  *ir.Result
		f    ir.Fate
		want string
	}{
		{pack, ir.Fate{Kind: ir.Merged, Pass: id(ir.PassAlias), Round: 1}, "merged by pack p, alias/3"},
		{pack, ir.Fate{Kind: ir.Merged, Pass: id(ir.PassSwizzles), Round: 1}, "merged by pack p, alias/3"},
		{pack, ir.Fate{Kind: ir.Rewritten, Pass: id(ir.PassSwizzles), Round: 1}, "rewritten by pack p, rewrite/4"},
		{pack, ir.Fate{Kind: ir.Folded, Pass: id(ir.PassFold), Round: 1}, "folded by pack p, fold/3"},
		{pack, ir.Fate{Kind: ir.Kept}, "kept"},
		{ref, ir.Fate{Kind: ir.Merged, Pass: id(ir.PassDedupe), Round: 2}, "merged by dedupe round 2"},
	} {
		if got := fateLabel(c.res, c.f); got != c.want {
			t.Errorf("%s %v: %q, want %q", c.res.Engine, c.f, got, c.want)
		}
	}
}
