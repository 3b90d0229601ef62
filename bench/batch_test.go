package bench

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"reuselab/bench/internal/benchtest"
	"reuselab/ir"
)

// batchToy is the toy pack as an engine that runs batches: it notes the
// size of every batch, and panics on an asset named BOOM, in a batch or
// alone.
type batchToy struct {
	benchtest.Toy
	mu      sync.Mutex
	batches []int
}

func (e *batchToy) Run(g *ir.Graph, lim ir.Limits) *ir.Result {
	if g.Name == "BOOM" {
		panic("the toy pack crashed on BOOM")
	}
	return e.Toy.Run(g, lim)
}

func (e *batchToy) RunBatch(gs []*ir.Graph, lim ir.Limits) []*ir.Result {
	e.mu.Lock()
	e.batches = append(e.batches, len(gs))
	e.mu.Unlock()
	out := make([]*ir.Result, len(gs))
	for i, g := range gs {
		out[i] = e.Run(g, lim)
	}
	return out
}

// batchedConfig is toyConfig with its pack running batches.
func batchedConfig(jobs, repeat int) (Config, *batchToy) {
	cfg := toyConfig(jobs)
	pack := &batchToy{Toy: benchtest.Toy{Kind: "datalog", Label: "reuse-2.0", Merges: true}}
	cfg.Variants[2].Engine = pack
	cfg.Repeat = repeat
	return cfg, pack
}

// A pack that runs batches gives the report the pack run asset by asset
// gives, except for the times: batching changes how a run is measured,
// not what it finds.
func TestBatchedRunReportsAsUnbatched(t *testing.T) {
	root := writeCorpus(t, true)
	srcs, err := Discover([]string{root})
	if err != nil {
		t.Fatal(err)
	}
	write := func(cfg Config) string {
		files := Run(cfg, srcs)
		s := Summarize(cfg, files)
		out := t.TempDir()
		if err := Write(out, cfg, files, s); err != nil {
			t.Fatal(err)
		}
		return out
	}
	cfg, pack := batchedConfig(1, 2)
	batched := write(cfg)
	plain := write(toyConfig(1))
	if len(pack.batches) == 0 {
		t.Fatal("the pack never ran a batch")
	}
	for _, name := range []string{AssetsCSV, SummaryJSON, MetricsJSON, ReportMD} {
		if a, b := masked(t, batched, name), masked(t, plain, name); !bytes.Equal(a, b) || len(a) == 0 {
			t.Errorf("%s differs between the batched and the unbatched pack", name)
		}
	}
}

// A batched variant's time is measured per batch and shared among its
// assets by build nodes: every measurement says the batch's size, and two
// assets' shares of one run stand as their node counts. The other
// variants are measured asset by asset.
func TestBatchedTimesAreApportioned(t *testing.T) {
	root := writeCorpus(t, false)
	srcs, err := Discover([]string{root})
	if err != nil {
		t.Fatal(err)
	}
	cfg, _ := batchedConfig(1, 3)
	cfg.defaults()
	files := Run(cfg, srcs)
	as := Assets(files)
	if len(as) < 10 {
		t.Fatalf("%d assets", len(as))
	}
	for _, a := range as {
		for i, r := range a.Runs {
			if len(r.Times) != cfg.Repeat {
				t.Fatalf("%s %s: %d measurements", a.Asset, r.Variant, len(r.Times))
			}
			for _, m := range r.Times {
				if batched := i == 2; batched != (m.Batch > 1) {
					t.Errorf("%s %s: batch %d", a.Asset, r.Variant, m.Batch)
				}
			}
		}
	}
	// Two assets of one batch, repetition 0: wall shares as build nodes.
	x, y := as[0], as[1]
	wx, wy := float64(x.Runs[2].Times[0].Wall), float64(y.Runs[2].Times[0].Wall)
	if want := float64(x.Build) / float64(y.Build); wx <= 0 || wy <= 0 || math.Abs(wx/wy-want) > 0.01*want {
		t.Errorf("shares %v and %v of builds %d and %d", wx, wy, x.Build, y.Build)
	}
	s := Summarize(cfg, files)
	s.Timing = Timings(cfg, files, 0, 1)
	if v := s.Timing.Variants; !v[2].Batched || v[0].Batched || v[1].Batched {
		t.Errorf("batched: %v %v %v", v[0].Batched, v[1].Batched, v[2].Batched)
	}
	var md strings.Builder
	timingSection(func(f string, args ...any) { fmt.Fprintf(&md, f, args...) }, s)
	if !strings.Contains(md.String(), "Batched: `datalog:reuse-2.0`") || !strings.Contains(md.String(), "apportioned") {
		t.Errorf("the report does not say the pack's times are apportioned:\n%s", md.String())
	}
}

// A crash in a batch that holds several files is pinned on the file it
// belongs to: that file fails with the panic, the batch's other files are
// reported as if alone, and progress hears of every file once.
func TestBatchCrashFailsItsFileOnly(t *testing.T) {
	root := writeCorpus(t, false)
	if err := os.WriteFile(filepath.Join(root, "beta", "M_Boom.dsm"), []byte("asset Fine\nasset BOOM\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	srcs, err := Discover([]string{root})
	if err != nil {
		t.Fatal(err)
	}
	cfg, pack := batchedConfig(1, 1)
	var progress []int
	cfg.Progress = func(done, total int) { progress = append(progress, done) }
	files := Run(cfg, srcs)
	if len(pack.batches) == 0 {
		t.Fatal("no batch ran")
	}
	failed := 0
	for _, f := range files {
		switch {
		case f.Rel == "M_Boom.dsm":
			if !f.Failed || len(f.Assets) != 0 || len(f.Diagnostics) != 1 || !strings.Contains(f.Diagnostics[0], "internal error: the toy pack crashed on BOOM") {
				t.Errorf("M_Boom.dsm: failed %v, %d assets, %q", f.Failed, len(f.Assets), f.Diagnostics)
			}
		case f.Failed:
			failed++
		case len(f.Assets) == 0 || f.Assets[0] == nil || f.Assets[0].Runs[2].Err != "":
			t.Errorf("%s: lost to another file's crash", f.Rel)
		}
	}
	if failed != 0 {
		t.Errorf("%d other files failed", failed)
	}
	if len(progress) != len(srcs) || progress[len(progress)-1] != len(srcs) {
		t.Errorf("progress %v for %d files", progress, len(srcs))
	}
}

// A file whose assets fill more than one batch, and whose crash is in the
// first: it fails once, with one diagnostic, and its assets in the next
// batch are not run for a file already failed.
func TestBatchCrashInAFileSpanningBatches(t *testing.T) {
	root := t.TempDir()
	var big strings.Builder
	big.WriteString("asset BOOM\n")
	for i := 0; i < batchAssets+10; i++ {
		fmt.Fprintf(&big, "asset Z%d\n", i)
	}
	for name, text := range map[string]string{"c/M_Big.dsm": big.String(), "c/M_Small.dsm": "asset S\n"} {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	srcs, err := Discover([]string{root})
	if err != nil {
		t.Fatal(err)
	}
	cfg, pack := batchedConfig(1, 1)
	files := Run(cfg, srcs)
	if len(pack.batches) == 0 || pack.batches[0] != batchAssets {
		t.Fatalf("batches %v: the big file's first should fill one", pack.batches)
	}
	for _, f := range files {
		switch filepath.Base(f.Rel) {
		case "M_Big.dsm":
			if !f.Failed || len(f.Assets) != 0 || len(f.Diagnostics) != 1 {
				t.Errorf("M_Big.dsm: failed %v, %d assets, diagnostics %q", f.Failed, len(f.Assets), f.Diagnostics)
			}
		default:
			if f.Failed || len(f.Assets) != 1 || f.Assets[0] == nil {
				t.Errorf("%s: failed %v, diagnostics %q", f.Rel, f.Failed, f.Diagnostics)
			}
		}
	}
}
