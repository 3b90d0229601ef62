package engines_test

import (
	"path/filepath"
	"reflect"
	"testing"

	"reuselab/compiler"
	"reuselab/ir"
	"reuselab/reuse/engines"
)

// bundledGraphs are the assets of bench's bundled corpus, 1.x and 2.0.
func bundledGraphs(t *testing.T) []*ir.Graph {
	t.Helper()
	var gs []*ir.Graph
	for _, glob := range []string{"examples/*", "generated/*"} {
		paths, _ := filepath.Glob(filepath.Join("..", "..", "bench", "corpus", glob))
		for _, p := range paths {
			m, ds := compiler.CompileFile(p, compiler.Options{})
			if m == nil || ds.HasErrors() {
				continue
			}
			gs = append(gs, m.Products...)
		}
	}
	legacy := 0
	for _, g := range gs {
		if g.Legacy {
			legacy++
		}
	}
	if len(gs) < 10 || legacy == 0 || legacy == len(gs) {
		t.Fatalf("%d bundled assets, %d of them 1.x: want both kinds", len(gs), legacy)
	}
	return gs
}

// sameResult reports where two results of one graph differ: stop, the
// surviving graph, every build node's fate, the notes.
func sameResult(a, b *ir.Result) string {
	switch {
	case a.StopReason != b.StopReason:
		return "stop " + string(a.StopReason) + " vs " + string(b.StopReason)
	case ir.DumpGraph(a.Graph) != ir.DumpGraph(b.Graph):
		return "surviving graphs"
	case !reflect.DeepEqual(a.Fates, b.Fates):
		return "fates"
	case !reflect.DeepEqual(a.Notes, b.Notes):
		return "notes"
	case a.Limits != b.Limits || a.Engine != b.Engine || a.Mode != b.Mode:
		return "limits, engine or mode"
	}
	return ""
}

// RunBatch gives every graph the result Run gives it alone: for a pack
// over the build (reuse-2.0) and one over the 1x build (legacy-1x, which
// refuses the .dss assets in the batch), and under a fact limit that
// stops some graphs and not others, where the batch, stopped as a whole,
// is run again graph by graph so that each stop is the graph's own.
func TestRunBatchIsRunPerGraph(t *testing.T) {
	gs := bundledGraphs(t)
	for _, c := range []struct {
		pack string
		lim  ir.Limits
	}{{"reuse-2.0", ir.Limits{}}, {"legacy-1x", ir.Limits{}}, {"reuse-2.0", ir.Limits{MaxFacts: 2000}}} {
		e, ds := engines.Resolve(c.pack, ir.Limits{})
		if e == nil {
			t.Fatal(ds.Report())
		}
		batch := e.(*engines.Pack).RunBatch(gs, c.lim)
		stops := map[ir.StopReason]int{}
		for i, g := range gs {
			alone := e.Run(g, c.lim)
			stops[alone.StopReason]++
			if d := sameResult(alone, batch[i]); d != "" {
				t.Errorf("%s %+v: asset %q: batched and alone differ in %s", c.pack, c.lim, g.Name, d)
			}
		}
		switch {
		case c.lim.MaxFacts > 0 && (stops[ir.StopFactLimit] == 0 || stops[ir.StopSaturated] == 0):
			t.Errorf("%s under %d facts: stops %v: want some graphs stopped and some not", c.pack, c.lim.MaxFacts, stops)
		case c.pack == "legacy-1x" && stops[ir.StopRefused] == 0:
			t.Errorf("legacy-1x refused no .dss asset: %v", stops)
		}
	}
}
