package reduce_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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

// TestSwizzleAppendWrongCaughtAndReduced: the wrong variant is caught on
// the left channel of vec2(A, B), hidden among statements that have
// nothing to do with it, and reduced to the Append it is about.
func TestSwizzleAppendWrongCaughtAndReduced(t *testing.T) {
	caughtAndReduced(t, "swizzle-append", wrongSwizzleAppend(t), analysisWitness("float a = vec2(A, B).x;"), "Swizzle", "vec2(A, B)")
}
