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

// The swizzle-append pack with one deliberate fault: a channel of an
// Append's left operand is read from its right operand. Evaluation must
// catch it and reduce must shrink the witness; the shipped pack, on the
// same program, must pass.

// wrongSwizzleAppend writes the shipped pack with its left-operand step
// reading the right operand, and returns the file.
func wrongSwizzleAppend(t *testing.T) string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "rules", "pack", "packs", "swizzle-append.mg"))
	if err != nil {
		t.Fatal(err)
	}
	right := "step(N, X, 0, K, Y, PY, K) :- at(N, X, 0, K)"
	wrong := "step(N, X, 0, K, Z, PZ, K) :- at(N, X, 0, K)"
	if strings.Count(string(src), right) != 1 {
		t.Fatalf("the shipped pack has no single %q to break", right)
	}
	s := strings.Replace(string(src), right, wrong, 1)
	s = strings.Replace(s, "# pack: swizzle-append\n", "# pack: swizzle-append-wrong\n", 1)
	file := filepath.Join(t.TempDir(), "swizzle-append-wrong.mg")
	if err := os.WriteFile(file, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// swizzleAppendWitness reads the left channel of vec2(A, B) among
// statements that have nothing to do with it.
const swizzleAppendWitness = `Shader(Name="M_SwizzleAppendWrong")
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
        float a = vec2(A, B).x;
        float m = max(l, C);
        vec3 t = v2.zyx * m;
        Color = t + vec3(s, l, m);
        Alpha = a + m * 0.5;
    }
}
`

func TestSwizzleAppendWrongCaughtAndReduced(t *testing.T) {
	wrong := packEngine(t, wrongSwizzleAppend(t))
	right := packEngine(t, "swizzle-append")
	m, ds := compileSrc("W.dsm", swizzleAppendWitness)
	if m == nil || ds.HasErrors() {
		t.Fatalf("the witness does not compile: %s", ds.String())
	}
	caught := false
	for _, g := range m.Products {
		if rep := interp.Check(right.Run(g, ir.Limits{}), interp.Options{Runs: 64, Seed: 1}); !rep.OK() {
			t.Errorf("the shipped pack fails evaluation on the witness: %v", rep)
		}
		rep := interp.Check(wrong.Run(g, ir.Limits{}), interp.Options{Runs: 64, Seed: 1})
		if !rep.OK() && rep.Culprit != nil && strings.Contains(rep.String(), "Swizzle(") {
			caught = true
			t.Logf("report:\n%v", rep)
		}
	}
	if !caught {
		t.Fatal("evaluation does not catch the wrong pack, or blames no Swizzle")
	}
	cond, err := reduce.ParseCondition("mismatch", reduce.Env{Path: "W.dsm", Engine: wrong, Runs: 64, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	small, st, err := reduce.Reduce([]byte(swizzleAppendWitness), cond, reduce.Options{Path: "W.dsm"})
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
	if !strings.Contains(string(small), "vec2(A, B)") {
		t.Errorf("the reduced file lost the Append it is about:\n%s", small)
	}
}
