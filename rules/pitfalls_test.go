package rules

// Pins of Mangle v0.4.0's behaviour that the driver and the packs are
// built around (MANGLE.md §5). Each test asserts what v0.4.0 actually
// does, bugs included: if a Mangle upgrade changes one, the test fails and
// the workaround it justifies can be revisited.

import (
	"math"
	"sort"
	"strings"
	"testing"

	"github.com/google/mangle/analysis"
	"github.com/google/mangle/ast"
	"github.com/google/mangle/engine"
	"github.com/google/mangle/factstore"
	"github.com/google/mangle/parse"
)

// evalSrc evaluates src and returns the facts of pred, printed and sorted.
func evalSrc(t *testing.T, src string, pred string, arity int) ([]string, error) {
	t.Helper()
	u, err := parse.Unit(strings.NewReader(src))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	info, err := analysis.AnalyzeOneUnit(u, nil)
	if err != nil {
		return nil, err
	}
	store := factstore.NewMultiIndexedArrayInMemoryStore()
	if _, err := engine.EvalProgramWithStats(info, store); err != nil {
		return nil, err
	}
	var out []string
	_ = store.GetFacts(ast.NewQuery(ast.PredicateSym{Symbol: pred, Arity: arity}), func(a ast.Atom) error {
		out = append(out, a.String())
		return nil
	})
	sort.Strings(out)
	return out, nil
}

// Pitfall 1: a recursive rule never joins two facts derived in the same
// (non-first) round. The driver evaluates non-recursive level programs.
func TestPitfallSemiNaiveSameRoundJoin(t *testing.T) {
	src := `e(1). e(2).
a0(X) :- e(X).
b0(X) :- e(X).
a(X) :- a0(X).
b(X) :- b0(X).
c(X) :- a(X), b(X).
a0(X) :- c(X).
b0(X) :- c(X).`
	got, err := evalSrc(t, src, "c", 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 0 {
		t.Errorf("v0.4.0 missed c(1), c(2) (a and b arrive in the same round); now it derives %v: semi-naive was fixed", got)
	}
}

// Pitfall 2: group_by groups by a hash with no equality check; lists
// holding floats collide at once. The schema exports strings, and the
// driver maps signatures to representatives in Go.
func TestPitfallGroupByHashCollision(t *testing.T) {
	src := `k(fn:list("Constant", 1.5)). k(fn:list("Constant", 0.25)).
g(K, C) :- k(K) |> do fn:group_by(K), let C = fn:count().`
	got, err := evalSrc(t, src, "g", 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 {
		t.Errorf("v0.4.0 merged the two float lists into one group; now %v", got)
	}
	a := ast.String(`Constant|(1.5)`)
	b := ast.String(`Constant|(0.25)`)
	if a.Hash() == b.Hash() {
		t.Errorf("string keys collide too")
	}
}

// Pitfall 3: a negated atom with an unbound variable (the wildcard too) is
// dropped from the rule. Packs negate helper predicates (folds/1, swzh/1).
func TestPitfallNegatedWildcardDropped(t *testing.T) {
	src := `q(1). q(2). r(1, 5).
p(X) :- q(X), !r(X, _).
hasr(X) :- r(X, _).
pp(X) :- q(X), !hasr(X).`
	got, err := evalSrc(t, src, "p", 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Errorf("v0.4.0 ignored !r(X, _) and returned every q; now %v", got)
	}
	got, _ = evalSrc(t, src, "pp", 1)
	if strings.Join(got, " ") != "pp(2)" {
		t.Errorf("the helper form gives %v, want pp(2)", got)
	}
}

// Pitfall 4: no recursion through aggregation; a pack that tries is a
// DSH9302 naming the clause.
func TestPitfallNoRecursionThroughAggregation(t *testing.T) {
	src := `sig(N, "x") :- cur(N, _, _), cnt(N, _).
cnt(N, C) :- sig(N, _) |> do fn:group_by(N), let C = fn:count().`
	_, ds := ParsePack("agg.mg", src)
	if !ds.HasErrors() || ds.Items[0].Code != CodePackStratify {
		t.Fatalf("got %s", ds.String())
	}
	if !strings.Contains(ds.Items[0].Message, "aggregation") {
		t.Errorf("message does not name the aggregation: %s", ds.Items[0].Message)
	}
}

// Pitfall 5 and 7: numbers. Floats hash by their bits, so -0 and 0 are two
// values; an int and a float never unify; a float prints without a point
// (so FormatTerm adds one); `<` is int-only.
func TestPitfallNumbers(t *testing.T) {
	if ast.Float64(0).Equals(ast.Float64(math.Copysign(0, -1))) {
		t.Error("v0.4.0 told -0.0 from 0.0; now equal")
	}
	if ast.Float64(6).Equals(ast.Number(6)) {
		t.Error("v0.4.0 told 6.0 from 6; now equal")
	}
	if ast.Float64(6).String() != "6" {
		t.Errorf("v0.4.0 printed 6.0 as 6; now %s (FormatTerm may no longer need its point)", ast.Float64(6))
	}
	if FormatTerm(ast.Float64(6)) != "6.0" || FormatTerm(ast.Float64(1e-7)) != "0.0000001" {
		t.Errorf("FormatTerm: %s %s", FormatTerm(ast.Float64(6)), FormatTerm(ast.Float64(1e-7)))
	}
	_, err := evalSrc(t, "v(0.5).\nlt(X) :- v(X), X < 1.", "lt", 1)
	if err == nil {
		t.Error("v0.4.0 refused < on floats at run time; now it works (m/5 could go)")
	}
}

// Pitfall 5: the official external predicates panic on a variable input,
// which is why the driver serves m/5, num9/2 and the mask decoders from its
// fact store instead.
func TestPitfallExternalPredicateVariableInput(t *testing.T) {
	// The virtual predicates answer only bound inputs, and never panic.
	s := newFnStore(nil)
	var got []string
	q := ast.Atom{Predicate: pM, Args: []ast.BaseTerm{ast.String("Add"), ast.Variable{Symbol: "A"},
		ast.Float64(1), ast.Float64(0), ast.Variable{Symbol: "V"}}}
	_ = s.GetFacts(q, func(a ast.Atom) error { got = append(got, a.String()); return nil })
	if len(got) != 0 {
		t.Errorf("unbound input answered: %v", got)
	}
	q.Args[1] = ast.Float64(2)
	_ = s.GetFacts(q, func(a ast.Atom) error { got = append(got, FormatAtom(a)); return nil })
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

// Pitfall 8: analysis errors carry no line; the loader finds the clause.
func TestPitfallErrorsCarryNoLine(t *testing.T) {
	u, _ := parse.Unit(strings.NewReader("p(X) :- q(X), r(X, Y)."))
	_, err := analysis.AnalyzeOneUnit(u, map[ast.PredicateSym]ast.Decl{
		{Symbol: "q", Arity: 1}: ast.NewSyntheticDeclFromSym(ast.PredicateSym{Symbol: "q", Arity: 1})})
	if err == nil || strings.ContainsAny(strings.SplitN(err.Error(), ":", 2)[0], "0123456789") {
		t.Errorf("v0.4.0's analysis errors had no position; now: %v", err)
	}
}

// Pitfall 6: joins run in textual premise order and a premise is looked up
// by its *first* bound argument, not its most selective one. The packs
// start every rule from cur/3 or a small op table and put the node id
// first in every schema predicate.
//
// The test pins what the engine hands the store: b(0, X, Y) after a(X) is
// looked up once per a fact, with the unselective constant first and X
// bound. v0.4.0's MultiIndexedArrayInMemoryStore.GetFacts keys a lookup on
// its first non-variable argument, so each of those walks all of b;
// BenchmarkPitfallIndexIsFirstBoundArgument shows the cost (a timing is a
// benchmark's to report, not a test's to assert).
func TestPitfallIndexIsFirstBoundArgument(t *testing.T) {
	const n = 100
	log := &queryLog{FactStore: firstBoundStore(n)}
	if err := evalFirstBound(t, "q(X, Y) :- a(X), b(0, X, Y).", log); err != nil {
		t.Fatal(err)
	}
	lookups := 0
	for _, q := range log.queries {
		if q.Predicate.Symbol != "b" {
			continue
		}
		lookups++
		_, zero := q.Args[0].(ast.Constant)
		_, bound := q.Args[1].(ast.Constant)
		_, free := q.Args[2].(ast.Variable)
		if !zero || !bound || !free {
			t.Fatalf("v0.4.0 looked b up as b(0, x, Y); now as %v", q)
		}
	}
	if lookups != n {
		t.Errorf("v0.4.0 looked b up once per a fact (%d); now %d times", n, lookups)
	}
}

func BenchmarkPitfallIndexIsFirstBoundArgument(b *testing.B) {
	for _, c := range []struct{ name, rule string }{
		{"selective-first", "q(X, Y) :- a(X), c(X, 0, Y)."}, // index on X: one fact per lookup
		{"constant-first", "q(X, Y) :- a(X), b(0, X, Y)."},  // index on the constant 0: all of b per lookup
	} {
		b.Run(c.name, func(b *testing.B) {
			for range b.N {
				b.StopTimer()
				store := firstBoundStore(1000)
				b.StartTimer()
				if err := evalFirstBound(b, c.rule, store); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// firstBoundStore holds a(k), b(0, k, k) and c(k, 0, k) for k < n.
func firstBoundStore(n int) factstore.FactStore {
	store := factstore.NewMultiIndexedArrayInMemoryStore()
	zero := ast.Number(0)
	for i := 0; i < n; i++ {
		k := ast.Number(int64(i))
		store.Add(ast.NewAtom("a", k))
		store.Add(ast.NewAtom("b", zero, k, k))
		store.Add(ast.NewAtom("c", k, zero, k))
	}
	return store
}

// evalFirstBound evaluates one rule over a, b and c in store.
func evalFirstBound(tb testing.TB, rule string, store factstore.FactStore) error {
	u, err := parse.Unit(strings.NewReader(rule))
	if err != nil {
		tb.Fatal(err)
	}
	extra := map[ast.PredicateSym]ast.Decl{}
	for _, p := range []ast.PredicateSym{{Symbol: "a", Arity: 1}, {Symbol: "b", Arity: 3}, {Symbol: "c", Arity: 3}} {
		extra[p] = ast.NewSyntheticDeclFromSym(p)
	}
	info, err := analysis.AnalyzeOneUnit(u, extra)
	if err != nil {
		tb.Fatal(err)
	}
	_, err = engine.EvalProgramWithStats(info, store)
	return err
}

// queryLog records the atoms the engine looks up.
type queryLog struct {
	factstore.FactStore
	queries []ast.Atom
}

func (q *queryLog) GetFacts(a ast.Atom, fn func(ast.Atom) error) error {
	q.queries = append(q.queries, a)
	return q.FactStore.GetFacts(a, fn)
}
