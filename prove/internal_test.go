package prove

import (
	"bufio"
	"math"
	"strings"
	"testing"
	"time"

	"reuselab/ir"
	"reuselab/ir/interp"
)

// xTimesZero is the graph of x*0 → 0.
func xTimesZero() (*ir.Graph, ir.Ref, ir.Ref) {
	g := ir.NewGraph(ir.Material, "T")
	x := g.Add(&ir.Node{Op: ir.OpParameter, Outputs: []ir.Output{{Type: "float"}},
		Props: []ir.Prop{{Name: "ParameterName", Value: ir.Str("X")}}})
	z := g.Add(&ir.Node{Op: ir.OpConstant, Outputs: []ir.Output{{Type: "float"}},
		Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(0)}}})
	m := g.Add(&ir.Node{Op: ir.OpMultiply, Operands: []ir.Ref{{Node: x}, {Node: z}}, Outputs: []ir.Output{{Type: "float"}}})
	return g, ir.Ref{Node: m}, ir.Ref{Node: z}
}

// The safety net: a float64 translation that disagrees with ir/interp on
// the witness makes the verdict Unknown and says so, never a refutation.
func TestDisagreementWithInterpIsABug(t *testing.T) {
	needZ3(t)
	g, l, r := xTimesZero()
	p := New(Options{})
	defer p.Close()
	q, err := build(g, Output(l), sideSpec{side: Output(r)}, p.opts)
	if err != nil {
		t.Fatal(err)
	}
	// A float64 translation that says x*0 is 5: wrong wherever interp
	// evaluates it.
	q.w[0].l[0] = fpLit64(5)
	e := p.solve(q)
	v := q.verdictFrom(e)
	if v.Outcome != Unknown || !v.Bug || !strings.Contains(v.Reason, "ir/interp") {
		t.Fatalf("%v, want unknown, a bug of ours", v)
	}
}

// TestRealOpsAgreeWithInterp checks the reals on values where float64
// rounds at most once: the exact result rounded to float64 is interp's
// (up to the sign of zero, which the reals lack).
func TestRealOpsAgreeWithInterp(t *testing.T) {
	needZ3(t)
	exactish := []float64{0, 1, -1, 0.5, -0.5, 2, 3, 1.5, -2.5}
	for _, op := range []ir.Op{ir.OpAdd, ir.OpSubtract, ir.OpMultiply, ir.OpDivide, ir.OpFmod, ir.OpAbs, ir.OpFloor,
		ir.OpCeil, ir.OpRound, ir.OpFrac, ir.OpTruncate, ir.OpSign, ir.OpSaturate, ir.OpMin, ir.OpMax, ir.OpStep,
		ir.OpRcp, ir.OpSqrt, ir.OpGreater, ir.OpLessEqual, ir.OpEqual, ir.OpLogicalNot, ir.OpClamp, ir.OpLerp} {
		gg := newGround()
		var args [][]float64
		for _, x := range exactish {
			for _, y := range exactish {
				for _, z := range []float64{0, 0.5, 2} {
					args = append(args, []float64{x, y, z}[:laneOps[op].arity])
				}
			}
		}
		for _, a := range args {
			n := &ir.Node{Op: op, Outputs: []ir.Output{{Type: "float"}}}
			for _, x := range a {
				n.Operands = append(n.Operands, gg.konst(x))
			}
			gg.add(n)
		}
		f := newFormula(1<<30, true)
		tr := newTranslator(gg.g, ar{k: real, f: f})
		var refs []ir.Ref
		for _, id := range gg.nodes {
			refs = append(refs, ir.Ref{Node: id})
		}
		order, err := coneOrder(gg.g, refs, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := tr.run(order); err != nil {
			t.Fatal(err)
		}
		var terms []string
		for _, id := range gg.nodes {
			terms = append(terms, tr.memo[id][0].l[0])
		}
		s := &session{solver: Z3(), limit: time.Minute}
		if ans, _, err := s.check("(reset)\n" + Z3().Preamble + f.text("true")); err != nil || ans != "sat" {
			t.Fatalf("%s: check-sat: %q %v", op, ans, err)
		}
		xs, err := s.values(terms)
		s.stop()
		if err != nil {
			t.Fatal(err)
		}
		m := interp.NewMachine(gg.g, interp.Run{Seed: 1})
		for i, id := range gg.nodes {
			want, _ := m.Read(ir.Ref{Node: id})
			got, _, err := number(xs[i])
			if err != nil { // an irrational root: nothing to compare
				continue
			}
			if got != want.L[0] && !(math.IsNaN(got) && math.IsNaN(want.L[0])) {
				t.Errorf("%s%v: reals %v, interp %v", op, args[i], got, want.L[0])
			}
		}
	}
}

func TestReadDatum(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"sat\n", "sat"},
		{"((v0 (fp #b0 #x7f #b00000000000000000000000))\n (t1 (_ +zero 8 24)))", "((v0 (fp #b0 #x7f #b00000000000000000000000)) (t1 (_ +zero 8 24)))"},
		{"; a comment\n(error \"line 3: a \"\"quoted\"\" word\")", "(error \"line 3: a \"\"quoted\"\" word\")"},
		{"(|a b| ())", "(|a b| ())"},
	} {
		x, err := readDatum(bufio.NewReader(strings.NewReader(c.in)))
		if err != nil || x.String() != c.want {
			t.Errorf("%q: %v %v, want %s", c.in, x, err, c.want)
		}
	}
	for _, bad := range []string{"(a (b)", ")", "\"open"} {
		if x, err := readDatum(bufio.NewReader(strings.NewReader(bad))); err == nil {
			t.Errorf("%q: read %v, want an error", bad, x)
		}
	}
}

func TestNumber(t *testing.T) {
	for _, c := range []struct {
		in   string
		want float64
	}{
		{"(fp #b0 #x7f #b00000000000000000000000)", 1},
		{"(fp #b1 #b10000000 #b10000000000000000000000)", -3},
		{"(fp #b0 #b01111111111 #x8000000000000)", 1.5},
		{"(_ -zero 8 24)", math.Copysign(0, -1)},
		{"(_ +oo 11 53)", math.Inf(1)},
		{"(- (/ 1.0 4.0))", -0.25},
		{"3.0", 3},
	} {
		x, err := readDatum(bufio.NewReader(strings.NewReader(c.in)))
		if err != nil {
			t.Fatal(err)
		}
		if got, _, err := number(x); err != nil || math.Float64bits(got) != math.Float64bits(c.want) {
			t.Errorf("%s: %v %v, want %v", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"(root-obj (+ (^ x 2) (- 2)) 2)", "1e999999999", "(/ 1e999999999 3.0)", "1.2.3", "-1"} {
		// An algebraic number has no rational value; an exponent (found by
		// FuzzReadDatum: big.Rat took minutes over 1e999999999) and the
		// rest are not SMT-LIB numbers.
		x, _ := readDatum(bufio.NewReader(strings.NewReader(bad)))
		if v, _, err := number(x); err == nil {
			t.Errorf("%s read as %v", bad, v)
		}
	}
}
