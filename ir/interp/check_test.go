package interp

import (
	"strings"
	"testing"

	"reuselab/ir"
)

// graphBuilder makes small hand-written IR graphs.
type graphBuilder struct{ g *ir.Graph }

func newBuilder() *graphBuilder { return &graphBuilder{g: ir.NewGraph(ir.Material, "M_Test")} }

func (b *graphBuilder) param(name string) ir.Ref {
	return ir.Ref{Node: b.g.Add(&ir.Node{Op: ir.OpParameter,
		Props: []ir.Prop{{Name: "ParameterName", Value: ir.Str(name)}}, Outputs: []ir.Output{{Type: "float"}}})}
}

func (b *graphBuilder) op(op ir.Op, typ string, args ...ir.Ref) ir.Ref {
	return ir.Ref{Node: b.g.Add(&ir.Node{Op: op, Operands: args, Outputs: []ir.Output{{Type: typ}}})}
}

func (b *graphBuilder) constant(v float64) ir.Ref {
	return ir.Ref{Node: b.g.Add(&ir.Node{Op: ir.OpConstant, Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(v)}},
		Outputs: []ir.Output{{Type: "float"}}})}
}

func (b *graphBuilder) sink(pins ...any) {
	n := &ir.Node{Op: ir.OpMaterialSink, Role: ir.RoleStatement}
	for i := 0; i < len(pins); i += 2 {
		n.Pins = append(n.Pins, ir.Pin{Name: pins[i].(string), Ref: pins[i+1].(ir.Ref)})
	}
	b.g.Sink = b.g.Add(n)
}

// result builds the Result an engine would return if it merged each build
// node into merge[id] (absent: kept) and replaced some by other nodes.
// The surviving graph keeps the earliest member of every group (R6),
// re-indexed, with inputs remapped; replace swaps a survivor's content.
// As a rule pack's do, its merges are dedupe's and its replacements fold's,
// and the rule (the mode) names them.
func result(build *ir.Graph, merge map[int]int, replace map[int]*ir.Node, rule string) *ir.Result {
	res := &ir.Result{Engine: "test", Mode: rule, Build: build, Fates: make([]ir.Fate, len(build.Nodes))}
	out := ir.NewGraph(build.Kind, build.Name)
	final := make([]int, len(build.Nodes))
	for _, n := range build.Nodes {
		if into, ok := merge[n.ID]; ok {
			final[n.ID] = final[into]
			res.Fates[n.ID] = ir.Fate{Kind: ir.Merged, Final: int32(final[into]), Into: int32(into), Pass: ir.PassIDOf(ir.PassDedupe), Round: 1}
			continue
		}
		c := n.Clone()
		if r, ok := replace[n.ID]; ok {
			c = r.Clone()
			c.Role = n.Role
			res.Fates[n.ID] = ir.Fate{Kind: ir.Folded, Into: int32(n.ID), Pass: ir.PassIDOf(ir.PassFold), Round: 1}
		} else {
			res.Fates[n.ID] = ir.Fate{Kind: ir.Kept, Into: int32(n.ID)}
		}
		c.MapInputs(func(r ir.Ref) ir.Ref { return ir.Ref{Node: final[r.Node], Out: r.Out} })
		final[n.ID] = out.Add(c)
		res.Fates[n.ID].Final = int32(final[n.ID])
		if n.ID == build.Sink {
			out.Sink = final[n.ID]
		}
	}
	res.Graph = out
	return res
}

func TestCheckSoundDedupe(t *testing.T) {
	b := newBuilder()
	x, y := b.param("X"), b.param("Y")
	s1 := b.op(ir.OpAdd, "float", x, y)
	s2 := b.op(ir.OpAdd, "float", x, y)
	b.sink("EmissiveColor", b.op(ir.OpMultiply, "float", s1, s2))
	rep := Check(result(b.g, map[int]int{s2.Node: s1.Node}, nil, "dedupe"), Options{Runs: 64})
	if !rep.OK() || rep.Exact != 1 {
		t.Fatalf("sound dedupe rejected: %v", rep)
	}
}

// TestCheckCatchesSubtractAsSet is the unsound pack "Subtract's operands
// compare as a set": a−b merged into b−a.
func TestCheckCatchesSubtractAsSet(t *testing.T) {
	b := newBuilder()
	x, y := b.param("X"), b.param("Y")
	d1 := b.op(ir.OpSubtract, "float", x, y)
	d2 := b.op(ir.OpSubtract, "float", y, x)
	b.sink("EmissiveColor", d1, "Opacity", d2)
	rep := Check(result(b.g, map[int]int{d2.Node: d1.Node}, nil, "subtract-set"), Options{Runs: 16})
	if rep.OK() {
		t.Fatal("a−b merged into b−a passed")
	}
	c := rep.Culprit
	if c == nil || c.Final != 2 || len(c.Members) != 1 || c.Members[0] != d2.Node || c.Cumulative {
		t.Fatalf("wrong culprit: %v", rep)
	}
	if !strings.Contains(rep.String(), "merged by dedupe round 1") || !strings.Contains(rep.String(), "b3 = Subtract(b1, b0)") {
		t.Errorf("report does not name the rule and the IR line:\n%v", rep)
	}
}

// TestCheckFolds: a right fold passes under the ULP bound; x/x → 1 is
// caught (x = 0 gives 0 by the divide guard) and blamed on the fold.
func TestCheckFolds(t *testing.T) {
	b := newBuilder()
	sum := b.op(ir.OpAdd, "float", b.constant(0.1), b.constant(0.2))
	x := b.param("X")
	q := b.op(ir.OpDivide, "float", x, x)
	b.sink("Roughness", sum, "Opacity", q)
	one := func(v float64) *ir.Node {
		return &ir.Node{Op: ir.OpConstant, Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(v)}}, Outputs: []ir.Output{{Type: "float"}}}
	}
	good := result(b.g, nil, map[int]*ir.Node{sum.Node: one(0.3)}, "fold")
	good.Graph.Nodes[good.Fates[q.Node].Final].Operands = []ir.Ref{{Node: int(good.Fates[x.Node].Final)}, {Node: int(good.Fates[x.Node].Final)}}
	if rep := Check(good, Options{}); !rep.OK() || rep.Exact != 1 {
		t.Fatalf("0.1+0.2 folded to 0.3 rejected (it is within 4 ULPs): %v", rep)
	}
	bad := result(b.g, nil, map[int]*ir.Node{sum.Node: one(0.3), q.Node: one(1)}, "fold")
	rep := Check(bad, Options{})
	if rep.OK() || rep.Culprit == nil || rep.Culprit.Members[0] != q.Node {
		t.Fatalf("x/x folded to 1 not caught or misattributed: %v", rep)
	}
}

// TestCheckLostStatement: an engine that drops a root fails.
func TestCheckLostStatement(t *testing.T) {
	b := newBuilder()
	b.sink("EmissiveColor", b.param("X"))
	res := result(b.g, nil, nil, "")
	res.Fates[1].Final = -1
	if rep := Check(res, Options{Runs: 2}); rep.OK() {
		t.Fatal("a lost sink passed")
	}
}
