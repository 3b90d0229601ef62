package fuzz

import (
	"os"
	"testing"

	"reuselab/rules/eval"
)

// A user's pack (a .mg file) is loaded and evaluated in a child process,
// which is this test binary re-executed: serve it.
func TestMain(m *testing.M) {
	eval.MaybeChild()
	os.Exit(m.Run())
}
