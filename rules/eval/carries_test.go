package eval_test

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"reuselab/diag"
	"reuselab/ir"
	"reuselab/rules/eval"
	"reuselab/rules/pack"
)

// Analyses across levels: what a later level reads of a class's carried
// facts under each merge rule, when members disagree, and when a member
// joins at a later level. A reader node turns every fact it reads into a
// signature ("read:…"), which Options.Record keeps.

type hand struct{ g *ir.Graph }

func newHand() *hand { return &hand{g: ir.NewGraph(ir.Material, "M_Carry")} }

func (h *hand) param(name string) int {
	return h.g.Add(&ir.Node{Op: ir.OpParameter, Props: []ir.Prop{{Name: "ParameterName", Value: ir.Str(name)}},
		Outputs: []ir.Output{{Type: "float"}}})
}

func (h *hand) constant(v float64) int {
	return h.g.Add(&ir.Node{Op: ir.OpConstant, Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(v)}}, Outputs: []ir.Output{{Type: "float"}}})
}

func (h *hand) op(op ir.Op, args ...int) int {
	n := &ir.Node{Op: op, Outputs: []ir.Output{{Type: "float"}}}
	for _, a := range args {
		n.Operands = append(n.Operands, ir.Ref{Node: a})
	}
	return h.g.Add(n)
}

func (h *hand) sink(reads ...int) {
	n := &ir.Node{Op: ir.OpMaterialSink, Role: ir.RoleStatement}
	for i, r := range reads {
		n.Pins = append(n.Pins, ir.Pin{Name: fmt.Sprintf("Pin%d", i), Ref: ir.Ref{Node: r}})
	}
	h.g.Sink = h.g.Add(n)
}

// twoSins: b1 and b5 are Sin(A), one class led by b1; b6 = Cos(b5) reads
// the class (its canonical operand is b1).
func twoSins() (*ir.Graph, int) {
	h := newHand()
	a := h.param("A")
	s1 := h.op(ir.OpSin, a)
	h.param("B")
	h.param("C")
	h.param("D")
	s5 := h.op(ir.OpSin, a)
	c := h.op(ir.OpCos, s5)
	h.sink(c, s1)
	return h.g, c
}

func readsOf(t *testing.T, src string, g *ir.Graph, reader int) ([]string, *eval.Outcome) {
	t.Helper()
	p, ds := pack.ParsePack("carry.mg", src)
	if ds.HasErrors() {
		t.Fatal(ds.String())
	}
	o := eval.Evaluate(g, p, eval.Options{Record: true})
	if o.Stop != ir.StopSaturated {
		t.Fatalf("stopped: %s %v", o.Stop, o.Diags)
	}
	var got []string
	for _, s := range o.Sigs[reader] {
		if r, ok := strings.CutPrefix(s, "read:"); ok {
			got = append(got, r)
		}
	}
	sort.Strings(got)
	return got, o
}

const carryHead = "# extends: reuse-2.0\n"

func TestCarryMergeRules(t *testing.T) {
	// b1 derives "one" and "both", b5 "five" and "both".
	facts := `
t(N, "one") :- cur(N, "Sin", _), N < 5.
t(N, "five") :- cur(N, "Sin", _), N >= 5.
t(N, "both") :- cur(N, "Sin", _).
sig(N, S) :- cur(N, "Cos", _), arg(N, 0, "", X, 0), t(X, V), S = fn:string:concat("read:", V).
`
	for _, c := range []struct {
		merge string
		want  []string
	}{
		{pack.MergeFirst, []string{"both", "one"}},
		{pack.MergeAll, []string{"both", "five", "one"}},
		{pack.MergeAgree, []string{"both"}},
	} {
		g, reader := twoSins()
		got, _ := readsOf(t, carryHead+"# carries: t/2 "+c.merge+"\n"+facts, g, reader)
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: the reader read %v, want %v", c.merge, got, c.want)
		}
	}
	// first: a leader that derived nothing gives way to the member that did.
	g, reader := twoSins()
	got, _ := readsOf(t, carryHead+"# carries: t/2 first\nt(N, \"five\") :- cur(N, \"Sin\", _), N >= 5.\n"+
		`sig(N, S) :- cur(N, "Cos", _), arg(N, 0, "", X, 0), t(X, V), S = fn:string:concat("read:", V).`, g, reader)
	if !slices.Equal(got, []string{"five"}) {
		t.Errorf("first with a silent leader: read %v, want b5's [five]", got)
	}
	// agree: a member that derived nothing vetoes every fact.
	g, reader = twoSins()
	got, _ = readsOf(t, carryHead+"# carries: t/2 agree\nt(N, \"one\") :- cur(N, \"Sin\", _), N < 5.\n"+
		`sig(N, S) :- cur(N, "Cos", _), arg(N, 0, "", X, 0), t(X, V), S = fn:string:concat("read:", V).`, g, reader)
	if len(got) != 0 {
		t.Errorf("agree with a silent member: read %v, want nothing", got)
	}
	// no carries: the reader reads nothing of a lower level.
	g, reader = twoSins()
	got, _ = readsOf(t, carryHead+facts, g, reader)
	if len(got) != 0 {
		t.Errorf("an uncarried predicate was read across levels: %v", got)
	}
}

const ivReader = `sig(N, S) :- cur(N, "Cos", _), arg(N, 0, "", X, 0), iv(X, L, H), S = fn:string:concat("read:", L, ",", H).
`

func TestCarryIntervalIntersectsAndWarnsOnDisjoint(t *testing.T) {
	g, reader := twoSins()
	got, o := readsOf(t, carryHead+"# carries: iv/3 interval\n"+`
iv(N, 0.0, 2.0) :- cur(N, "Sin", _), N < 5.
iv(N, 1.5, 9.0) :- cur(N, "Sin", _), N < 5.
iv(N, 1.0, 3.0) :- cur(N, "Sin", _), N >= 5.
`+ivReader, g, reader)
	if !slices.Equal(got, []string{"1.5,2"}) {
		t.Errorf("read %v, want the intersection [1.5, 2] of b1's two facts and b5's", got)
	}
	if len(o.Diags) != 0 {
		t.Errorf("diagnostics for meeting intervals: %v", o.Diags)
	}

	g, reader = twoSins()
	got, o = readsOf(t, carryHead+"# carries: iv/3 interval\n"+`
iv(N, 0.0, 1.0) :- cur(N, "Sin", _), N < 5.
iv(N, 2.0, 3.0) :- cur(N, "Sin", _), N >= 5.
`+ivReader, g, reader)
	if len(got) != 0 {
		t.Errorf("disjoint intervals: read %v, want no fact", got)
	}
	if len(o.Diags) != 1 || o.Diags[0].Code != eval.CodeCarryDisagree || o.Diags[0].Severity != diag.Warning {
		t.Fatalf("want one DSH9311 warning, got %v", o.Diags)
	}
	if d := o.Diags[0].String(); !strings.HasPrefix(d, "carry.mg:2:") || !strings.Contains(d, "[0, 1] and [2, 3]") {
		t.Errorf("the warning does not point at the header or name the intervals: %s", d)
	}
	if o.Class[reader] < 0 {
		t.Error("the reader was lost: a disagreement only drops the fact")
	}
}

// A node folded at level 1 joins the class of a Constant at level 0: the
// levels above read the intersection, the level between read the
// Constant's own interval.
func TestCarryMemberJoiningLater(t *testing.T) {
	h := newHand()
	half := h.constant(0.5)
	quarter := h.constant(0.25)
	a := h.param("A")
	early := h.op(ir.OpCos, half) // level 1, before the fold joins
	sum := h.op(ir.OpAdd, quarter, quarter)
	mul := h.op(ir.OpMultiply, a, sum)
	late := h.op(ir.OpCos, mul) // level 3 reads mul, which reads the class
	h.sink(early, late)
	src := carryHead + "# carries: iv/3 interval\n" + `
iv(N, 0.0, 10.0) :- cur(N, "Constant", _).
iv(N, 0.4, 0.6) :- cur(N, "Add", _).
iv(N, L, H) :- cur(N, "Multiply", _), arg(N, 1, "", X, 0), iv(X, L, H).
sig(N, S) :- cur(N, "Cos", _), arg(N, 0, "", X, 0), iv(X, L, H), S = fn:string:concat("read:", L, ",", H).
`
	p, ds := pack.ParsePack("carry.mg", src)
	if ds.HasErrors() {
		t.Fatal(ds.String())
	}
	o := eval.Evaluate(h.g, p, eval.Options{Record: true})
	if _, ok := o.Fold[sum]; !ok || o.Class[sum] != o.Class[half] {
		t.Fatalf("b%d does not fold into the class of b%d: fold %v, classes %d %d", sum, half, o.Fold, o.Class[sum], o.Class[half])
	}
	read := func(n int) []string {
		var out []string
		for _, s := range o.Sigs[n] {
			if r, ok := strings.CutPrefix(s, "read:"); ok {
				out = append(out, r)
			}
		}
		return out
	}
	if got := read(early); !slices.Equal(got, []string{"0,10"}) {
		t.Errorf("level 1 read %v, want the Constant's [0, 10]", got)
	}
	if got := read(late); !slices.Equal(got, []string{"0.4,0.6"}) {
		t.Errorf("level 3 read %v through the Multiply, want the class's [0.4, 0.6]", got)
	}
}

// Two constants R5 takes as equal (alike to 9 significant digits) carry
// singletons that do not meet: the class carries the gap between them,
// without a warning.
func TestCarryIntervalWithinR5Tolerance(t *testing.T) {
	h := newHand()
	a := h.constant(0.3)
	b := h.constant(0.30000000001)
	x := h.param("X")
	ra := h.op(ir.OpCos, h.op(ir.OpMultiply, x, a))
	rb := h.op(ir.OpCos, h.op(ir.OpMultiply, x, b))
	h.sink(ra, rb)
	src := carryHead + "# carries: iv/3 interval\n" + `
iv(N, V, V) :- cur(N, "Constant", _), cval(N, 0, V).
iv(N, L, H) :- cur(N, "Multiply", _), arg(N, 1, "", X, 0), iv(X, L, H).
sig(N, S) :- cur(N, "Cos", _), arg(N, 0, "", X, 0), iv(X, L, H), S = fn:string:concat("read:", L, ",", H).
`
	got, o := readsOf(t, src, h.g, rb)
	if o.Class[a] != o.Class[b] {
		t.Fatal("the constants are not one class: the case shows nothing")
	}
	if !slices.Equal(got, []string{"0.3,0.30000000001"}) || len(o.Diags) != 0 {
		t.Errorf("read %v with %v, want the gap [0.3, 0.30000000001] and no warning", got, o.Diags)
	}
}
