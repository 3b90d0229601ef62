package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"reuselab/outfile"
	"reuselab/pipeline"
	"reuselab/reduce"
	"reuselab/reuse"
	"reuselab/reuse/engines"
)

func init() {
	register("reduce", "shrink a source while a condition holds (disagree, mismatch, diag:DSHnnnn, panic)", runReduce)
}

func runReduce(args []string, stdout, stderr io.Writer) int {
	fs := newCmdLine("reduce", stdout, stderr, []string{"reuselab reduce FILE --until CONDITION [--out FILE] [--rules PACK] [--eval N] [--seed S] [--max-tests N] [-v] [--max-facts N] [--timeout D] [--max-memory MiB] [--run-timeout D] [--run-memory MiB] [--give-up-after N]"},
		"Delta-debugs a source down to a small witness that still meets CONDITION: disagree (a pack and\n"+
			"the reference it mirrors differ), mismatch (evaluation finds the engine's graph wrong),\n"+
			"diag:DSHnnnn (the compiler reports that code) or panic. FILE may be a folder holding one source.\n"+
			"It deletes dead code, shrinks expressions, inlines single-use aliases and deletes statements,\n"+
			"keeping only candidates that compile with no diagnostic FILE did not have. Exit 0 when done,\n"+
			"1 when the condition does not hold for FILE or --max-tests ran out first (the smallest file so\n"+
			"far is written), 2 on a usage or I/O problem.",
		"reduce M_Bug.dsm --until disagree --rules my.mg",
		"reduce M_Bug.dsm --until diag:DSH4350 --out small.dsm")
	until := fs.String("until", "", "condition to keep: disagree | mismatch | diag:DSHnnnn | panic")
	out := fs.String("out", "", "write the reduced file here (default: FILE with .reduced before the extension)")
	pack := fs.String("rules", "", "rule pack (built-in name or .mg file): the engine mismatch evaluates and disagree compares with the reference (default for disagree: reuse-2.0)")
	runs := fs.Int("eval", 64, "evaluation runs per candidate for mismatch")
	seed := fs.Uint64("seed", 1, "evaluation seed for mismatch")
	budget := fs.Int("max-tests", reduce.DefaultMaxTests, "at most this many condition tests; reaching it with candidates left exits 1")
	verbose := fs.Bool("v", false, "log every accepted step; name every skipped folder and file")
	fs.verbose = verbose
	limits := addLimitFlags(fs.FlagSet)
	pos, code, ok := fs.parse(args)
	if !ok {
		return code
	}
	if len(pos) != 1 {
		return fs.usageError("want one FILE, got %d arguments", len(pos))
	}
	if *until == "" {
		return fs.usageError("no --until CONDITION")
	}
	lim, err := limits.limits()
	if err != nil {
		fmt.Fprintf(stderr, "reuselab reduce: %v\n", err)
		return exitUsage
	}
	if err := fs.checkPositive("eval", "max-tests"); err != nil {
		fmt.Fprintf(stderr, "reuselab reduce: %v\n", err)
		return exitUsage
	}
	path, ok := fs.oneSource(pos[0])
	if !ok {
		return exitUsage
	}
	// The careful read under the root the compile of it uses.
	src, err := pipeline.ReadSource(path, pipeline.Options{})
	if err != nil {
		fmt.Fprintf(stderr, "reuselab reduce: %v\n", err)
		return exitUsage
	}
	if *pack == "" && *until == "disagree" {
		*pack = "reuse-2.0" // the pack D6 says must agree with the reference
	}
	env := reduce.Env{Path: path, Runs: *runs, Seed: *seed, Limits: lim}
	if *pack != "" {
		e, ds := limits.resolve(*pack, lim)
		if e == nil || ds.HasErrors() {
			fmt.Fprintf(stderr, "reuselab reduce: rule pack %s:\n%s", *pack, ds.Report())
			return packErrorCode(*pack)
		}
		env.Engine, env.Other = e, e
	}
	// disagree holds a pack against the reference mode it mirrors, else
	// 2.0, as validate does.
	versus := "2.0"
	if env.Other != nil {
		versus = reuse.Versus(env.Other)
	}
	env.Reference = engines.MustResolve(versus)
	var firstStop string
	stops := 0
	env.OnStop = func(engine, asset, why string) {
		if stops++; stops == 1 {
			firstStop = fmt.Sprintf("asset %q: %s %s", asset, engine, why)
		}
	}
	cond, err := reduce.ParseCondition(*until, env)
	if err != nil {
		fmt.Fprintf(stderr, "reuselab reduce: %v\n", err)
		return exitUsage
	}
	dest := *out
	if dest == "" {
		dest = reducedName(path)
	}
	if err := outfile.CheckFile(dest); err != nil {
		fmt.Fprintf(stderr, "reuselab reduce: --out: %v\n", err)
		return exitUsage
	}
	opts := reduce.Options{Path: path, MaxTests: *budget}
	if *verbose {
		opts.Log = stderr
	}
	small, st, err := reduce.Reduce(src, cond, opts)
	if err != nil {
		fmt.Fprintf(stderr, "reuselab reduce: %s: %v (--until %s)\n", path, err, *until)
		if stops > 0 {
			// a run that stopped neither holds nor fails the condition
			fmt.Fprintf(stderr, "reuselab reduce: %s: %s; the first: %s\n", path, noAnswers(stops), firstStop)
		}
		return exitFindings
	}
	if err := outfile.WriteFile(dest, small); err != nil {
		fmt.Fprintf(stderr, "reuselab reduce: %v\n", err)
		return exitUsage
	}
	refused := ""
	if st.Refused > 0 {
		refused = fmt.Sprintf(" (%d more candidates refused, untested, for a diagnostic %s lacks)", st.Refused, path)
	}
	fmt.Fprintf(stdout, "%s: %d → %d statements, %d → %d bytes, %s%s; wrote %s\n",
		path, st.StmtsBefore, st.StmtsAfter, st.BytesBefore, st.BytesAfter, plural(st.Tests, "test"), refused, dest)
	if stops > 0 {
		fmt.Fprintf(stderr, "reuselab reduce: %s: %s (those candidates were kept out); the first: %s\n", path, noAnswers(stops), firstStop)
	}
	if st.HitLimit {
		// A run that stops at a limit is a finding (exit 1), as in bench:
		// the witness is written but is not known to be as small as it gets.
		fmt.Fprintf(stderr, "reuselab reduce: %s: stopped at its limit of %d tests (--max-tests); "+
			"%s is the smallest so far (%d of %d statements) and may shrink further: raise --max-tests, or reduce %s again\n",
			path, *budget, dest, st.StmtsAfter, st.StmtsBefore, dest)
		return exitFindings
	}
	return exitOK
}

func noAnswers(n int) string {
	if n == 1 {
		return "1 engine run was no answer"
	}
	return fmt.Sprintf("%d engine runs were no answer", n)
}

// reducedName is M_X.dsm → M_X.reduced.dsm.
func reducedName(path string) string {
	if i := strings.LastIndexByte(path, '.'); i > strings.LastIndexByte(path, '/') {
		return path[:i] + ".reduced" + path[i:]
	}
	return path + ".reduced"
}

// parseInterspersed parses flags that may follow the positional arguments
// (`reduce FILE --until mismatch`), which package flag alone stops at.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if rest[0] == "--" {
			return append(pos, rest[1:]...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}
