package tooltest

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

func TestRequired(t *testing.T) {
	for _, c := range []struct {
		env, tool string
		want      bool
	}{{"", "z3", false}, {"1", "z3", true}, {"all", "chromium", true}, {"chromium,z3", "z3", true}, {"chromium", "z3", false}, {"z", "z3", false}} {
		if got := required(c.env, c.tool); got != c.want {
			t.Errorf("required(%q, %q) = %v, want %v", c.env, c.tool, got, c.want)
		}
	}
}

// The report names each tool once, its tests sorted and counted.
func TestReport(t *testing.T) {
	t.Setenv(RequireEnv, "")
	for _, name := range []string{"b", "a"} {
		t.Run(name, func(t *testing.T) { Skip(t, "z3", "z3 is not installed") })
	}
	t.Run("c", func(t *testing.T) { Skip(t, "chromium", "no chromium on PATH") })
	var b bytes.Buffer
	Report(&b)
	want := "skipped for want of chromium: 1 test (TestReport/c): no chromium on PATH; REUSELAB_REQUIRE_TOOLS=1 makes it a failure\n" +
		"skipped for want of z3: 2 tests (TestReport/a, TestReport/b): z3 is not installed; REUSELAB_REQUIRE_TOOLS=1 makes it a failure\n"
	if b.String() != want {
		t.Errorf("report:\n%s\nwant:\n%s", b.String(), want)
	}
}

// fatalTB records a Fatalf instead of ending the test.
type fatalTB struct {
	testing.TB
	fatal string
}

func (f *fatalTB) Fatalf(format string, args ...any) { f.fatal = fmt.Sprintf(format, args...) }
func (f *fatalTB) Skip(...any)                       { f.TB.Error("skipped although the tool is required") }

// With the tool required, its absence is a failure, not a skip.
func TestRequiredToolFails(t *testing.T) {
	t.Setenv(RequireEnv, "z3")
	f := &fatalTB{TB: t}
	Skip(f, "z3", "z3 is not installed")
	if !strings.Contains(f.fatal, "z3 is required (REUSELAB_REQUIRE_TOOLS=z3) but absent: z3 is not installed") {
		t.Errorf("Fatalf got %q", f.fatal)
	}
}
