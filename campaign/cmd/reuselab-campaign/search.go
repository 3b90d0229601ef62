package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"time"

	"reuselab/outfile"
	"reuselab/prove"

	"reuselab/campaign"
)

func runSearch(args []string, stdout, stderr io.Writer) int {
	fs := flag.CommandLine
	packName := fs.String("rules", "", "rule pack: a built-in or a .mg file (its text is sent to the workers)")
	seeds := fs.Uint64("seeds", 64, "seeds to search at most: --seed-from, --seed-from+1, …")
	seedFrom := fs.Uint64("seed-from", 1, "first seed")
	wave := fs.Int("wave", 8, "seeds per pipeline run; the stops are checked between runs")
	witnesses := fs.Int("witnesses", 0, "stop once this many distinct witnesses are found (0: no such stop)")
	budget := fs.Duration("budget", 0, "stop after the wave that ends past this wall time (0: none)")
	graphs := fs.Int("graphs", 400, "graphs one seed's search tries")
	jobs := fs.Int("jobs", runtime.NumCPU(), "seeds a worker process searches at once")
	useProver := fs.Bool("prove", false, "send the claims evaluation does not refute to z3 on the workers")
	elementTimeout := fs.Duration("element-timeout", 10*time.Minute, "limit on one seed's search; past it the seed is a failed record")
	records := fs.String("records", "", "prefix of the waves' records through Beam's file systems (gs://…); default a local temporary file, prism only")
	out := fs.String("out", "search-out", "output folder: search.json and one .dsm program per witness")
	every := fs.Duration("progress", 5*time.Second, "period of the progress lines on stderr (workers in this process)")
	lf := addLimitFlags(fs)
	pos, code, ok := parse("search", args, stderr)
	if !ok {
		return code
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "reuselab-campaign search: "+format+"\n", a...)
		return exitUsage
	}
	if len(pos) > 0 {
		return fail("takes no PATH (%q): it builds its own graphs", pos[0])
	}
	if *packName == "" {
		return fail("no --rules PACK")
	}
	if *wave <= 0 || *graphs <= 0 || *jobs <= 0 || *witnesses < 0 {
		return fail("--wave, --graphs and --jobs must be positive, --witnesses 0 or more")
	}
	lim, err := lf.limits()
	if err != nil {
		return fail("%v", err)
	}
	p, err := campaign.ReadPack(*packName)
	if err != nil {
		return fail("--rules: %v", err)
	}
	if *useProver {
		if err := prove.Z3().Available(); err != nil {
			fmt.Fprintf(stderr, "reuselab-campaign search: z3 is not installed: claims are only evaluated (%v)\n", err)
			*useProver = false
		}
	}
	if err := outfile.OwnDir(*out, "reuselab-campaign"); err != nil {
		return fail("--out: %v", err)
	}
	o := campaign.SearchOptions{Pack: p, Limits: lim, From: *seedFrom, Count: *seeds, Wave: *wave, Witnesses: *witnesses,
		Budget: *budget, Graphs: *graphs, Jobs: *jobs, Prove: *useProver, ElementTimeout: *elementTimeout, Records: *records, Run: run, ProgressEvery: *every}
	clean, err := recordsAndProgress(&o.Records, &o.Progress, stderr)
	if err != nil {
		return fail("%v", err)
	}
	defer clean()
	rep, err := campaign.Search(context.Background(), o)
	if err != nil {
		return fail("%v", err)
	}
	if err := campaign.WriteSearch(*out, rep); err != nil {
		return fail("%v", err)
	}
	fmt.Fprintf(stdout, "search %s: seeds %d–%d, %d graphs, %d failed; %d distinct witnesses; stopped: %s (%s)\n",
		rep.Pack, rep.Seeds[0], rep.Seeds[1], rep.Graphs, rep.Failed, len(rep.Witnesses), rep.Stop, rep.Wall.Round(time.Millisecond))
	for _, w := range rep.Witnesses {
		fmt.Fprintf(stdout, "  %s: %s (%d nodes; first seed %d, %d seeds) %s\n", w.Kind, w.Claim, w.Nodes, w.Seeds[0], len(w.Seeds), filepath.Join(*out, w.File))
	}
	if len(rep.Witnesses) > 0 || rep.Failed > 0 {
		return exitFindings
	}
	return exitOK
}
