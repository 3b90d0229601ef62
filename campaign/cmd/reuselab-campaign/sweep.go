package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"reuselab/bench"
	"reuselab/outfile"

	"reuselab/campaign"
)

// listFlag is a repeatable, comma-separated flag.
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

// limitFlags are reuselab's limits on an engine (cmd/reuselab/limits.go).
type limitFlags struct {
	facts, giveUp       *int
	timeout, runTimeout *time.Duration
	memory, runMemory   *int64
}

func addLimitFlags(fs *flag.FlagSet) *limitFlags {
	d := campaign.DefaultLimits()
	return &limitFlags{
		facts:      fs.Int("max-facts", d.MaxFacts, "limit on the facts a rule pack derives per asset"),
		timeout:    fs.Duration("timeout", d.Timeout, "wall-clock limit per asset for a .mg pack (in a child process)"),
		memory:     fs.Int64("max-memory", d.MaxMemory>>20, "memory limit in MiB of the child process a .mg pack runs in"),
		runTimeout: fs.Duration("run-timeout", d.RunTimeout, "wall-clock limit of one worker's .mg pack children"),
		runMemory:  fs.Int64("run-memory", d.RunMemory>>20, "budget in MiB for the --max-memory limits of one worker's children alive at once"),
		giveUp:     fs.Int("give-up-after", d.GiveUpAfter, "a .mg pack that runs past --timeout on this many assets in a row is not run on a worker's rest; 0: never"),
	}
}

func (l *limitFlags) limits() (campaign.Limits, error) {
	if *l.facts <= 0 || *l.timeout <= 0 || *l.memory <= 0 || *l.runTimeout <= 0 || *l.runMemory <= 0 || *l.giveUp < 0 {
		return campaign.Limits{}, fmt.Errorf("the limits must be positive (--give-up-after 0 or more)")
	}
	return campaign.Limits{MaxFacts: *l.facts, Timeout: *l.timeout, MaxMemory: *l.memory << 20,
		RunTimeout: *l.runTimeout, RunMemory: *l.runMemory << 20, GiveUpAfter: *l.giveUp}, nil
}

func runSweep(args []string, stdout, stderr io.Writer) int {
	fs := flag.CommandLine
	var langs, nodes, dups, branches, packs listFlag
	fs.Var(&langs, "lang", "languages of the generated programs: dsm, dss (default dsm)")
	fs.Var(&nodes, "nodes", "target raw IR nodes per program, a list (default 200)")
	fs.Var(&dups, "dup-rate", "duplicate rates, a list (default 0.3)")
	fs.Var(&branches, "branches", "if/else statements per program, a list (default 2)")
	seeds := fs.Uint64("seeds", 0, "programs per grid cell, seeds --seed-from, --seed-from+1, …; 0 with no PATH: 100")
	seedFrom := fs.Uint64("seed-from", 1, "first seed")
	modes := fs.String("modes", "none,1x,2.0", "reference modes to run")
	engines := fs.String("engines", "reference,datalog", "engines to run")
	fs.Var(&packs, "rules", "rule packs: a built-in or a .mg file (its text is sent to the workers); default reuse-2.0")
	chunk := fs.Int("chunk", 16, "programs per pipeline element")
	jobs := fs.Int("jobs", runtime.NumCPU(), "programs a worker process runs at once, over all its bundles")
	elementTimeout := fs.Duration("element-timeout", 10*time.Minute, "limit on one program; past it the program is a failed record")
	records := fs.String("records", "", "the folder the workers write the records and the assets' rows into, a pair of files per bundle, through Beam's file systems (gs://…); default the --out folder, prism only")
	out := fs.String("out", "campaign-out", "output folder, replaced whole as bench's: absent, empty or one bench wrote")
	every := fs.Duration("progress", 5*time.Second, "period of the progress lines on stderr (workers in this process)")
	lf := addLimitFlags(fs)
	paths, code, ok := parse("sweep", args, stderr)
	if !ok {
		return code
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "reuselab-campaign sweep: "+format+"\n", a...)
		return exitUsage
	}
	grid := campaign.Grid{From: *seedFrom, Count: *seeds}
	if grid.Count == 0 && len(paths) == 0 {
		grid.Count = 100
	}
	grid.Langs = orDefault(langs, "dsm")
	var err error
	if grid.Nodes, err = ints(orDefault(nodes, "200")); err != nil {
		return fail("--nodes: %v", err)
	}
	if grid.Branches, err = ints(orDefault(branches, "2")); err != nil {
		return fail("--branches: %v", err)
	}
	for _, d := range orDefault(dups, "0.3") {
		x, err := strconv.ParseFloat(d, 64)
		if err != nil {
			return fail("--dup-rate: %v", err)
		}
		grid.DupRates = append(grid.DupRates, x)
	}
	if *chunk <= 0 || *jobs <= 0 {
		return fail("--chunk and --jobs must be positive")
	}
	lim, err := lf.limits()
	if err != nil {
		return fail("%v", err)
	}
	vs := campaign.Variants{Limits: lim}
	for _, e := range splitList(*engines) {
		switch e {
		case "reference":
			vs.Modes = splitList(*modes)
		case "datalog":
			if len(packs) == 0 {
				packs = listFlag{"reuse-2.0"}
			}
			for _, name := range packs {
				p, err := campaign.ReadPack(name)
				if err != nil {
					return fail("--rules %s: %v", name, err)
				}
				vs.Packs = append(vs.Packs, p)
			}
		default:
			return fail("unknown engine %q (reference, datalog)", e)
		}
	}
	if err := bench.CheckOut(*out); err != nil {
		return fail("--out: %v", err)
	}
	unlock, err := bench.LockOut(*out)
	if err != nil {
		return fail("%v", err)
	}
	defer unlock()
	o := campaign.SweepOptions{Grid: grid, Paths: paths, Variants: vs, Chunk: *chunk, Jobs: *jobs,
		ElementTimeout: *elementTimeout, Records: *records, Run: run, ProgressEvery: *every}
	if o.Records == "" && !inProcess() {
		return fail("--records: a runner other than prism in this process needs a folder its workers can write (gs://…)")
	}
	if inProcess() {
		o.Progress = stderr
	}
	// The report is published whole (bench.Publish); with prism in this
	// process the workers write their shards straight into it.
	var res *campaign.SweepResult
	err = bench.Publish(*out, func(dir string) error {
		if *records == "" {
			o.Records = dir
		}
		if res, err = campaign.Sweep(context.Background(), o); err != nil {
			return err
		}
		if *records == "" {
			res.Report.Records = *out
		}
		if err := bench.WriteSummary(dir, res.Summary); err != nil {
			return err
		}
		b, err := json.MarshalIndent(res.Report, "", "  ")
		if err != nil {
			return err
		}
		return outfile.WriteFile(filepath.Join(dir, "campaign.json"), append(b, '\n'))
	})
	if err != nil {
		return fail("%v", err)
	}
	r, all := res.Report, res.Summary.Overall
	fmt.Fprintf(stdout, "sweep: %d elements in %s (%.1f/s; %s per element on a worker), %d failed, %d asset runs stopped\n",
		r.Elements, r.Wall.Round(time.Millisecond), float64(r.Elements)/r.Wall.Seconds(),
		(r.ElementsCost / time.Duration(max(r.Elements, 1))).Round(time.Microsecond), r.Failed, r.Stopped)
	if all.Reduction != nil {
		fmt.Fprintf(stdout, "%s vs %s: %.1f%% fewer IR nodes over %d assets\n", res.Summary.Target, res.Summary.Baseline, 100*all.Reduction.Total, all.Assets)
	}
	fmt.Fprintf(stdout, "Wrote %s/%s and %s/campaign.json; the records and the assets' rows in %s.\n", *out, bench.ReportMD, *out, res.Report.Records)
	if r.Failed > 0 || r.Stopped > 0 {
		return exitFindings
	}
	return exitOK
}

func orDefault(l listFlag, d string) []string {
	if len(l) == 0 {
		return []string{d}
	}
	return l
}

func ints(l []string) ([]int, error) {
	var out []int
	for _, s := range l {
		n, err := strconv.Atoi(s)
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}

func splitList(s string) []string {
	var l listFlag
	_ = l.Set(s)
	return l
}
