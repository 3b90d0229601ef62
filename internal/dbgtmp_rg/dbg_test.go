package dbg

import (
	"os"
	"testing"

	"reuselab/ir/irgen"
	"reuselab/rules/eval"
	"reuselab/rules/pack"
)

func TestProf(t *testing.T) {
	g := irgen.Generate(irgen.Config{Seed: 1, Nodes: 3000, DupRate: 0.4})
	for _, n := range []string{os.Getenv("PK")} {
		p, ds := pack.Builtin(n)
		if p == nil { t.Fatal(ds.String()) }
		o := eval.Evaluate(g, p, eval.Options{Profile: true})
		t.Logf("%s facts %d\n%s", n, o.Facts, o.Profile.Table(300))
	}
}
