package dss_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"reuselab/compiler/dss"
	"reuselab/diag"
)

// The issue-13 attacks on the .dss front end: long flat chains (built by
// loops, so a recursion depth limit does not see them), a 20 MB chain,
// deep nesting, lone-CR line endings, an unterminated block comment and
// raw control bytes. Each must end as a diagnostic (code and position) or
// a compile, never a crash or a hang. The sources are generated here, not
// committed. A stack overflow is fatal (recover cannot catch it), so each
// case compiles in a child process of this test binary, and a crash shows
// as that child's exit and the head of its stack.

const dssHead = "uniform float U = 0.5;\nfloat F() { return 1; }\nexport void M(inout material m)\n{\n    "
const dssTail = "\n}\n"

func dssBody(expr string) string { return dssHead + "m.Opacity = " + expr + ";" + dssTail }

type chainCase struct {
	name string
	src  func() string
	// check looks at the diagnostics of a finished compile; "" is fine.
	check func(ds diag.List, hasModule bool) string
}

// boundedCompile is the bar for the big cases: a module without errors,
// or an error diagnostic with a code and a real position.
func boundedCompile(ds diag.List, hasModule bool) string {
	if !ds.HasErrors() {
		if !hasModule {
			return "no module and no error"
		}
		return ""
	}
	for _, d := range ds.Items {
		if d.Severity == diag.Error && (!strings.HasPrefix(d.Code, "DSH") || len(d.Code) != 7 || d.Pos.Line < 1 || d.Pos.Col < 1) {
			return "error without a code or a position: " + d.String()
		}
	}
	return ""
}

func repeatChain(first, link string, n int) string {
	var b strings.Builder
	b.Grow(len(first) + len(link)*n)
	b.WriteString(first)
	for range n {
		b.WriteString(link)
	}
	return b.String()
}

var chainCases = []chainCase{
	{"sum-400k", func() string { return dssBody(repeatChain("U", " + U", 400_000)) }, boundedCompile},
	{"member-1M", func() string { return dssBody(repeatChain("U", ".x", 1_000_000)) }, boundedCompile},
	{"call-1M", func() string { return dssBody(repeatChain("F()", "()", 1_000_000)) }, boundedCompile},
	{"index-1M", func() string { return dssBody(repeatChain("U", "[0]", 1_000_000)) }, boundedCompile},
	{"sum-20MB", func() string { return dssBody(repeatChain("U", " + U", 5_000_000)) }, boundedCompile},
	{"parens-1M", func() string {
		return dssBody(strings.Repeat("(", 1_000_000) + "U" + strings.Repeat(")", 1_000_000))
	}, boundedCompile},
	{"unary-1M", func() string { return dssBody(repeatChain("", "-", 1_000_000) + "U") }, boundedCompile},
	{"blocks-200k", func() string {
		return dssHead + strings.Repeat("{", 200_000) + "m.Opacity = U;" + strings.Repeat("}", 200_000) + dssTail
	}, boundedCompile},
	{"if-100k", func() string {
		return dssHead + strings.Repeat("if (U > 0) { ", 100_000) + "m.Opacity = U;" + strings.Repeat(" }", 100_000) + dssTail
	}, boundedCompile},
	{"else-if-100k", func() string {
		return dssHead + "if (U > 0) { m.Opacity = U; }" + strings.Repeat(" else if (U > 1) { m.Opacity = 1; }", 100_000) + dssTail
	}, boundedCompile},
	{"braces-1M", func() string {
		return dssBody("float2" + strings.Repeat("{", 1_000_000) + "1" + strings.Repeat("}", 1_000_000))
	}, boundedCompile},
	{"lone-cr", func() string {
		return "uniform float U = 0.5;\rexport void M(inout material m)\r{\r    m.Opacity = Undeclared;\r}\r"
	}, func(ds diag.List, _ bool) string {
		for _, d := range ds.Items {
			if d.Code == "DSH4200" {
				if d.Pos.Line != 4 || d.Pos.Col != 17 {
					return fmt.Sprintf("DSH4200 at %d:%d, want 4:17 (lone CR ends a line)", d.Pos.Line, d.Pos.Col)
				}
				return ""
			}
		}
		return "no DSH4200 for the undeclared name: " + ds.String()
	}},
	{"open-comment", func() string { return dssBody("U") + "/* never closed" }, func(ds diag.List, _ bool) string {
		for _, d := range ds.Items {
			if d.Code == "DSH2102" {
				if d.Pos.Line != 7 || d.Pos.Col != 1 {
					return fmt.Sprintf("DSH2102 at %d:%d, want 7:1 (the /*)", d.Pos.Line, d.Pos.Col)
				}
				return ""
			}
		}
		return "no DSH2102 for an unterminated /*: " + ds.String()
	}},
	{"control-bytes", func() string { return dssBody("U\x1b[2J\x00") }, func(ds diag.List, _ bool) string {
		if !ds.HasErrors() {
			return "raw ESC and NUL in an expression compiled"
		}
		if s := ds.String(); strings.ContainsAny(s, "\x1b\x00") {
			return fmt.Sprintf("a diagnostic echoes a raw control byte: %q", s)
		}
		return ""
	}},
	{"control-in-name", func() string { return dssBody("U\x1bx") }, func(ds diag.List, _ bool) string {
		if s := ds.String(); !ds.HasErrors() || strings.ContainsAny(s, "\x1b") {
			return fmt.Sprintf("want an error with the ESC escaped, got %q", s)
		}
		return ""
	}},
}

const chainEnv = "REUSELAB_DSS_CHAIN_CASE"

func TestDSSChainsAndHostileText(t *testing.T) {
	if os.Getenv(chainEnv) != "" {
		t.Skip("child process")
	}
	if testing.Short() {
		t.Skip("compiles megabyte sources in child processes")
	}
	for _, tc := range chainCases {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestDSSChainChild$", "-test.count=1")
			cmd.Env = append(os.Environ(), chainEnv+"="+tc.name)
			out, err := cmd.CombinedOutput()
			if ctx.Err() != nil {
				t.Fatalf("no result after 90 s (a hang)")
			}
			if err != nil {
				t.Fatalf("the compile crashed (%v):\n%s", err, head(string(out), 40))
			}
			if !strings.Contains(string(out), "chain-case-ok") {
				t.Fatalf("%s", head(string(out), 40))
			}
		})
	}
}

// TestDSSChainChild is one case, in the child process the test above
// starts: a 512 MB stack ceiling (not Go's 1 GB) so that an unbounded
// recursion fails in seconds.
func TestDSSChainChild(t *testing.T) {
	name := os.Getenv(chainEnv)
	if name == "" {
		t.Skip("run by TestDSSChainsAndHostileText")
	}
	debug.SetMaxStack(512 << 20)
	for _, tc := range chainCases {
		if tc.name != name {
			continue
		}
		src := tc.src()
		read := func(p string) ([]byte, error) {
			if p == "/mem/T.dss" {
				return []byte(src), nil
			}
			return nil, os.ErrNotExist
		}
		m, ds := dss.CompileFile("/mem/T.dss", dss.Options{ReadFile: read})
		for _, d := range ds.Items {
			if d.Code == "DSH4350" {
				t.Fatalf("internal compiler error: %s", head(d.String(), 30))
			}
		}
		if why := tc.check(ds, m != nil); why != "" {
			t.Fatalf("%s (first diagnostics: %s)", why, head(ds.String(), 5))
		}
		fmt.Println("chain-case-ok", len(ds.Items))
		return
	}
	t.Fatalf("unknown case %q", name)
}

func head(s string, lines int) string {
	ls := strings.SplitN(s, "\n", lines+1)
	if len(ls) > lines {
		ls = ls[:lines]
	}
	return strings.Join(ls, "\n")
}
