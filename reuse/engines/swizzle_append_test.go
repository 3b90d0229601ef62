package engines_test

import (
	"fmt"
	"testing"

	"reuselab/compiler"
	"reuselab/ir"
	"reuselab/ir/interp"
	"reuselab/reuse"
	"reuselab/rules/eval"
	"reuselab/rules/rulestest"
)

// The swizzle-append pack on random graphs and on the shape it is for.

// TestSwizzleAppendIrgenEvaluates: on 10,000 irgen graphs (500 with
// -short; REUSELAB_IRGEN_GRAPHS sets the count) the pack merges at least
// what reuse-2.0 merges, and its result evaluates as the build graph does
// (interp.Check, 16 random input vectors) wherever reuse-2.0's does: a
// graph reuse-2.0 itself fails is its base's fault, counted and logged.
func TestSwizzleAppendIrgenEvaluates(t *testing.T) {
	irgenEvaluates(t, "swizzle-append")
}

// swizzleAppendShapes are reordered swizzles read back to one channel:
// each left side is built as one-letter Swizzles joined by Appends
// (LANGUAGE-2.0 §2.5) and reads the channel its right side reads directly.
var swizzleAppendShapes = []struct{ name, chained, direct string }{
	{"zyx.yx.y", "V.zyx.yx.y", "V.z"},
	{"append of scalars", "vec2(A, B).y", "B"},
	{"wide left operand", "vec4(V, A).wzyx.x", "A"},
	{"nested right operand", "vec3(A, V.yx).z", "V.x"},
	{"mask of an Append", "vec4(V.zy, A, B).yxwz.w", "A"},
}

// TestSwizzleAppendHandBuilt: on each shape the pack makes the chained
// channel and the direct one a single node (the graph is smaller than
// under reuse-2.0, which keeps them apart), and the result evaluates as
// the build graph does. The sources are 1.x blocks, whose identity masks
// R4 keeps: a chain ending on a scalar is that scalar's Swizzle "x" there,
// and the scalar itself once the product is not legacy.
func TestSwizzleAppendHandBuilt(t *testing.T) {
	p := rulestest.MustPack(t, "swizzle-append")
	base := rulestest.MustPack(t, "reuse-2.0")
	for _, sh := range swizzleAppendShapes {
		for _, legacy := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s/legacy=%v", sh.name, legacy), func(t *testing.T) {
				src := analysisSource(sh.chained, sh.direct)
				m, ds := compiler.CompileFile("M.dsm", compiler.Options{ReadFile: func(string) ([]byte, error) { return []byte(src), nil }})
				if m == nil || ds.HasErrors() || len(m.Products) != 1 || !m.Products[0].Legacy {
					t.Fatalf("does not compile to one 1.x product: %s\n%s", ds.String(), src)
				}
				g := m.Products[0]
				g.Legacy = legacy
				res := rulestest.CheckedBuild(t, g, p.Name, eval.Evaluate(g, p, eval.Options{}))
				ref := rulestest.CheckedBuild(t, g, base.Name, eval.Evaluate(g, base, eval.Options{}))
				if rep := interp.Check(res, interp.Options{Runs: 64, Seed: 1}); !rep.OK() {
					t.Errorf("fails evaluation: %v", rep)
				}
				if _, c := reuse.Coarsens(ref, res); !c.Agree() {
					t.Errorf("does not coarsen reuse-2.0: %v", c)
				}
				if got, was := len(res.Graph.Nodes), len(ref.Graph.Nodes); got >= was && !legacy {
					t.Errorf("%s: %d nodes, reuse-2.0 %d: the chain was not read through\nbuild:\n%s\nafter:\n%s",
						sh.chained, got, was, ir.DumpGraph(g), ir.DumpGraph(res.Graph))
				}
				if !sameChannel(res, legacy) {
					t.Errorf("%s and %s are not one channel:\n%s", sh.chained, sh.direct, ir.DumpGraph(res.Graph))
				}
				if sameChannel(ref, legacy) {
					t.Errorf("reuse-2.0 reads %s through already: the shape tests nothing", sh.chained)
				}
			})
		}
	}
}

// sameChannel reports whether the sink's Opacity, c*3 + d, reads c and d
// as one node (in a legacy product c may also be d's identity Swizzle "x").
func sameChannel(res *ir.Result, legacy bool) bool {
	g := res.Graph
	for _, n := range g.Nodes {
		if n.Op != ir.OpAdd || len(n.Operands) != 2 {
			continue
		}
		mul := g.Nodes[n.Operands[0].Node]
		if mul.Op != ir.OpMultiply || len(mul.Operands) != 2 {
			continue
		}
		c, d := mul.Operands[0], n.Operands[1]
		if c == d {
			return true
		}
		if cn := g.Nodes[c.Node]; legacy && cn.Op == ir.OpSwizzle && len(cn.Operands) == 1 && cn.Operands[0] == d {
			m, _ := cn.Prop("Mask")
			return m.Str == "x"
		}
	}
	return false
}
