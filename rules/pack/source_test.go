package pack

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/google/mangle/parse"
)

// TestUnitOfStatementsIsMangles: the unit a pack is made of, put together
// from its statements parsed one by one (unitOf), is the unit Mangle's
// parser makes of the whole file, for every built-in pack and example.
func TestUnitOfStatementsIsMangles(t *testing.T) {
	srcs := map[string]string{}
	for _, name := range BuiltinNames() {
		b, err := packFS.ReadFile("packs/" + name + ".mg")
		if err != nil {
			t.Fatal(err)
		}
		srcs[name] = string(b)
	}
	examples, _ := filepath.Glob("../examples/*.mg")
	for _, f := range examples {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		srcs[f] = string(b)
	}
	// Blanks inside a string and a comment inside a clause, which a
	// statement's collapsed Text would change.
	srcs["blanks"] = "sig(N, S) :- cur(N, _, _), # the node\n  S = \"a  b\".\nDecl p(X) descr [mode(\"+\")].\np(1).\n"
	if len(srcs) < len(BuiltinNames())+3 {
		t.Fatalf("%d sources: the examples were not found", len(srcs))
	}
	for name, src := range srcs {
		want, err := parse.Unit(strings.NewReader(src))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, ok := unitOf(splitStatements(name, src, true))
		if !ok {
			t.Errorf("%s: a statement is not one clause or declaration", name)
			continue
		}
		if len(got.Clauses) == 0 || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the unit of its statements differs from Mangle's:\n%v\n%v", name, got, want)
		}
	}
}

// A file unitOf cannot put together (a package or use declaration, which
// the grammar puts first, or a syntax error) is parsed whole by ParsePack
// (TestBrokenPackIsADiagnostic has the syntax error's position).
func TestUnitOfFallsBackToTheWholeFile(t *testing.T) {
	base, err := fs.ReadFile(packFS, "packs/reuse-2.0.mg")
	if err != nil {
		t.Fatal(err)
	}
	for _, src := range []string{
		"Package reuse!\n" + string(base),
		"Use other!\n" + string(base),
	} {
		if _, ok := unitOf(splitStatements("p.mg", src, true)); ok {
			t.Errorf("unitOf put together a unit with a package or use declaration:\n%.40s", src)
		}
	}
	if _, ok := unitOf(splitStatements("p.mg", "sig(N, S) :- cur(N, _, _), S = \"a\"\nsig(N, S) :- cur(N, _, _).", true)); ok {
		t.Error("unitOf accepted a syntax error")
	}
}
