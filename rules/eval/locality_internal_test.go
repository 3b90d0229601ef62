package eval

import (
	"os"
	"strings"
	"testing"

	"github.com/google/mangle/ast"
	"github.com/google/mangle/parse"

	"reuselab/rules/pack"
)

// loadUser loads a user's pack as the child does.
func loadUser(t *testing.T, file, src string) *pack.Pack {
	t.Helper()
	p, ds := pack.ParsePack(file, src)
	if p == nil || ds.HasErrors() {
		t.Fatalf("%s: %s", file, ds.String())
	}
	return p
}

// The example packs are local: their clauses join every node they read to
// the node they are about, and use node ids only in comparisons and
// signatures.
func TestExamplePacksAreLocal(t *testing.T) {
	for _, file := range []string{"../examples/double.mg", "../examples/unsound.mg"} {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if why := nonLocal(loadUser(t, file, string(src))); why != "" {
			t.Errorf("%s: not local: %s", file, why)
		}
	}
}

// The built-in packs, loaded as a user's (their own clauses checked, a
// base's trusted), are local: the check accepts the packs written so far,
// mv/6 and comp/3 over operands, carried intervals and term lists
// included.
func TestBuiltinPacksAreLocal(t *testing.T) {
	for _, name := range []string{"reuse-2.0", "legacy-1x", "commutative", "identities", "ranges", "reassociate", "swizzle-append"} {
		src, err := os.ReadFile("../pack/packs/" + name + ".mg")
		if err != nil {
			t.Fatal(err)
		}
		p := loadUser(t, "mine.mg", strings.Replace(string(src), "# pack: "+name, "# pack: mine", 1))
		if len(p.Statements()) < 5 {
			t.Fatalf("%s: %d statements", name, len(p.Statements()))
		}
		if why := nonLocal(p); why != "" {
			t.Errorf("%s: not local: %s", name, why)
		}
	}
}

// Clauses that join every node they read to their own are local: through
// a slot said not to be absent, a negated premise tied to the node, a
// helper about the node, a comparison of two ids.
func TestLocalPacks(t *testing.T) {
	const base = "# pack: t\n# extends: reuse-2.0\n"
	for _, c := range []struct{ name, src string }{
		{"a prune", "live(N) :- root(N).\nlive(X) :- live(N), slot(N, _, _, X, _), X >= 0."},
		{"a negated premise", `sig(N, S) :- cur(N, "Add", 2), role(N, "value"), !uses(_, N), key(N, S).`},
		{"a helper", "first(N, R, Q) :- cur(N, _, _), arg(N, 0, \"\", R, Q), R >= 0.\n" +
			`sig(N, S) :- first(N, R, Q), role(N, "value"), key(R, K), S = fn:string:concat(K, "|", R, "#", Q).`},
		{"ids compared", `sig(N, S) :- cur(N, "Add", 2), role(N, "value"), arg(N, 0, "", A, _), arg(N, 1, "", B, _), A < B, key(N, S).`},
	} {
		if why := nonLocal(loadUser(t, "t.mg", base+c.src)); why != "" {
			t.Errorf("%s: not local: %s", c.name, why)
		}
	}
}

// Each way a clause can see two graphs of a union at once makes the pack
// not local.
func TestNonLocalPacks(t *testing.T) {
	const base = "# pack: t\n# extends: reuse-2.0\n"
	for _, c := range []struct{ name, src string }{
		{"a node it does not join", `sig(N, S) :- cur(N, "Add", 2), role(N, "value"), node(_, "Subtract", _), key(N, S).`},
		{"two unjoined nodes", `sig(N, S) :- cur(N, "Add", 2), role(N, "value"), node(M, "Subtract", _), key(M, K), key(N, K), S = "x".`},
		{"the asset's name", `sig(N, S) :- cur(N, "Add", 2), role(N, "value"), graph(_, S, _).`},
		{"a node by number", `sig(N, S) :- cur(N, "Add", 2), role(N, "value"), key(3, S).`},
		{"arithmetic on ids", `sig(N, S) :- cur(N, "Add", 2), role(N, "value"), M = fn:plus(N, 1), key(M, S).`},
		{"a fact about no node", "any(1) :- cur(_, \"Add\", _).\n" + `sig(N, S) :- cur(N, "Add", 2), role(N, "value"), key(N, S), any(1).`},
		{"a join through an absent operand", `sig(N, S) :- cur(N, "Add", 2), role(N, "value"), operand(N, 0, X, _), operand(M, 1, X, _), key(M, S).`},
		{"a slot index as a node", `sig(N, S) :- cur(N, "Add", 2), role(N, "value"), arg(N, K, "", _, _), key(K, S).`},
		{"a global fact behind a helper", "anyin(N) :- cur(N, _, _), node(_, \"FunctionInput\", _).\n" +
			`sig(N, "x") :- anyin(N), role(N, "value").`},
		{"an aggregate", `cnt(N, C) :- cur(N, "Add", _), node(M, _, _) |> do fn:group_by(N), let C = fn:count().` + "\n" +
			`sig(N, S) :- cnt(N, C), role(N, "value"), S = fn:string:concat("c", C).`},
		{"a negated premise about any node", `sig(N, "x") :- cur(N, "Add", 2), role(N, "value"), !node(_, "FunctionInput", _).`},
		{"a head about an operand that may be absent", "opnd(X) :- cur(N, \"Add\", _), arg(N, 0, \"\", X, _).\n" +
			`sig(N, S) :- cur(N, "Add", 2), role(N, "value"), arg(N, 0, "", X, _), opnd(X), key(N, S).`},
		{"a position of ids and other numbers as a node", "idx(N, X) :- cur(N, _, _), uses(N, X).\nidx(N, K) :- cur(N, _, K).\n" +
			`sig(N, S) :- cur(N, "Add", 2), role(N, "value"), idx(N, X), key(X, S).`},
		{"a prune root by number", "live(5).\nlive(X) :- live(N), uses(N, X)."},
		{"an alias to a node by number", `alias(N, 3, 0) :- cur(N, "Add", 2), role(N, "value").`},
		{"an id compared with a number", `sig(N, S) :- cur(N, "Add", 2), role(N, "value"), key(N, S), N < 10.`},
	} {
		p, ds := pack.ParsePack("t.mg", base+c.src)
		if p == nil || ds.HasErrors() {
			t.Errorf("%s: does not load: %s", c.name, ds.String())
			continue
		}
		if why := nonLocal(p); why == "" {
			t.Errorf("%s: found local", c.name)
		} else {
			t.Logf("%s: %s", c.name, why)
		}
	}
}

// FuzzNonLocal: the check reads whatever clauses a user's pack has, over
// reuse-2.0's, without panicking, and says the same when asked again (it
// keeps no state). Mangle's parser reads the clauses; its analysis, which
// a pack can keep busy for minutes, runs in the child under limits, not
// here.
//
//	go test -run '^$' -fuzz FuzzNonLocal -fuzztime 60s ./rules/eval
func FuzzNonLocal(f *testing.F) {
	base, ds := pack.ParsePack("base.mg", "# pack: base\n# extends: reuse-2.0\n")
	if base == nil || ds.HasErrors() {
		f.Fatal(ds.String())
	}
	var baseClauses []*ast.Clause
	for _, st := range base.Statements() {
		if st.Clause != nil {
			baseClauses = append(baseClauses, st.Clause)
		}
	}
	for _, src := range []string{swapAddSrc, "live(5).\nlive(X) :- live(N), uses(N, X).",
		`sig(N, S) :- cur(N, "Add", 2), role(N, "value"), operand(N, 0, X, _), operand(M, 1, X, _), key(M, S).`,
		"p(X) :- p(Y), X = fn:plus(Y, 1).\nsig(N, \"x\") :- cur(N, _, _), p(0).",
		"q() :- cur(_, _, _).\nsig(N, \"y\") :- cur(N, _, _), q().",
		`cnt(N, C) :- cur(N, "Add", _), node(M, _, _) |> do fn:group_by(N), let C = fn:count().`} {
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		unit, err := parse.Unit(strings.NewReader(src))
		if err != nil {
			return
		}
		var own []*ast.Clause
		for i := range unit.Clauses {
			own = append(own, &unit.Clauses[i])
		}
		all := append(append([]*ast.Clause(nil), baseClauses...), own...)
		carried := []ast.PredicateSym{{Symbol: "range", Arity: 3}}
		if a, b := nonLocalClauses(all, own, carried), nonLocalClauses(all, own, carried); a != b {
			t.Fatalf("checked twice: %q, then %q", a, b)
		}
	})
}

const swapAddSrc = `sig(N, S) :- cur(N, "Add", 2), role(N, "value"), !folds(N), key(N, K),
    arg(N, 0, "", R0, Q0), arg(N, 1, "", R1, Q1), R1 < R0,
    S = fn:string:concat(K, "|=", R1, "#", Q1, "|=", R0, "#", Q0).`
