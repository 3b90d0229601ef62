package dss_test

import (
	"fmt"
	"strings"
	"testing"
)

// DSH6220 is reported where a recursive helper is called, for a helper
// on a cycle of two, for one calling itself, and not for a helper that
// only calls into a cycle (C) or calls nothing (D): C is inlined, and the
// error is at its call of A.
func TestRecursionReportedAtTheCall(t *testing.T) {
	lines := []string{
		"uniform float U = 0.5;",
		"float A(float x) { return B(x) + 1.0; }",
		"float B(float x) { return A(x) * 2.0; }",
		"float C(float x) { return A(x); }",
		"float S(float x) { return S(x); }",
		"float D(float x) { return x; }",
		"export void M(inout material m) { m.Opacity = C(U) + S(U) + D(U); }",
	}
	_, ds := compileText(t, strings.Join(lines, "\n")+"\n")
	at := func(line int, call string) string {
		return fmt.Sprintf("%d:%d", line+1, strings.Index(lines[line], call)+1)
	}
	want := []string{at(3, "A(x)") + " A", at(6, "S(U)") + " S"}
	var got []string
	for _, d := range ds.Items {
		if d.Code == "DSH6220" {
			got = append(got, fmt.Sprintf("%d:%d %s", d.Pos.Line, d.Pos.Col, strings.Fields(d.Message)[0]))
		}
	}
	if strings.Join(got, ", ") != strings.Join(want, ", ") {
		t.Errorf("DSH6220 at %v, want %v; all:\n%s", got, want, ds.String())
	}
}
