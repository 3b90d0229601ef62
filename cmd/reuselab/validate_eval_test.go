package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"reuselab/reduce"
)

// evalWitness is a material on which "Subtract's operands as a set" is
// wrong: s4 * s6 is −(A−B)², the unsound merge makes it (A−B)².
const evalWitness = `Shader(Name="M_EvalWitness")
{
    Properties = {
        float A = 0.5;
        float B = 0.25;
        vec3 T = vec3(1.0, 0.5, 0.2);
    }

    Outputs = {
        vec3 Color;
        float Alpha;
        Base.EmissiveColor = Color;
        Base.Opacity = Alpha;
    }

    Graph = {
        float s1 = A * 2.0;
        float s2 = sin(B);
        vec3 v3 = T * s1;
        float s4 = A - B;
        float s5 = s2 + s1;
        vec3 v6 = saturate(v3 + T);
        float s7 = B - A;
        vec3 v8 = v6 * s5;
        float s9 = s4 * s7;
        float s10 = frac(s5) + s2;
        vec3 v11 = lerp(v8, T, s2);
        float s12 = s10 * 0.5;
        Color = v11 + v3;
        Alpha = s9 + s12;
    }
}
`

func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := dispatch(args, &out, &errb)
	return code, out.String(), errb.String()
}

func writeWitness(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "M_EvalWitness.dsm")
	if err := os.WriteFile(path, []byte(evalWitness), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestEvalCheckCommand(t *testing.T) {
	path := writeWitness(t)
	if code, out, errs := runCLI(t, "evalcheck", "--eval", "32", path); code != 0 || !strings.Contains(out, "0 mismatching") ||
		!strings.Contains(out, "IR vs asset (none and reference): 2 assets checked, 4 roots, 0 mismatching or mis-wired") {
		t.Fatalf("reference: exit %d\n%s%s", code, out, errs)
	}
	if code, out, errs := runCLI(t, "evalcheck", "--rules", "reuse-2.0", path); code != 0 {
		t.Fatalf("reuse-2.0: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs := runCLI(t, "evalcheck", path, "--rules", "../../reduce/testdata/subtract-set.mg")
	if code != 1 || !strings.Contains(out, "culprit") || !strings.Contains(out, "Subtract(") {
		t.Fatalf("subtract-set not caught: exit %d\n%s%s", code, out, errs)
	}
	if code, _, _ := runCLI(t, "evalcheck", "--rules", "no-such-pack", path); code != 2 {
		t.Errorf("unknown pack: exit %d, want 2", code)
	}
}

// TestValidateEval: `validate --eval N` runs the checker through the hook.
func TestValidateEval(t *testing.T) {
	path := writeWitness(t)
	if code, out, errs := runCLI(t, "validate", "--eval", "32", path); code != 0 || !strings.Contains(out, "0 failing evaluation") {
		t.Fatalf("reuse-2.0: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs := runCLI(t, "validate", "--eval", "32", "--rules", "../../reduce/testdata/subtract-set.mg", path)
	if code != 1 || !strings.Contains(out, "fails evaluation") || !strings.Contains(out, "culprit") {
		t.Fatalf("subtract-set passed validate --eval: exit %d\n%s%s", code, out, errs)
	}
}

func TestReduceCommand(t *testing.T) {
	path := writeWitness(t)
	dest := filepath.Join(t.TempDir(), "small.dsm")
	code, out, errs := runCLI(t, "reduce", path, "--until", "mismatch", "--rules", "../../reduce/testdata/subtract-set.mg", "--out", dest)
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	small, err := os.ReadFile(dest)
	if err != nil {
		t.Fatal(err)
	}
	if n := reduce.CountStatements(dest, small); n > 10 {
		t.Errorf("%d statements left:\n%s", n, small)
	}
	t.Logf("%s\n%s", out, small)
	// The witness holds no mismatch under the reference: nothing to reduce.
	if code, _, errs := runCLI(t, "reduce", path, "--until", "mismatch"); code != 1 || !strings.Contains(errs, "does not hold") {
		t.Errorf("reference mismatch: exit %d %s", code, errs)
	}
	if code, _, _ := runCLI(t, "reduce", path, "--until", "bogus"); code != 2 {
		t.Errorf("bad condition: exit %d, want 2", code)
	}
}

// layerBlend reads two fields off each of its material inputs: the
// emitted BreakMaterialAttributes must be wired to those inputs (they used
// to dangle, and the asset computed the default attributes).
const layerBlend = `ShaderLayerBlend(Name="Layers/LB_EvalBlend")
{
    Properties = {
        float Mix = 0.25;
    }

    Inputs = {
        MaterialAttributes Bottom;
        MaterialAttributes Top;
    }

    Outputs = {
        MaterialAttributes Attrs;
    }

    Graph = {
        Attrs.BaseColor = lerp(Bottom.BaseColor, Top.BaseColor, Mix);
        Attrs.Roughness = Top.Roughness * Mix;
    }
}
`

// TestEvalCheckAssetWiring: evalcheck evaluates the emitted layer blend
// against its IR, raw and merged.
func TestEvalCheckAssetWiring(t *testing.T) {
	path := filepath.Join(t.TempDir(), "LB_EvalBlend.dsm")
	if err := os.WriteFile(path, []byte(layerBlend), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI(t, "evalcheck", "--eval", "16", path)
	if code != 0 || !strings.Contains(out, "IR vs asset (none and reference): 2 assets checked, 2 roots, 0 mismatching or mis-wired") {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
}
