package main

import (
	"regexp"
	"strings"
	"testing"
)

// explain takes the ids people see: %N of `compile --format ir` names the
// node the dump prints (its first build node), bN a build node, and an id
// outside the graph is a usage error.
func TestExplainTakesDumpIDs(t *testing.T) {
	src := writeWitness(t)
	code, dump, errs := runCLI(t, "compile", "--format", "ir", src)
	if code != 0 {
		t.Fatalf("compile: exit %d\n%s", code, errs)
	}
	// the first asset's dump: "%N = Op(…"
	first := strings.SplitN(dump, "\nproduct", 3)
	line := regexp.MustCompile(`(?m)^\s+%(\d+) = (\w+)\(`)
	nodes := line.FindAllStringSubmatch(first[min(1, len(first)-1)], -1)
	if len(nodes) < 4 {
		t.Fatalf("the dump has no nodes to explain:\n%s", dump)
	}
	a, b := nodes[1], nodes[len(nodes)-2]
	code, out, errs := runCLI(t, "explain", "--asset", "0", src, "%"+a[1], "%"+b[1])
	if code != 0 {
		t.Fatalf("explain %%%s %%%s: exit %d\n%s%s", a[1], b[1], code, out, errs)
	}
	for _, n := range [][]string{a, b} {
		m := regexp.MustCompile(`(?m)^%` + n[1] + ` of the --reuse 2\.0 dump is b(\d+)`).FindStringSubmatch(out)
		if m == nil {
			t.Fatalf("explain does not say which build node %%%s is:\n%s", n[1], out)
		}
		if !regexp.MustCompile(`(?m)^b` + m[1] + ` = ` + n[2] + `\(`).MatchString(out) {
			t.Errorf("%%%s is %s in the dump, but explain explains b%s as something else:\n%s", n[1], n[2], m[1], out)
		}
	}
	if !strings.Contains(out, "not one node under reuse-2.0") {
		t.Errorf("two nodes of the 2.0 dump are one node under reuse-2.0?\n%s", out)
	}
	for _, bad := range [][]string{{"%99999", "b0"}, {"b99999", "b0"}, {"12", "b0"}, {"%x", "b0"}} {
		if code, out, errs := runCLI(t, "explain", "--asset", "0", src, bad[0], bad[1]); code != 2 || !strings.Contains(errs, "explain:") {
			t.Errorf("explain %s: exit %d, want 2 with a message\n%s%s", bad[0], code, out, errs)
		}
	}
}
