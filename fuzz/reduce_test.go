package fuzz

import (
	"testing"
	"time"

	"reuselab/ir"
	"reuselab/ir/irgen"
)

// swappedSubtracts reports whether g holds a - b and b - a.
func swappedSubtracts(g *ir.Graph) bool {
	seen := map[[2]ir.Ref]bool{}
	for _, n := range g.Nodes {
		if n.Op == ir.OpSubtract && len(n.Operands) == 2 {
			if seen[[2]ir.Ref{n.Operands[1], n.Operands[0]}] {
				return true
			}
			seen[[2]ir.Ref{n.Operands[0], n.Operands[1]}] = true
		}
	}
	return false
}

func valueOps(g *ir.Graph) (ops []ir.Op) {
	for _, n := range g.Nodes {
		if n.Role == ir.RoleValue {
			ops = append(ops, n.Op)
		}
	}
	return ops
}

// A batch graph reduces to what the predicate needs: two parameters and
// the two subtractions, bound to two outputs.
func TestReduceKeepsOnlyWhatRefutes(t *testing.T) {
	b := newBuilder("M_Fuzz")
	pa, pb := b.param("A", 0.5), b.param("B", 0.25)
	for _, sh := range singles([]ir.Op{ir.OpAdd, ir.OpSubtract, ir.OpMultiply, ir.OpSaturate}) {
		b.instantiate(instance{s: sh, consts: repeat(2, sh.constSlots())}, pa, pb)
	}
	g := b.finish()
	if !swappedSubtracts(g) || len(rootPins(g)) < 10 {
		t.Fatalf("the batch has no a - b and b - a, or few results:\n%s", ir.DumpGraph(g))
	}
	small := reduce(g, swappedSubtracts, 1000, time.Time{})
	if ops := valueOps(small); len(ops) != 4 || len(rootPins(small)) != 2 || ir.Check(small) != nil {
		t.Fatalf("reduced to %v, %d results:\n%s", ops, len(rootPins(small)), ir.DumpGraph(small))
	}
	if p, err := PrintDSM(small, "M_Witness"); err != nil || p.Statements != 2 {
		t.Errorf("%d statements (%v):\n%s", p.Statements, err, p.Text)
	}
}

// Planted in a random graph, over values the printer has no spelling for
// (a texture sample's channel, a Custom node), the witness still reduces
// to a program: those values become parameters.
func TestReducePlantedBecomesPrintable(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		g := irgen.Generate(irgen.Config{Seed: seed, Nodes: 80, DupRate: 0.3})
		var unspelledScalars []ir.Ref
		for i, n := range g.Nodes {
			for k, o := range n.Outputs {
				if o.Type == "float" && unspelled(n) {
					unspelledScalars = append(unspelledScalars, ir.Ref{Node: i, Out: k})
				}
			}
		}
		if len(unspelledScalars) < 2 {
			continue
		}
		b := &builder{g: g}
		x, y := unspelledScalars[0], unspelledScalars[len(unspelledScalars)-1]
		for _, pair := range [][2]ir.Ref{{x, y}, {y, x}} {
			r, _ := b.op(ir.OpSubtract, "", pair[0], pair[1])
			b.root(r)
		}
		g = b.finish()
		if err := ir.Check(g); err != nil {
			t.Fatal(err)
		}
		small := reduce(g, swappedSubtracts, 2000, time.Time{})
		p, err := PrintDSM(small, "M_Witness")
		if err != nil || p.Statements > 2 {
			t.Fatalf("seed %d: not printable (%v) or %d statements:\n%s", seed, err, p.Statements, ir.DumpGraph(small))
		}
		return
	}
	t.Fatal("no random graph with two scalar values without a 1.x spelling")
}
