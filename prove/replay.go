package prove

import (
	"bufio"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"reuselab/ir"
	"reuselab/ir/interp"
)

// Replaying a witness with ir/interp, two ways.
//
// Plugged: every value the witness assigns is a Constant its readers read
// — leaves, the nodes interp only hashes (texture samples, Custom…), and
// the math functions the solver chose values for (sin, pow…). interp then
// computes exactly what the prover's float64 translation computes, which
// checks the translation.
//
// Natural: the math functions are left to interp, whose sin is sin. A
// refutation that holds only because the solver picked a value sin cannot
// take (pow(1, 1) = 5) is not confirmed this way. Texture samples and the
// other hashed nodes stay plugged either way: their values are inputs, as a
// texture's contents are.

// replayer is the cone as a graph of its own, with a Constant per plugged
// value that its readers read instead.
type replayer struct {
	g      *ir.Graph
	consts []int       // per plug of the narrow translation
	nodeAt map[int]int // cone node → its copy
	refs   [2]ir.Ref
}

func floatType(n int) string {
	if n <= 1 {
		return "float"
	}
	return fmt.Sprintf("float%d", n)
}

func (q *query) replayer(natural bool) *replayer {
	plugs := q.narrow.plugs
	at := make(map[[2]int]int, len(plugs))
	for i, p := range plugs {
		if !natural || !p.math {
			at[[2]int{p.node, p.out}] = i
		}
	}
	r := &replayer{g: ir.NewGraph(q.g.Kind, q.g.Name), consts: make([]int, len(plugs)), nodeAt: make(map[int]int, len(q.order))}
	remap := func(ref ir.Ref) ir.Ref {
		if i, ok := at[[2]int{ref.Node, ref.Out}]; ok {
			return ir.Ref{Node: r.consts[i]}
		}
		return ir.Ref{Node: r.nodeAt[ref.Node], Out: ref.Out}
	}
	byNode := map[int][]int{}
	for i, p := range plugs {
		byNode[p.node] = append(byNode[p.node], i)
	}
	for _, id := range q.order {
		n := q.g.Nodes[id].Clone()
		n.MapInputs(remap)
		r.nodeAt[id] = r.g.Add(n)
		for _, i := range byNode[id] {
			w := len(plugs[i].terms)
			r.consts[i] = r.g.Add(&ir.Node{Op: ir.OpConstant, Outputs: []ir.Output{{Type: floatType(w)}},
				Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(make([]float64, w)...)}}})
		}
	}
	r.refs[0] = remap(q.a.Ref)
	if !q.b.isConst {
		r.refs[1] = remap(q.b.side.Ref)
	}
	return r
}

type replayResult struct {
	left, right interp.Value
	differs     bool
	bug         string
	err         error
	machine     *interp.Machine
}

// replay evaluates the witness vals with ir/interp. Plugged, for Float32,
// it also checks interp against the prover's float64 translation, lane by
// lane.
func (q *query) replay(vals map[string]modelValue, natural bool) replayResult {
	rp := &q.plugged
	if natural {
		rp = &q.natural
	}
	if *rp == nil {
		*rp = q.replayer(natural)
	}
	r := *rp
	for i, p := range q.narrow.plugs {
		lanes := make([]float64, len(p.terms))
		for k, t := range p.terms {
			lanes[k] = q.value(vals, t)
		}
		r.g.Nodes[r.consts[i]].Props[0].Value = ir.Tuple(lanes...)
	}
	m := interp.NewMachine(r.g, interp.Run{Seed: 1})
	res := replayResult{machine: m}
	read := func(ref ir.Ref, lane int) (interp.Value, error) {
		v, err := m.Read(ref)
		if err != nil || lane < 0 {
			return v, err
		}
		return interp.Scalar(v.Lane(lane)), nil
	}
	if res.left, res.err = read(r.refs[0], q.a.Lane); res.err != nil {
		return res
	}
	if q.b.isConst {
		res.right = interp.Vec(q.b.konst...).Fit(res.left.N)
	} else if res.right, res.err = read(r.refs[1], q.b.side.Lane); res.err != nil {
		return res
	}
	res.differs = !interp.Equal(res.left, res.right, 0)
	if q.wide == nil || natural {
		return res
	}
	for s, got := range []interp.Value{res.left, res.right} {
		want := q.w[s]
		if want.handle {
			continue
		}
		if got.N != want.n {
			res.bug = fmt.Sprintf("side %d: ir/interp computes %d lanes, the prover %d", s+1, got.N, want.n)
			break
		}
		for k := 0; k < want.n; k++ {
			w := q.value(vals, q.wide.lane(want, k))
			if g := got.L[k]; !(math.IsNaN(g) && math.IsNaN(w)) && math.Float64bits(g) != math.Float64bits(w) {
				res.bug = fmt.Sprintf("side %d lane %d: ir/interp computes %v, the prover's float64 translation %v", s+1, k, g, w)
			}
		}
	}
	return res
}

// hasMath reports whether the cone holds a math function the solver chose
// values for.
func (q *query) hasMath() bool {
	for _, p := range q.narrow.plugs {
		if p.math {
			return true
		}
	}
	return false
}

// value is a term's value in a model; a literal reads itself.
func (q *query) value(vals map[string]modelValue, term string) float64 {
	if v, ok := vals[term]; ok {
		return v.v
	}
	x, err := readDatum(bufio.NewReader(strings.NewReader(term)))
	if err != nil {
		return math.NaN()
	}
	v, _, err := number(x)
	if err != nil {
		return math.NaN()
	}
	return v
}

// edgeValues are the float32 values a fault hides behind.
var edgeValues = []float64{math.NaN(), math.Inf(1), math.Inf(-1), 0, math.Copysign(0, -1), 1, -1, 0.5, -0.5, 2, 3,
	math.MaxFloat32, -math.MaxFloat32, math.SmallestNonzeroFloat32, -math.SmallestNonzeroFloat32,
	0x1p-126, float64(math.Nextafter32(1, 2)), 0x1p24}

// edgeCandidates are assignments of edge values to the witness's free
// values (leaves, hashed nodes) on which ir/interp, computing the math
// functions itself, separates the sides; as assertions for the solver,
// which then says whether float32 separates them too, with each math
// function's value pinned to interp's, rounded to float32. The product of
// edge values is tried when small, else a fixed sample of it; evaluation
// is bounded by the cone's size.
func (q *query) edgeCandidates() []string {
	var slots []string
	seen := map[string]bool{}
	for _, p := range q.narrow.plugs {
		for _, t := range p.terms {
			if !p.math && !seen[t] && len(t) > 1 && strings.ContainsRune("vtu", rune(t[0])) {
				seen[t] = true
				slots = append(slots, t)
			}
		}
	}
	if len(slots) == 0 {
		return nil
	}
	domain := func(i int) []float64 {
		if q.f.boolVars[slots[i]] {
			return []float64{0, 1}
		}
		return edgeValues
	}
	budget := max(64, min(4096, 2000000/max(len(q.order), 1)))
	var combos [][]int // indexes into each slot's domain
	total := 1
	for i := range slots {
		total *= len(domain(i))
		if total > budget {
			break
		}
	}
	if total <= budget {
		for c := 0; c < total; c++ {
			idx, r := make([]int, len(slots)), c
			for i := range slots {
				idx[i], r = r%len(domain(i)), r/len(domain(i))
			}
			combos = append(combos, idx)
		}
	} else {
		rng := rand.New(rand.NewPCG(1, uint64(len(slots))))
		for e := range edgeValues {
			idx := make([]int, len(slots))
			for i := range slots {
				idx[i] = e % len(domain(i))
			}
			combos = append(combos, idx)
		}
		for len(combos) < budget {
			idx := make([]int, len(slots))
			for i := range slots {
				idx[i] = rng.IntN(len(domain(i)))
			}
			combos = append(combos, idx)
		}
	}
	var found []string
	vals := make(map[string]modelValue, len(slots))
	for _, idx := range combos {
		var eqs []string
		for i, t := range slots {
			x := domain(i)[idx[i]]
			vals[t] = modelValue{v: x, exact: true}
			eqs = append(eqs, "(= "+t+" "+q.narrow.a.lit(x)+")")
		}
		r := q.replay(vals, true)
		if r.err != nil || !r.differs {
			continue
		}
		for _, p := range q.narrow.plugs {
			if !p.math {
				continue
			}
			v, err := r.machine.Read(ir.Ref{Node: q.natural.nodeAt[p.node], Out: p.out})
			for k, t := range p.terms {
				if err == nil && k < v.N {
					eqs = append(eqs, "(= "+t+" "+q.narrow.a.lit(v.L[k])+")")
				}
			}
		}
		c := eqs[0]
		if len(eqs) > 1 {
			c = "(and " + strings.Join(eqs, " ") + ")"
		}
		found = append(found, c)
		if len(found) == 3 {
			break
		}
	}
	return found
}
