package facts

import (
	"math"
	"slices"
	"testing"

	"github.com/google/mangle/ast"

	"reuselab/ir"
	"reuselab/ir/irgen"
)

func collect(t *testing.T, s *Store, q ast.Atom) []ast.Atom {
	t.Helper()
	var out []ast.Atom
	if err := s.GetFacts(q, func(a ast.Atom) error { out = append(out, a); return nil }); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestUsesIsSlotCut: uses/2 lists, for every node, exactly the distinct
// nodes its slot/5 facts read (absent slots left out), each once.
func TestUsesIsSlotCut(t *testing.T) {
	v := func(s string) ast.BaseTerm { return ast.Variable{Symbol: s} }
	twice := 0
	for seed := uint64(0); seed < 30; seed++ {
		g := irgen.Generate(irgen.Config{Seed: seed, Nodes: 40, DupRate: 0.4, Function: seed%3 == 0})
		s := NewStore(g)
		for _, n := range g.Nodes {
			id := s.Num(n.ID)
			var want []int
			slots := collect(t, s, ast.Atom{Predicate: pSlot, Args: []ast.BaseTerm{id, v("I"), v("L"), v("X"), v("P")}})
			for _, f := range slots {
				if x, _ := IntArg(f.Args[3]); x >= 0 && !slices.Contains(want, x) {
					want = append(want, x)
				}
			}
			if len(want) < len(slots) {
				twice++
			}
			var got []int
			for _, f := range collect(t, s, ast.Atom{Predicate: pUses, Args: []ast.BaseTerm{id, v("X")}}) {
				x, _ := IntArg(f.Args[1])
				got = append(got, x)
			}
			slices.Sort(want)
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Fatalf("seed %d node %d: uses %v, slots read %v", seed, n.ID, got, want)
			}
		}
	}
	if twice == 0 {
		t.Fatal("no node read a node twice or had an absent slot: the test shows nothing")
	}
}

// TestTuple9PrintsAsTheKey: tuple9/6 prints the first W components as the
// dedupe key prints a Constant's value, and answers nothing for a width
// outside 1..4 or an output that does not match.
func TestTuple9PrintsAsTheKey(t *testing.T) {
	s := NewStore(nil)
	p := ast.PredicateSym{Symbol: "tuple9", Arity: 6}
	vals := []float64{0.1 + 0.2, math.Copysign(0, -1), 1e-12, 123456789.5}
	q := func(w int, out ast.BaseTerm) ast.Atom {
		args := []ast.BaseTerm{ast.Number(int64(w))}
		for _, f := range vals {
			args = append(args, ast.Float64(f))
		}
		return ast.Atom{Predicate: p, Args: append(args, out)}
	}
	for w := 1; w <= 4; w++ {
		want := ir.Value{Kind: ir.KindTuple, Nums: vals[:w]}.String()
		got := collect(t, s, q(w, ast.Variable{Symbol: "S"}))
		if len(got) != 1 {
			t.Fatalf("width %d: %v", w, got)
		}
		if str, _ := StringArg(got[0].Args[5]); str != want {
			t.Errorf("width %d: %q, want %q", w, str, want)
		}
		if len(collect(t, s, q(w, ast.String(want)))) != 1 || len(collect(t, s, q(w, ast.String(want+" ")))) != 0 {
			t.Errorf("width %d: a bound output is not checked", w)
		}
	}
	if got := collect(t, s, q(0, ast.Variable{Symbol: "S"})); len(got) != 0 {
		t.Errorf("width 0: %v", got)
	}
	if got := collect(t, s, q(5, ast.Variable{Symbol: "S"})); len(got) != 0 {
		t.Errorf("width 5: %v", got)
	}
}

// TestComponentReadsCValAndCWidth: comp/3 reads a schema Constant and a
// node published as folded exactly as cwidth/2 and cval/3 serve them.
func TestComponentReadsCValAndCWidth(t *testing.T) {
	g := &ir.Graph{}
	g.Nodes = append(g.Nodes,
		&ir.Node{ID: 0, Op: ir.OpConstant, Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(0.5, 2)}}, Outputs: []ir.Output{{Type: "float2"}}},
		&ir.Node{ID: 1, Op: ir.OpConstant, Props: []ir.Prop{{Name: "Value", Value: ir.Num(3)}}, Outputs: []ir.Output{{Type: "float"}}},
		&ir.Node{ID: 2, Op: ir.OpAdd, Operands: []ir.Ref{{Node: 0}, {Node: 1}}, Outputs: []ir.Output{{Type: "float2"}}},
		&ir.Node{ID: 3, Op: ir.OpAdd, Operands: []ir.Ref{{Node: 0}, {Node: 1}}, Outputs: []ir.Output{{Type: "float2"}}})
	s := NewStore(g)
	// node 2 folded to (3.5, 5), as the driver publishes it; node 3 is not
	s.Add(ast.Atom{Predicate: pConstant, Args: []ast.BaseTerm{s.Num(2), ast.String("float2")}})
	s.Add(ast.Atom{Predicate: pCWidth, Args: []ast.BaseTerm{s.Num(2), s.Num(2)}})
	s.Add(ast.Atom{Predicate: pCVal, Args: []ast.BaseTerm{s.Num(2), s.Num(0), ast.Float64(3.5)}})
	s.Add(ast.Atom{Predicate: pCVal, Args: []ast.BaseTerm{s.Num(2), s.Num(1), ast.Float64(5)}})
	want := map[[2]int]float64{{0, 0}: 0.5, {0, 1}: 2, {0, 2}: 0, {0, 3}: 0, {1, 0}: 3, {1, 1}: 3, {1, 3}: 3,
		{2, 0}: 3.5, {2, 1}: 5, {2, 2}: 0}
	for k, w := range want {
		got := collect(t, s, ast.Atom{Predicate: pComp, Args: []ast.BaseTerm{s.Num(k[0]), s.Num(k[1]), ast.Variable{Symbol: "V"}}})
		if len(got) != 1 {
			t.Errorf("comp(%d, %d, V): %v", k[0], k[1], got)
			continue
		}
		if f, _ := FloatArg(got[0].Args[2]); f != w {
			t.Errorf("comp(%d, %d): %v, want %v", k[0], k[1], f, w)
		}
	}
	for _, x := range []int{3, -1, 4} {
		if got := collect(t, s, ast.Atom{Predicate: pComp, Args: []ast.BaseTerm{s.Num(x), s.Num(0), ast.Variable{Symbol: "V"}}}); len(got) != 0 {
			t.Errorf("comp(%d, 0, V) of a node that is no Constant: %v", x, got)
		}
	}
}

// TestNum9AndTuple9PrintAsIR: the texts the evaluators append are the
// ones ir prints a number and a tuple as, edge values included.
func TestNum9AndTuple9PrintAsIR(t *testing.T) {
	vals := []float64{0, math.Copysign(0, -1), 1, -7, 0.1 + 0.2, 1e-12, 123456789.5, 1e9, -1e21,
		math.Inf(1), math.Inf(-1), math.NaN(), math.SmallestNonzeroFloat64, math.MaxFloat64}
	for _, f := range vals {
		if got, want := Num9(f), ir.FormatNumber(f); got != want {
			t.Errorf("Num9(%v) = %q, want %q", f, got, want)
		}
	}
	for i := range vals {
		for w := 1; w <= 4 && i+w <= len(vals); w++ {
			tuple := vals[i : i+w]
			if got, want := string(AppendTuple9([]byte("x"), tuple)), "x"+ir.Tuple(tuple...).String(); got != want {
				t.Errorf("AppendTuple9(%v) = %q, want %q", tuple, got, want)
			}
		}
	}
}

// TestNodeRoleIsRoleFact: NodeRole answers role/2 of every node of the
// store's graph, and nothing for another graph, a node out of range, or a
// role too large for its byte.
func TestNodeRoleIsRoleFact(t *testing.T) {
	roles := 0
	for seed := uint64(0); seed < 10; seed++ {
		g := irgen.Generate(irgen.Config{Seed: seed, Nodes: 60, DupRate: 0.4, Function: seed%2 == 0})
		s := NewStore(g)
		for _, n := range g.Nodes {
			got, ok := s.NodeRole(g, n.ID)
			if !ok || got != n.Role {
				t.Fatalf("seed %d: NodeRole(%d) = %v, %v; the node's is %v", seed, n.ID, got, ok, n.Role)
			}
			if got != ir.RoleValue {
				roles++
			}
		}
		for _, x := range []int{-1, len(g.Nodes)} {
			if _, ok := s.NodeRole(g, x); ok {
				t.Errorf("seed %d: NodeRole(%d) answers for no node", seed, x)
			}
		}
		if _, ok := s.NodeRole(&ir.Graph{Nodes: g.Nodes}, 0); ok {
			t.Errorf("seed %d: NodeRole answers for another graph", seed)
		}
	}
	if roles == 0 {
		t.Fatal("no node had a role other than value: the test shows nothing")
	}
	g := &ir.Graph{Nodes: []*ir.Node{{ID: 0, Op: ir.OpAdd, Role: 200}}}
	if _, ok := NewStore(g).NodeRole(g, 0); ok {
		t.Error("a role too large for the byte is answered from it")
	}
}
