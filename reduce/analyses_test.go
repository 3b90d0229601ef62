package reduce_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"reuselab/ir"
	"reuselab/ir/interp"
	"reuselab/reduce"
)

// The packs that carry an analysis across levels, each with one deliberate
// fault: ranges with saturate(x) = x whatever x's range, reassociate with
// Add and Multiply terms in one multiset. Evaluation must catch each and
// reduce must shrink its witness; the shipped pack, on the same program,
// must pass.

// wrongPack writes the shipped pack name with each of the replacements
// made (each must occur once) under the name name-wrong.
func wrongPack(t *testing.T, name string, repl ...string) string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "rules", "pack", "packs", name+".mg"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(src)
	for i := 0; i < len(repl); i += 2 {
		if strings.Count(s, repl[i]) != 1 {
			t.Fatalf("the shipped pack has no single %q to break", repl[i])
		}
		s = strings.Replace(s, repl[i], repl[i+1], 1)
	}
	s = strings.Replace(s, "# pack: "+name+"\n", "# pack: "+name+"-wrong\n", 1)
	file := filepath.Join(t.TempDir(), name+"-wrong.mg")
	if err := os.WriteFile(file, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// analysisWitness hides the shape stmt among statements that have nothing
// to do with it, and reads the shape's value a.
func analysisWitness(stmt string) string {
	return `Shader(Name="M_AnalysisWrong")
{
    Properties = {
        vec3 V = vec3(1.0, 0.5, 0.2);
        float A = 0.5;
        float B = 0.25;
        float C = 0.125;
    }

    Outputs = {
        vec3 Color;
        float Alpha;
        Base.EmissiveColor = Color;
        Base.Opacity = Alpha;
    }

    Graph = {
        float s = sin(C) * 2.0;
        vec3 v2 = V * s + V;
        float l = length(v2);
        ` + stmt + `
        float m = max(l, C);
        vec3 t = v2.zyx * m;
        Color = t + vec3(s, l, m);
        Alpha = a + m * 0.5;
    }
}
`
}

func caughtAndReduced(t *testing.T, shipped, wrongFile, witness, culpritOp, keep string) {
	wrong := packEngine(t, wrongFile)
	right := packEngine(t, shipped)
	m, ds := compileSrc("W.dsm", witness)
	if m == nil || ds.HasErrors() {
		t.Fatalf("the witness does not compile: %s", ds.String())
	}
	caught := false
	for _, g := range m.Products {
		if rep := interp.Check(right.Run(g, ir.Limits{}), interp.Options{Runs: 64, Seed: 1}); !rep.OK() {
			t.Errorf("the shipped pack fails evaluation on the witness: %v", rep)
		}
		rep := interp.Check(wrong.Run(g, ir.Limits{}), interp.Options{Runs: 64, Seed: 1})
		if !rep.OK() && rep.Culprit != nil && strings.Contains(rep.String(), culpritOp+"(") {
			caught = true
			t.Logf("report:\n%v", rep)
		}
	}
	if !caught {
		t.Fatalf("evaluation does not catch the wrong pack, or blames no %s", culpritOp)
	}
	cond, err := reduce.ParseCondition("mismatch", reduce.Env{Path: "W.dsm", Engine: wrong, Runs: 64, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	small, st, err := reduce.Reduce([]byte(witness), cond, reduce.Options{Path: "W.dsm"})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("reduced %d → %d statements, %d → %d bytes in %d tests:\n%s", st.StmtsBefore, st.StmtsAfter, st.BytesBefore, st.BytesAfter, st.Tests, small)
	if st.StmtsAfter > 2 {
		t.Errorf("the witness still has %d statements:\n%s", st.StmtsAfter, small)
	}
	if !cond(small) {
		t.Error("the reduced file no longer shows the mismatch")
	}
	if !strings.Contains(string(small), keep) {
		t.Errorf("the reduced file lost the %s it is about:\n%s", keep, small)
	}
}

func TestRangesWrongCaughtAndReduced(t *testing.T) {
	file := wrongPack(t, "ranges", "range(X, A, B), fle(0.0, A), fle(B, 1.0),\n", "")
	caughtAndReduced(t, "ranges", file, analysisWitness("float a = saturate(A * 4.0);"), "Saturate", "saturate(")
}

func TestReassociateWrongCaughtAndReduced(t *testing.T) {
	file := wrongPack(t, "reassociate",
		`flat(N, K) :- ch(N, Op, T), arg(N, K, "", X, 0), X >= 0, terms(X, Op, _),`,
		`flat(N, K) :- ch(N, _, T), arg(N, K, "", X, 0), X >= 0, terms(X, _, _),`,
		`part(N, K, S) :- ch(N, Op, T), arg(N, K, "", X, 0), X >= 0, terms(X, Op, S),`,
		`part(N, K, S) :- ch(N, _, T), arg(N, K, "", X, 0), X >= 0, terms(X, _, S),`)
	caughtAndReduced(t, "reassociate", file, analysisWitness("float a = (A + B) * C + (A * B) * C * 2.0;"), "Multiply", "(A + B)")
}
