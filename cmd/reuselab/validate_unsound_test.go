package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// subtractBoth computes A - B and B - A: one node only for a pack that
// wrongly takes Subtract's operands as a set.
const subtractBoth = `Shader(Name="M_SubtractBoth")
{
    Properties = {
        float A = 0.5;
        float B = 0.25;
    }

    Outputs = {
        float Alpha;
        Base.Opacity = Alpha;
    }

    Graph = {
        float ab = A - B;
        float ba = B - A;
        Alpha = ab * 4.0 + ba;
    }
}
`

// unsoundPack extends reuse-2.0 and claims no `# mirrors:`, so the
// comparison accepts its extra merge; only evaluation rejects it.
const unsoundPack = `# pack: subtract-as-set
# extends: reuse-2.0
# claims: UNSOUND on purpose: a - b and b - a are one node.
sig(N, S) :- cur(N, "Subtract", 2), role(N, "value"), !folds(N), key(N, K),
    arg(N, 0, "", R0, Q0), arg(N, 1, "", R1, Q1), R0 < R1,
    S = fn:string:concat("set|", K, "|", R0, "#", Q0, "|", R1, "#", Q1).
sig(N, S) :- cur(N, "Subtract", 2), role(N, "value"), !folds(N), key(N, K),
    arg(N, 0, "", R0, Q0), arg(N, 1, "", R1, Q1), R1 < R0,
    S = fn:string:concat("set|", K, "|", R1, "#", Q1, "|", R0, "#", Q0).
`

// TestValidateUnsoundPackFails: validate evaluates a pack's extra merges
// by default, so an unsound pack exits 1 and is not counted as agreeing;
// `--eval 0` lists the extra merge without evaluating it, and says so.
func TestValidateUnsoundPackFails(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "M_SubtractBoth.dsm")
	mg := filepath.Join(dir, "unsound.mg")
	if err := os.WriteFile(src, []byte(subtractBoth), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(mg, []byte(unsoundPack), 0o644); err != nil {
		t.Fatal(err)
	}

	code, out, errs := runCLI(t, "validate", "--rules", mg, src)
	if code != 1 {
		t.Fatalf("unsound pack: exit %d, want 1\n%s%s", code, out, errs)
	}
	for _, want := range []string{"extra merge (Subtract)", "subtract-as-set fails evaluation", "culprit",
		"0 agree, 0 disagree, 0 stopped, 1 evaluated × 64 runs, 1 failing evaluation"} {
		if !strings.Contains(out, want) {
			t.Errorf("validate output lacks %q:\n%s", want, out)
		}
	}

	code, out, errs = runCLI(t, "validate", "--eval", "0", "--allow-unverified", "--rules", mg, src)
	if code != 0 {
		t.Fatalf("--eval 0 --allow-unverified: exit %d, want 0 (nothing evaluated, its verdict unknown and accepted)\n%s%s", code, out, errs)
	}
	if strings.Contains(out, "fails evaluation") || strings.Contains(out, "evaluated ×") {
		t.Errorf("--eval 0 evaluated:\n%s", out)
	}
	for _, want := range []string{"extra merge (Subtract)", "extra merges of subtract-as-set over the reference: 1", "not checked by evaluation (--eval 0)"} {
		if !strings.Contains(out, want) {
			t.Errorf("--eval 0 output lacks %q:\n%s", want, out)
		}
	}

	// The same rules claiming to mirror 2.0 disagree with it; the
	// disagreement is evaluated too, and fails.
	exact := filepath.Join(dir, "exact.mg")
	if err := os.WriteFile(exact, []byte(strings.Replace(unsoundPack, "# extends:", "# mirrors: 2.0\n# extends:", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs = runCLI(t, "validate", "--rules", exact, src)
	if code != 1 || !strings.Contains(out, "disagree\n") || !strings.Contains(out, "0 agree, 1 disagree, 0 stopped, 1 evaluated × 64 runs, 1 failing evaluation") {
		t.Errorf("exact pack that disagrees: exit %d\n%s%s", code, out, errs)
	}

	// The reference pack agrees exactly: nothing to evaluate by default.
	code, out, errs = runCLI(t, "validate", src)
	if code != 0 || !strings.Contains(out, "1 agree, 0 disagree, 0 stopped, 0 evaluated × 64 runs") {
		t.Errorf("reuse-2.0: exit %d\n%s%s", code, out, errs)
	}
}
