package pack

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/mangle/analysis"
	"github.com/google/mangle/ast"
	"github.com/google/mangle/parse"
)

// firstFailingAlone is how analysisDiagnostic found the clause Mangle's
// analysis refused before it was made linear: each clause analysed alone
// with every other head declared. It returns the clause's index (-1 when
// none fails) and the error.
func firstFailingAlone(unit parse.SourceUnit, extra map[ast.PredicateSym]ast.Decl) (int, error) {
	all := map[ast.PredicateSym]ast.Decl{}
	for k, v := range extra {
		all[k] = v
	}
	declared := map[ast.PredicateSym]bool{}
	for _, d := range unit.Decls {
		declared[d.DeclaredAtom.Predicate] = true
	}
	for _, c := range unit.Clauses {
		if !declared[c.Head.Predicate] {
			all[c.Head.Predicate] = ast.NewSyntheticDeclFromSym(c.Head.Predicate)
		}
	}
	for k, c := range unit.Clauses {
		local := map[ast.PredicateSym]ast.Decl{}
		for s, v := range all {
			if s != c.Head.Predicate || declared[s] {
				local[s] = v
			}
		}
		if _, err := analysis.AnalyzeOneUnit(parse.SourceUnit{Decls: unit.Decls, Clauses: []ast.Clause{c}}, local); err != nil {
			return k, err
		}
	}
	return -1, nil
}

// analysisCases are packs Mangle's analysis refuses, each for another
// reason, some only through what is declared.
var analysisCases = map[string]string{
	"unbound":          "sig(N, S) :- cur(N, _, _).\n",
	"unbound late":     manyHeads(300) + "bad(X) :- cur(N, _, _).\n",
	"undeclared":       manyHeads(20) + "sig(N, \"a\") :- cur(N, _, _), nothere(N).\n",
	"declared twice":   manyHeads(20) + "Decl foo(X).\nDecl foo(X).\nfoo(1).\n",
	"declared a feed":  manyHeads(20) + "Decl cur(X).\n",
	"declared arity":   manyHeads(20) + "Decl foo(X, Y).\nbar(X) :- cur(X, _, _), foo(X).\n",
	"bad bound":        manyHeads(20) + "Decl foo(X) bound [\"nope\"].\nfoo(1).\n",
	"unknown function": manyHeads(20) + "sig(N, S) :- cur(N, _, _) |> let S = fn:nope(N).\n",
	"head of a decl":   manyHeads(20) + "Decl foo(X).\nfoo(X, Y) :- cur(X, Y, _).\n",
}

func manyHeads(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "h%d(N) :- cur(N, _, _).\n", i)
	}
	return b.String()
}

// analysisDiagnostic names the clause and the error the search over every
// clause with every head declared named (firstFailingAlone), for packs
// alone and extending reuse-2.0.
func TestAnalysisDiagnosticIsTheFirstClauseFailingAlone(t *testing.T) {
	extra := map[ast.PredicateSym]ast.Decl{}
	for _, sym := range driverPredicates() {
		extra[sym] = ast.NewSyntheticDeclFromSym(sym)
	}
	for name, body := range analysisCases {
		for _, header := range []string{"", "# extends: reuse-2.0\n"} {
			src := "# pack: a\n" + header + body
			var l sink
			p := newPack("a.mg", src, &l)
			var unit parse.SourceUnit
			chain, _ := bases(src)
			for _, part := range chain {
				p.stmts = append(p.stmts, splitStatements(part.file, part.src, true)...)
				u, err := parse.Unit(strings.NewReader(part.src))
				if err != nil {
					t.Fatal(err)
				}
				unit.Decls, unit.Clauses = append(unit.Decls, u.Decls...), append(unit.Clauses, u.Clauses...)
			}
			own := splitStatements("a.mg", src, true)
			p.stmts, p.Files = append(p.stmts, own...), []string{"a.mg"}
			u, err := parse.Unit(strings.NewReader(src))
			if err != nil {
				t.Fatal(err)
			}
			unit.Decls, unit.Clauses = append(unit.Decls, u.Decls...), append(unit.Clauses, u.Clauses...)
			_, whole := analysis.AnalyzeOneUnit(unit, copyDecls(extra))
			if whole == nil {
				t.Fatalf("%s: Mangle's analysis accepts it", name)
			}
			k, want := firstFailingAlone(unit, copyDecls(extra))
			p.analysisDiagnostic(&l, unit, copyDecls(extra), whole)
			if len(l.kept.Items) != 1 {
				t.Fatalf("%s: %d diagnostics", name, len(l.kept.Items))
			}
			got := l.kept.Items[0]
			if k < 0 {
				t.Errorf("%s%s: no clause fails alone; got %s", header, name, got)
				continue
			}
			if msg := fmt.Sprintf("%s (in clause `%s`)", trimClause(want.Error()), unit.Clauses[k]); got.Message != msg || got.Pos != p.posOfClause(unit.Clauses[k]) {
				t.Errorf("%s%s: %s\nwant %s: %s", header, name, got, p.posOfClause(unit.Clauses[k]), msg)
			}
		}
	}
}

func copyDecls(m map[ast.PredicateSym]ast.Decl) map[ast.PredicateSym]ast.Decl {
	c := make(map[ast.PredicateSym]ast.Decl, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

// reachesBySearch is how stratificationDiagnostic decided that a premise's
// predicate depends back on the head before it was made linear.
func reachesBySearch(deps map[ast.PredicateSym][]ast.PredicateSym, from, to ast.PredicateSym) bool {
	seen := map[ast.PredicateSym]bool{}
	stack := []ast.PredicateSym{from}
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if s == to {
			return true
		}
		if !seen[s] {
			seen[s] = true
			stack = append(stack, deps[s]...)
		}
	}
	return false
}

// For every edge h → s of a graph, s reaches h exactly when the two are
// in one strongly connected component: what stratificationDiagnostic asks
// of each negated or aggregated premise s of a clause with head h. Random
// graphs, sparse and dense, with self-loops.
func TestComponentsAnswerReachesBack(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 8))
	for round := range 200 {
		n := 1 + rng.IntN(30)
		edges := rng.IntN(3*n + 1)
		sym := func(i int) ast.PredicateSym { return ast.PredicateSym{Symbol: fmt.Sprintf("p%d", i), Arity: 1} }
		deps := map[ast.PredicateSym][]ast.PredicateSym{}
		for range edges {
			h := sym(rng.IntN(n))
			deps[h] = append(deps[h], sym(rng.IntN(n)))
		}
		comp := components(deps)
		for h, ss := range deps {
			for _, s := range ss {
				if got, want := comp[s] == comp[h], reachesBySearch(deps, s, h); got != want {
					t.Fatalf("round %d: %v → %v: same component %v, reaches back %v\n%v", round, h, s, got, want, deps)
				}
			}
		}
	}
}

// The stratification diagnostic names the clause at the end of a long
// chain of negations, where a search per premise walked the whole chain.
func TestStratificationDiagnosticAfterALongChain(t *testing.T) {
	_, ds := ParsePack("st.mg", negationChain(3000))
	want := "st.mg:3003:1: error DSH9302: program cannot be stratified: z/1 depends on itself through negation of y (in clause `z(N) :- cur(N,_,_), !y(N).`)"
	if !strings.HasPrefix(ds.String(), want) {
		t.Errorf("got %s\nwant %s", ds.String(), want)
	}
}

func negationChain(n int) string {
	var b strings.Builder
	b.WriteString("# pack: st\nh0(N) :- cur(N, _, _).\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "h%d(N) :- cur(N, _, _), !h%d(N).\n", i, i-1)
	}
	fmt.Fprintf(&b, "z(N) :- cur(N, _, _), !y(N).\ny(N) :- z(N).\nsig(N, \"a\") :- h%d(N), z(N).\n", n)
	return b.String()
}

// BenchmarkAnalysisDiagnostic: a pack of n clauses with their own heads
// and an unbound variable in the last; the diagnostic took 40 s at 2,000.
func BenchmarkAnalysisDiagnostic(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		src := "# pack: an\n" + manyHeads(n) + "sig(N, S) :- cur(N, _, _).\n"
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				if _, ds := ParsePack("an.mg", src); !ds.HasErrors() {
					b.Fatal("loaded")
				}
			}
		})
	}
}

// BenchmarkStratificationDiagnostic: a chain of n negations, then a cycle
// through one; quadratic in n before (8 s at 4,000).
func BenchmarkStratificationDiagnostic(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		src := negationChain(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				if _, ds := ParsePack("st.mg", src); !ds.HasErrors() {
					b.Fatal("loaded")
				}
			}
		})
	}
}
