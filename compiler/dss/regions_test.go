package dss_test

import (
	"io/fs"
	"strings"
	"testing"

	"reuselab/compiler/dss"
	"reuselab/ir"
)

// A node's region is the innermost region open where the statement that
// makes it begins, in the root file: a region closed inside a block ends
// there, and a helper declared before any region makes its nodes in none,
// even when a statement inside a region calls it.
func TestNodeRegionIsWhereItsStatementBegins(t *testing.T) {
	src := `uniform float U = 0.5;
float H(float x) { return x * 2; }
#pragma region Outer
export void M(inout material m)
{
    float a = U + 1;
    #pragma region Inner
    float b = a * 3;
    {
        #pragma endregion
        float c = b - 4;
        m.Opacity = H(c);
    }
    float d = U / 5;
    m.Roughness = d;
}
#pragma endregion
`
	read := func(p string) ([]byte, error) {
		if p == "/mem/T.dss" {
			return []byte(src), nil
		}
		return nil, fs.ErrNotExist
	}
	m, ds := dss.CompileFile("/mem/T.dss", dss.Options{ReadFile: read})
	if m == nil || ds.HasErrors() {
		t.Fatalf("no module:\n%s", ds.String())
	}
	// The operator nodes by the line of the statement that makes them.
	want := map[int]string{6: "Outer", 8: "Inner", 11: "Outer", 2: "", 14: "Outer"}
	got := map[int]string{}
	for _, n := range m.Products[0].Nodes {
		switch n.Op {
		case ir.OpAdd, ir.OpMultiply, ir.OpSubtract, ir.OpDivide:
			got[n.Span.Line] = n.Span.Region
		}
	}
	for line, region := range want {
		if r, ok := got[line]; !ok || r != region {
			t.Errorf("line %d (%s): region %q (made: %v), want %q", line, strings.Split(src, "\n")[line-1], r, ok, region)
		}
	}
}
