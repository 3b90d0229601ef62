package eval_test

import (
	"fmt"
	"testing"

	"github.com/google/mangle/ast"

	"reuselab/ir"
	"reuselab/rules/eval"
	"reuselab/rules/pack"
)

func raisePack(t *testing.T) *pack.Pack {
	t.Helper()
	p, ds := pack.Raise()
	if p == nil || ds.HasErrors() {
		t.Fatalf("the raise rules do not load: %s", ds.String())
	}
	return p
}

func fconst(v float64) *ir.Node {
	return &ir.Node{Op: ir.OpConstant, Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(v)}}, Outputs: []ir.Output{{Type: "float"}}}
}

// TestSugarCompare: every two-valued arm pattern of a Compare gets one
// operator whose then/else slots pick the same arm as the Compare when
// A>B, A==B and A<B; one value in all three arms is "arm" (that value),
// three are "chain".
func TestSugarCompare(t *testing.T) {
	p := raisePack(t)
	picks := map[string][3]bool{">": {true, false, false}, "<": {false, false, true}, "==": {false, true, false}}
	for _, arms := range [][3]int{{2, 3, 3}, {3, 3, 2}, {3, 2, 3}, {2, 2, 3}, {3, 2, 2}, {2, 3, 2}, {2, 3, 4}, {2, 2, 2}} {
		g := ir.NewGraph(ir.Material, "M")
		for k := 0; k < 5; k++ {
			g.Add(fconst(float64(k)))
		}
		cmp := g.Add(&ir.Node{Op: ir.OpCompare, Operands: []ir.Ref{{Node: 0}, {Node: 1}, {Node: arms[0]}, {Node: arms[1]}, {Node: arms[2]}}, Outputs: []ir.Output{{Type: "float"}}})
		g.Sink = g.Add(&ir.Node{Op: ir.OpMaterialSink, Role: ir.RoleStatement, Pins: []ir.Pin{{Name: "Opacity", Ref: ir.Ref{Node: cmp}}}})
		ss, err := eval.EvaluateSugar(g, p, ir.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		distinct := map[int]bool{arms[0]: true, arms[1]: true, arms[2]: true}
		if len(distinct) != 2 {
			want := fmt.Sprint([]eval.Sugar{{N: cmp, Form: "chain", I: 2, J: 3}})
			if len(distinct) == 1 {
				want = fmt.Sprint([]eval.Sugar{{N: cmp, Form: "arm", I: 2, J: 2}})
			}
			if got := fmt.Sprint(ss); got != want {
				t.Errorf("arms %v: raised to %s, want %s", arms, got, want)
			}
			continue
		}
		if len(ss) != 1 || ss[0].N != cmp {
			t.Errorf("arms %v: sugar %+v, want one fact of node %d", arms, ss, cmp)
			continue
		}
		s := ss[0]
		holds, ok := picks[s.Form]
		if !ok {
			t.Errorf("arms %v: form %q", arms, s.Form)
			continue
		}
		for k := range 3 {
			slot := s.J
			if holds[k] {
				slot = s.I
			}
			if got := g.Nodes[cmp].Operands[slot].Node; got != arms[k] {
				t.Errorf("arms %v raised to %s ? %d : %d picks node %d in case %d, want %d", arms, s.Form, s.I, s.J, got, k, arms[k])
			}
		}
	}
}

// TestSugarBool: a float Parameter read only through tests against 0 is a
// bool uniform and its tests print as its name; one read otherwise too is
// neither.
func TestSugarBool(t *testing.T) {
	p := raisePack(t)
	for _, alsoRead := range []bool{false, true} {
		g := ir.NewGraph(ir.Material, "M")
		param := g.Add(&ir.Node{Op: ir.OpParameter, Props: []ir.Prop{{Name: "ParameterName", Value: ir.Str("S")}, {Name: "DefaultValue", Value: ir.Tuple(1)}}, Outputs: []ir.Output{{Type: "float"}}})
		zero := g.Add(fconst(0))
		test := g.Add(&ir.Node{Op: ir.OpNotEqual, Operands: []ir.Ref{{Node: param}, {Node: zero}}, Outputs: []ir.Output{{Type: "bool"}}})
		not := g.Add(&ir.Node{Op: ir.OpLogicalNot, Operands: []ir.Ref{{Node: test}}, Outputs: []ir.Output{{Type: "bool"}}})
		pins := []ir.Pin{{Name: "Opacity", Ref: ir.Ref{Node: not}}}
		if alsoRead {
			pins = append(pins, ir.Pin{Name: "Roughness", Ref: ir.Ref{Node: param}})
		}
		g.Sink = g.Add(&ir.Node{Op: ir.OpMaterialSink, Role: ir.RoleStatement, Pins: pins})
		ss, err := eval.EvaluateSugar(g, p, ir.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		got := fmt.Sprint(ss)
		want := fmt.Sprint([]eval.Sugar{{N: param, Form: "bool"}, {N: test, Form: "truth"}})
		if alsoRead {
			want = "[]"
		}
		if got != want {
			t.Errorf("read elsewhere too %v: sugar %s, want %s", alsoRead, got, want)
		}
	}
}

// TestSugarNotFromReusePacks: a reuse pack has no raise phase, and the
// raise pack no reuse phase that derives anything.
func TestSugarNotFromReusePacks(t *testing.T) {
	base, ds := pack.Builtin("reuse-2.0")
	if base == nil {
		t.Fatal(ds.String())
	}
	if base.RaiseProgram().Defines(pack.PredSugar) {
		t.Error("reuse-2.0 derives sugar/4")
	}
	p := raisePack(t)
	for _, ph := range pack.Phases {
		for _, sym := range []ast.PredicateSym{pack.PredLive, pack.PredSig, pack.PredFold, pack.PredAlias, pack.PredRewrite, pack.PredKeep} {
			if p.Program(ph).Defines(sym) {
				t.Errorf("the raise pack derives %v", sym)
			}
		}
	}
}
