package facts

// Pins of Mangle v0.4.0's behaviour that the fact stores are built around
// (MANGLE.md §5); the rest are in package rules/pack. Each test asserts
// what v0.4.0 actually does, bugs included: if a Mangle upgrade changes
// one, the test fails and the workaround it justifies can be revisited.

import (
	"math"
	"testing"

	"github.com/google/mangle/ast"
	"github.com/google/mangle/factstore"
)

// Pitfall 5: the official external predicates panic on a variable input,
// which is why the driver serves m/5, num9/2 and the mask decoders from its
// fact store instead.
func TestPitfallExternalPredicateVariableInput(t *testing.T) {
	// The virtual predicates answer only bound inputs, and never panic.
	s := NewStore(nil)
	var got []string
	q := ast.Atom{Predicate: pM, Args: []ast.BaseTerm{ast.String("Add"), ast.Variable{Symbol: "A"},
		ast.Float64(1), ast.Float64(0), ast.Variable{Symbol: "V"}}}
	_ = s.GetFacts(q, func(a ast.Atom) error { got = append(got, a.String()); return nil })
	if len(got) != 0 {
		t.Errorf("unbound input answered: %v", got)
	}
	q.Args[1] = ast.Float64(2)
	_ = s.GetFacts(q, func(a ast.Atom) error { got = append(got, formatAtom(a)); return nil })
	if len(got) != 1 || got[0] != `m("Add", 2.0, 1.0, 0.0, 3.0).` {
		t.Errorf("m: %v", got)
	}
}

// Pitfall 10: TeeingStore.Add says "new" for a fact its base holds, so the
// driver counts derived facts by the output store's size, not by Add.
func TestPitfallTeeingStoreAdd(t *testing.T) {
	base := factstore.NewMultiIndexedArrayInMemoryStore()
	f := ast.NewAtom("x", ast.Number(1))
	base.Add(f)
	tee := factstore.NewTeeingStore(base)
	if !tee.Add(f) || tee.Out.EstimateFactCount() != 0 {
		t.Errorf("v0.4.0's TeeingStore.Add returned true without storing; now %v", tee.Out.EstimateFactCount())
	}
}

// Pitfall 5 and 7: numbers. Floats hash by their bits, so -0 and 0 are two
// values; an int and a float never unify; a float prints without a point
// (so formatTerm adds one). (`<` being int-only is pinned in rules/pack.)
func TestPitfallNumbers(t *testing.T) {
	if ast.Float64(0).Equals(ast.Float64(math.Copysign(0, -1))) {
		t.Error("v0.4.0 told -0.0 from 0.0; now equal")
	}
	if ast.Float64(6).Equals(ast.Number(6)) {
		t.Error("v0.4.0 told 6.0 from 6; now equal")
	}
	if ast.Float64(6).String() != "6" {
		t.Errorf("v0.4.0 printed 6.0 as 6; now %s (formatTerm may no longer need its point)", ast.Float64(6))
	}
	if formatTerm(ast.Float64(6)) != "6.0" || formatTerm(ast.Float64(1e-7)) != "0.0000001" {
		t.Errorf("formatTerm: %s %s", formatTerm(ast.Float64(6)), formatTerm(ast.Float64(1e-7)))
	}
}
