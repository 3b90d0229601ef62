package main

import (
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"reuselab/compiler"
	"reuselab/compiler/passes"
	"reuselab/diag"
	"reuselab/ir"
	"reuselab/rules"
)

// evalCheck is the hook for the evaluation checker (--eval N): it evaluates
// the build graph and an engine's result on N random inputs and says
// whether they agree. It stays nil until validate_eval.go (another
// engineer's file) sets it; validate only calls it when it is set.
var evalCheck func(build *ir.Graph, res *ir.Result, runs int) (ok bool, report string)

func init() {
	register("validate", "run the reference passes and a rule pack on every asset; exit 1 on any disagreement", runValidate)
}

type validateStats struct {
	files, broken, assets, agree, disagree, stopped, evalBad int
	extra                                                    map[string]int
	factsWall, refWall                                       time.Duration
}

func runValidate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("validate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	packName := fs.String("rules", "reuse-2.0", "rule pack: a built-in name ("+strings.Join(rules.BuiltinNames(), ", ")+") or a .mg file")
	runs := fs.Int("eval", 0, "check each datalog result by evaluation on N random inputs (needs the evaluation checker)")
	timeout := fs.Duration("timeout", 60*time.Second, "wall-clock limit per asset for a .mg pack (evaluated in a child process)")
	maxFacts := fs.Int("max-facts", rules.DefaultMaxFacts, "limit on the facts a pack derives per asset")
	maxMemory := fs.Int64("max-memory", rules.DefaultMaxMemory>>20, "memory limit in MiB of the child process a .mg pack is loaded and evaluated in")
	quiet := fs.Bool("q", false, "print only disagreements and the summary")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: reuselab validate [--rules PACK] [--eval N] [--timeout D] PATH…\n\nPATH is a .dsm/.dsf/.dsh/.dss file or a directory of them. reuse-2.0 must agree exactly with the\nreference (same partition, same surviving IR); another pack may merge more, and its extra\nmerges are counted per operation instead.")
		fs.PrintDefaults()
	}
	paths, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	if len(paths) == 0 {
		fs.Usage()
		return 2
	}
	if *timeout <= 0 || *maxFacts <= 0 || *maxMemory <= 0 {
		fmt.Fprintf(stderr, "validate: --timeout (%v), --max-facts (%d) and --max-memory (%d) must be positive\n", *timeout, *maxFacts, *maxMemory)
		return 2
	}
	lim := rules.Limits{MaxFacts: *maxFacts, MaxMemory: *maxMemory << 20}
	if strings.HasSuffix(*packName, ".mg") {
		// A user's pack may never terminate: only a child process can be
		// stopped (Mangle has no cancellation), and it is loaded there too.
		lim.Timeout = *timeout
	}
	pack, ds := rules.LoadPackLimited(*packName, lim)
	fmt.Fprint(stderr, ds.Report())
	if pack == nil || ds.HasErrors() {
		return 1
	}
	exact := pack.Name == "reuse-2.0" || strings.HasPrefix(pack.Claims, "exactly")
	opt := rules.Options{Limits: lim}
	if *runs > 0 && evalCheck == nil {
		fmt.Fprintln(stderr, "validate: --eval needs the evaluation checker (cmd/reuselab/validate_eval.go sets evalCheck); skipping it")
	}
	files, err := sourceFiles(paths)
	if err != nil {
		fmt.Fprintln(stderr, "validate:", err)
		return 2
	}
	st := &validateStats{extra: map[string]int{}}
	// legacy-1x mirrors mode 1x, which has nothing to replay on a .dss
	// (reuse1x.go): a .dss named on the command line is refused, one met
	// while walking a folder is skipped and counted.
	refused, skipped1x := false, 0
	named := map[string]bool{}
	for _, p := range paths {
		named[p] = true
	}
	for _, f := range files {
		if pack.Name == "legacy-1x" && !has1x(f) {
			if named[f] {
				fmt.Fprintf(stdout, "%s:1:1: error %v\n", f, errNo1x)
				refused = true
			}
			skipped1x++
			continue
		}
		st.files++
		m, cds := compiler.CompileFile(f, compiler.Options{})
		if m == nil || cds.HasErrors() {
			st.broken++
			continue
		}
		for _, g := range m.Products {
			validateAsset(f, g, pack, exact, opt, *runs, *quiet, st, stdout)
		}
	}
	fmt.Fprintf(stdout, "validate %s: %d files (%d not compiling, skipped), %d assets: %d agree, %d disagree, %d stopped",
		pack.Name, st.files, st.broken, st.assets, st.agree, st.disagree, st.stopped)
	if *runs > 0 && evalCheck != nil {
		fmt.Fprintf(stdout, ", %d failing evaluation", st.evalBad)
	}
	fmt.Fprintf(stdout, "; reference %v, datalog %v\n", st.refWall.Round(time.Millisecond), st.factsWall.Round(time.Millisecond))
	if skipped1x > 0 {
		fmt.Fprintf(stdout, "%d .dss file(s) left out: %s mirrors mode 1x (DSH9058: 1.5 never read a .dss)\n", skipped1x, pack.Name)
	}
	if !exact {
		printExtraMerges(stdout, pack.Name, st.extra)
	}
	if st.disagree > 0 || st.stopped > 0 || st.evalBad > 0 || refused {
		return 1
	}
	return 0
}

func validateAsset(file string, g *ir.Graph, pack *rules.Pack, exact bool, opt rules.Options, runs int, quiet bool, st *validateStats, out io.Writer) {
	st.assets++
	mode := "2.0"
	if pack.Name == "legacy-1x" {
		// The 1.x pack mirrors mode 1x, on the graph 1.x built (a parameter
		// once per scope); see packs/legacy-1x.mg.
		mode, g = "1x", passes.Legacy1xBuild(g)
	}
	ref := passes.Run(g, passes.Options{Mode: mode})
	res, _, ds := rules.Run(g, pack, opt)
	st.refWall += ref.Wall
	st.factsWall += res.Wall
	where := fmt.Sprintf("%s: asset %d %q", file, g.Index, g.Name)
	if res.StopReason != rules.StopSaturated {
		st.stopped++
		fmt.Fprintf(out, "%s: %s stopped (%s)\n", where, pack.Name, res.StopReason)
		for _, d := range ds.Capped(diag.MaxPerFile).Items {
			fmt.Fprintf(out, "  %s\n", d)
		}
		return
	}
	var cmp *rules.Comparison
	if exact {
		cmp = rules.Compare(ref, res)
	} else {
		var extra []rules.ExtraMerge
		extra, cmp = rules.Coarsens(ref, res)
		for _, e := range extra {
			st.extra[e.Op]++
			if !quiet {
				fmt.Fprintf(out, "%s: extra merge (%s): build %s\n", where, e.Op, refList(e.Build))
			}
		}
	}
	if cmp.Agree() {
		st.agree++
	} else {
		st.disagree++
		fmt.Fprintf(out, "%s: the reference and %s disagree\n%s", where, pack.Name, indent(cmp.String()))
	}
	if runs > 0 && evalCheck != nil {
		if ok, report := evalCheck(g, res, runs); !ok {
			st.evalBad++
			fmt.Fprintf(out, "%s: %s fails evaluation: %s\n", where, pack.Name, report)
		}
	}
	_ = diag.Pos{}
}

func printExtraMerges(w io.Writer, pack string, extra map[string]int) {
	ops := make([]string, 0, len(extra))
	total := 0
	for op, n := range extra {
		ops = append(ops, op)
		total += n
	}
	sort.Slice(ops, func(i, j int) bool {
		return extra[ops[i]] > extra[ops[j]] || extra[ops[i]] == extra[ops[j]] && ops[i] < ops[j]
	})
	fmt.Fprintf(w, "extra merges of %s over the reference: %d\n", pack, total)
	for _, op := range ops {
		fmt.Fprintf(w, "  %-28s %d\n", op, extra[op])
	}
}

func refList(ids []int) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = fmt.Sprintf("%%%d", id)
	}
	return strings.Join(parts, ", ")
}

func indent(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = "  " + l
	}
	return strings.Join(lines, "\n") + "\n"
}
