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

// Confirmation is what ir/interp made of a witness.
type Confirmation uint8

const (
	// NotReplayed: no witness.
	NotReplayed Confirmation = iota
	// Confirmed: ir/interp computes different values on the witness.
	Confirmed
	// Float32Only: ir/interp (float64) computes equal values on the
	// witness, as the prover's float64 translation does: the difference is
	// float32's rounding, range or denormals, which interp does not have.
	Float32Only
	// Float32OnlyEverywhere: and no input at all makes float64 differ
	// where float32 does (the solver proved it): evaluation in float64
	// cannot find this fault.
	Float32OnlyEverywhere
	// NotReplayable: the sides are identities (textures, material
	// attributes) ir/interp cannot be handed, or it cannot evaluate the
	// cone.
	NotReplayable
	// Unconfirmed: a witness over the reals, rounded to float64 for
	// ir/interp, which computes equal values there.
	Unconfirmed
)

var confirmationNames = [...]string{"not replayed", "confirmed", "float32 only",
	"float32 only, on every input", "not replayable", "not confirmed"}

func (c Confirmation) String() string { return confirmationNames[c] }

// Replay is ir/interp's evaluation of a witness: the leaves and the
// solver's choices for the nodes it does not know plugged in as constants.
type Replay struct {
	Confirmation Confirmation
	Left, Right  interp.Value
	Note         string
}

func (r Replay) String() string {
	s := r.Confirmation.String()
	if r.Confirmation != NotReplayable && r.Confirmation != NotReplayed {
		s += fmt.Sprintf(" (left %v, right %v)", r.Left, r.Right)
	}
	if r.Note != "" {
		s += ": " + r.Note
	}
	return s
}

// replayer is the cone as its own graph, with a Constant for every plugged
// value that its readers read instead.
type replayer struct {
	g      *ir.Graph
	consts []int // per plug of the narrow translation
	refs   [2]ir.Ref
}

func floatType(n int) string {
	if n <= 1 {
		return "float"
	}
	return fmt.Sprintf("float%d", n)
}

func (q *query) replayer() *replayer {
	plugs := q.narrow.plugs
	at := make(map[[2]int]int, len(plugs))
	for i, p := range plugs {
		at[[2]int{p.node, p.out}] = i
	}
	r := &replayer{g: ir.NewGraph(q.g.Kind, q.g.Name), consts: make([]int, len(plugs))}
	ids := make(map[int]int, len(q.order))
	remap := func(ref ir.Ref) ir.Ref {
		if i, ok := at[[2]int{ref.Node, ref.Out}]; ok {
			return ir.Ref{Node: r.consts[i]}
		}
		return ir.Ref{Node: ids[ref.Node], Out: ref.Out}
	}
	for _, id := range q.order {
		n := q.g.Nodes[id].Clone()
		n.MapInputs(remap)
		ids[id] = r.g.Add(n)
		for out := range n.Outputs {
			if i, ok := at[[2]int{id, out}]; ok {
				w := len(plugs[i].terms)
				r.consts[i] = r.g.Add(&ir.Node{Op: ir.OpConstant, Outputs: []ir.Output{{Type: floatType(w)}},
					Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(make([]float64, w)...)}}})
			}
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
}

// replay evaluates the witness vals with ir/interp and, for Float32,
// checks interp against the prover's float64 translation lane by lane.
func (q *query) replay(vals map[string]modelValue) replayResult {
	if q.rp == nil {
		q.rp = q.replayer()
	}
	for i, p := range q.narrow.plugs {
		lanes := make([]float64, len(p.terms))
		for k, t := range p.terms {
			lanes[k] = q.value(vals, t)
		}
		q.rp.g.Nodes[q.rp.consts[i]].Props[0].Value = ir.Tuple(lanes...)
	}
	m := interp.NewMachine(q.rp.g, interp.Run{Seed: 1})
	var res replayResult
	read := func(ref ir.Ref, lane int) (interp.Value, error) {
		v, err := m.Read(ref)
		if err != nil || lane < 0 {
			return v, err
		}
		return interp.Scalar(v.Lane(lane)), nil
	}
	if res.left, res.err = read(q.rp.refs[0], q.a.Lane); res.err != nil {
		return res
	}
	if q.b.isConst {
		res.right = interp.Vec(q.b.konst...).Fit(res.left.N)
	} else if res.right, res.err = read(q.rp.refs[1], q.b.side.Lane); res.err != nil {
		return res
	}
	res.differs = !interp.Equal(res.left, res.right, 0)
	if q.wide != nil {
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
	}
	return res
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

// verdictFrom makes the verdict of an entry for this query's graph.
func (q *query) verdictFrom(e entry) Verdict {
	v := Verdict{Outcome: e.outcome, Reason: e.reason}
	if e.outcome != Refuted {
		return v
	}
	w := &Witness{ULPs: -1}
	for _, p := range q.narrow.plugs {
		a := Assignment{Node: p.node, Out: p.out, What: p.what, Leaf: p.leaf}
		for _, t := range p.terms {
			a.Lanes = append(a.Lanes, q.value(e.values, t))
		}
		w.Values = append(w.Values, a)
	}
	for s, side := range q.v {
		for k := 0; k < side.n && !side.handle; k++ {
			x := q.value(e.values, q.narrow.lane(side, k))
			if s == 0 {
				w.Left = append(w.Left, x)
			} else {
				w.Right = append(w.Right, x)
			}
		}
	}
	if q.wide != nil && len(w.Left) == len(w.Right) && len(w.Left) > 0 {
		w.ULPs = 0
		for k := range w.Left {
			d := ulps(w.Left[k], w.Right[k])
			if d < 0 || w.ULPs < 0 {
				w.ULPs = -1
			} else {
				w.ULPs = max(w.ULPs, d)
			}
		}
	}
	v.Witness = w
	if q.wide != nil && len(w.Left) == len(w.Right) && q.v[0].handle == q.v[1].handle && !q.v[0].handle {
		same := true
		for k := range w.Left {
			same = same && interp.Equal(interp.Scalar(w.Left[k]), interp.Scalar(w.Right[k]), 0)
		}
		if same {
			return Verdict{Outcome: Unknown, Bug: true, Witness: w,
				Reason: "the solver's model does not separate the sides it said differ (a fault of the solver's or ours)"}
		}
	}
	if q.v[0].handle || q.v[1].handle {
		w.Replay = Replay{Confirmation: NotReplayable, Note: "the sides are identities (textures, material attributes), which ir/interp cannot be handed"}
		return v
	}
	r := q.replay(e.values)
	w.Replay = Replay{Left: r.left, Right: r.right}
	switch {
	case r.err != nil:
		w.Replay.Confirmation, w.Replay.Note = NotReplayable, "ir/interp cannot evaluate the cone: "+r.err.Error()
	case r.bug != "":
		return Verdict{Outcome: Unknown, Bug: true, Witness: w,
			Reason: "bug of ours: ir/interp and the prover disagree on the witness: " + r.bug}
	case r.differs:
		w.Replay.Confirmation = Confirmed
	case q.wide == nil:
		w.Replay.Confirmation = Unconfirmed
		w.Replay.Note = "the real witness, rounded to float64, does not separate the sides in ir/interp"
	case e.float32Everywhere:
		w.Replay.Confirmation = Float32OnlyEverywhere
		w.Replay.Note = "ir/interp evaluates in float64, where no input separates the sides"
	default:
		w.Replay.Confirmation, w.Replay.Note = Float32Only, e.searchNote
	}
	for _, mv := range e.values {
		if !mv.exact && q.wide == nil {
			w.Replay.Note = strings.TrimPrefix(w.Replay.Note+"; some real values were rounded to float64", "; ")
			break
		}
	}
	return v
}

// edgeValues are the float32 values a fault hides behind.
var edgeValues = []float64{math.NaN(), math.Inf(1), math.Inf(-1), 0, math.Copysign(0, -1), 1, -1, 0.5, -0.5, 2, 3,
	math.MaxFloat32, -math.MaxFloat32, math.SmallestNonzeroFloat32, -math.SmallestNonzeroFloat32,
	0x1p-126, float64(math.Nextafter32(1, 2)), 0x1p24}

// edgeCandidates are assignments of edge values to the witness's free terms
// on which ir/interp separates the sides, as assertions for the solver,
// which then says whether float32 separates them too. The product of edge
// values is tried when small, else a fixed sample of it; evaluation is
// bounded by the cone's size.
func (q *query) edgeCandidates() []string {
	var slots []string
	seen := map[string]bool{}
	for _, p := range q.narrow.plugs {
		for _, t := range p.terms {
			if !seen[t] && len(t) > 1 && strings.ContainsRune("vtu", rune(t[0])) {
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
		if r := q.replay(vals); r.err == nil && r.differs {
			c := eqs[0]
			if len(eqs) > 1 {
				c = "(and " + strings.Join(eqs, " ") + ")"
			}
			found = append(found, c)
			if len(found) == 3 {
				break
			}
		}
	}
	return found
}
