package main

import (
	"errors"
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
	"reuselab/diag"
	"reuselab/ir"
	"reuselab/ir/irgen"
	"reuselab/pipeline"
	"reuselab/printable"
	"reuselab/reuse"
	"reuselab/reuse/engines"
	"reuselab/rules/pack"
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
	fl := newCmdLine("bench", stdout, stderr,
		[]string{"reuselab bench [--modes none,1x,2.0] [--rules PACK…] [--engines reference,datalog] [--profile] [--prove [--prove-all] [--semantics float32|real] [--prove-timeout D] [--prove-memory MiB]] [--coverage] [--jobs N] [--repeat N] [--out DIR] [-v] [--versions] [PATH…]",
			"reuselab bench --scaling [--scaling-graphs irgen|tiled] [--out DIR]"},
		"Node counts, merge rates, graph metrics, timings and plots across corpora, written to --out.\n"+
			"With no PATH, benchmarks the corpus embedded in the binary.\n"+
			"Each PATH is a corpus named by its last element (colliding names get parent elements: a/DShader,\n"+
			"b/DShader). A single folder PATH whose sources lie in two or more sub-folders has a corpus per\n"+
			"sub-folder instead (bench ../shared/corpus/real: one row per repository). _versions/ and hidden\n"+
			"folders are left out (-v names them; --versions reads the snapshots). A pack that only claims\n"+
			"soundness is measured against reuse-2.0 (report.md, Research packs), and each asset it changes\n"+
			"is evaluated on 64 random inputs.\n"+
			"Every pack is judged as validate judges it (report.md, Verdicts; summary.json, verdicts): how\n"+
			"often each of its merging clauses fired, counted in the run's own evaluation, and a verdict\n"+
			"(proved, tested, agrees, unknown, not exercised, refuted); --prove proves its extra merges,\n"+
			"folds, aliases and rewrites with z3. The verdict is reported, not gated on.\n"+
			"Timings (report.md, Timings; timings.csv, one row per measurement): each variant runs once on\n"+
			"each asset to be counted and judged, untimed, then --repeat times plain, the variants interleaved;\n"+
			"the report gives medians and min–max, summary.json quartiles too. --repeat 1 times the checked run.\n"+
			"Exit 1 when a pack that mirrors a mode (# mirrors:) disagrees with it, a run stops at a limit,\n"+
			"such an evaluation mismatches, or every source fails to compile; a pack that merges more, and\n"+
			"files that fail beside others that compile (upstream's .bad. negative tests), are reported, not\n"+
			"findings. --out is replaced whole: it must be absent, empty or a report bench wrote (its\n"+
			".reuselab-output marker); any other folder is refused (exit 2).",
		"bench --out bench-out                          # the embedded corpus",
		"bench ../shared/corpus/real --rules reuse-2.0,commutative --out real-out",
		"bench --scaling --out scaling-out")
	modes := fl.String("modes", "none,1x,2.0", "reference modes to run (none, 1x, 2.0)")
	var packs listFlag
	fl.Var(&packs, "rules", "Datalog rule packs (a built-in: "+strings.Join(pack.BuiltinNames(), ", ")+"; or a .mg file); repeatable")
	engines := fl.String("engines", "reference,datalog", "engines to run")
	jobs := fl.Int("jobs", runtime.NumCPU(), "files compiled at once")
	repeat := fl.Int("repeat", 5, "timed runs of each variant on each asset, interleaved, after an untimed checked one: medians and spread (1: the one checked run is timed)")
	out := fl.String("out", "bench-out", "output folder, replaced whole: absent, empty or one bench wrote (.reuselab-output)")
	scaling := fl.Bool("scaling", false, "measure engine time and memory per node from 1k nodes up instead")
	profile := fl.Bool("profile", false, "also the cost of every clause of each pack, in a run of its own per asset: rules-profile.csv and report.md")
	refMax := fl.Int("scaling-max", 1_000_000, "largest graph for the reference engine in --scaling")
	dlMax := fl.Int("scaling-datalog-max", 100_000, "largest graph for the datalog engine in --scaling")
	limitFl := addLimitFlags(fl.FlagSet)
	limitFl.alias(fl.FlagSet, "pack-timeout", "pack-max-memory")
	proveFl := addVerdictFlags(fl.FlagSet, func(name string) bool { return name != "allow-unverified" })
	graphs := fl.String("scaling-graphs", "irgen", "graphs for --scaling: irgen (random IR, ir/irgen) or tiled (copies of a compiled generated program)")
	fl.verboseFlag()
	paths, code, ok := fl.parse(args)
	if !ok {
		return code
	}
	lim, err := limitFl.limits()
	if err != nil {
		fmt.Fprintln(stderr, "reuselab bench:", err)
		return exitUsage
	}
	if err := fl.checkPositive("jobs", "repeat", "scaling-max", "scaling-datalog-max"); err != nil {
		fmt.Fprintln(stderr, "reuselab bench:", err)
		return exitUsage
	}
	if *graphs != "irgen" && *graphs != "tiled" {
		fmt.Fprintf(stderr, "reuselab bench: unknown --scaling-graphs %q (irgen, tiled)\n", *graphs)
		return exitUsage
	}
	if *scaling && len(paths) > 0 {
		return fl.usageError("--scaling measures generated graphs and takes no PATH")
	}
	if *scaling && (proveFl.prove || proveFl.coverage) {
		return fl.usageError("--scaling measures time: --prove and --coverage judge packs on a corpus")
	}
	if err := proveFl.check(); err != nil {
		fmt.Fprintln(stderr, "reuselab bench:", err)
		return exitUsage
	}
	if !fl.checkPaths(paths) {
		return exitUsage
	}
	phases := bench.NewPhases(stderr)
	// Finding the sources overlaps loading the packs (a tenth of a second
	// of Mangle's analysis); its result waits until the checks before it.
	found := make(chan discovered, 1)
	if !*scaling {
		go func() { found <- discover(paths, fl.walk()) }()
	}
	endPhase := phases.Serial("load packs")
	variants, err := benchVariants(splitList(*modes), splitList(*engines), packs, lim, limitFl)
	endPhase()
	if err != nil {
		fmt.Fprintln(stderr, "reuselab bench:", err)
		var pe *packError
		if errors.As(err, &pe) {
			return packErrorCode(pe.name)
		}
		return exitUsage
	}
	if err := bench.CheckOut(*out); err != nil {
		fmt.Fprintln(stderr, "reuselab bench: --out:", err)
		return exitUsage
	}
	if *scaling {
		return runScaling(variants, *refMax, *dlMax, *graphs, *out, stdout, stderr)
	}

	unlock, err := bench.LockOut(*out)
	if err != nil {
		fmt.Fprintln(stderr, "reuselab bench:", err)
		return exitUsage
	}
	defer unlock()
	defer checkers(variants, proveFl)()
	// Read nil: the compiler's careful read, bounded by each corpus folder
	// (no FIFO, device or symlink out of the folder is read).
	cfg := bench.Config{Variants: variants, Jobs: *jobs, Repeat: *repeat, AssetClasses: bench.EmittedClasses}
	if *profile {
		cfg.Profile = benchProfile
	}
	endPhase = phases.Serial("discover")
	d := <-found
	endPhase()
	if len(paths) == 0 {
		cfg.Read = func(p string) ([]byte, error) { return fs.ReadFile(corpus.FS, p) }
	} else {
		fl.reportSkipped(d.skipped)
	}
	if d.err != nil {
		fmt.Fprintln(stderr, "reuselab bench:", d.err)
		return exitUsage
	}
	if len(d.sources) == 0 {
		fl.noSources(paths)
		return exitUsage
	}
	sources := d.sources
	update, finish := bench.Progress(os.Stderr, "bench")
	cfg.Progress = update
	defer bench.PaceCollector()() // until the report is written
	endPhase = phases.Serial("run")
	start := time.Now()
	files := bench.RunPhases(cfg, sources, phases)
	wall := time.Since(start)
	finish()
	endPhase()
	phases.Flush()

	endPhase = phases.Serial("summarize")
	sum := bench.Summarize(cfg, files)
	sum.Timing = bench.Timings(cfg, files, wall, *jobs)
	endPhase()
	endPhase = phases.Serial("write")
	err = bench.Write(*out, cfg, files, sum)
	endPhase()
	if err != nil {
		fmt.Fprintln(stderr, "reuselab bench:", err)
		return exitUsage
	}
	printSummary(stdout, sum, *out, wall)
	for i, v := range cfg.Variants {
		notRun := map[ir.StopReason]int{}
		for _, a := range bench.Assets(files) {
			notRun[ir.StopReason(a.Runs[i].StopReason)]++
		}
		printRunStops(stderr, "reuselab bench: "+v.Name, notRun)
	}
	if o := sum.Overall; o.Files > 0 && o.FailedFiles == o.Files {
		// Nothing was measured: no table of a run is a finding's absence.
		fmt.Fprintf(stderr, "reuselab bench: all %s failed to compile: nothing was measured (report.md, Failures)\n", plural(o.Files, "source file"))
		return exitFindings
	}
	if n := benchFindings(cfg, files); n > 0 {
		fmt.Fprintf(stderr, "reuselab bench: findings in %s: a disagreement with the mode held against, a stop, or a failed evaluation (report.md, Disagreements and Research packs)\n", plural(n, "asset run"))
		return exitFindings
	}
	return exitOK
}

// discovered is what discover found.
type discovered struct {
	sources []bench.Source
	skipped []skip
	err     error
}

// discover lists the sources of paths, or of the embedded corpus when
// there are none, and the folders left out.
func discover(paths []string, w bench.Walk) (d discovered) {
	if len(paths) == 0 {
		d.sources, d.err = bench.DiscoverFS(corpus.FS, ".", "embedded")
		return d
	}
	var unread []bench.Unread
	d.sources, unread, d.err = w.DiscoverAll(paths)
	d.skipped = benchSkipped(paths, w)
	for _, u := range unread { // passed over, as check and counts pass over them
		d.skipped = append(d.skipped, skip{path: u.Path, why: whyUnread})
	}
	return d
}

// benchFindings counts the runs that are findings: a variant that mirrors a
// mode (# mirrors:) and differs from it, any variant that stopped (a pack's
// limit, an error), and a research pack whose result on an asset it
// changes does not evaluate as the raw graph does. A pack that only claims
// soundness is expected to merge more: its differences alone are reported,
// not findings. An engine that refuses a graph it has no meaning for
// (mode 1x and legacy-1x on a .dss asset, DSH9058) is no finding either.
func benchFindings(cfg bench.Config, files []*bench.FileResult) int {
	n := 0
	for _, a := range bench.Assets(files) {
		for i, r := range a.Runs {
			v := cfg.Variants[i]
			exact := v.Versus != "" && v.Engine.Info().Mirrors == v.Versus
			if exact && r.Disagrees || r.Err != "" && r.StopReason != string(ir.StopRefused) || r.Mismatch {
				n++
			}
		}
	}
	return n
}

func splitList(s string) []string {
	var l listFlag
	_ = l.Set(s)
	return l
}

// benchVariants turns the flags into columns, every engine resolved by
// the registry and run under lim.
func benchVariants(modes, kinds, packs []string, lim ir.Limits, limitFl *limitFlags) ([]bench.Variant, error) {
	var vs []bench.Variant
	want := map[string]bool{}
	for _, e := range kinds {
		switch e {
		case "reference", "datalog":
			want[e] = true
		default:
			return nil, fmt.Errorf("unknown engine %q (known: reference, datalog)", e)
		}
	}
	if want["reference"] {
		for _, m := range modes {
			if !reuse.IsReferenceMode(m) {
				return nil, fmt.Errorf("unknown mode %q (known: %s)", m, strings.Join(reuse.ReferenceModes, ", "))
			}
			vs = append(vs, bench.Variant{Name: m, Engine: engines.MustResolve(m), Limits: lim})
		}
	}
	if want["datalog"] {
		if len(packs) == 0 {
			packs = []string{"reuse-2.0"}
		}
		// Loading a pack is Mangle's analysis, about 0.05 s each: the
		// packs load at once, and the first problem in flag order is
		// reported.
		type loaded struct {
			e  reuse.Engine
			ds diag.List
		}
		got := make([]loaded, len(packs))
		var wg sync.WaitGroup
		sem := make(chan struct{}, runtime.NumCPU())
		for i, name := range packs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				sem <- struct{}{}
				defer func() { <-sem }()
				got[i].e, got[i].ds = limitFl.resolve(name, lim)
			}()
		}
		wg.Wait()
		for i, name := range packs {
			e, ds := got[i].e, got[i].ds
			if e == nil || ds.HasErrors() {
				return nil, &packError{name: name, report: ds.Report()}
			}
			if e.Info().Kind != "datalog" {
				return nil, fmt.Errorf("--rules %s: not a rule pack (a reference mode goes in --modes)", name)
			}
			// Checked against the reference mode it mirrors (D6), or 2.0,
			// whose extra merges then show as disagreements.
			vs = append(vs, bench.Variant{Name: "datalog:" + e.Name(), Engine: e, Limits: lim, Versus: reuse.Versus(e)})
		}
	}
	if len(vs) == 0 {
		return nil, fmt.Errorf("nothing to run: no available engine and mode")
	}
	return vs, nil
}

// printSummary is the run's headline: one row per corpus with every
// variant's IR node total (a pack's column beside the modes), the target's
// reduction against the baseline and 1x, and notes on what a reader could
// misread: the assets a variant could not count, whether each pack agrees
// with the mode it mirrors, and which corpora are synthetic (their figure
// is the generator's duplicate rate, not real materials).
func printSummary(w io.Writer, s *bench.Summary, out string, wall time.Duration) {
	width := 24 // corpus names made unique can be long (a/DShader): keep the columns aligned
	rows := append(append([]*bench.CorpusSummary(nil), s.Corpora...), s.Overall)
	synthetic, written := false, false
	for _, c := range s.Corpora {
		synthetic = synthetic || c.SyntheticFiles > 0
		written = written || (c.Files > c.FailedFiles && !c.Synthetic())
	}
	name := func(c *bench.CorpusSummary) string { // a folder's name: escaped, on one line
		switch {
		case c == s.Overall && synthetic && written:
			return printable.Text(c.Name) + " (mixed*)"
		case c != s.Overall && c.SyntheticFiles > 0:
			return printable.Text(c.Name) + "*"
		}
		return printable.Text(c.Name)
	}
	for _, c := range rows {
		width = max(width, len(name(c)))
	}
	// 1x refuses a .dss (DSH9058): its total counts fewer assets than the
	// others, so it is not a column here but a table of its own below, on
	// the assets it builds.
	var full []int
	for i, v := range s.Variants {
		if v.Name != s.Legacy {
			full = append(full, i)
		}
	}
	cols := make([]int, len(s.Variants))
	fmt.Fprintf(w, "%-*s %6s %7s %7s", width, "corpus", "files", "failed", "assets")
	for _, i := range full {
		cols[i] = max(6, len(printable.Text(s.Variants[i].Name)))
		fmt.Fprintf(w, " %*s", cols[i], printable.Text(s.Variants[i].Name))
	}
	// The node totals are in the columns; a reduction cell is the total's
	// percentage and the per-asset median.
	pct := func(r *bench.Ratio) string {
		if r == nil || r.Assets == 0 {
			return "–"
		}
		return fmt.Sprintf("%.1f%% (median %.1f%%)", 100*r.Total, 100*r.Median)
	}
	fmt.Fprintf(w, "  %s vs %s\n", s.Target, s.Baseline)
	for _, c := range rows {
		fmt.Fprintf(w, "%-*s %6d %7s %7d", width, name(c), c.Files, failedCell(c), c.Assets)
		for _, i := range full {
			t := c.Totals[i]
			cell := "–"
			if t.Errors < c.Assets {
				cell = fmt.Sprint(t.IRNodes)
			}
			fmt.Fprintf(w, " %*s", cols[i], cell)
		}
		fmt.Fprintf(w, "  %s\n", pct(c.Reduction))
	}
	fmt.Fprintln(w, "IR nodes (D2) after each variant, every asset. failed = failed files/of them .bad. negative tests.")
	for _, i := range full {
		if t := s.Overall.Totals[i]; t.Errors > 0 {
			fmt.Fprintf(w, "%s counts %d of %s: the others it refused or failed on (see assets.csv).\n", t.Variant, s.Overall.Assets-t.Errors, plural(s.Overall.Assets, "asset"))
		}
	}
	if s.Legacy != "" && s.Overall.OnLegacy != nil {
		printLegacy(w, s, rows, name, width)
	}
	differs := map[string]map[string]bool{}
	for _, d := range s.Disagreements {
		if differs[d.Variant] == nil {
			differs[d.Variant] = map[string]bool{}
		}
		differs[d.Variant][d.Corpus+"\x00"+d.File+"\x00"+d.Asset] = true
	}
	research := map[string]bool{}
	for _, rp := range s.Research {
		research[rp.Variant] = true
	}
	for _, v := range s.Variants {
		switch n := len(differs[v.Name]); {
		case v.Versus == "" || s.Overall.Assets == 0:
		case research[v.Name] && n == 0: // its extra merges have a line of their own below
		case research[v.Name]:
			fmt.Fprintf(w, "%s gave no answer on %s (report.md, Disagreements).\n", v.Name, plural(n, "asset"))
		case n == 0:
			fmt.Fprintf(w, "%s gives %s's partition on every asset.\n", v.Name, v.Versus)
		default:
			fmt.Fprintf(w, "%s differs from %s on %s (report.md, Disagreements).\n", v.Name, v.Versus, plural(n, "asset"))
		}
	}
	for _, rp := range s.Research {
		all := rp.Corpora[len(rp.Corpora)-1]
		if all.Evaluated == 0 && all.ExtraIR == 0 {
			fmt.Fprintf(w, "%s changes no asset beyond %s (report.md, Research packs).\n", rp.Variant, rp.Versus)
			continue
		}
		fmt.Fprintf(w, "%s leaves %s fewer than %s; evaluation fails on %d of the %s it changes (report.md, Research packs).\n",
			rp.Variant, plural(all.ExtraIR, "IR node"), rp.Versus, len(rp.Mismatches), plural(all.Evaluated, "asset"))
	}
	if synthetic {
		fmt.Fprintln(w, "* synthetic: programs written by `reuselab gen`; their reduction follows the duplicate rate they were generated with, not real materials.")
		if real := "../shared/corpus/real"; dirExists(real) {
			fmt.Fprintf(w, "  Real sources: reuselab bench %s\n", real)
		} else {
			fmt.Fprintln(w, "  Real sources: reuselab bench PATH…")
		}
	}
	printVerdicts(w, s)
	fmt.Fprintf(w, "Wrote %s/%s in %s.\n", printable.Text(out), bench.ReportMD, wall.Round(time.Millisecond))
}

// printLegacy is the baseline, 1x and the target on the assets 1x builds,
// side by side: the only assets on which 1x compares with the others.
func printLegacy(w io.Writer, s *bench.Summary, rows []*bench.CorpusSummary, name func(*bench.CorpusSummary) string, width int) {
	cut := func(before, after int) string {
		if before == 0 {
			return "–"
		}
		return fmt.Sprintf("%.1f%%", 100*(1-float64(after)/float64(before)))
	}
	col := func(n string) int { return max(6, len(printable.Text(n))) }
	b, l, t := col(s.Baseline), col(s.Legacy), col(s.Target)
	fmt.Fprintf(w, "On the assets %s builds (it refuses a .dss, DSH9058): %d of %s.\n", s.Legacy, s.Overall.OnLegacy.Assets, plural(s.Overall.Assets, "asset"))
	fmt.Fprintf(w, "%-*s %7s %*s %*s %*s  %s vs %s\n", width, "corpus", "assets", b, printable.Text(s.Baseline), l, printable.Text(s.Legacy), t, printable.Text(s.Target), s.Target, s.Legacy)
	for _, c := range rows {
		o := c.OnLegacy
		if o == nil || (o.Assets == 0 && c != s.Overall) {
			continue
		}
		fmt.Fprintf(w, "%-*s %7d %*d %*d %*d  %s\n", width, name(c), o.Assets, b, o.Baseline, l, o.Legacy, t, o.Target, cut(o.Legacy, o.Target))
	}
}

func dirExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// failedCell is "12" or "12/9": failed files / of them upstream negative
// tests (*.bad.*), which are meant to fail.
func failedCell(c *bench.CorpusSummary) string {
	if c.ExpectedFailures == 0 {
		return fmt.Sprint(c.FailedFiles)
	}
	return fmt.Sprintf("%d/%d", c.FailedFiles, c.ExpectedFailures)
}

// runScaling measures each engine's 2.0 (or pack) run from 1k nodes up, on
// irgen graphs (exact sizes, duplicate rate 0.3, the graphs the engines'
// own benchmarks use) or on graphs tiled from a compiled generated program
// (the front end's shape; see tiledGraph).
func runScaling(variants []bench.Variant, refMax, dlMax int, graphs, out string, stdout, stderr io.Writer) int {
	graph := irgenGraph
	source := "ir/irgen forest graphs, seed 42, duplicate rate 0.3"
	if graphs == "tiled" { // runBench checked the name
		graph = tiledGraph
		source = "copies of a compiled 1000-node generated program (bench.Tile)"
	}
	var measured []bench.ScalingEngine
	for _, v := range variants {
		if v.Mode() == "none" || v.Mode() == "1x" {
			continue // the curve is about the reuse pass, not the prune-only mode
		}
		e := bench.ScalingEngine{Variant: v, Max: refMax}
		if v.Kind() == "datalog" {
			e.Max = dlMax
		}
		measured = append(measured, e)
	}
	unlock, err := bench.LockOut(out) // as the main report: one run per folder
	if err != nil {
		fmt.Fprintln(stderr, "reuselab bench:", err)
		return exitUsage
	}
	defer unlock()
	// A minute or more, most of it in the last Datalog steps: a bar on a
	// terminal stderr, weighted by each step's expected cost, with the
	// measured lines printed above it.
	bar := bench.NewStepBar(os.Stderr, "bench --scaling")
	pts := bench.ScalingProgress(bench.ScalingSizes, measured, graph, bar.Above(stdout), bar.Update)
	bar.Finish()
	if err := bench.WriteScaling(out, source, pts); err != nil {
		fmt.Fprintln(stderr, "reuselab bench:", err)
		return exitUsage
	}
	fmt.Fprintf(stdout, "Wrote %s/scaling.md.\n", out)
	return exitOK
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
		mod, _, ds := pipeline.Compile(name, pipeline.Options{ReadFile: func(p string) ([]byte, error) {
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
