package campaign

import "testing"

// TestChunksCoverSeeds: the elements of a sweep hold every seed of every
// cell once, in at most Chunk programs each.
func TestChunksCoverSeeds(t *testing.T) {
	g := Grid{Langs: []string{"dsm", "dss"}, Nodes: []int{100, 1000}, DupRates: []float64{0, 0.3}, Branches: []int{2}, From: 7, Count: 37}
	cells, err := g.Cells()
	if err != nil {
		t.Fatal(err)
	}
	if len(cells) != 8 {
		t.Fatalf("%d cells, want 2×2×2×1", len(cells))
	}
	seen := map[string]int{}
	for _, w := range chunks(cells, g.From, g.Count, 5) {
		if n := w.To - w.From; n == 0 || n > 5 {
			t.Errorf("an element of %d seeds", n)
		}
		for s := w.From; s < w.To; s++ {
			seen[w.Cell.Program(s).FileName()+" "+w.Cell.Corpus()]++
		}
	}
	if len(seen) != 8*37 {
		t.Errorf("%d programs, want %d", len(seen), 8*37)
	}
	for k, n := range seen {
		if n != 1 {
			t.Errorf("%s in %d elements", k, n)
		}
	}
	names := map[string]bool{}
	for _, c := range cells {
		names[c.Corpus()] = true
	}
	if len(names) != len(cells) {
		t.Errorf("cells share corpus names: %v", names)
	}
}

// TestGridRefusesBadSettings: a setting the generator cannot take is an
// error before any pipeline.
func TestGridRefusesBadSettings(t *testing.T) {
	for _, g := range []Grid{
		{Langs: []string{"hlsl"}, Nodes: []int{10}, DupRates: []float64{0.3}, Branches: []int{0}, Count: 1},
		{Langs: []string{"dsm"}, Nodes: []int{0}, DupRates: []float64{0.3}, Branches: []int{0}, Count: 1},
		{Langs: []string{"dsm"}, Nodes: []int{10}, DupRates: []float64{1.5}, Branches: []int{0}, Count: 1},
		{Langs: []string{"dsm"}, Nodes: []int{10}, DupRates: []float64{0.3}, Branches: []int{-1}, Count: 1},
		{Langs: []string{"dsm"}, Nodes: []int{10}, DupRates: nil, Branches: []int{0}, Count: 1},
	} {
		if _, err := g.Cells(); err == nil {
			t.Errorf("%+v: no error", g)
		}
	}
}
