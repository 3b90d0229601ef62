package legacy

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"reuselab/compiler/front"
	"reuselab/compiler/passes"
	"reuselab/diag"
	"reuselab/ir"
)

// compileSrc compiles an in-memory `.dsm` (plus extra files) with the passes
// of mode ("2.0", "none" or "off") and returns the module, its dump and the
// diagnostics (the passes' DSH4390 notes included as infos).
func compileSrc(t testing.TB, src string, mode string, extra map[string]string) (*ir.Module, string, diag.List) {
	t.Helper()
	files := map[string]string{"/mem/T.dsm": src}
	for k, v := range extra {
		files["/mem/"+k] = v
	}
	read := func(p string) ([]byte, error) {
		if s, ok := files[p]; ok {
			return []byte(s), nil
		}
		return nil, os.ErrNotExist
	}
	m, ds := CompileFile("/mem/T.dsm", front.Options{Root: "/mem", ReadFile: read})
	if m == nil || ds.HasErrors() {
		return m, "", ds
	}
	m, rs := passes.RunModule(m, passes.Options{Mode: mode})
	for _, r := range rs {
		for _, n := range r.Notes {
			ds.Add(diag.Pos{File: "/mem/T.dsm", Line: n.Span.Line, Col: n.Span.Col}, diag.Info, n.Code, "%s", n.Message)
		}
	}
	return m, ir.Dump(m), ds
}

// mustCompile fails the test on any error.
func mustCompile(t *testing.T, src string) (*ir.Module, string, diag.List) {
	t.Helper()
	m, dump, ds := compileSrc(t, src, "2.0", nil)
	if ds.HasErrors() || m == nil {
		t.Fatalf("unexpected errors:\n%s", ds.String())
	}
	return m, dump, ds
}

// nodeLines returns the `%n = …` lines of product p, trimmed.
func nodeLines(m *ir.Module, p int) []string {
	var ls []string
	for _, n := range m.Products[p].Nodes {
		ls = append(ls, ir.NodeLine(n))
	}
	return ls
}

// expectLines compares the node lines of product 0 with want.
func expectLines(t *testing.T, m *ir.Module, want ...string) {
	t.Helper()
	got := nodeLines(m, 0)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("node lines differ:\n got:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

// countOp counts nodes of an op (and class, when given) in product 0.
func countOp(m *ir.Module, op string, class string) int {
	n := 0
	for _, x := range m.Products[0].Nodes {
		if x.Op.String() == op && (class == "" || x.Class == class) {
			n++
		}
	}
	return n
}

// codes lists the diagnostic codes of a severity.
func codes(ds diag.List, sev diag.Severity) string {
	return fmt.Sprint(ds.Codes(sev))
}

// material wraps a Graph body in a Shader with the usual Outputs.
func material(props, graph string) string {
	return `Shader(Name="M_T")
{
    Properties = {
` + props + `
    }
    Outputs = {
        vec3 Color;
        float Alpha;
        Base.EmissiveColor = Color;
        Base.Opacity = Alpha;
    }
    Graph = {
` + graph + `
    }
}
`
}
