package compiled_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/google/mangle/analysis"
	"github.com/google/mangle/ast"
	"github.com/google/mangle/engine"
	"github.com/google/mangle/factstore"
	"github.com/google/mangle/parse"

	"reuselab/rules/compiled"
	"reuselab/rules/pack"
)

// FuzzCompiledAgreesWithMangle builds a small random program (positive
// joins, self-recursion, negation of lower strata, comparisons, = with
// fn:plus and fn:string:concat, wildcards, constants) and a random fact
// set from the input, evaluates it on Mangle's engine and compiled, and
// requires the same facts, or an error from both; and each clause's
// facts as Rerun counts them (a clause profile) to be what Mangle's
// engine derives of the clause alone over its completed store, as
// rules/eval's profiler counts them there.
//
//	go test -run '^$' -fuzz FuzzCompiledAgreesWithMangle -fuzztime 60s ./rules/compiled
func FuzzCompiledAgreesWithMangle(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16})
	f.Add([]byte("path(X, Z) :- edge(X, Y), path(Y, Z)"))
	f.Add([]byte{0, 0, 0, 0, 255, 255, 3, 9, 27, 81, 243, 1, 1, 2, 3, 5, 8, 13, 21, 34})
	f.Fuzz(func(t *testing.T, data []byte) {
		src, facts := genProgram(data)
		checkAgree(t, src, facts)
	})
}

// TestCompiledAgreesOnShapes holds the engines together on hand-written
// programs that exercise each construct once.
func TestCompiledAgreesOnShapes(t *testing.T) {
	facts := []ast.Atom{
		ast.NewAtom("e0", ast.Number(1), ast.Number(2)), ast.NewAtom("e0", ast.Number(2), ast.Number(3)),
		ast.NewAtom("e0", ast.Number(3), ast.Number(1)), ast.NewAtom("e0", ast.Number(3), ast.Number(4)),
		ast.NewAtom("e1", ast.Number(2), ast.String("b")), ast.NewAtom("e1", ast.Number(4), ast.String("d")),
		ast.NewAtom("e2", ast.Number(3)),
	}
	for _, src := range []string{
		"p0(X, Z) :- e0(X, Z).\np0(X, Z) :- e0(X, Y), p0(Y, Z).",
		"p0(X) :- e0(X, _), !e2(X).",
		"p0(X, S) :- e1(X, S), e0(_, X), X < 4.",
		"p0(X, S) :- e0(X, Y), S = fn:string:concat(X, \"|\", Y).",
		"p0(X, J) :- e0(X, Y), J = fn:plus(X, Y), J >= 4.",
		"p0(X) :- e0(X, X).\np1(X) :- e0(X, Y), !p0(Y), Y != 4.",
		"p0(X, Y) :- e0(X, Y), e0(Y, X).",
		"p0(X) :- e0(X, Y), !e1(Y, _).",
		"p0(X) :- e1(X, S), S < 3.",
		"p0(X, Y) :- e0(X, Y), 2 = X.",
	} {
		if !checkAgree(t, src, facts) {
			t.Errorf("not compared (Mangle refused it or it is unsupported):\n%s", src)
		}
	}
}

var edb = []ast.PredicateSym{{Symbol: "e0", Arity: 2}, {Symbol: "e1", Arity: 2}, {Symbol: "e2", Arity: 1}}

// checkAgree evaluates src over facts on both engines; false when Mangle
// refuses the program or the compiled evaluator does not support it.
func checkAgree(t *testing.T, src string, facts []ast.Atom) bool {
	t.Helper()
	unit, err := parse.Unit(strings.NewReader(src))
	if err != nil {
		return false
	}
	extra := map[ast.PredicateSym]ast.Decl{}
	for _, p := range edb {
		extra[p] = ast.NewSyntheticDeclFromSym(p)
	}
	info, err := analysis.AnalyzeOneUnit(unit, extra)
	if err != nil {
		return false
	}
	strata, pts, err := analysis.Stratify(analysis.Program{EdbPredicates: info.EdbPredicates, IdbPredicates: info.IdbPredicates, Rules: info.Rules})
	if err != nil {
		return false
	}
	static := info.InitialFacts
	lean := *info
	lean.InitialFacts = nil
	pr := &pack.Program{Info: &lean, Static: static, Strata: strata, PredToStratum: pts}
	prog, err := compiled.Compile(pr)
	if err != nil {
		if compiled.IsUnsupported(err) {
			return false
		}
		t.Fatalf("compile %q: %v", src, err)
	}
	load := func() factstore.FactStore {
		s := factstore.NewSimpleInMemoryStore()
		for _, f := range append(append([]ast.Atom(nil), facts...), static...) {
			s.Add(f)
		}
		return s
	}
	ms, cs := load(), load()
	env := compiled.NewEnv()
	_, merr := engine.EvalStratifiedProgramWithStats(&lean, strata, pts, ms, engine.WithCreatedFactLimit(fuzzLimit))
	_, cerr := prog.Run(env, cs, compiled.RunOptions{Limit: fuzzLimit})
	if (merr == nil) != (cerr == nil) {
		t.Fatalf("program\n%s\nMangle: %v\ncompiled: %v", src, merr, cerr)
	}
	if merr != nil {
		return true
	}
	if m, c := dump(ms), dump(cs); m != c {
		t.Fatalf("program\n%s\nMangle derived\n%s\ncompiled derived\n%s", src, m, c)
	}
	for k, cl := range lean.Rules {
		want, ok := clauseAlone(cl, ms)
		if !ok {
			continue
		}
		got, err := prog.Rerun(env, k)
		if err != nil {
			t.Fatalf("program\n%s\nre-running %s: %v", src, cl, err)
		}
		var rows []string
		env.EachRerun(func(args []compiled.Val) {
			var parts []string
			for _, v := range args {
				parts = append(parts, env.Constant(v).String())
			}
			rows = append(rows, strings.Join(parts, ", "))
		})
		sort.Strings(rows)
		if got != len(want) || strings.Join(rows, "\n") != strings.Join(want, "\n") {
			t.Fatalf("program\n%s\nclause %s: Rerun counts %d facts\n%s\nMangle derives %d of it alone\n%s",
				src, cl, got, strings.Join(rows, "\n"), len(want), strings.Join(want, "\n"))
		}
	}
	if m, c := dump(ms), dump(cs); m != c {
		t.Fatalf("program\n%s\nthe re-runs changed the store:\n%s", src, c)
	}
	return true
}

// clauseAlone is what Mangle's engine derives of clause cl alone over the
// completed store s, every body predicate extensional: its facts'
// arguments, sorted (false when Mangle refuses the one-clause program).
func clauseAlone(cl ast.Clause, s factstore.FactStore) ([]string, bool) {
	own := ast.PredicateSym{Symbol: "prof__clause", Arity: cl.Head.Predicate.Arity}
	rc := cl
	rc.Head = ast.Atom{Predicate: own, Args: cl.Head.Args}
	rc.Premises = append([]ast.Term(nil), cl.Premises...)
	extra := map[ast.PredicateSym]ast.Decl{}
	for _, t := range cl.Premises {
		var a ast.Atom
		switch p := t.(type) {
		case ast.Atom:
			a = p
		case ast.NegAtom:
			a = p.Atom
		default:
			continue
		}
		if !a.Predicate.IsBuiltin() {
			extra[a.Predicate] = ast.NewSyntheticDeclFromSym(a.Predicate)
		}
	}
	info, err := analysis.AnalyzeOneUnit(parse.SourceUnit{Clauses: []ast.Clause{rc}}, extra)
	if err != nil {
		return nil, false
	}
	strata, pts, err := analysis.Stratify(analysis.Program{EdbPredicates: info.EdbPredicates, IdbPredicates: info.IdbPredicates, Rules: info.Rules})
	if err != nil {
		return nil, false
	}
	out := factstore.NewSimpleInMemoryStore()
	for _, p := range s.ListPredicates() {
		_ = s.GetFacts(ast.NewQuery(p), func(a ast.Atom) error {
			out.Add(a)
			return nil
		})
	}
	if _, err := engine.EvalStratifiedProgramWithStats(info, strata, pts, out, engine.WithCreatedFactLimit(fuzzLimit)); err != nil {
		return nil, false
	}
	var rows []string
	_ = out.GetFacts(ast.NewQuery(own), func(a ast.Atom) error {
		var parts []string
		for _, x := range a.Args {
			parts = append(parts, x.String())
		}
		rows = append(rows, strings.Join(parts, ", "))
		return nil
	})
	sort.Strings(rows)
	return rows, true
}

func dump(s factstore.FactStore) string {
	var all []string
	for _, p := range s.ListPredicates() {
		_ = s.GetFacts(ast.NewQuery(p), func(a ast.Atom) error {
			all = append(all, a.String())
			return nil
		})
	}
	sort.Strings(all)
	return strings.Join(all, "\n")
}

// genProgram reads a program and a fact set from data: up to four derived
// predicates p0..p3, each rule reading EDB predicates and lower derived
// ones (its own once: linear recursion), so that it always stratifies.
func genProgram(data []byte) (string, []ast.Atom) {
	k := 0
	next := func(n int) int {
		if n <= 0 {
			return 0
		}
		b := 0
		if k < len(data) {
			b = int(data[k])
		}
		k++
		return b % n
	}
	var facts []ast.Atom
	for i := 0; i < 4+next(12); i++ {
		switch next(3) {
		case 0:
			facts = append(facts, ast.NewAtom("e0", ast.Number(int64(next(5))), ast.Number(int64(next(5)))))
		case 1:
			facts = append(facts, ast.NewAtom("e1", ast.Number(int64(next(5))), ast.String(string(rune('a'+next(3))))))
		default:
			facts = append(facts, ast.NewAtom("e2", ast.Number(int64(next(5)))))
		}
	}
	vars := []string{"X", "Y", "Z"}
	arity := []int{1 + next(2), 1 + next(2), 1 + next(2), 1 + next(2)}
	var b strings.Builder
	nrules := 1 + next(6)
	for r := 0; r < nrules; r++ {
		head := next(4)
		bound := map[string]bool{}
		var prem []string
		term := func(v string) string {
			bound[v] = true
			return v
		}
		arg := func() string {
			switch next(6) {
			case 0:
				return "_"
			case 1:
				return fmt.Sprint(next(5))
			}
			return term(vars[next(3)])
		}
		selfUsed := false
		for i := 0; i < 1+next(3); i++ {
			switch c := next(4); {
			case c == 3 && head > 0:
				j := next(head + 1)
				if j == head {
					if selfUsed {
						j = 0
					}
					selfUsed = true
				}
				args := make([]string, arity[j])
				for a := range args {
					args[a] = arg()
				}
				prem = append(prem, fmt.Sprintf("p%d(%s)", j, strings.Join(args, ", ")))
			default:
				e := edb[next(3)]
				args := make([]string, e.Arity)
				for a := range args {
					args[a] = arg()
				}
				prem = append(prem, fmt.Sprintf("%s(%s)", e.Symbol, strings.Join(args, ", ")))
			}
		}
		var have []string
		for _, v := range vars {
			if bound[v] {
				have = append(have, v)
			}
		}
		if len(have) == 0 {
			continue
		}
		pick := func() string { return have[next(len(have))] }
		for i := 0; i < next(3); i++ {
			switch next(6) {
			case 0:
				prem = append(prem, fmt.Sprintf("%s < %s", pick(), pick()))
			case 1:
				prem = append(prem, fmt.Sprintf("%s != %d", pick(), next(5)))
			case 2:
				prem = append(prem, fmt.Sprintf("!e2(%s)", pick()))
			case 3:
				if head > 0 {
					j := next(head)
					args := make([]string, arity[j])
					for a := range args {
						args[a] = pick()
						if next(4) == 0 {
							args[a] = "_"
						}
					}
					prem = append(prem, fmt.Sprintf("!p%d(%s)", j, strings.Join(args, ", ")))
				}
			case 4:
				// never under recursion: a count up or a string that
				// doubles each round never ends
				if !bound["W"] && !selfUsed {
					prem = append(prem, fmt.Sprintf("W = fn:plus(%s, %d)", pick(), next(3)))
					bound["W"] = true
					have = append(have, "W")
				}
			default:
				if !bound["S"] && !selfUsed {
					prem = append(prem, fmt.Sprintf("S = fn:string:concat(%s, \"#\", %s)", pick(), pick()))
					bound["S"] = true
					have = append(have, "S")
				}
			}
		}
		hargs := make([]string, arity[head])
		for a := range hargs {
			hargs[a] = pick()
		}
		fmt.Fprintf(&b, "p%d(%s) :- %s.\n", head, strings.Join(hargs, ", "), strings.Join(prem, ", "))
	}
	return b.String(), facts
}

// fuzzLimit stops a program that counts up forever (W = fn:plus(X, 1)
// under recursion) on both engines.
const fuzzLimit = 3_000
