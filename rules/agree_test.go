package rules

import (
	"flag"
	"fmt"
	"os"
	"reflect"
	"strconv"
	"testing"

	"reuselab/compiler/passes"
	"reuselab/ir"
	"reuselab/ir/irgen"
)

// TestMain lets the test binary serve as the evaluation child process
// (child.go): the driver re-executes os.Executable(), which here is the
// test binary.
func TestMain(m *testing.M) {
	MaybeChild()
	flag.Parse()
	os.Exit(m.Run())
}

// agreeGraph runs both engines on g and returns the first difference.
func agreeGraph(t testing.TB, pack *Pack, g *ir.Graph) string {
	t.Helper()
	ref := passes.Run(g, passes.Options{Mode: "2.0"})
	dl := Build(g, pack.Name, Evaluate(g, pack, Options{}))
	return Compare(ref, dl).String()
}

func mustPack(t testing.TB, name string) *Pack {
	t.Helper()
	p, ds := Builtin(name)
	if ds.HasErrors() || p == nil {
		t.Fatalf("pack %s: %s", name, ds.String())
	}
	return p
}

func irgenCount() int {
	if s := os.Getenv("REUSELAB_IRGEN_GRAPHS"); s != "" {
		if n, err := strconv.Atoi(s); err == nil {
			return n
		}
	}
	return 10000
}

// TestAgreeIrgen: D6 on random graphs (fixed seeds; REUSELAB_IRGEN_GRAPHS
// raises the count for a bigger run).
func TestAgreeIrgen(t *testing.T) {
	pack := mustPack(t, "reuse-2.0")
	count := irgenCount()
	if testing.Short() {
		count = 500
	}
	bad := 0
	const batch = 250
	for lo := 0; lo < count; lo += batch {
		var gs []*ir.Graph
		var cfgs []irgen.Config
		for s := lo; s < min(lo+batch, count); s++ {
			cfg := irgen.Config{Seed: uint64(s), Nodes: 8 + s%40, DupRate: float64(s%5) / 5,
				Function: s%7 == 3, Legacy: s%5 == 4}
			if s%3 == 1 {
				cfg.Shape = irgen.Deep
			}
			cfgs = append(cfgs, cfg)
			gs = append(gs, irgen.Generate(cfg))
		}
		outs := EvaluateBatch(gs, pack, Options{})
		for k, g := range gs {
			ref := passes.Run(g, passes.Options{Mode: "2.0"})
			if d := Compare(ref, Build(g, pack.Name, outs[k])).String(); d != "" {
				bad++
				if bad <= 3 {
					t.Errorf("seed %d %+v:\n%s\nbuild:\n%s", lo+k, cfgs[k], d, ir.DumpGraph(g))
				}
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d graphs disagree", bad, count)
	}
	t.Logf("reuse-2.0 agrees with the reference on %d of %d irgen graphs", count-bad, count)
}

var _ = fmt.Sprint
var _ = reflect.DeepEqual
