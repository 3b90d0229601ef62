package eval_test

import (
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"reuselab/rules/eval"
)

// TestMain lets the test binary serve as the evaluation child process
// (child.go): the driver re-executes os.Executable(), which here is the
// test binary.
func TestMain(m *testing.M) {
	eval.FakeChild()
	eval.MaybeChild()
	flag.Parse()
	os.Exit(m.Run())
}

func writePack(t testing.TB, name, src string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func itoa(i int) string { return strconv.Itoa(i) }
