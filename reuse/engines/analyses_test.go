package engines_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"reuselab/compiler"
	"reuselab/ir"
	"reuselab/ir/interp"
	"reuselab/ir/irgen"
	"reuselab/reuse"
	"reuselab/rules/eval"
	"reuselab/rules/rulestest"
)

// The packs that carry an analysis across levels (`# carries:`): ranges
// and reassociate, on random graphs and on the shapes they are for.

// irgenEvaluates runs a pack that extends reuse-2.0 on 10,000 irgen graphs
// (500 with -short; REUSELAB_IRGEN_GRAPHS sets the count): it merges at
// least what reuse-2.0 merges, and its result evaluates as the build graph
// does (interp.Check, 16 random input vectors) wherever reuse-2.0's does.
// It returns how many graphs got an extra merge.
func irgenEvaluates(t *testing.T, name string, mutate ...func(*ir.Graph) *ir.Graph) int {
	p := rulestest.MustPack(t, name)
	base := rulestest.MustPack(t, "reuse-2.0")
	count := irgenCount()
	if testing.Short() {
		count = 500
	}
	const batch = 250
	var mu sync.Mutex
	bad, baseBad, coarser, extra, warned := 0, 0, 0, 0, 0
	sem := make(chan struct{}, 2)
	var wg sync.WaitGroup
	for lo := 0; lo < count; lo += batch {
		sem <- struct{}{}
		wg.Add(1)
		go func(lo, hi int) {
			defer func() { <-sem; wg.Done() }()
			var gs []*ir.Graph
			for s := lo; s < hi; s++ {
				cfg := irgen.Config{Seed: uint64(s), Nodes: 6 + s%24, DupRate: float64(s%5) / 5,
					Function: s%7 == 3, Legacy: s%5 == 4}
				if s%3 == 1 {
					cfg.Shape = irgen.Deep
				}
				g := irgen.Generate(cfg)
				for _, m := range mutate {
					g = m(g)
				}
				gs = append(gs, g)
			}
			outs := eval.EvaluateBatch(gs, p, eval.Options{})
			refs := eval.EvaluateBatch(gs, base, eval.Options{})
			for k, g := range gs {
				res := rulestest.CheckedBuild(t, g, p.Name, outs[k])
				ref := rulestest.CheckedBuild(t, g, base.Name, refs[k])
				opts := interp.Options{Runs: 16, Seed: uint64(lo + k)}
				rep := interp.Check(res, opts)
				baseOK := rep.OK() || interp.Check(ref, opts).OK()
				extras, c := reuse.Coarsens(ref, res)
				mu.Lock()
				warned += len(outs[k].Diags)
				if !baseOK {
					if baseBad++; baseBad == 1 {
						t.Logf("seed %d: reuse-2.0 fails evaluation too: %v", lo+k, rep)
					}
				} else if !rep.OK() {
					if bad++; bad <= 3 {
						t.Errorf("seed %d: %v\nbuild:\n%s", lo+k, rep, ir.DumpGraph(g))
					}
				}
				if !c.Agree() {
					if coarser++; coarser <= 3 {
						t.Errorf("seed %d: %s does not coarsen reuse-2.0: %v", lo+k, name, c)
					}
				}
				if len(extras) > 0 {
					extra++
				}
				mu.Unlock()
			}
		}(lo, min(lo+batch, count))
	}
	wg.Wait()
	if warned > 0 {
		t.Errorf("%s: %d diagnostics on irgen graphs (a disagreement of carried facts is an unsound fact)", name, warned)
	}
	t.Logf("%s on %d irgen graphs: %d failing evaluation where reuse-2.0 passes (%d failed by reuse-2.0 too), %d not coarsening reuse-2.0, %d with an extra merge",
		name, count, bad, baseBad, coarser, extra)
	return extra
}

// irgen seldom applies an identity ranges knows to a value whose range it
// knows, so the graphs are guarded first (guarded).
func TestRangesIrgenEvaluates(t *testing.T) {
	if irgenEvaluates(t, "ranges", guarded) == 0 {
		t.Error("no irgen graph got an extra merge: the test exercises nothing")
	}
}

// guarded copies g with, after every float value node n of one output, one
// of the identities ranges knows applied to it, k = saturate(n), abs(n),
// max(n, 0), min(n, 1), pow(n, 1) or clamp(n, 0, 1) (by n's id), and
// j = n + k, which every later read of n reads instead: k is n exactly
// when n's range says so, and nothing the pack may alias otherwise.
func guarded(g *ir.Graph) *ir.Graph {
	out := *g
	out.Nodes, out.Inputs, out.Outputs = nil, nil, nil
	konst := func(v float64) ir.Ref {
		return ir.Ref{Node: out.Add(&ir.Node{Op: ir.OpConstant, Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(v)}}, Outputs: []ir.Output{{Type: "float"}}})}
	}
	zero, one := konst(0), konst(1)
	id := make([]int, len(g.Nodes))
	alt := map[int]int{}
	for i, n := range g.Nodes {
		c := n.Clone()
		c.MapInputs(func(r ir.Ref) ir.Ref {
			nr := ir.Ref{Node: id[r.Node], Out: r.Out}
			if j, ok := alt[nr.Node]; ok && r.Out == 0 {
				nr.Node = j
			}
			return nr
		})
		id[i] = out.Add(c)
		if c.Role != ir.RoleValue || len(c.Outputs) != 1 || c.Op == ir.OpConstant || !strings.HasPrefix(c.Outputs[0].Type, "float") {
			continue
		}
		typ := c.Outputs[0].Type
		op := func(o ir.Op, args ...ir.Ref) ir.Ref {
			return ir.Ref{Node: out.Add(&ir.Node{Op: o, Operands: args, Outputs: []ir.Output{{Type: typ}}})}
		}
		x := ir.Ref{Node: id[i]}
		var k ir.Ref
		switch i % 6 {
		case 0:
			k = op(ir.OpSaturate, x)
		case 1:
			k = op(ir.OpAbs, x)
		case 2:
			k = op(ir.OpMax, x, zero)
		case 3:
			k = op(ir.OpMin, one, x)
		case 4:
			k = op(ir.OpPow, x, one)
		default:
			k = op(ir.OpClamp, x, zero, one)
		}
		alt[id[i]] = op(ir.OpAdd, x, k).Node
	}
	if g.Sink >= 0 {
		out.Sink = id[g.Sink]
	}
	for _, k := range g.Inputs {
		out.Inputs = append(out.Inputs, id[k])
	}
	for _, k := range g.Outputs {
		out.Outputs = append(out.Outputs, id[k])
	}
	return &out
}

// irgen builds no chains, so the graphs are regrouped first (regrouped).
func TestReassociateIrgenEvaluates(t *testing.T) {
	if irgenEvaluates(t, "reassociate", regrouped) == 0 {
		t.Error("no irgen graph got an extra merge: the test exercises nothing")
	}
}

// regrouped copies g with, after every Add or Multiply n = a ∘ b, the
// chain grouped two ways, l = (a ∘ b) ∘ b and r = a ∘ (b ∘ b), and
// j = l + r, which every later read of n reads instead: both groupings are
// read, and equal, so j is l + l to reassociate, not to reuse-2.0.
func regrouped(g *ir.Graph) *ir.Graph {
	out := *g
	out.Nodes, out.Inputs, out.Outputs = nil, nil, nil
	id := make([]int, len(g.Nodes))
	alt := map[int]int{}
	for i, n := range g.Nodes {
		c := n.Clone()
		c.MapInputs(func(r ir.Ref) ir.Ref {
			nr := ir.Ref{Node: id[r.Node], Out: r.Out}
			if j, ok := alt[nr.Node]; ok && r.Out == 0 {
				nr.Node = j
			}
			return nr
		})
		id[i] = out.Add(c)
		if (c.Op != ir.OpAdd && c.Op != ir.OpMultiply) || c.Role != ir.RoleValue || len(c.Operands) != 2 ||
			len(c.Outputs) != 1 || !c.Operands[0].Valid() || !c.Operands[1].Valid() {
			continue
		}
		typ := c.Outputs[0].Type
		op := func(o ir.Op, x, y ir.Ref) ir.Ref {
			return ir.Ref{Node: out.Add(&ir.Node{Op: o, Operands: []ir.Ref{x, y}, Outputs: []ir.Output{{Type: typ}}})}
		}
		a, b := c.Operands[0], c.Operands[1]
		l := op(c.Op, ir.Ref{Node: id[i]}, b)
		r := op(c.Op, a, op(c.Op, b, b))
		alt[id[i]] = op(ir.OpAdd, l, r).Node
	}
	if g.Sink >= 0 {
		out.Sink = id[g.Sink]
	}
	for _, k := range g.Inputs {
		out.Inputs = append(out.Inputs, id[k])
	}
	for _, k := range g.Outputs {
		out.Outputs = append(out.Outputs, id[k])
	}
	return &out
}

// analysisSource reads c and d, then c * 3 + d, so that the test can see
// whether c and d became one node (sameChannel).
func analysisSource(c, d string) string {
	return fmt.Sprintf(`Shader(Name="M_Analysis")
{
    Properties = {
        vec3 V = vec3(1.0, 0.5, 0.2);
        float A = 0.5;
        float B = 0.25;
        float C = 0.125;
        float D = 2.0;
    }

    Outputs = {
        float Alpha;
        Base.Opacity = Alpha;
    }

    Graph = {
        float c = %s;
        float d = %s;
        Alpha = c * 3.0 + d;
    }
}
`, c, d)
}

// handBuilt compiles each shape, evaluates the pack and reuse-2.0 on it,
// and checks that c and d are one node exactly when merge says so, that
// the pack coarsens reuse-2.0 and that its result evaluates as the build
// graph does.
func handBuilt(t *testing.T, name string, shapes []analysisShape) {
	p := rulestest.MustPack(t, name)
	base := rulestest.MustPack(t, "reuse-2.0")
	for _, sh := range shapes {
		t.Run(sh.name, func(t *testing.T) {
			src := analysisSource(sh.c, sh.d)
			m, ds := compiler.CompileFile("M.dsm", compiler.Options{ReadFile: func(string) ([]byte, error) { return []byte(src), nil }})
			if m == nil || ds.HasErrors() || len(m.Products) != 1 {
				t.Fatalf("does not compile to one product: %s\n%s", ds.String(), src)
			}
			g := m.Products[0]
			g.Legacy = false
			o := eval.Evaluate(g, p, eval.Options{})
			if len(o.Diags) > 0 {
				t.Errorf("diagnostics: %v", o.Diags)
			}
			res := rulestest.CheckedBuild(t, g, p.Name, o)
			ref := rulestest.CheckedBuild(t, g, base.Name, eval.Evaluate(g, base, eval.Options{}))
			if rep := interp.Check(res, interp.Options{Runs: 64, Seed: 1}); !rep.OK() {
				t.Errorf("fails evaluation: %v", rep)
			}
			if _, c := reuse.Coarsens(ref, res); !c.Agree() {
				t.Errorf("does not coarsen reuse-2.0: %v", c)
			}
			if sameChannel(ref, false) {
				t.Fatalf("reuse-2.0 makes %s and %s one node already: the shape tests nothing", sh.c, sh.d)
			}
			if got := sameChannel(res, false); got != sh.merge {
				t.Errorf("%s and %s one node: %v, want %v\nbuild:\n%s\nafter:\n%s", sh.c, sh.d, got, sh.merge, ir.DumpGraph(g), ir.DumpGraph(res.Graph))
			}
			if sh.merge && len(res.Graph.Nodes) >= len(ref.Graph.Nodes) {
				t.Errorf("%d nodes, reuse-2.0 %d", len(res.Graph.Nodes), len(ref.Graph.Nodes))
			}
		})
	}
}

type analysisShape struct {
	name, c, d string
	merge      bool
}

func TestRangesHandBuilt(t *testing.T) {
	handBuilt(t, "ranges", []analysisShape{
		{"saturate of a sine blend", "saturate(sin(A) * 0.5 + 0.5)", "sin(A) * 0.5 + 0.5", true},
		{"pow 1 of a saturate", "pow(saturate(A), 1.0)", "saturate(A)", true},
		{"max 0 of an abs", "max(abs(A), 0.0)", "abs(A)", true},
		{"max 0 first", "max(0.0, abs(A))", "abs(A)", true},
		{"min 1 of a frac", "min(frac(A), 1.0)", "frac(A)", true},
		{"abs of a product in [0, 1]", "abs(saturate(A) * saturate(B))", "saturate(A) * saturate(B)", true},
		{"clamp of a cosine", "clamp(cos(A), -1.0, 1.0)", "cos(A)", true},
		{"max of ordered ranges", "max(saturate(A) + 2.0, cos(B))", "saturate(A) + 2.0", true},
		// Unsound without the range, so kept.
		{"saturate of a wider range", "saturate(sin(A) * 2.0)", "sin(A) * 2.0", false},
		{"pow 1 of a difference", "pow(A - B, 1.0)", "A - B", false},
		{"max 0 of a sine", "max(sin(A), 0.0)", "sin(A)", false},
		{"abs of a sine", "abs(sin(A))", "sin(A)", false},
		{"saturate of a parameter", "saturate(A)", "A", false},
		{"min 1 of a sum of saturates", "min(saturate(A) + saturate(B), 1.0)", "saturate(A) + saturate(B)", false},
	})
}

func TestReassociateHandBuilt(t *testing.T) {
	handBuilt(t, "reassociate", []analysisShape{
		{"sum regrouped", "(A + B) + C", "A + (B + C)", true},
		{"sum reordered", "(C + A) + B", "A + (B + C)", true},
		{"product regrouped", "(A * B) * C", "A * (B * C)", true},
		{"four terms", "((A + B) + C) + D", "(A + B) + (C + D)", true},
		{"a repeated term", "(A + A) + B", "A + (B + A)", true},
		{"vector chain", "((V * A) * B).x", "((V * B) * A).x", true},
		// Not the same multiset, or not one chain.
		{"mixed ops", "(A + B) * C", "A + (B * C)", false},
		{"other terms", "(A + B) + C", "(A + B) + D", false},
		{"multiplicity", "(A + A) + B", "(A + B) + B", false},
		{"a difference is a leaf", "(A - B) + C", "A - (B - C)", false},
		{"a narrower chain is a leaf", "((V + A) + B).x", "(V + (A + B)).x", false},
	})
}
