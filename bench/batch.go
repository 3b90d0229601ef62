package bench

import (
	"fmt"
	"time"

	"reuselab/ir"
	"reuselab/pipeline"
)

// Batches. A rule pack's evaluation has a fixed cost per DAG level (about a
// millisecond for reuse-2.0's 33 strata), which dominates the small assets
// corpora are made of; evaluated over many assets at once (their disjoint
// union, pipeline.RunBatch, rules/eval's EvaluateBatch) it is paid once per
// batch. So each worker gathers the assets of the files it compiled into a
// batch and runs every variant over the batch: an engine that runs batches
// (pipeline.Batcher: a built-in rule pack) once for all of them, the others
// asset by asset. Each answer is the one the engine gives the asset alone;
// the batch's time is measured as a whole and apportioned to its assets by
// their build nodes (Measurement.Batch says over how many), as the report
// says. Per batch the variants are interleaved as they were per asset.

// A batch closes at batchAssets assets or batchNodes build nodes, whichever
// comes first: large enough that a pack's fixed cost is paid once for
// dozens of small assets, small enough that a worker holds little and the
// workers end together.
const (
	batchAssets = 128
	batchNodes  = 1 << 15
)

// batchItem is one asset waiting in a batch: the i-th product of a file.
type batchItem struct {
	file *pendingFile
	i    int
	g    *ir.Graph
}

// pendingFile is a compiled file whose assets are in batches not yet run.
type pendingFile struct {
	fr   *FileResult
	src  Source
	left int // assets not yet run
}

// batcher gathers one worker's assets and runs them a batch at a time;
// done hears of each file once its last asset has run.
type batcher struct {
	cfg   *Config
	clk   *stepClock
	items []batchItem
	nodes int
	done  func(fr *FileResult)
}

// add queues the assets of a compiled file, running a batch each time one
// fills up.
func (b *batcher) add(fr *FileResult, src Source, gs []*ir.Graph) {
	pf := &pendingFile{fr: fr, src: src, left: len(gs)}
	fr.Assets = make([]*AssetResult, len(gs))
	for i, g := range gs {
		b.items = append(b.items, batchItem{file: pf, i: i, g: g})
		b.nodes += g.Len()
		if len(b.items) >= batchAssets || b.nodes >= batchNodes {
			b.flush()
		}
	}
}

// flush runs the assets queued. Those of a file that already failed (a
// crash in an earlier batch that held its first assets) are not run.
func (b *batcher) flush() {
	items := b.items
	b.items, b.nodes = nil, 0
	var live []batchItem
	for _, it := range items {
		if !it.file.fr.Failed {
			live = append(live, it)
		}
	}
	if p := runBatchBounded(b.cfg, live, b.clk); p != nil {
		// A crash in a batch of several files is narrowed down to the
		// file it belongs to: each runs again alone, and a crash then is
		// that file's failure, as in compiling it.
		groups := byFile(live)
		for _, group := range groups {
			if len(groups) > 1 {
				p = runBatchBounded(b.cfg, group, b.clk)
			}
			if p != nil {
				failFile(group[0].file.fr, group[0].file.src, p)
			}
		}
	}
	for _, it := range items {
		if it.file.left--; it.file.left == 0 && b.done != nil {
			b.done(it.file.fr)
		}
	}
}

// byFile splits items into runs of one file each, in order.
func byFile(items []batchItem) [][]batchItem {
	var out [][]batchItem
	for k, it := range items {
		if k == 0 || it.file != items[k-1].file {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], it)
	}
	return out
}

// runBatchBounded is runBatch inside the boundary of the files it serves:
// a panic is returned, not raised, for flush to pin it on a file.
func runBatchBounded(cfg *Config, items []batchItem, clk *stepClock) (panicked any) {
	defer func() { panicked = recover() }()
	runBatch(cfg, items, clk)
	return nil
}

// failFile is a file whose assets could not be run: its failure, with the
// panic's value, as a crash while compiling it is.
func failFile(fr *FileResult, src Source, p any) {
	fr.Failed = true
	fr.Assets = nil
	fr.Diagnostics = append(fr.Diagnostics, fmt.Sprintf("%s: internal error: %v", src.Path, p))
}

// runBatch runs every variant over the assets of items and fills in their
// AssetResults: the first run of each variant (counted and checked), the
// timed runs, the profiles, and what is found on each asset.
func runBatch(cfg *Config, items []batchItem, clk *stepClock) {
	as := make([]*AssetResult, len(items))
	gs := make([]*ir.Graph, len(items))
	for k, it := range items {
		as[k] = newAssetResult(cfg, it.file.src, it.g)
		gs[k] = it.g
		clk.mark("metrics")
	}
	results := make([][]*ir.Result, len(items)) // per asset, per variant
	dones := make([][]func(Seen) []string, len(items))
	for k := range items {
		results[k] = make([]*ir.Result, len(cfg.Variants))
		dones[k] = make([]func(Seen) []string, len(cfg.Variants))
	}
	for i, v := range cfg.Variants {
		outs := runVariantOver(cfg, v, gs, clk)
		for k, o := range outs {
			as[k].Runs[i] = o.run
			results[k][i], dones[k][i] = o.res, o.done
			if v.Name == cfg.Target && o.res != nil && o.res.Graph != nil {
				as[k].setMerged(o.res.Graph)
				clk.mark("metrics")
			}
		}
	}
	timeRuns(cfg, as, gs, clk)
	for k, it := range items {
		finishAsset(cfg, as[k], it.g, results[k], dones[k], clk)
		it.file.fr.Assets[it.i] = as[k]
	}
}

// runVariantOver is the first run of v on every graph of gs: at once when
// v's engine runs batches (and its Checker, if any, can judge a batch),
// else graph by graph.
func runVariantOver(cfg *Config, v Variant, gs []*ir.Graph, clk *stepClock) []variantOutcome {
	outs := make([]variantOutcome, len(gs))
	if len(gs) < 2 || !batches(v) {
		for k, g := range gs {
			outs[k] = runVariant(cfg, v, g, clk)
		}
		return outs
	}
	var res []*ir.Result
	var done []func(Seen) []string
	m := measureRun(func() {
		if v.Check != nil {
			res, done = v.Check.(BatchChecker).RunBatch(gs, v.Limits)
		} else {
			res = pipeline.RunBatch(v.Engine, gs, v.Limits)
		}
	})
	clk.mark("engine " + v.Name)
	ms := apportion(m, gs)
	for k, g := range gs {
		outs[k].run.Variant = v.Name
		if cfg.Repeat == 1 { // this run is the timed one; else timeRuns times others
			ms[k].Checked = v.Check != nil
			outs[k].run.Times = []Measurement{ms[k]}
		}
		if done != nil {
			outs[k].done = done[k]
		}
		tallyRun(cfg, v, g, res[k], &outs[k], clk)
	}
	return outs
}

// batches reports whether v's runs go over a batch at once.
func batches(v Variant) bool {
	if !pipeline.Batches(v.Engine) {
		return false
	}
	if v.Check == nil {
		return true
	}
	_, ok := v.Check.(BatchChecker)
	return ok
}

// BatchChecker is a Checker that can also judge a batch of assets from
// one run of its pack over all of them (pipeline.RunBatch).
type BatchChecker interface {
	Checker
	// RunBatch is Run over every graph of gs, its results and done
	// functions in the order of gs.
	RunBatch(gs []*ir.Graph, lim ir.Limits) (res []*ir.Result, done []func(Seen) []string)
}

// apportion splits one measurement of a run over gs into one per graph,
// in proportion to their build nodes (the cost of a pack's evaluation
// grows with them; a batch's fixed cost is shared alike), each marked
// with the batch's size.
func apportion(m Measurement, gs []*ir.Graph) []Measurement {
	total := 0
	for _, g := range gs {
		total += max(g.Len(), 1)
	}
	out := make([]Measurement, len(gs))
	for k, g := range gs {
		share := float64(max(g.Len(), 1)) / float64(total)
		out[k] = Measurement{Rep: m.Rep, Order: m.Order, Checked: m.Checked, Batch: len(gs),
			Wall: time.Duration(float64(m.Wall) * share), CPU: time.Duration(float64(m.CPU) * share)}
	}
	return out
}
