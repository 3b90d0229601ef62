package pack

// Pins of Mangle v0.4.0's behaviour that the driver and the packs are
// built around (MANGLE.md §5); the fact stores' own are in package
// rules/facts. Each test asserts what v0.4.0 actually does, bugs included:
// if a Mangle upgrade changes one, the test fails and the workaround it
// justifies can be revisited.

import (
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

// Pitfall 5: `<` is int-only, so a pack compares floats through m/5, a
// virtual predicate of the base store (package rules/facts pins the rest
// of the numbers pitfall).
func TestPitfallFloatComparison(t *testing.T) {
	_, err := evalSrc(t, "v(0.5).\nlt(X) :- v(X), X < 1.", "lt", 1)
	if err == nil {
		t.Error("v0.4.0 refused < on floats at run time; now it works (m/5 could go)")
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
