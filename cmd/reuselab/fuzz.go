package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"reuselab/fuzz"
	"reuselab/outfile"
	"reuselab/prove"
	"reuselab/rules/pack"
	"reuselab/verify"
)

func init() {
	register("fuzz", "search for graphs that make every clause of a rule pack fire, and check every merge it makes there; exit 1 on a refutation", runFuzz)
}

func runFuzz(args []string, stdout, stderr io.Writer) int {
	fs := newCmdLine("fuzz", stdout, stderr, []string{"reuselab fuzz --rules PACK [--budget 10s|N|10s,N] [--seed S] [--batch N] [--format text|json] [--witness-out FILE] [--prove=false] [--prove-timeout D] [--exhaust] [--allow-unverified] [--timings] [--max-facts N] [--timeout D] [--max-memory MiB] [--run-timeout D] [--run-memory MiB] [--give-up-after N]"},
		"Builds IR graphs aimed at every clause of the pack, not a corpus: every shape of one node over\n"+
			"two parameters and a constant (the ops and numbers the pack's clauses and `# touches:` name,\n"+
			"the constants also from an edge set: ±0, ±1, 0.5, 2, denormals, ±FLT_MAX, ±Inf, NaN, 1 ULP\n"+
			"from 1), every shape of two nodes, then random ones and ones planted in random graphs. On each\n"+
			"it runs the pack and its reference (the graphs built ahead, --batch at a time, evaluated\n"+
			"together, each as if alone), counts the clauses that fire, and checks every merge, fold,\n"+
			"alias and rewrite beyond the reference: by ir/interp on edge and random inputs, then by z3 in\n"+
			"float32 (when installed; at most half the budget). A refuted claim is reduced and printed as a\n"+
			"short .dsm program that validate fails on. It stops when every clause has fired (after the\n"+
			"one-node shapes; --exhaust: never) or at the budget. Exit 1 on a refutation or a disagreement,\n"+
			"and on a clause not exercised or unknown unless --allow-unverified. The output is the same for\n"+
			"the same seed, but for the --batch it names, when the search ends before a time budget\n"+
			"(--timings adds the wall time).",
		"fuzz --rules rules/examples/unsound.mg",
		"fuzz --rules identities --budget 30s --seed 7",
		"fuzz --rules my.mg --budget 2000 --format json   # a graph count: the same output every run",
		"fuzz --rules my.mg --witness-out W.dsm && reuselab validate --rules my.mg W.dsm")
	packName := fs.String("rules", "", "rule pack: a built-in name ("+strings.Join(pack.BuiltinNames(), ", ")+") or a .mg file")
	budget := fs.String("budget", "10s", "when to stop at the latest: a duration (10s), a graph count (500), or both (10s,500)")
	seed := fs.Uint64("seed", 1, "random seed: the same seed searches the same graphs")
	batch := fs.Int("batch", fuzz.DefaultBatch, "graphs built ahead and evaluated together (1: one at a time); the output does not depend on it but for saying it")
	format := fs.String("format", "text", "text or json (schema/fuzz-json.schema.json)")
	witnessOut := fs.String("witness-out", "", "write the first witness's .dsm program to FILE")
	useProver := fs.Bool("prove", true, "send the claims evaluation does not refute to z3 (skipped, with a note, when z3 is not installed)")
	proveTimeout := fs.Duration("prove-timeout", time.Second, "the solver's time limit per claim")
	exhaust := fs.Bool("exhaust", false, "search to the budget even after every clause has fired")
	allow := fs.Bool("allow-unverified", false, "exit 0 when a clause is not exercised or unknown")
	timings := fs.Bool("timings", false, "print the wall time (the only part of the output that differs between runs of one seed)")
	limitFl := addLimitFlags(fs.FlagSet)
	pos, code, ok := fs.parse(args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return fs.usageError("fuzz takes no PATH (%q): it builds its own graphs", pos[0])
	}
	if *packName == "" {
		return fs.usageError("no --rules PACK")
	}
	if *format != "text" && *format != "json" {
		return fs.usageError("--format %q: want text or json", *format)
	}
	wall, graphs, err := parseBudget(*budget)
	if err != nil {
		return fs.usageError("--budget %q: %v", *budget, err)
	}
	if *batch <= 0 {
		return fs.usageError("--batch %d: must be positive", *batch)
	}
	if *proveTimeout <= 0 {
		return fs.usageError("--prove-timeout %v: must be positive", *proveTimeout)
	}
	lim, err := limitFl.limits()
	if err != nil {
		fmt.Fprintln(stderr, "reuselab fuzz:", err)
		return exitUsage
	}
	if *witnessOut != "" {
		if err := outfile.CheckFile(*witnessOut); err != nil {
			fmt.Fprintf(stderr, "reuselab fuzz: --witness-out: %v\n", err)
			return exitUsage
		}
	}
	p, code, ok := limitFl.resolvePack("fuzz", *packName, lim, stderr, "fuzz aims at a pack's clauses")
	if !ok {
		return code
	}
	proving := *useProver
	if proving {
		if err := prove.Z3().Available(); err != nil {
			fmt.Fprintf(stderr, "reuselab fuzz: z3 is not installed (apt-get install z3): claims are only evaluated (%v)\n", err)
			proving = false
		}
	}
	rep := fuzz.Run(p, fuzz.Options{Seed: *seed, Batch: *batch, Budget: wall, MaxGraphs: graphs, Limits: lim,
		Prove: proving, ProveTimeout: *proveTimeout, Exhaust: *exhaust})
	if *format == "json" {
		if err := rep.WriteJSON(stdout, *timings); err != nil {
			fmt.Fprintln(stderr, "reuselab fuzz:", err)
			return exitUsage
		}
	} else {
		file := *witnessOut
		if file == "" {
			file = "WITNESS.dsm"
		}
		rep.WriteText(stdout, *packName, file, *timings)
	}
	if *witnessOut != "" {
		written := false
		for _, w := range rep.Witnesses {
			if w.Program == "" {
				continue
			}
			written = true
			if err := outfile.WriteFile(*witnessOut, []byte(w.Program)); err != nil {
				fmt.Fprintln(stderr, "reuselab fuzz:", err)
				return exitUsage
			}
			fmt.Fprintf(stderr, "reuselab fuzz: wrote the witness to %s; %s fails on it\n", *witnessOut, w.ValidateCommand(*packName, *witnessOut))
			break
		}
		if !written {
			fmt.Fprintf(stderr, "reuselab fuzz: no witness printed as .dsm: %s not written\n", *witnessOut)
		}
	}
	switch {
	case rep.Verdict == verify.Refuted:
		return exitFindings
	case rep.Verdict.Unverified() && !*allow:
		if *format == "text" {
			fmt.Fprintf(stdout, "reuselab fuzz: %s is %s: exit 1 (--allow-unverified accepts it)\n", rep.Pack, rep.Verdict)
		}
		return exitFindings
	}
	return exitOK
}

// parseBudget reads --budget: a duration, a graph count, or both, comma
// separated.
func parseBudget(s string) (wall time.Duration, graphs int, err error) {
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if n, err := strconv.Atoi(part); err == nil {
			if n <= 0 || graphs != 0 {
				return 0, 0, fmt.Errorf("a graph count must be positive, and given once")
			}
			graphs = n
			continue
		}
		d, err := time.ParseDuration(part)
		if err != nil || d <= 0 || wall != 0 {
			return 0, 0, fmt.Errorf("want a positive duration (10s), a graph count (500) or both (10s,500)")
		}
		wall = d
	}
	return wall, graphs, nil
}
