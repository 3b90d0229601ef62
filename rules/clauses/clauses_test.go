package clauses

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"reuselab/prove"
	"reuselab/rules/pack"
)

func needZ3(t testing.TB) {
	t.Helper()
	if err := prove.Z3().Available(); err != nil {
		t.Skipf("z3 is not installed (apt-get install z3): %v", err)
	}
}

// the packs validate's prove tests use (cmd/reuselab/testdata/prove), and
// two of this package's own
const cmdPacks = "../../cmd/reuselab/testdata/prove"

func loadPack(t testing.TB, file string) *pack.Pack {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	p, ds := pack.ParsePack(file, string(src))
	if p == nil {
		t.Fatalf("%s: %v", file, ds)
	}
	return p
}

func TestSoundRewritesAreProvedForAllGraphs(t *testing.T) {
	needZ3(t)
	// a long limit: a proof must not turn unknown on a loaded machine
	pr := prove.New(prove.Options{Timeout: 60 * time.Second})
	defer pr.Close()
	for _, c := range []struct{ name, file string }{
		{"x*1 → x", filepath.Join(cmdPacks, "mulone.mg")},
		{"abs(abs(x)) → abs(x)", filepath.Join(cmdPacks, "absabs.mg")},
		{"saturate(saturate(x)) → saturate(x)", "testdata/satsat.mg"},
		{"max(x, x) → x", "testdata/maxself.mg"},
	} {
		rs := Prove(loadPack(t, c.file), pr)
		if len(rs) != 1 {
			t.Fatalf("%s: %d results, want the pack's one clause", c.name, len(rs))
		}
		r := rs[0]
		t.Logf("%s: %s:%d %s: %s", c.name, r.Pos.File, r.Pos.Line, r.Verdict, r.Reason)
		if r.Verdict != ProvedForAll {
			t.Errorf("%s: %s (%s), want proved for all graphs\n%s", c.name, r.Verdict, r.Reason, r.Witness)
		}
		// x is the one free value: float, float2, float3 and float4
		if r.Cases != 4 {
			t.Errorf("%s: proved on %d typed graphs, want 4 (x of 1 to 4 lanes)", c.name, r.Cases)
		}
		if r.Head != "alias/3" || r.Pos.Line != 5 {
			t.Errorf("%s: judged %s at line %d, want alias/3 at line 5", c.name, r.Head, r.Pos.Line)
		}
	}
}

func TestUnsoundRewritesAreRefutedWithAWitness(t *testing.T) {
	needZ3(t)
	pr := prove.New(prove.Options{Timeout: 60 * time.Second})
	defer pr.Close()
	for _, c := range []struct {
		name, file string
		clauses    int
		// what ir/interp says of the witness: x*2 overflows float32 only
		replay string
	}{
		{"x*0 → 0", "mulzero.mg", 2, "confirmed"},
		{"x-x → 0", "subself.mg", 2, "confirmed"},
		{"(x+1)-1 → x", "addsubone.mg", 1, "confirmed"},
		{"sqrt(x*x) → abs(x)", "sqrtsq.mg", 2, "confirmed"},
		{"(x*2)/2 → x", "halfdouble.mg", 1, "float32 only"},
	} {
		rs := Prove(loadPack(t, filepath.Join(cmdPacks, c.file)), pr)
		if len(rs) != c.clauses {
			t.Fatalf("%s: %d results, want %d", c.name, len(rs), c.clauses)
		}
		for _, r := range rs {
			t.Logf("%s: %s:%d %s: %s\n%s", c.name, r.Pos.File, r.Pos.Line, r.Verdict, r.Reason, r.Witness)
			if r.Verdict != Refuted {
				t.Errorf("%s line %d: %s (%s), want refuted for all graphs", c.name, r.Pos.Line, r.Verdict, r.Reason)
				continue
			}
			for _, want := range []string{"pattern:", "(input) = [", "ir/interp: " + c.replay} {
				if !strings.Contains(r.Witness, want) {
					t.Errorf("%s line %d: the witness lacks %q:\n%s", c.name, r.Pos.Line, want, r.Witness)
				}
			}
		}
	}
}

// unsound.mg compares Subtract's operands as a set: each clause's
// signature meets the other's with the operands swapped, so a - b and
// b - a are one node.
func TestSubtractAsASetIsRefuted(t *testing.T) {
	needZ3(t)
	pr := prove.New(prove.Options{Timeout: 60 * time.Second})
	defer pr.Close()
	rs := Prove(loadPack(t, "../examples/unsound.mg"), pr)
	if len(rs) != 2 {
		t.Fatalf("%d results, want 2", len(rs))
	}
	for _, r := range rs {
		if r.Verdict != Refuted {
			t.Errorf("line %d: %s (%s), want refuted", r.Pos.Line, r.Verdict, r.Reason)
			continue
		}
		if n := strings.Count(r.Witness, "= Subtract("); n != 2 {
			t.Errorf("line %d: the witness pattern has %d Subtract nodes, want a - b and b - a:\n%s", r.Pos.Line, n, r.Witness)
		}
		if !strings.Contains(r.Witness, "ir/interp: confirmed") {
			t.Errorf("line %d: ir/interp did not confirm the witness:\n%s", r.Pos.Line, r.Witness)
		}
	}
}

// Same pack, two provers (no shared cache): the same results, byte for
// byte.
func TestResultsAreDeterministic(t *testing.T) {
	needZ3(t)
	var texts [2]string
	for i := range texts {
		pr := prove.New(prove.Options{Timeout: 60 * time.Second})
		for _, r := range Prove(loadPack(t, "../examples/unsound.mg"), pr) {
			texts[i] += FormatResult(r) + "\n" + r.Witness
		}
		pr.Close()
	}
	if texts[0] != texts[1] {
		t.Errorf("two runs differ:\n%s\n---\n%s", texts[0], texts[1])
	}
}

// A prover that is never asked: the reasons come before any query.
func offline() *prove.Prover {
	return prove.New(prove.Options{Solver: prove.Solver{Name: "none", Path: "/nonexistent/solver",
		Args: func(time.Duration, int) []string { return nil }}})
}

func TestNotProvableThisWaySaysWhy(t *testing.T) {
	for _, c := range []struct{ name, src, why string }{
		{"recursion", "walk(N, X) :- cur(N, \"Abs\", 1), arg(N, 0, \"\", X, 0).\nwalk(N, Y) :- walk(N, X), operand(X, 0, Y, 0).\nalias(N, R, 0) :- walk(N, R).",
			"recursion through walk/2"},
		{"analysis", "alias(N, R, Q) :- cur(N, \"Multiply\", 2), arg(N, 1, \"\", C, 0), cval(C, 0, X), m(\"Add\", X, X, 0.0, 2.0), arg(N, 0, \"\", R, Q).",
			"the folder's arithmetic"},
		{"every op", "sig(N, K) :- cur(N, _, 0), key(N, K).", "its op is not pinned"},
		{"aggregation", "alias(N, R, 0) :- cur(N, \"Abs\", 1), arg(N, 0, \"\", R, 0) |> do fn:group_by(N, R).", "aggregation"},
		{"counts no op has", "alias(N, R, Q) :- cur(N, \"Abs\", 2), arg(N, 0, \"\", R, Q).", "no typed graph"},
		{"a rewrite of no Swizzle", "rewrite(N, R, Q, \"x\") :- cur(N, \"Abs\", 1), arg(N, 0, \"\", R, Q).", "rewrites only Swizzles"},
		{"masks", "alias(N, R, Q) :- cur(N, \"Abs\", 1), arg(N, 0, \"\", S, 0), mask(S, \"x\"), operand(S, 0, R, Q).", "masks"},
	} {
		src := "# pack: t\n# extends: reuse-2.0\n" + c.src + "\n"
		p, ds := pack.ParsePack("t.mg", src)
		if p == nil {
			t.Fatalf("%s: %v", c.name, ds)
		}
		rs := Prove(p, offline())
		last := rs[len(rs)-1]
		if last.Verdict != PerInstance || !strings.Contains(last.Reason, c.why) {
			t.Errorf("%s: %s: %q, want per instance because %q", c.name, last.Verdict, last.Reason, c.why)
		}
	}
}

func TestSignaturesReadBackOneWay(t *testing.T) {
	id := func(v string) seg { return seg{v: v, class: intText} }
	lit := func(s string) seg { return seg{lit: s} }
	key := seg{v: "K", class: keyText}
	for _, c := range []struct {
		name string
		segs []seg
		want bool
	}{
		{"ids between literals", []seg{lit("absof|"), id("R"), lit("#"), id("Q")}, true},
		{"a key in the middle, ids around it", []seg{lit("set|"), key, lit("|"), id("R0"), lit("#"), id("Q0")}, true},
		{"two parts side by side", []seg{lit("x|"), id("R"), id("Q")}, false},
		{"two keys", []seg{key, lit("|"), key}, false},
		{"a key then an any-text", []seg{key, lit("|"), {v: "S"}}, false},
	} {
		if got := decodable(c.segs); got != c.want {
			t.Errorf("%s: decodable %v, want %v", c.name, got, c.want)
		}
	}
	// "commutes|…" is no op's key; "Add|…" may be
	anyKey := []seg{{v: "K", class: keyText, node: "N"}}
	if !disjoint([]seg{lit("commutes|"), key}, anyKey, nil, nil) {
		t.Error("commutes| and a key of any op: not told apart")
	}
	if disjoint([]seg{lit("Add|x")}, anyKey, nil, nil) {
		t.Error("Add|x and a key of any op: told apart, but the key of an Add starts so")
	}
	if !disjoint(anyKey, []seg{lit("Constant||:")}, map[string]string{"N": "Abs"}, nil) {
		t.Error("the key of an Abs and a Constant's signature: not told apart")
	}
}

// The README's worked example: x + x, x * 2 and 2 * x are one node, exact
// in float32 (doubling overflows to the same infinity, NaN stays NaN).
func TestDoubleIsProvedForAllGraphs(t *testing.T) {
	needZ3(t)
	pr := prove.New(prove.Options{Timeout: 60 * time.Second})
	defer pr.Close()
	rs := Prove(loadPack(t, "../examples/double.mg"), pr)
	if len(rs) != 1 {
		t.Fatalf("%d results, want 1", len(rs))
	}
	t.Log(FormatResult(rs[0]), "\n", rs[0].Witness)
	if rs[0].Verdict != ProvedForAll {
		t.Errorf("%s (%s), want proved for all graphs", rs[0].Verdict, rs[0].Reason)
	}
}

// A refutation of a sig/2 clause counts only when no clause whose facts
// win (fold over alias over rewrite and sig) may take the witness's node
// first: here an alias of the same Subtract would.
func TestARefutationTheDriverWouldNotSeeIsPerInstance(t *testing.T) {
	needZ3(t)
	src := `# pack: t
# extends: reuse-2.0
sig(N, S) :- cur(N, "Subtract", 2), arg(N, 0, "", R0, Q0), arg(N, 1, "", R1, Q1), R0 < R1,
    S = fn:string:concat("set|", R0, "#", Q0, "|", R1, "#", Q1).
sig(N, S) :- cur(N, "Subtract", 2), arg(N, 0, "", R0, Q0), arg(N, 1, "", R1, Q1), R1 < R0,
    S = fn:string:concat("set|", R1, "#", Q1, "|", R0, "#", Q0).
alias(N, R, Q) :- cur(N, "Subtract", 2), arg(N, 1, "", C, 0), constant(C, "float"), cval(C, 0, 0.0), arg(N, 0, "", R, Q).
`
	p, ds := pack.ParsePack("t.mg", src)
	if p == nil {
		t.Fatal(ds)
	}
	pr := prove.New(prove.Options{Timeout: 60 * time.Second})
	defer pr.Close()
	rs := Prove(p, pr)
	if len(rs) != 3 {
		t.Fatalf("%d results, want 3", len(rs))
	}
	for _, r := range rs[:2] {
		t.Log(FormatResult(r))
		if r.Verdict != PerInstance || !strings.Contains(r.Reason, "taken first by t.mg:7 (alias/3 wins)") || r.Witness == "" {
			t.Errorf("line %d: %s (%s), want per instance with the pattern's witness: the alias at line 7 may take the Subtract first", r.Pos.Line, r.Verdict, r.Reason)
		}
	}
	// x - 0 is x (−0 − 0 is −0, which equals 0 as interp compares)
	if r := rs[2]; r.Verdict != ProvedForAll {
		t.Errorf("x - 0 → x: %s (%s), want proved", r.Verdict, r.Reason)
	}
}

func TestDisplayNamesTheClausesVariables(t *testing.T) {
	for in, want := range map[string]string{"R": "R", "R~a": "R", "R~b#Q~b": "R'#Q'", "N~t.0": "N.0", "X~3~b": "X'"} {
		if got := display(in); got != want {
			t.Errorf("display(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestPermutationsAreEveryOrder(t *testing.T) {
	for n, want := range []int{1, 1, 2, 6, 24} {
		seen := map[string]bool{}
		for _, p := range permutations(n) {
			seen[fmt.Sprint(p)] = true
		}
		if len(seen) != want {
			t.Errorf("permutations(%d): %d distinct orders, want %d", n, len(seen), want)
		}
	}
}

// c + d → c, an alias of a node whose operands are both constants: R3
// folds such a node before any alias, so the refutation of the pattern is
// not the clause's.
func TestAWitnessR3WouldFoldIsPerInstance(t *testing.T) {
	needZ3(t)
	src := "# pack: t\n# extends: reuse-2.0\n" +
		"alias(N, C, 0) :- cur(N, \"Add\", 2), arg(N, 0, \"\", C, 0), constant(C, \"float\"), arg(N, 1, \"\", D, 0), constant(D, \"float\").\n"
	p, ds := pack.ParsePack("t.mg", src)
	if p == nil {
		t.Fatal(ds)
	}
	pr := prove.New(prove.Options{Timeout: 60 * time.Second})
	defer pr.Close()
	rs := Prove(p, pr)
	if len(rs) != 1 || rs[0].Verdict != PerInstance || !strings.Contains(rs[0].Reason, "R3 folds it first") {
		t.Fatalf("%v, want per instance: R3 folds an Add of two constants first", rs)
	}
}
