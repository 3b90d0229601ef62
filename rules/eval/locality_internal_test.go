package eval

import (
	"os"
	"testing"

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
		{"an aggregate", `cnt(N, C) :- cur(N, "Add", _), node(M, _, _) |> do fn:group_by(N), let C = fn:count().` + "\n" +
			`sig(N, S) :- cnt(N, C), role(N, "value"), S = fn:string:concat("c", C).`},
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
