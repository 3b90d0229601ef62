package eval_test

import (
	"slices"
	"strings"
	"testing"

	"reuselab/ir"
	"reuselab/rules/eval"
	"reuselab/rules/facts"
	"reuselab/rules/pack"
)

// feedGraph: b2 = Add(A, B); b5 = Add(1, 2) folds to 3; b6 = Multiply(b5,
// b3) folds through the folded b5; b7 = Multiply(A, b4), one constant
// operand; the sink reads all three.
func feedGraph() *ir.Graph {
	g := ir.NewGraph(ir.Material, "M_Feed")
	param := func(name string) int {
		return g.Add(&ir.Node{Op: ir.OpParameter, Props: []ir.Prop{{Name: "ParameterName", Value: ir.Str(name)}},
			Outputs: []ir.Output{{Type: "float"}}})
	}
	constant := func(v float64) int {
		return g.Add(&ir.Node{Op: ir.OpConstant, Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(v)}}, Outputs: []ir.Output{{Type: "float"}}})
	}
	op := func(o ir.Op, args ...int) int {
		n := &ir.Node{Op: o, Outputs: []ir.Output{{Type: "float"}}}
		for _, a := range args {
			n.Operands = append(n.Operands, ir.Ref{Node: a})
		}
		return g.Add(n)
	}
	a, b := param("A"), param("B")
	sum := op(ir.OpAdd, a, b)
	one, two := constant(1), constant(2)
	three := op(ir.OpAdd, one, two)
	six := op(ir.OpMultiply, three, one)
	seven := op(ir.OpMultiply, a, two)
	g.Sink = g.Add(&ir.Node{Op: ir.OpMaterialSink, Role: ir.RoleStatement,
		Pins: []ir.Pin{{Name: "P0", Ref: ir.Ref{Node: six}}, {Name: "P1", Ref: ir.Ref{Node: seven}}, {Name: "P2", Ref: ir.Ref{Node: sum}}}})
	return g
}

func prefixed(sigs []string, prefix string) []string {
	var got []string
	for _, s := range sigs {
		if r, ok := strings.CutPrefix(s, prefix); ok {
			got = append(got, r)
		}
	}
	slices.Sort(got)
	return got
}

// The optional level predicates (feed.go) reach a pack that reads them,
// each as the interface describes it: argstr/2 the slots joined, keyargs/2
// the key and the slots, constop/3 the operands that are Constants as
// built or as folded at a lower level.
func TestFeedOptionalLevelPredicates(t *testing.T) {
	src := `# pack: feed
# extends: reuse-2.0
sig(N, S) :- argstr(N, A), cur(N, "Add", 2), S = fn:string:concat("slots:", A).
sig(N, S) :- constop(N, I, X), cur(N, "Multiply", 2), S = fn:string:concat("constop:", I, "=", X).
`
	p, ds := pack.ParsePack("feed.mg", src)
	if ds.HasErrors() {
		t.Fatal(ds.String())
	}
	g := feedGraph()
	o := eval.Evaluate(g, p, eval.Options{Record: true})
	if o.Stop != ir.StopSaturated {
		t.Fatalf("stopped: %s %v", o.Stop, o.Diags)
	}
	if got := prefixed(o.Sigs[2], "slots:"); !slices.Equal(got, []string{"|=0#0|=1#0"}) {
		t.Errorf("b2's argstr/2: %q", got)
	}
	// The dedupe clause reads keyargs/2: b2's signature is its key and slots.
	if want := facts.StaticKey(g.Nodes[2]) + "|=0#0|=1#0"; !slices.Contains(o.Sigs[2], want) {
		t.Errorf("b2's signatures %q lack the dedupe signature %q", o.Sigs[2], want)
	}
	// b6 reads the folded b5 and the built b3; b7 only the built b4.
	if got := prefixed(o.Sigs[6], "constop:"); !slices.Equal(got, []string{"0=5", "1=3"}) {
		t.Errorf("b6's constop/3: %q", got)
	}
	if got := prefixed(o.Sigs[7], "constop:"); !slices.Equal(got, []string{"1=4"}) {
		t.Errorf("b7's constop/3: %q", got)
	}
	if f, ok := o.Fold[6]; !ok || !slices.Equal(f.Vals, []float64{3}) {
		t.Errorf("b6 = (1 + 2) * 1 folds to %+v (folded %v), want 3", f, ok)
	}
	if _, ok := o.Fold[7]; ok {
		t.Errorf("b7 = A * 2 folded: %+v", o.Fold[7])
	}
}

// TestPublishedFoldIsTheInterfaces: the base store serves the published
// folds under folded/1, the interface predicate the packs read.
func TestPublishedFoldIsTheInterfaces(t *testing.T) {
	if facts.PredFolded != pack.PredFolded {
		t.Errorf("the store publishes folds as %v, the packs read %v", facts.PredFolded, pack.PredFolded)
	}
}
