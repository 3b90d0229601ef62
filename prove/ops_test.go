package prove

import (
	"math"
	"math/rand/v2"
	"os/exec"
	"testing"
	"time"

	"reuselab/internal/tooltest"
	"reuselab/ir"
	"reuselab/ir/interp"
)

func needZ3(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("z3"); err != nil {
		tooltest.Skip(t, "z3", "z3 is not installed (apt-get install z3): the prover's tests need it")
	}
}

// edges are float32 values (so that a Constant holds them exactly in both
// number systems) where the guards and IEEE's special cases live.
var edges = []float64{math.NaN(), math.Inf(1), math.Inf(-1), 0, math.Copysign(0, -1), 1, -1, 0.5, -0.5, 2, 3,
	1.5, -2.5, math.MaxFloat32, -math.MaxFloat32, math.SmallestNonzeroFloat32, 0x1p-126,
	float64(float32(1e-40))}

// smallEdges are the values ternary ops are tried on, all triples.
var smallEdges = []float64{math.NaN(), math.Inf(1), 0, math.Copysign(0, -1), 1, -1, 0.5, math.MaxFloat32,
	math.SmallestNonzeroFloat32}

// groundGraph holds op nodes over constant operands.
type groundGraph struct {
	g      *ir.Graph
	consts map[uint64]ir.Ref
	nodes  []int
}

func newGround() *groundGraph {
	return &groundGraph{g: ir.NewGraph(ir.Material, "T"), consts: map[uint64]ir.Ref{}}
}

func (gg *groundGraph) konst(lanes ...float64) ir.Ref {
	key := uint64(len(lanes))
	for _, x := range lanes {
		key = key*0x100000001b3 ^ math.Float64bits(x)
	}
	if r, ok := gg.consts[key]; ok {
		return r
	}
	id := gg.g.Add(&ir.Node{Op: ir.OpConstant, Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(lanes...)}},
		Outputs: []ir.Output{{Type: floatType(len(lanes))}}})
	gg.consts[key] = ir.Ref{Node: id}
	return gg.consts[key]
}

func (gg *groundGraph) add(n *ir.Node) int {
	id := gg.g.Add(n)
	gg.nodes = append(gg.nodes, id)
	return id
}

// groundValues evaluates every node of gg with the solver, in float32 and
// in float64.
func groundValues(t *testing.T, gg *groundGraph) (narrow, wide [][]float64) {
	t.Helper()
	f := newFormula(1<<30, false)
	n := newTranslator(gg.g, ar{k: f32, f: f})
	w := newTranslator(gg.g, ar{k: f64, f: f})
	w.narrow = n
	var refs []ir.Ref
	for _, id := range gg.nodes {
		refs = append(refs, ir.Ref{Node: id})
	}
	order, err := coneOrder(gg.g, refs, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := n.run(order); err != nil {
		t.Fatal(err)
	}
	if err := w.run(order); err != nil {
		t.Fatal(err)
	}
	var terms []string
	for _, id := range gg.nodes {
		for _, tr := range []*translator{n, w} {
			v := tr.memo[id][0]
			for k := 0; k < v.n; k++ {
				terms = append(terms, tr.lane(v, k))
			}
		}
	}
	s := &session{solver: Z3(), limit: time.Minute}
	defer s.stop()
	if ans, _, err := s.check("(reset)\n" + Z3().Preamble + f.text("true")); err != nil || ans != "sat" {
		t.Fatalf("check-sat: %q %v", ans, err)
	}
	xs, err := s.values(terms)
	if err != nil {
		t.Fatal(err)
	}
	k := 0
	for _, id := range gg.nodes {
		for i, tr := range []*translator{n, w} {
			v := tr.memo[id][0]
			lanes := make([]float64, v.n)
			for j := range lanes {
				lanes[j], _, err = number(xs[k])
				if err != nil {
					t.Fatal(err)
				}
				k++
			}
			if i == 0 {
				narrow = append(narrow, lanes)
			} else {
				wide = append(wide, lanes)
			}
		}
	}
	return narrow, wide
}

func sameBits(x, y float64) bool {
	return (math.IsNaN(x) && math.IsNaN(y)) || math.Float64bits(x) == math.Float64bits(y)
}

// singleRounding are the ops whose float32 result is the float64 one
// rounded once: float64 has more than 2·24+2 bits, so rounding a correctly
// rounded float64 result to float32 gives the correctly rounded float32
// result (and the ops that round nothing).
var singleRounding = map[ir.Op]bool{ir.OpNegate: true, ir.OpAdd: true, ir.OpSubtract: true, ir.OpMultiply: true,
	ir.OpDivide: true, ir.OpFmod: true, ir.OpAbs: true, ir.OpFloor: true, ir.OpCeil: true, ir.OpTruncate: true,
	ir.OpFrac: true, ir.OpSign: true, ir.OpSaturate: true, ir.OpClamp: true, ir.OpMin: true, ir.OpMax: true,
	ir.OpStep: true, ir.OpSqrt: true, ir.OpRcp: true, ir.OpGreater: true, ir.OpGreaterEqual: true,
	ir.OpLess: true, ir.OpLessEqual: true, ir.OpEqual: true, ir.OpNotEqual: true, ir.OpLogicalAnd: true,
	ir.OpLogicalOr: true, ir.OpLogicalNot: true}

// TestOpsAgreeWithInterp checks every interpreted componentwise op on every
// combination of edge values: the float64 translation must compute
// ir/interp's value bit for bit (sign of zero included), and, for the ops
// that round once, the float32 translation must compute interp's value
// rounded to float32.
func TestOpsAgreeWithInterp(t *testing.T) {
	needZ3(t)
	for op, lo := range laneOps {
		if lo.uf != nil {
			continue
		}
		t.Run(op.String(), func(t *testing.T) {
			gg := newGround()
			var args [][]float64
			switch lo.arity {
			case 1:
				for _, x := range edges {
					args = append(args, []float64{x})
				}
			case 2:
				for _, x := range edges {
					for _, y := range edges {
						args = append(args, []float64{x, y})
					}
				}
			case 3:
				for _, x := range smallEdges {
					for _, y := range smallEdges {
						for _, z := range smallEdges {
							args = append(args, []float64{x, y, z})
						}
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
			narrow, wide := groundValues(t, gg)
			m := interp.NewMachine(gg.g, interp.Run{Seed: 1})
			bad := 0
			for i, id := range gg.nodes {
				want, err := m.Read(ir.Ref{Node: id})
				if err != nil {
					t.Fatal(err)
				}
				if !sameBits(wide[i][0], want.L[0]) {
					t.Errorf("%s%v: float64 translation %v, interp %v", op, args[i], wide[i][0], want.L[0])
					bad++
				}
				if singleRounding[op] && !sameBits(narrow[i][0], float64(float32(want.L[0]))) {
					t.Errorf("%s%v: float32 translation %v, interp rounded to float32 %v", op, args[i], narrow[i][0], float32(want.L[0]))
					bad++
				}
				if bad > 10 {
					t.Fatal("too many")
				}
			}
		})
	}
}

// TestShapesAgreeWithInterp checks the ops with a width rule of their own —
// shape, control, geometry — on random vectors of edge values, mixing
// widths, against interp bit for bit in float64.
func TestShapesAgreeWithInterp(t *testing.T) {
	needZ3(t)
	rng := rand.New(rand.NewPCG(7, 7))
	gg := newGround()
	vecOf := func(w int) ir.Ref {
		lanes := make([]float64, w)
		for i := range lanes {
			lanes[i] = edges[rng.IntN(len(edges))]
		}
		return gg.konst(lanes...)
	}
	mask := func(m string) []ir.Prop { return []ir.Prop{{Name: "Mask", Value: ir.Str(m)}} }
	for i := 0; i < 60; i++ {
		w := 1 + rng.IntN(4)
		typ := floatType(w)
		for _, n := range []*ir.Node{
			{Op: ir.OpSwizzle, Props: mask([]string{"x", "yx", "zzx", "wzyx", "rgb", "b"}[i%6]), Operands: []ir.Ref{vecOf(4)}, Outputs: []ir.Output{{Type: floatType(1 + i%4)}}},
			{Op: ir.OpSwizzle, Props: mask("xxxx"), Operands: []ir.Ref{vecOf(1)}, Outputs: []ir.Output{{Type: "float4"}}},
			{Op: ir.OpAppend, Operands: []ir.Ref{vecOf(1 + i%2), vecOf(1 + i%3)}, Outputs: []ir.Output{{Type: ""}}},
			{Op: ir.OpConvert, Operands: []ir.Ref{vecOf(1 + i%4)}, Outputs: []ir.Output{{Type: typ}}},
			{Op: ir.OpBroadcast, Operands: []ir.Ref{vecOf(1)}, Outputs: []ir.Output{{Type: typ}}},
			{Op: ir.OpCompare, Operands: []ir.Ref{vecOf(1), vecOf(1), vecOf(w), vecOf(1), vecOf(w)}, Outputs: []ir.Output{{Type: typ}}},
			{Op: ir.OpSelect, Operands: []ir.Ref{vecOf(1), vecOf(w), vecOf(1)}, Outputs: []ir.Output{{Type: typ}}},
			{Op: ir.OpStaticSwitch, Operands: []ir.Ref{vecOf(1), vecOf(w), vecOf(w)}, Outputs: []ir.Output{{Type: typ}}},
			{Op: ir.OpAdd, Operands: []ir.Ref{vecOf(w), vecOf(1)}, Outputs: []ir.Output{{Type: typ}}},
			{Op: ir.OpLerp, Operands: []ir.Ref{vecOf(w), vecOf(w), vecOf(1)}, Outputs: []ir.Output{{Type: ""}}},
			{Op: ir.OpDot, Operands: []ir.Ref{vecOf(w), vecOf(w)}, Outputs: []ir.Output{{Type: "float"}}},
			{Op: ir.OpLength, Operands: []ir.Ref{vecOf(w)}, Outputs: []ir.Output{{Type: "float"}}},
			{Op: ir.OpDistance, Operands: []ir.Ref{vecOf(w), vecOf(w)}, Outputs: []ir.Output{{Type: "float"}}},
			{Op: ir.OpCross, Operands: []ir.Ref{vecOf(3), vecOf(3)}, Outputs: []ir.Output{{Type: "float3"}}},
			{Op: ir.OpNormalize, Operands: []ir.Ref{vecOf(w)}, Outputs: []ir.Output{{Type: typ}}},
			{Op: ir.OpReflect, Operands: []ir.Ref{vecOf(w), vecOf(w)}, Outputs: []ir.Output{{Type: typ}}},
			{Op: ir.OpRefract, Operands: []ir.Ref{vecOf(3), vecOf(3), vecOf(1)}, Outputs: []ir.Output{{Type: "float3"}}},
			{Op: ir.OpSmoothStep, Operands: []ir.Ref{vecOf(1), vecOf(1), vecOf(w)}, Outputs: []ir.Output{{Type: typ}}},
			{Op: ir.OpRsqrt, Operands: []ir.Ref{vecOf(w)}, Outputs: []ir.Output{{Type: typ}}},
			{Op: ir.OpRound, Operands: []ir.Ref{vecOf(w)}, Outputs: []ir.Output{{Type: typ}}},
		} {
			gg.add(n)
		}
	}
	_, wide := groundValues(t, gg)
	m := interp.NewMachine(gg.g, interp.Run{Seed: 1})
	bad := 0
	for i, id := range gg.nodes {
		want, err := m.Read(ir.Ref{Node: id})
		if err != nil {
			t.Fatalf("%s: %v", ir.NodeLine(gg.g.Nodes[id]), err)
		}
		ok := want.N == len(wide[i])
		for k := 0; ok && k < want.N; k++ {
			ok = sameBits(wide[i][k], want.L[k])
		}
		if !ok {
			t.Errorf("%s: float64 translation %v, interp %v", ir.NodeLine(gg.g.Nodes[id]), wide[i], want)
			if bad++; bad > 10 {
				t.Fatal("too many")
			}
		}
	}
}

// slowMachine: as in rewrites_test.go, for the package's own tests.
const slowMachine = 60 * time.Second
