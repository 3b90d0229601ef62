package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"reuselab/compiler/syntax"
	"reuselab/reduce"
)

func init() {
	register("reduce", "shrink a source while a condition holds (disagree, mismatch, diag:DSHnnnn, panic)", runReduce)
}

func runReduce(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("reduce", flag.ContinueOnError)
	fs.SetOutput(stderr)
	until := fs.String("until", "", "condition to keep: disagree | mismatch | diag:DSHnnnn | panic")
	out := fs.String("out", "", "write the reduced file here (default: FILE with .reduced before the extension)")
	pack := fs.String("rules", "", "rule pack (built-in name or .mg file): the engine `mismatch` evaluates and `disagree` compares with the reference (default for disagree: reuse-2.0)")
	runs := fs.Int("eval", 64, "evaluation runs per candidate for `mismatch`")
	seed := fs.Uint64("seed", 1, "evaluation seed for `mismatch`")
	budget := fs.Int("max-tests", 4000, "at most this many condition tests")
	verbose := fs.Bool("v", false, "log every accepted step")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: reuselab reduce FILE --until CONDITION [--out FILE] [--rules PACK] [--eval N]")
		fs.PrintDefaults()
	}
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	if len(pos) != 1 || *until == "" {
		fs.Usage()
		return 2
	}
	path := pos[0]
	src, err := syntax.ReadSource(path, "", syntax.MaxFileBytes) // no FIFO, no device
	if err != nil {
		fmt.Fprintf(stderr, "reuselab reduce: %v\n", err)
		return 1
	}
	env := reduce.Env{Path: path, Runs: *runs, Seed: *seed}
	if *pack == "" && *until == "disagree" {
		*pack = "reuse-2.0" // the pack D6 says must agree with the reference
	}
	if *pack != "" {
		e, err := packEngine(*pack)
		if err != nil {
			fmt.Fprintf(stderr, "reuselab reduce: %v\n", err)
			return 2
		}
		env.Engine, env.Other = &e, &e
	}
	cond, err := reduce.ParseCondition(*until, env)
	if err != nil {
		fmt.Fprintf(stderr, "reuselab reduce: %v\n", err)
		return 2
	}
	opts := reduce.Options{Path: path, MaxTests: *budget}
	if *verbose {
		opts.Log = stderr
	}
	small, st, err := reduce.Reduce(src, cond, opts)
	if err != nil {
		fmt.Fprintf(stderr, "reuselab reduce: %s: %v (--until %s)\n", path, err, *until)
		return 1
	}
	dest := *out
	if dest == "" {
		dest = reducedName(path)
	}
	if err := os.WriteFile(dest, small, 0o644); err != nil {
		fmt.Fprintf(stderr, "reuselab reduce: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "%s: %d → %d statements, %d → %d bytes, %d tests; wrote %s\n",
		path, st.StmtsBefore, st.StmtsAfter, st.BytesBefore, st.BytesAfter, st.Tests, dest)
	return 0
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
