package fuzz

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"reuselab/ir"
	"reuselab/ir/interp"
	"reuselab/prove"
	"reuselab/verify"
)

// draws is an evaluation of claims on chosen inputs: a copy of the build
// graph whose parameters are Constants, set draw by draw, evaluated by
// ir/interp (float64, Unreal's guards). ir/interp draws a parameter from
// a seed; here it is set, so that the edge values are met on purpose.
type draws struct {
	g      *ir.Graph
	inputs []int // the Constants that stand for parameters, one a parameter
	bools  []bool
	// same[k] are the other Constants that stand for inputs[k]: nodes of
	// one parameter name and type are one parameter (the reference merges
	// them, and ir/interp draws a parameter by its name), so they are set
	// alike
	same [][]int
}

func newDraws(build *ir.Graph) *draws {
	d := &draws{g: build.Clone()}
	type param struct{ name, typ string }
	seen := map[param]int{}
	for i, n := range d.g.Nodes {
		if n.Op != ir.OpParameter || len(n.Outputs) != 1 {
			continue
		}
		w := ir.TypeWidth(n.Outputs[0].Type)
		if w == 0 {
			continue
		}
		static, _ := n.Prop("IsStatic")
		isBool := strings.HasPrefix(n.Outputs[0].Type, "bool") || static.Kind == ir.KindBool && static.Bool
		name, _ := n.Prop("ParameterName")
		d.g.Nodes[i] = &ir.Node{ID: i, Op: ir.OpConstant, Outputs: n.Outputs, Debug: name.Str,
			Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(make([]float64, w)...)}}}
		key := param{name.Str, n.Outputs[0].Type}
		if k, ok := seen[key]; ok && name.Str != "" {
			d.same[k] = append(d.same[k], i)
			continue
		}
		seen[key] = len(d.inputs)
		d.inputs = append(d.inputs, i)
		d.bools = append(d.bools, isBool)
		d.same = append(d.same, nil)
	}
	return d
}

// Draw is one input: each parameter's lanes, by build node.
type Draw struct {
	Node  []int
	Names []string
	Lanes [][]float64
}

func (d Draw) String() string {
	var parts []string
	for k, n := range d.Node {
		parts = append(parts, fmt.Sprintf("%s (b%d) = %v", d.Names[k], n, d.Lanes[k]))
	}
	return strings.Join(parts, ", ")
}

// plan lists the draws to try: with one or two scalar parameters every
// pair of edge values, then random ones; else each lane an edge value
// half the time.
func (d *draws) plan(r *rand.Rand, random int) [][][]float64 {
	var out [][][]float64
	lanes := func(i int, pick func() float64) []float64 {
		ls := make([]float64, len(d.g.Nodes[d.inputs[i]].Props[0].Value.Nums))
		for k := range ls {
			if d.bools[i] {
				ls[k] = float64(r.IntN(2))
			} else {
				ls[k] = pick()
			}
		}
		return ls
	}
	scalars := len(d.inputs) <= 2
	for i := range d.inputs {
		scalars = scalars && !d.bools[i] && len(d.g.Nodes[d.inputs[i]].Props[0].Value.Nums) == 1
	}
	switch {
	case len(d.inputs) == 0:
		return [][][]float64{nil}
	case scalars && len(d.inputs) == 1:
		for _, x := range Edge {
			out = append(out, [][]float64{{x}})
		}
	case scalars:
		for _, x := range Edge {
			for _, y := range Edge {
				out = append(out, [][]float64{{x}, {y}})
			}
		}
	}
	for range random {
		v := make([][]float64, len(d.inputs))
		for i := range d.inputs {
			v[i] = lanes(i, func() float64 {
				if r.IntN(2) == 0 {
					return Edge[r.IntN(len(Edge))]
				}
				return randomValue(r)
			})
		}
		out = append(out, v)
	}
	return out
}

func (d *draws) set(v [][]float64) {
	for i, id := range d.inputs {
		copy(d.g.Nodes[id].Props[0].Value.Nums, v[i])
		for _, other := range d.same[i] {
			copy(d.g.Nodes[other].Props[0].Value.Nums, v[i])
		}
	}
}

func (d *draws) draw(v [][]float64) Draw {
	var w Draw
	for i, id := range d.inputs {
		w.Node = append(w.Node, id)
		w.Names = append(w.Names, d.g.Nodes[id].Debug)
		w.Lanes = append(w.Lanes, append([]float64(nil), v[i]...))
	}
	return w
}

// side evaluates one side of a claim on the current draw.
func side(m *interp.Machine, s prove.Side) (interp.Value, error) {
	v, err := m.Read(s.Ref)
	if err != nil || s.Lane < 0 {
		return v, err
	}
	if v.Kind != interp.Num || s.Lane >= v.N {
		return interp.Value{}, fmt.Errorf("no lane %d", s.Lane)
	}
	return interp.Scalar(v.Lane(s.Lane)), nil
}

// Counterexample is a draw on which ir/interp computes the two sides of a
// claim differently.
type Counterexample struct {
	Draw        Draw
	Left, Right interp.Value
}

func (c *Counterexample) String() string {
	return fmt.Sprintf("%s: left %v, right %v (ir/interp)", c.Draw, c.Left, c.Right)
}

// evaluate tries the claim on every planned draw: the first draw that
// separates its sides, or nil; err when ir/interp cannot evaluate it.
func (d *draws) evaluate(c verify.Claim, plan [][][]float64) (*Counterexample, error) {
	for _, v := range plan {
		d.set(v)
		m := interp.NewMachine(d.g, interp.Run{Seed: 1})
		a, err := side(m, c.A)
		if err != nil {
			return nil, err
		}
		var b interp.Value
		if c.Fold {
			b = interp.Vec(c.Konst...)
			if w := interp.WidthOf(d.g.Nodes[c.A.Ref.Node].Type(c.A.Ref.Out)); w > 0 {
				b = b.Fit(w)
			}
		} else if b, err = side(m, c.B); err != nil {
			return nil, err
		}
		if !interp.Equal(a, b, 0) {
			return &Counterexample{Draw: d.draw(v), Left: a, Right: b}, nil
		}
	}
	return nil, nil
}

// claimKey spells a claim as its two sides' expressions over the
// parameters by name, so that the same claim met in another graph (or at
// other node ids) has the same key; false when a side is too deep to
// spell.
func claimKey(g *ir.Graph, c verify.Claim) (string, bool) {
	memo := map[ir.Ref]string{}
	var spell func(r ir.Ref, depth int) (string, bool)
	spell = func(r ir.Ref, depth int) (string, bool) {
		if s, ok := memo[r]; ok {
			return s, true
		}
		if depth > 12 || r.Node < 0 || r.Node >= len(g.Nodes) {
			return "", false
		}
		n := g.Nodes[r.Node]
		var b strings.Builder
		switch n.Op {
		case ir.OpParameter:
			name, _ := n.Prop("ParameterName")
			fmt.Fprintf(&b, "param(%q:%s)", name.Str, n.Type(r.Out))
		default:
			fmt.Fprintf(&b, "%s[%s]#%d:%s(", n.Op, n.Class, r.Out, n.Type(r.Out))
			for _, p := range n.SortedProps() {
				fmt.Fprintf(&b, "%s=%s,", p.Name, p.Value)
			}
			for _, a := range n.Operands {
				s, ok := spell(a, depth+1)
				if !ok {
					return "", false
				}
				b.WriteString(s + ",")
			}
			for _, p := range n.Pins {
				s, ok := spell(p.Ref, depth+1)
				if !ok {
					return "", false
				}
				b.WriteString(p.Name + "=" + s + ",")
			}
			b.WriteString(")")
		}
		memo[r] = b.String()
		return memo[r], true
	}
	a, ok := spell(c.A.Ref, 0)
	if !ok {
		return "", false
	}
	key := fmt.Sprintf("%s|%s.%d=", c.Kind, a, c.A.Lane)
	if c.Fold {
		return key + fmt.Sprint(c.Konst), true
	}
	b, ok := spell(c.B.Ref, 0)
	return key + fmt.Sprintf("%s.%d", b, c.B.Lane), ok
}
