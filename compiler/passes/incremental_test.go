package passes

import (
	"fmt"
	"reflect"
	"testing"

	"reuselab/ir"
	"reuselab/ir/irgen"
)

// Rounds after the first revisit only the nodes that changed or read a
// node that did (dedupe.go, fold.go, swizzle.go). That must be the full
// pass exactly: the same graph, fates, notes and pass counts as visiting
// every node every round, over graphs of every shape, kind and duplicate
// rate, in every mode.
func TestIncrementalRoundsAreFullRounds(t *testing.T) {
	merged := 0
	cfgs := configs(40)
	big := 12
	if testing.Short() {
		big = 2
	}
	for k := range cfgs[:big] {
		cfgs[k].Nodes *= 50 // big enough that a later round merges
	}
	for _, cfg := range cfgs {
		g := irgen.Generate(cfg)
		for _, mode := range []string{"2.0", "1x"} {
			got := Run(g, Options{Mode: mode})
			incremental = false
			want := Run(g, Options{Mode: mode})
			incremental = true
			if d := diffResults(got, want); d != "" {
				t.Fatalf("seed %d mode %s: incremental and full rounds differ: %s", cfg.Seed, mode, d)
			}
			for _, p := range got.Passes {
				if p.Round > 1 && p.Pass == ir.PassDedupe {
					merged += p.Changed
				}
			}
		}
	}
	if merged == 0 {
		t.Error("no merge after round 1 in any graph: the later rounds were never tested")
	}
}

func diffResults(a, b *ir.Result) string {
	if x, y := ir.DumpGraph(a.Graph), ir.DumpGraph(b.Graph); x != y {
		return fmt.Sprintf("graphs\n%s\nvs\n%s", x, y)
	}
	switch {
	case !reflect.DeepEqual(a.Fates, b.Fates):
		return "fates"
	case !reflect.DeepEqual(a.Passes, b.Passes):
		return fmt.Sprintf("passes %v vs %v", a.Passes, b.Passes)
	case !reflect.DeepEqual(a.Notes, b.Notes):
		return "notes"
	case !reflect.DeepEqual(a.Spans, b.Spans):
		return "spans"
	case a.Rounds != b.Rounds || a.StopReason != b.StopReason:
		return "rounds"
	}
	return ""
}
