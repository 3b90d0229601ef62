package rules

import (
	"testing"

	"reuselab/compiler/passes"
)

func TestProbeBig(t *testing.T) {
	pack := mustPack(t, "reuse-2.0")
	for _, n := range []int{1000, 10000} {
		g := benchGraph(n)
		ref := passes.Run(g, passes.Options{Mode: "2.0"})
		if c := Compare(ref, Build(g, pack.Name, Evaluate(g, pack, Options{}))); !c.Agree() {
			t.Errorf("%d: %s", n, c)
		}
	}
}
