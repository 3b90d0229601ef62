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

// FuzzUnitOfStatements: whatever the source, cutting it into statements
// and parsing them never panics, and when unitOf puts a unit together,
// Mangle's parse of the whole source is that unit.
func FuzzUnitOfStatements(f *testing.F) {
	// Mangle's parser takes seconds on some kilobytes of garbage (a
	// user's pack is parsed in a child, under limits): the seeds are the
	// built-in packs' first statements, the inputs at most 2 KB.
	for _, name := range BuiltinNames() {
		b, err := packFS.ReadFile("packs/" + name + ".mg")
		if err != nil {
			f.Fatal(err)
		}
		stmts := splitStatements(name, string(b), false)
		var seed strings.Builder
		for _, st := range stmts[:min(len(stmts), 6)] {
			seed.WriteString(st.raw + "\n")
		}
		f.Add(seed.String())
	}
	for _, s := range []string{
		"sig(N, S) :- cur(N, _, _), S = \"a  b\".\n",
		"p(1.5). q(.5).\n# c.\nr(X) :- p(X), # x.\n q(X).",
		"Decl p(X) descr [mode(\"+\")].\np(1).",
		"p(/a.b). q('x'). r(`y.`).",
		"p(1).5 q(2).",
		"Package p!\np(1).",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 2<<10 {
			return
		}
		got, ok := unitOf(splitStatements("f.mg", src, true))
		if !ok {
			return
		}
		want, err, panicked := wholeUnit(src)
		if panicked {
			return // Mangle's parser: ParsePack reports its panic
		}
		if err != nil {
			t.Fatalf("the statements make a unit, the whole source does not parse: %v\n%q", err, src)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("the unit of the statements differs from Mangle's:\n%v\n%v\n%q", got, want, src)
		}
	})
}

func wholeUnit(src string) (u parse.SourceUnit, err error, panicked bool) {
	defer func() {
		if recover() != nil {
			panicked = true
		}
	}()
	u, err = parse.Unit(strings.NewReader(src))
	return u, err, false
}
