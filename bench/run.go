package bench

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"reuselab/bench/gen"
	"reuselab/bench/metrics"
	"reuselab/diag"
	"reuselab/ir"
	"reuselab/sourcefile"
)

// FileResult is one compiled file.
type FileResult struct {
	Source
	// Diagnostics are the errors that stopped the file (sorted); a file with
	// errors contributes no assets.
	Diagnostics []string `json:"diagnostics,omitempty"`
	Failed      bool     `json:"failed"`
	// Synthetic is set for a program `reuselab gen` wrote (gen.Header):
	// its reduction follows the duplicate rate it was made with, so reports
	// show it apart from written sources.
	Synthetic bool `json:"synthetic"`
	Assets    []*AssetResult
}

// AssetResult is one generated asset (one ir.Graph) under every variant.
type AssetResult struct {
	Corpus string
	File   string
	Asset  string
	Kind   string
	// Build is the raw IR node count (D2), BuildByOp the same per operation.
	Build     int
	BuildByOp map[string]int
	// Raw describes the graph as built; Merged the target variant's
	// surviving graph (nil when the target did not run).
	Raw    metrics.Metrics
	Merged *metrics.Metrics
	// Runs holds one entry per Config.Variants, in that order.
	Runs []RunResult
	// Profile holds each profiled variant's clauses (Config.Profile).
	Profile map[string][]RuleCost

	metricsJSON []byte // the asset's entry of metrics.json (encodeMetrics)
}

// RunResult is what one variant did to one asset.
type RunResult struct {
	Variant string
	Err     string
	// IRNodes counts the surviving IR nodes; AssetNodes the emitted Unreal
	// expressions when HasAssetNodes.
	IRNodes    int
	AssetNodes int
	// InputNodes counts the nodes of the graph the engine read: the build,
	// or its 1x build for mode 1x.
	InputNodes    int
	HasAssetNodes bool
	// Per pass totals over all rounds, from ir.Result.Passes: Aliased is a
	// pack's alias/3 of anything but a Swizzle (ir.PassAlias; an identity
	// Swizzle's alias is the swizzles pass, as in the reference), Merged
	// the dedupe passes' merges only.
	Folded, Rewritten, Aliased, Merged, Pruned int
	// MergedByOp counts build nodes whose fate is Merged, by operation;
	// MergedByClass by "Op[Class]" for the operations that carry a class.
	MergedByOp    map[string]int
	MergedByClass map[string]int
	// IRByOp counts the surviving IR nodes by operation; AssetByClass the
	// emitted expressions by Unreal class (Config.AssetClasses). A research
	// pack's savings over the pack it extends are their differences.
	IRByOp       map[string]int
	AssetByClass map[string]int
	// Evaluated is set when a research pack's result, which differs from
	// reuse-2.0's, was evaluated against the raw graph (research.go);
	// Mismatch when some root differed, with Eval the interpreter's report
	// (also set when the raw graph could not be evaluated: no mismatch).
	Evaluated, Mismatch bool
	Eval                string
	// Culprit is the build nodes of the first node the evaluation found
	// wrong, when Mismatch.
	Culprit    []int `json:"-"`
	Rounds     int
	StopReason string
	// Disagrees is set when the partition differs from the Versus variant's;
	// Moved counts the build nodes placed differently.
	Disagrees bool
	Moved     int
	// Time and CPU are the median wall and CPU time of the timed runs
	// (repeat.go), Times every measurement; none when the variant gave no
	// answer.
	Time  time.Duration
	CPU   time.Duration
	Times []Measurement
	// Checks are the lines the variant's Checker reported about the asset
	// (verdicts.go).
	Checks []string

	partition []int
}

// Run compiles every source and runs every variant on every asset, files
// in parallel. The results are in source order whatever the parallelism.
func Run(cfg Config, sources []Source) []*FileResult {
	return RunPhases(cfg, sources, nil)
}

// RunPhases is Run with each worker's steps charged to p (nil: none).
func RunPhases(cfg Config, sources []Source, p *Phases) []*FileResult {
	cfg.defaults()
	jobs := cfg.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	defer paceCollector()()
	out := make([]*FileResult, len(sources))
	next := make(chan int, len(sources))
	for _, i := range largestFirst(cfg.Read, sources, jobs) {
		next <- i
	}
	close(next)
	p.runStarts()
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	fileDone := func(*FileResult) {
		if cfg.Progress != nil {
			mu.Lock()
			done++
			cfg.Progress(done, len(sources))
			mu.Unlock()
		}
	}
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			clk, stop := p.startSteps()
			defer stop()
			b := &batcher{cfg: &cfg, clk: clk, done: fileDone}
			for i := range next {
				fr, gs := compileFile(&cfg, sources[i], clk)
				out[i] = fr
				if len(gs) == 0 {
					fileDone(fr)
					continue
				}
				b.add(fr, sources[i], gs)
			}
			b.flush()
		}()
	}
	wg.Wait()
	return out
}

// largestFirst is the order files are handed to the workers: the largest
// sources first, so that the run does not end with one worker on a big file
// while the others idle. Results are stored by index, so the order changes
// no output. Files are measured only on disk (Read nil): a caller's Read
// would be called twice.
func largestFirst(read ReadFunc, sources []Source, jobs int) []int {
	order := make([]int, len(sources))
	for i := range order {
		order[i] = i
	}
	if jobs < 2 || len(sources) <= jobs || read != nil {
		return order
	}
	size := make([]int64, len(sources))
	for i, s := range sources {
		size[i] = sourceSize(s.Path)
	}
	sort.SliceStable(order, func(a, b int) bool { return size[order[a]] > size[order[b]] })
	return order
}

// sourceSize is a file's size in bytes, its cost estimate; 0 when it cannot
// tell (the compiler reports the file's problem when it reads it).
func sourceSize(path string) int64 {
	st, err := os.Lstat(path)
	if err != nil || !st.Mode().IsRegular() {
		return 0
	}
	return st.Size()
}

// compileFile compiles one source: its FileResult, failed or waiting for
// its assets (the graphs, one per product). It is the file's boundary
// while it compiles: a crash in the compiler is the file's failure,
// reported with the panic value, and the run goes on.
func compileFile(cfg *Config, src Source, clk *stepClock) (fr *FileResult, gs []*ir.Graph) {
	fr = &FileResult{Source: src}
	defer func() {
		if p := recover(); p != nil {
			failFile(fr, src, p)
			gs = nil
		}
	}()
	mod, diags := cfg.compile(src.Path, src.Root, cfg.Read)
	clk.mark("compile")
	clk.file()
	if diags.HasErrors() || mod == nil {
		fr.Failed = true
		// Paths relative to the corpus folder: the report reads the same on
		// every machine.
		prefix := src.Root + string(filepath.Separator)
		diags.Cap(diag.MaxPerFile)
		for _, d := range diags.Sorted() {
			if d.Severity == diag.Error || d.Code == diag.CodeMore {
				fr.Diagnostics = append(fr.Diagnostics, strings.ReplaceAll(d.String(), prefix, ""))
			}
		}
		if len(fr.Diagnostics) == 0 {
			fr.Diagnostics = []string{src.Path + ": compiler returned no module"}
		}
		return fr, nil
	}
	fr.Synthetic = generated(cfg.Read, src.Path, src.Root)
	return fr, mod.Products
}

// generated reports whether the file at path, which just compiled, begins
// with gen.Header. Only that many bytes are read when read is nil, with
// the compiler's careful read under root: the file compiled a moment ago,
// but it may since have been swapped for a FIFO.
func generated(read ReadFunc, path, root string) bool {
	if read != nil {
		b, err := read(path)
		return err == nil && gen.IsGenerated(b)
	}
	b, err := sourcefile.Head(path, root, int64(len(gen.Header)))
	return err == nil && gen.IsGenerated(b)
}

// newAssetResult is g's row before any variant ran: the build's counts
// and metrics.
func newAssetResult(cfg *Config, src Source, g *ir.Graph) *AssetResult {
	a := &AssetResult{
		Corpus: src.Corpus, File: src.Rel, Asset: g.Name, Kind: g.Kind.String(),
		Build: g.Len(), BuildByOp: map[string]int{}, Raw: metrics.Compute(g),
	}
	for _, n := range g.Nodes {
		a.BuildByOp[n.Op.String()]++
	}
	a.Runs = make([]RunResult, len(cfg.Variants))
	return a
}

// setMerged describes the target variant's surviving graph.
func (a *AssetResult) setMerged(g *ir.Graph) {
	m := metrics.Compute(g)
	a.Merged = &m
}

// finishAsset is what is found on one asset once every variant ran on it
// and was timed: the profiles, the disagreements, the research packs'
// evaluation and the checkers' notes.
func finishAsset(cfg *Config, a *AssetResult, g *ir.Graph, results []*ir.Result, dones []func(Seen) []string, clk *stepClock) {
	research := make([]*ir.Result, len(cfg.Variants)) // kept for evaluation
	for i := range cfg.Variants {
		if cfg.isResearch(i) {
			research[i] = results[i]
		}
	}
	a.Profile = profileAsset(cfg, g)
	for i, v := range cfg.Variants {
		j := cfg.variant(v.Versus)
		if j < 0 || a.Runs[i].Err != "" || a.Runs[j].Err != "" {
			continue
		}
		a.Runs[i].Moved = moved(a.Runs[i].partition, a.Runs[j].partition)
		a.Runs[i].Disagrees = a.Runs[i].Moved > 0 || a.Runs[i].IRNodes != a.Runs[j].IRNodes
	}
	clk.mark("tally")
	evaluateResearch(cfg, a, g, research)
	clk.mark("evaluate")
	for i, v := range cfg.Variants {
		if dones[i] == nil {
			continue
		}
		s := Seen{Evaluated: a.Runs[i].Evaluated, Mismatch: a.Runs[i].Mismatch, Culprit: a.Runs[i].Culprit}
		if j := cfg.variant(v.Versus); j >= 0 {
			s.Versus = results[j]
		}
		a.Runs[i].Checks = checkAsset(dones[i], s)
	}
	clk.mark("verdict")
	a.metricsJSON = encodeMetrics(a)
	clk.mark("metrics")
}

type variantOutcome struct {
	run  RunResult
	res  *ir.Result
	done func(Seen) []string // the Checker's, when the variant has one
}

// runVariant is the first run of v on g alone. It is the boundary
// between bench and the engine it was handed: a crash in the engine is
// that run's error ("panic: …"), so the asset's other variants are still
// counted and the run goes on.
func runVariant(cfg *Config, v Variant, g *ir.Graph, clk *stepClock) (out variantOutcome) {
	out.run.Variant = v.Name
	defer func() {
		if p := recover(); p != nil {
			out.run = RunResult{Variant: v.Name, Err: fmt.Sprintf("panic: %v", p)}
			out.res, out.done = nil, nil
		}
	}()
	var res *ir.Result
	m := measureRun(func() {
		if v.Check != nil {
			res, out.done = v.Check.Run(g, v.Limits)
		} else {
			res = v.Engine.Run(g, v.Limits)
		}
	})
	if cfg.Repeat == 1 { // this run is the timed one; else timeRuns times others
		m.Checked = v.Check != nil
		out.run.Times = []Measurement{m}
	}
	clk.mark("engine " + v.Name)
	tallyRun(cfg, v, g, res, &out, clk)
	return out
}

// tallyRun counts what the first run of v on g did (res) into out. A run
// that gave no answer keeps its Checker's done, which judges it stopped.
func tallyRun(cfg *Config, v Variant, g *ir.Graph, res *ir.Result, out *variantOutcome, clk *stepClock) {
	defer clk.mark("tally")
	if res != nil && !res.StopReason.Answered() {
		out.run.Err, out.run.StopReason = stopMessage(v, res), string(res.StopReason)
		return
	}
	if res == nil || res.Graph == nil {
		out.run.Err = "engine returned no graph"
		return
	}
	out.res = res
	r := &out.run
	r.IRNodes = res.Graph.Len()
	r.InputNodes = g.Len()
	if res.Build != nil {
		r.InputNodes = res.Build.Len()
	}
	switch {
	case cfg.AssetClasses != nil:
		var byClass map[string]int
		if byClass, r.HasAssetNodes = cfg.AssetClasses(res); r.HasAssetNodes {
			r.AssetByClass = byClass
			for _, n := range byClass {
				r.AssetNodes += n
			}
		}
		clk.mark("asset-nodes")
	case cfg.AssetNodes != nil:
		r.AssetNodes, r.HasAssetNodes = cfg.AssetNodes(res)
		clk.mark("asset-nodes")
	}
	r.IRByOp = map[string]int{}
	for _, n := range res.Graph.Nodes {
		r.IRByOp[n.Op.String()]++
	}
	for _, p := range res.Passes {
		switch p.Pass {
		case "fold":
			r.Folded += p.Changed
		case "swizzles", "swizzle":
			r.Rewritten += p.Changed
		case ir.PassAlias:
			r.Aliased += p.Changed
		case ir.PassDedupe, ir.PassDedupe1x:
			r.Merged += p.Changed
		case "prune", "prune-final":
			r.Pruned += p.Changed
		}
	}
	r.MergedByOp, r.MergedByClass = map[string]int{}, map[string]int{}
	for id, f := range res.Fates {
		if f.Kind != ir.Merged || id >= len(res.Build.Nodes) {
			continue
		}
		n := res.Build.Nodes[id] // the graph the engine read: the 1x build for mode 1x
		r.MergedByOp[n.Op.String()]++
		if n.Op.HasClass() {
			r.MergedByClass[n.Op.String()+"["+n.Class+"]"]++
		}
	}
	r.Rounds, r.StopReason = res.Rounds, string(res.StopReason)
	r.partition = canonicalPartition(res.Partition())
}

// canonicalPartition relabels a partition by the smallest build id of each
// class, so that two engines that re-index survivors differently but merge
// the same nodes compare equal.
func canonicalPartition(p []int) []int {
	first := map[int]int{}
	out := make([]int, len(p))
	for i, f := range p {
		if f < 0 {
			out[i] = -1
			continue
		}
		if _, ok := first[f]; !ok {
			first[f] = i
		}
		out[i] = first[f]
	}
	return out
}

func moved(a, b []int) int {
	n := 0
	for i := 0; i < max(len(a), len(b)); i++ {
		if i >= len(a) || i >= len(b) || a[i] != b[i] {
			n++
		}
	}
	return n
}

// Assets flattens the results in source order.
func Assets(files []*FileResult) []*AssetResult {
	var out []*AssetResult
	for _, f := range files {
		out = append(out, f.Assets...)
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// stopMessage says why a variant gave no answer, from the note the engine
// left: a pack's stop with its diagnostic, a refusal as the engine words it.
func stopMessage(v Variant, res *ir.Result) string {
	msg := string(res.StopReason)
	for _, n := range res.Notes {
		if n.Severity != "error" {
			continue
		}
		if res.StopReason == ir.StopRefused {
			return n.Message
		}
		msg += ": " + n.Code + " " + n.Message
		break
	}
	if v.Kind() == "datalog" {
		return "datalog " + v.Mode() + ": " + msg
	}
	return msg
}
