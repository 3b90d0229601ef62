package passes

import (
	"reflect"
	"sync"
	"testing"

	"reuselab/ir"
	"reuselab/ir/irgen"
)

// TestScratchReuse: a Run whose scratch served other graphs before (larger,
// smaller, of other shapes) gives the Result a fresh process gives, and a
// Result stays as it was while later Runs reuse the scratch: nothing of it
// lives in scratch memory. The second sweep runs the graphs in the other
// order, so that what one graph left in the scratch (dedupe's tables, its
// cache of simple nodes, the chunks) meets another graph than the first
// time; the small graphs are a corpus's, whose chunks are cut to their size.
func TestScratchReuse(t *testing.T) {
	graphs := []*ir.Graph{
		irgen.Generate(irgen.Config{Seed: 7, Nodes: 3000, DupRate: 0.4}),
		irgen.Generate(irgen.Config{Seed: 8, Nodes: 9000, DupRate: 0.2, Shape: irgen.Deep}),
		irgen.Generate(irgen.Config{Seed: 9, Nodes: 500, DupRate: 0.5}),
		irgen.Generate(irgen.Config{Seed: 10, Nodes: 12, DupRate: 0.5}),
		irgen.Generate(irgen.Config{Seed: 11, Nodes: 40, DupRate: 0.6, Shape: irgen.Deep}),
		irgen.Generate(irgen.Config{Seed: 12, Nodes: 5, DupRate: 0.5}),
	}
	type seen struct {
		dump  string
		fates []ir.Fate
		notes []ir.Note
	}
	look := func(r *ir.Result) seen {
		return seen{ir.DumpGraph(r.Graph), append([]ir.Fate(nil), r.Fates...), append([]ir.Note(nil), r.Notes...)}
	}
	var first []*ir.Result
	var firstSeen []seen
	for _, mode := range []string{"2.0", "none", "1x", "2.0"} {
		for _, g := range graphs {
			r := Run(g, Options{CheckIR: true, Mode: mode})
			first = append(first, r)
			firstSeen = append(firstSeen, look(r))
		}
	}
	modes := []string{"2.0", "none", "1x", "2.0"}
	for m := len(modes) - 1; m >= 0; m-- {
		mode := modes[m]
		for i := len(graphs) - 1; i >= 0; i-- {
			g, k := graphs[i], m*len(graphs)+i
			again := look(Run(g, Options{CheckIR: true, Mode: mode}))
			if !reflect.DeepEqual(again, firstSeen[k]) {
				t.Errorf("mode %s graph %d: a Run on reused scratch differs from the first", mode, i)
			}
			if now := look(first[k]); !reflect.DeepEqual(now, firstSeen[k]) {
				t.Errorf("mode %s graph %d: the first Result changed while later Runs reused the scratch", mode, i)
			}
		}
	}
}

// TestScratchConcurrentRuns: Runs on several goroutines at once, as bench's
// workers make them, each get scratch of their own (go test -race checks
// the free list) and give what a Run alone gives.
func TestScratchConcurrentRuns(t *testing.T) {
	var graphs []*ir.Graph
	var want []string
	for seed := range uint64(6) {
		g := irgen.Generate(irgen.Config{Seed: 100 + seed, Nodes: 800 + 400*int(seed), DupRate: 0.3})
		graphs = append(graphs, g)
		want = append(want, ir.DumpGraph(Run(g, Options{CheckIR: true}).Graph))
	}
	got := make([][]string, 4)
	var wg sync.WaitGroup
	for w := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 3 {
				for _, g := range graphs {
					got[w] = append(got[w], ir.DumpGraph(Run(g, Options{CheckIR: true}).Graph))
				}
			}
		}()
	}
	wg.Wait()
	for w, dumps := range got {
		for k, d := range dumps {
			if d != want[k%len(graphs)] {
				t.Fatalf("worker %d, run %d: the surviving graph differs from a Run alone", w, k)
			}
		}
	}
}
