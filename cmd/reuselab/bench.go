package main

import (
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime"
	"strings"
	"sync"
	"time"

	"reuselab/bench"
	"reuselab/bench/corpus"
	"reuselab/bench/gen"
	"reuselab/compiler"
	"reuselab/compiler/passes"
	"reuselab/diag"
	"reuselab/emit"
	"reuselab/ir"
	"reuselab/ir/irgen"
	"reuselab/rules"
)

func init() {
	register("bench", "node counts, merge rates, graph metrics, timings and plots across corpora", runBench)
}

// listFlag collects a repeatable, comma-separated flag.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }
func (l *listFlag) Set(s string) error {
	for _, x := range strings.Split(s, ",") {
		if x = strings.TrimSpace(x); x != "" {
			*l = append(*l, x)
		}
	}
	return nil
}

func runBench(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("bench", flag.ContinueOnError)
	fl.SetOutput(stderr)
	modes := fl.String("modes", "none,1x,2.0", "reference modes to run (none, 1x, 2.0)")
	var packs listFlag
	fl.Var(&packs, "rules", "Datalog rule packs (reuse-2.0, commutative, identities, or a .mg file); repeatable")
	engines := fl.String("engines", "reference,datalog", "engines to run")
	jobs := fl.Int("jobs", runtime.NumCPU(), "files compiled at once")
	out := fl.String("out", "bench-out", "output directory")
	scaling := fl.Bool("scaling", false, "measure engine time and memory per node from 1k nodes up instead")
	refMax := fl.Int("scaling-max", 1_000_000, "largest graph for the reference engine in --scaling")
	dlMax := fl.Int("scaling-datalog-max", 100_000, "largest graph for the datalog engine in --scaling")
	packTimeout := fl.Duration("pack-timeout", rules.DefaultTimeout, "wall-clock limit per asset for loading and evaluating a .mg pack (in a child process)")
	packMemory := fl.Int64("pack-max-memory", rules.DefaultMaxMemory>>20, "memory limit in MiB of the child process a .mg pack runs in")
	graphs := fl.String("scaling-graphs", "irgen", "graphs for --scaling: irgen (random IR, ir/irgen) or tiled (copies of a compiled generated program)")
	fl.Usage = func() {
		fmt.Fprintln(stderr, "usage: reuselab bench [--modes none,1x,2.0] [--rules PACK…] [--engines reference,datalog] [--jobs N] [--out DIR] [PATH…]")
		fmt.Fprintln(stderr, "       reuselab bench --scaling [--out DIR]")
		fmt.Fprintln(stderr, "With no PATH, benchmarks the corpus embedded in the binary.")
		fmt.Fprintln(stderr, "Each PATH is a corpus named by its last element (colliding names get parent elements: a/DShader,")
		fmt.Fprintln(stderr, "b/DShader). A single folder PATH whose sources lie in two or more sub-folders has a corpus per")
		fmt.Fprintln(stderr, "sub-folder instead (bench ../shared/corpus/real: one row per repository).")
		fl.PrintDefaults()
	}
	if err := fl.Parse(args); err != nil {
		return 2
	}
	if *packTimeout <= 0 || *packMemory <= 0 {
		fmt.Fprintf(stderr, "reuselab bench: --pack-timeout (%v) and --pack-max-memory (%d) must be positive\n", *packTimeout, *packMemory)
		return 2
	}
	packLimits = rules.Limits{Timeout: *packTimeout, MaxMemory: *packMemory << 20}
	variants, notes, err := benchVariants(splitList(*modes), splitList(*engines), packs)
	if err != nil {
		fmt.Fprintln(stderr, "reuselab bench:", err)
		return 2
	}
	for _, n := range notes {
		fmt.Fprintln(stderr, "reuselab bench: note:", n)
	}
	if *scaling {
		return runScaling(variants, *refMax, *dlMax, *graphs, *out, stdout, stderr)
	}

	unlock, err := bench.LockOut(*out)
	if err != nil {
		fmt.Fprintln(stderr, "reuselab bench:", err)
		return 1
	}
	defer unlock()
	// Read nil: the compiler's careful read, bounded by each corpus folder
	// (no FIFO, device or symlink out of the folder is read).
	cfg := bench.Config{Compile: compileRaw, Variants: variants, Jobs: *jobs, AssetNodes: assetNodes}
	var sources []bench.Source
	if fl.NArg() == 0 {
		sources, err = bench.DiscoverFS(corpus.FS, ".", "embedded")
		cfg.Read = func(p string) ([]byte, error) { return fs.ReadFile(corpus.FS, p) }
	} else {
		sources, err = bench.Discover(fl.Args())
	}
	if err != nil {
		fmt.Fprintln(stderr, "reuselab bench:", err)
		return 1
	}
	update, finish := bench.Progress(os.Stderr, "bench")
	cfg.Progress = update
	start := time.Now()
	files := bench.Run(cfg, sources)
	wall := time.Since(start)
	finish()

	sum := bench.Summarize(cfg, files)
	sum.Timing = bench.Timings(cfg, files, wall, *jobs)
	if err := bench.Write(*out, cfg, files, sum); err != nil {
		fmt.Fprintln(stderr, "reuselab bench:", err)
		return 1
	}
	printSummary(stdout, sum, *out, wall)
	return 0
}

// assetNodes counts the Unreal expressions the emitter writes for a
// surviving graph (SEMANTICS D2). An emitter crash makes the count absent
// for that asset rather than failing the engine's column.
func assetNodes(r *ir.Result) (n int, ok bool) {
	defer func() {
		if recover() != nil {
			n, ok = 0, false
		}
	}()
	return emit.CountAssetNodes(r.Graph), true
}

// compileRaw compiles one corpus file; root (the corpus folder) bounds its
// imports, which still resolve against the file's DShader/ folder first.
func compileRaw(path, root string, read bench.ReadFunc) (*ir.Module, diag.List) {
	return compiler.CompileFile(path, compiler.Options{Root: root, ReadFile: read})
}

func splitList(s string) []string {
	var l listFlag
	_ = l.Set(s)
	return l
}

// benchVariants turns the flags into columns. A mode or engine that is not
// built yet is left out with a note rather than faked, so that the report
// shows it as absent.
func benchVariants(modes, engines, packs []string) ([]bench.Variant, []string, error) {
	var vs []bench.Variant
	var notes []string
	want := map[string]bool{}
	for _, e := range engines {
		switch e {
		case "reference", "datalog":
			want[e] = true
		default:
			return nil, nil, fmt.Errorf("unknown engine %q (known: reference, datalog)", e)
		}
	}
	if want["reference"] {
		for _, m := range modes {
			if m == "off" || !passes.ValidMode(m) {
				if m == "1x" {
					notes = append(notes, "mode 1x is not implemented by compiler/passes yet; reported as absent")
					continue
				}
				return nil, nil, fmt.Errorf("unknown mode %q (known: none, 1x, 2.0)", m)
			}
			mode := m
			vs = append(vs, bench.Variant{Name: mode, Engine: "reference", Mode: mode,
				Run: func(g *ir.Graph) (*ir.Result, error) {
					if mode == "1x" {
						if err := check1xGraph(g); err != nil { // a .dss asset (reuse1x.go)
							return nil, err
						}
					}
					return passes.Run(g, passes.Options{Mode: mode}), nil
				}})
		}
	}
	if want["datalog"] {
		if len(packs) == 0 {
			packs = []string{"reuse-2.0"}
		}
		dv, dnotes, err := datalogVariants(packs)
		if err != nil {
			return nil, nil, err
		}
		vs = append(vs, dv...)
		notes = append(notes, dnotes...)
	}
	if len(vs) == 0 {
		return nil, nil, fmt.Errorf("nothing to run: no available engine and mode")
	}
	return vs, notes, nil
}

// packLimits bound a user's pack in bench (--pack-timeout, --pack-max-memory).
var packLimits rules.Limits

// datalogVariants wires the Datalog engine (package rules), one variant per
// pack. A pack is checked against the reference mode it claims to mirror
// (D6): legacy-1x against 1x, every other pack against 2.0, whose extra
// merges then show as disagreements.
func datalogVariants(packs []string) ([]bench.Variant, []string, error) {
	var vs []bench.Variant
	for _, name := range packs {
		pack, ds := rules.LoadPackLimited(name, packLimits)
		if ds.HasErrors() || pack == nil {
			return nil, nil, fmt.Errorf("rule pack %s:\n%s", name, ds.Report())
		}
		versus := "2.0"
		if pack.Name == "legacy-1x" {
			versus = "1x"
		}
		pool := newPackPool(name, pack)
		packName := pack.Name
		vs = append(vs, bench.Variant{Name: "datalog:" + packName, Engine: "datalog", Mode: packName, Versus: versus,
			Run: func(g *ir.Graph) (*ir.Result, error) {
				if versus == "1x" {
					if err := check1xGraph(g); err != nil { // a .dss asset (reuse1x.go)
						return nil, err
					}
				}
				p := pool.get()
				defer pool.put(p)
				// a user's pack is evaluated in a child under packLimits
				o := rules.Evaluate(g, p, rules.Options{Limits: packLimits})
				res := rules.Build(g, packName, o)
				if o.Stop != rules.StopSaturated {
					msg := o.Stop
					if len(o.Diags) > 0 {
						msg += ": " + o.Diags[0].Code + " " + o.Diags[0].Message
					}
					return res, fmt.Errorf("datalog %s: %s", packName, msg)
				}
				return res, nil
			}})
	}
	return vs, nil, nil
}

// packPool hands each worker a pack of its own: a loaded pack holds Mangle
// programs, and nothing promises they are safe to share. Unlike a sync.Pool
// it never drops a pack at GC, since loading one costs about 0.1 s.
type packPool struct {
	name  string
	packs chan *rules.Pack
	// shared is a user's pack: only its text is held here (each
	// evaluation parses it in a child process), so one serves every worker.
	shared *rules.Pack
}

func newPackPool(name string, first *rules.Pack) *packPool {
	p := &packPool{name: name, packs: make(chan *rules.Pack, 64)} // more than any --jobs
	p.packs <- first
	if first.Untrusted() {
		p.shared = first
	}
	return p
}

func (p *packPool) get() *rules.Pack {
	if p.shared != nil {
		return p.shared
	}
	select {
	case pk := <-p.packs:
		return pk
	default:
		pk, _ := rules.LoadPack(p.name) // loaded once already: cannot fail now
		return pk
	}
}

func (p *packPool) put(pk *rules.Pack) {
	select {
	case p.packs <- pk:
	default:
	}
}

func printSummary(w io.Writer, s *bench.Summary, out string, wall time.Duration) {
	width := 40 // corpus names made unique can be long (a/DShader): keep the columns aligned
	for _, c := range s.Corpora {
		width = max(width, len(c.Name))
	}
	fmt.Fprintf(w, "%-*s %6s %6s %8s  %s vs %s", width, "corpus", "files", "failed", "assets", s.Target, s.Baseline)
	if s.Legacy != "" {
		fmt.Fprintf(w, "   %s vs %s", s.Target, s.Legacy)
	}
	fmt.Fprintln(w)
	for _, c := range append(append([]*bench.CorpusSummary(nil), s.Corpora...), s.Overall) {
		fmt.Fprintf(w, "%-*s %6d %6s %8d  %s", width, c.Name, c.Files, failedCell(c), c.Assets, ratio(c.Reduction))
		if s.Legacy != "" {
			fmt.Fprintf(w, "   %s", ratio(c.VsLegacy))
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "IR nodes (D2). failed = failed files/of them .bad. negative tests. Wrote %s/%s in %s.\n", out, bench.ReportMD, wall.Round(time.Millisecond))
}

// failedCell is "12" or "12/9": failed files / of them upstream negative
// tests (*.bad.*), which are meant to fail.
func failedCell(c *bench.CorpusSummary) string {
	if c.ExpectedFailures == 0 {
		return fmt.Sprint(c.FailedFiles)
	}
	return fmt.Sprintf("%d/%d", c.FailedFiles, c.ExpectedFailures)
}

func ratio(r *bench.Ratio) string {
	if r == nil || r.Assets == 0 {
		return "–"
	}
	return fmt.Sprintf("%d → %d nodes: %.1f%% (median %.1f%%)", r.Before, r.After, 100*r.Total, 100*r.Median)
}

// runScaling measures each engine's 2.0 (or pack) run from 1k nodes up, on
// irgen graphs (exact sizes, duplicate rate 0.3, the graphs the engines'
// own benchmarks use) or on graphs tiled from a compiled generated program
// (the front end's shape; see tiledGraph).
func runScaling(variants []bench.Variant, refMax, dlMax int, graphs, out string, stdout, stderr io.Writer) int {
	graph := irgenGraph
	source := "ir/irgen forest graphs, seed 42, duplicate rate 0.3"
	switch graphs {
	case "irgen":
	case "tiled":
		graph = tiledGraph
		source = "copies of a compiled 1000-node generated program (bench.Tile)"
	default:
		fmt.Fprintf(stderr, "reuselab bench: unknown --scaling-graphs %q (irgen, tiled)\n", graphs)
		return 2
	}
	var engines []bench.ScalingEngine
	for _, v := range variants {
		if v.Mode == "none" || v.Mode == "1x" {
			continue // the curve is about the reuse pass, not the prune-only mode
		}
		run := v.Run
		e := bench.ScalingEngine{Name: v.Engine + " " + v.Mode, Max: refMax, Run: func(g *ir.Graph) error {
			_, err := run(g)
			return err
		}}
		if v.Engine == "datalog" {
			e.Max = dlMax
		}
		engines = append(engines, e)
	}
	unlock, err := bench.LockOut(out) // as the main report: one run per folder
	if err != nil {
		fmt.Fprintln(stderr, "reuselab bench:", err)
		return 1
	}
	defer unlock()
	pts := bench.Scaling(bench.ScalingSizes, engines, graph, stdout)
	if err := bench.WriteScaling(out, source, pts); err != nil {
		fmt.Fprintln(stderr, "reuselab bench:", err)
		return 1
	}
	fmt.Fprintf(stdout, "Wrote %s/scaling.md.\n", out)
	return 0
}

func irgenGraph(n int) (*ir.Graph, error) {
	return irgen.Generate(irgen.Config{Seed: 42, Nodes: n, DupRate: 0.3, Shape: irgen.Forest}), nil
}

// tiledGraph tiles one compiled generated program of about 1000 nodes
// (bench.Tile) up to n nodes; the base is compiled once.
func tiledGraph(n int) (*ir.Graph, error) {
	scalingBaseOnce.Do(func() {
		cfg := gen.Config{Nodes: 1000, Seed: 42, DupRate: 0.3, Branches: 4}
		src, _ := gen.Program(cfg)
		name := cfg.FileName()
		mod, ds := compiler.CompileFile(name, compiler.Options{ReadFile: func(p string) ([]byte, error) {
			if p == name {
				return []byte(src), nil
			}
			return nil, fs.ErrNotExist
		}})
		if ds.HasErrors() || mod == nil || len(mod.Products) == 0 {
			scalingBaseErr = fmt.Errorf("the generated base program does not compile: %s", firstLine(ds.String()))
			return
		}
		scalingBase = mod.Products[0]
	})
	if scalingBaseErr != nil {
		return nil, scalingBaseErr
	}
	return bench.Tile(scalingBase, n), nil
}

var (
	scalingBaseOnce sync.Once
	scalingBase     *ir.Graph
	scalingBaseErr  error
)

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
