package reduce_test

import (
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"reuselab/compiler"
	"reuselab/diag"
	"reuselab/ir"
	"reuselab/ir/interp"
	"reuselab/reduce"
	"reuselab/reuse"
	"reuselab/reuse/engines"
)

// reference is the reference passes in mode 2.0, as the command resolves
// it; datalog is the rules driver running reuse-2.0, set by packs_test.go
// (nil, the pack failed to load, skips the datalog legs).
var (
	reference = engines.MustResolve("2.0")
	datalog   reuse.Engine
)

func compileSrc(path, src string) (*ir.Module, diag.List) {
	return compiler.CompileFile(path, compiler.Options{ReadFile: func(p string) ([]byte, error) {
		if p == path {
			return []byte(src), nil
		}
		return os.ReadFile(p)
	}})
}

func seedBytes(seed uint64, n int) []byte {
	r := rand.New(rand.NewPCG(seed, 0xf022))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// checkEngine compiles src and evaluates engine e on every product; a
// mismatch a known fault explains is returned as known, not as a failure.
func checkEngine(src string, e reuse.Engine, runs int, seed uint64) (n int, fail, known string) {
	m, ds := compileSrc("M_Fuzz.dsm", src)
	if m == nil || ds.HasErrors() {
		return 0, "does not compile:\n" + ds.String(), ""
	}
	for _, g := range m.Products {
		if rep := interp.Check(e.Run(g, ir.Limits{}), interp.Options{Runs: runs, Seed: seed}); !rep.OK() {
			if why, ok := knownFault(rep); ok {
				return len(m.Products), "", why + ":\n" + rep.String()
			}
			return len(m.Products), reduce.Label(e) + ": " + rep.String(), ""
		}
	}
	return len(m.Products), "", ""
}

// checkProgram runs reference, datalog (when present) and evaluation on
// one source; it returns a failure, if any, and what known faults showed.
func checkProgram(src string, runs int, seed uint64) (fail, known string) {
	m, ds := compileSrc("M_Fuzz.dsm", src)
	if m == nil || ds.HasErrors() {
		return "does not compile:\n" + ds.String(), ""
	}
	for _, g := range m.Products {
		results := []*ir.Result{reference.Run(g, ir.Limits{})}
		if datalog != nil {
			d := datalog.Run(g, ir.Limits{})
			if c := reuse.Compare(results[0], d); !c.Agree() {
				return "datalog disagrees with the reference:\n" + c.String(), ""
			}
			results = append(results, d)
		}
		for _, res := range results {
			if rep := interp.Check(res, interp.Options{Runs: runs, Seed: seed}); !rep.OK() {
				if why, ok := knownFault(rep); ok {
					known = why
					continue
				}
				return res.Engine + ": " + rep.String(), ""
			}
		}
	}
	return "", known
}

// FuzzReuse turns bytes into a small material and checks that the
// reference passes, the datalog reuse-2.0 pack (when present) and the
// interpreter agree: same partition, same graph, same values.
func FuzzReuse(f *testing.F) {
	for s := uint64(1); s <= 8; s++ {
		f.Add(seedBytes(s, 96))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		src := Program(data, 6)
		fail, known := checkProgram(src, 16, 1)
		if fail != "" {
			t.Fatalf("%s\nprogram:\n%s", fail, src)
		}
		if known != "" {
			t.Skipf("known fault: %s", known)
		}
	})
}

// TestGeneratedProgramsEval64: 10,000 generated programs (fixed seeds;
// 1,000 with -short) pass --eval 64 under the reference passes. The rule
// packs run over their own share in TestShippedPacksOnGenerated (datalog
// costs about 50 ms a program, so 10,000 of them wait for REUSELAB_LONG=1).
func TestGeneratedProgramsEval64(t *testing.T) {
	n := 10000
	if testing.Short() {
		n = 1000
	}
	products, failures, knowns := 0, 0, 0
	for seed := uint64(1); seed <= uint64(n); seed++ {
		src := Program(seedBytes(seed, 128), 4+int(seed%8))
		k, fail, known := checkEngine(src, reference, 64, seed)
		products += k
		if known != "" {
			if knowns++; knowns == 1 {
				t.Logf("known fault, first witness seed %d: %s", seed, known)
			}
		}
		if fail != "" {
			failures++
			if failures <= 3 {
				t.Errorf("seed %d: %s\nprogram:\n%s", seed, fail, src)
			}
		}
	}
	t.Logf("reference: %d programs, %d products × 64 runs: %d failing (+%d by known faults)", n, products, failures, knowns)
}

// findWitness returns the first generated program of about stmts
// statements on which engine e mismatches evaluation.
func findWitness(t *testing.T, e reuse.Engine, stmts int) string {
	t.Helper()
	cond, err := reduce.ParseCondition("mismatch", reduce.Env{Path: "W.dsm", Engine: e, Runs: 64, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 500; seed++ {
		src := Program(seedBytes(seed, 512), stmts)
		if cond([]byte(src)) {
			return src
		}
	}
	t.Fatalf("no program of %d statements shows %s unsound in 500 seeds", stmts, e.Name())
	return ""
}

// unsoundCaught checks that the checker catches engine e, blames the
// right rule, and that reduce shrinks the witness to the two-statement
// size class, still mismatching and compiling with no diagnostic the
// generated program did not have.
func unsoundCaught(t *testing.T, e reuse.Engine, culprit string) {
	src := findWitness(t, e, 30)
	m, _ := compileSrc("W.dsm", src)
	blamed := false
	for _, g := range m.Products {
		rep := interp.Check(e.Run(g, ir.Limits{}), interp.Options{Runs: 64, Seed: 1})
		if !rep.OK() && rep.Culprit != nil && strings.Contains(rep.String(), culprit) {
			blamed = true
			t.Logf("report:\n%v", rep)
		}
	}
	if !blamed {
		t.Errorf("no report names %q", culprit)
	}
	cond, _ := reduce.ParseCondition("mismatch", reduce.Env{Path: "W.dsm", Engine: e, Runs: 64, Seed: 1})
	small, st, err := reduce.Reduce([]byte(src), cond, reduce.Options{Path: "W.dsm"})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("reduced %d → %d statements, %d → %d bytes in %d tests:\n%s", st.StmtsBefore, st.StmtsAfter, st.BytesBefore, st.BytesAfter, st.Tests, small)
	if st.StmtsAfter > 2 || st.HitLimit {
		t.Errorf("witness still has %d statements (hit the limit: %v)", st.StmtsAfter, st.HitLimit)
	}
	if !cond(small) {
		t.Error("the reduced file no longer shows the mismatch")
	}
	compilesLike(t, "W.dsm", []byte(src), small)
}

// compilesLike fails t when the witness has a diagnostic its input did
// not have (by code and message).
func compilesLike(t *testing.T, path string, input, witness []byte) {
	t.Helper()
	_, before := compileSrc(path, string(input))
	had := map[string]bool{}
	for _, d := range before.Items {
		had[d.Code+" "+d.Message] = true
	}
	m, after := compileSrc(path, string(witness))
	if m == nil {
		t.Fatalf("the witness does not compile:\n%s", after.String())
	}
	for _, d := range after.Items {
		if !had[d.Code+" "+d.Message] {
			t.Errorf("the witness has a diagnostic its input lacked: %s", d)
		}
	}
}

func TestUnsoundSubtractAsSetCaughtAndReduced(t *testing.T) {
	unsoundCaught(t, unsound("subtract-as-set", subtractAsSet), "merged by dedupe")
}

func TestUnsoundDivSelfFoldCaughtAndReduced(t *testing.T) {
	unsoundCaught(t, unsound("div-self-is-one", divSelfIsOne), "folded by fold")
}

// TestReduceDiagnostic: `diag:DSHnnnn` keeps the statement that raises the
// code and drops the rest.
func TestReduceDiagnostic(t *testing.T) {
	src := Program(seedBytes(3, 256), 12)
	src = strings.Replace(src, "    Graph = {\n", "    Graph = {\n        float Bad = Missing + 1.0;\n", 1)
	cond, err := reduce.ParseCondition("diag:DSH4200", reduce.Env{Path: "D.dsm"})
	if err != nil {
		t.Fatal(err)
	}
	small, st, err := reduce.Reduce([]byte(src), cond, reduce.Options{Path: "D.dsm"})
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	// Any statement reading an undeclared name keeps DSH4200; one is enough.
	if st.StmtsAfter != 1 || !cond(small) {
		t.Errorf("want one statement raising DSH4200, got %d:\n%s", st.StmtsAfter, small)
	}
}

func TestParseConditionErrors(t *testing.T) {
	for _, spec := range []string{"", "diag:4200", "what", "disagree"} {
		if _, err := reduce.ParseCondition(spec, reduce.Env{Path: "x.dsm"}); err == nil {
			t.Errorf("%q accepted", spec)
		}
	}
}
