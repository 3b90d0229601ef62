// Package tooltest is how a test that needs a real tool (chromium, node
// with ueblueprint, z3, cvc5, Graphviz) goes without it. Skip skips with
// the reason, as t.Skip does, and counts the skip; Run, called from a
// package's TestMain, names the skipped tests in one line per tool on
// stderr at the end of the run, visible with -v, -json, or `go test` in
// the package's folder (the go command drops a passing package's output
// in `go test ./...`). With REUSELAB_REQUIRE_TOOLS set, a missing tool
// fails the test instead: CI, which installs every tool, sets it, so that
// no test it relies on is skipped unseen.
package tooltest

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
)

// RequireEnv names the tools whose absence fails a test: "1" or "all"
// for every tool, else a comma-separated list (chromium,z3).
const RequireEnv = "REUSELAB_REQUIRE_TOOLS"

// skips holds, per tool, the reason and the tests skipped for it. A test
// binary is one package, so the record is the package's.
var skips = struct {
	sync.Mutex
	why   map[string]string
	tests map[string][]string
}{why: map[string]string{}, tests: map[string][]string{}}

// Skip skips tb because tool is absent, saying why (how to install it),
// or fails tb when RequireEnv asks for the tool.
func Skip(tb testing.TB, tool, format string, args ...any) {
	tb.Helper()
	why := fmt.Sprintf(format, args...)
	if required(os.Getenv(RequireEnv), tool) {
		tb.Fatalf("%s is required (%s=%s) but absent: %s", tool, RequireEnv, os.Getenv(RequireEnv), why)
		return
	}
	skips.Lock()
	if _, ok := skips.why[tool]; !ok {
		skips.why[tool] = why
	}
	skips.tests[tool] = append(skips.tests[tool], tb.Name())
	skips.Unlock()
	tb.Skip(why)
}

func required(env, tool string) bool {
	if env == "1" || env == "all" {
		return true
	}
	return slices.Contains(strings.Split(env, ","), tool)
}

// Run runs the package's tests and then reports the skips on stderr; its
// result is TestMain's exit code.
func Run(m *testing.M) int {
	code := m.Run()
	Report(os.Stderr)
	return code
}

// Report writes one line per tool that made tests skip, tools and tests
// in name order: "skipped for want of chromium: 2 tests (TestA, TestB):
// no chromium on PATH (…)".
func Report(w io.Writer) {
	skips.Lock()
	defer skips.Unlock()
	var tools []string
	for t := range skips.tests {
		tools = append(tools, t)
	}
	slices.Sort(tools)
	for _, t := range tools {
		tests := slices.Clone(skips.tests[t])
		slices.Sort(tests)
		tests = slices.Compact(tests)
		n := "1 test"
		if len(tests) != 1 {
			n = fmt.Sprintf("%d tests", len(tests))
		}
		fmt.Fprintf(w, "skipped for want of %s: %s (%s): %s; %s=1 makes it a failure\n", t, n, strings.Join(tests, ", "), skips.why[t], RequireEnv)
	}
}
