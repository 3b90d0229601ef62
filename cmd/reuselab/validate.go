package main

import (
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"reuselab/compiler"
	"reuselab/ir"
	"reuselab/reuse"
	"reuselab/reuse/engines"
	"reuselab/rules/pack"
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
	packName := fs.String("rules", "reuse-2.0", "rule pack: a built-in name ("+strings.Join(pack.BuiltinNames(), ", ")+") or a .mg file")
	runs := fs.Int("eval", 0, "check each datalog result by evaluation on N random inputs (needs the evaluation checker)")
	limitFl := addLimitFlags(fs)
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
	lim, err := limitFl.limits()
	if err != nil {
		fmt.Fprintln(stderr, "validate:", err)
		return 2
	}
	e, ds := engines.Resolve(*packName, lim)
	fmt.Fprint(stderr, ds.Report())
	if e == nil || ds.HasErrors() {
		return 1
	}
	pack, ok := e.(*engines.Pack)
	if !ok {
		fmt.Fprintf(stderr, "validate: --rules %s: not a rule pack (validate holds a pack against the reference)\n", *packName)
		return 2
	}
	// A pack that mirrors a mode must equal it exactly; any other may merge
	// more, and its extra merges are counted instead.
	exact := pack.Info().Mirrors != ""
	ref := engines.MustResolve(reuse.Versus(pack))
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
		if pack.Info().Input == "1x" && !has1x(f) {
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
			validateAsset(f, g, ref, pack, exact, lim, *runs, *quiet, st, stdout)
		}
	}
	fmt.Fprintf(stdout, "validate %s: %d files (%d not compiling, skipped), %d assets: %d agree, %d disagree, %d stopped",
		pack.Name(), st.files, st.broken, st.assets, st.agree, st.disagree, st.stopped)
	if *runs > 0 && evalCheck != nil {
		fmt.Fprintf(stdout, ", %d failing evaluation", st.evalBad)
	}
	fmt.Fprintf(stdout, "; reference %v, datalog %v\n", st.refWall.Round(time.Millisecond), st.factsWall.Round(time.Millisecond))
	if skipped1x > 0 {
		fmt.Fprintf(stdout, "%d .dss file(s) left out: %s mirrors mode 1x (DSH9058: 1.5 never read a .dss)\n", skipped1x, pack.Name())
	}
	if !exact {
		printExtraMerges(stdout, pack.Name(), st.extra)
	}
	if st.disagree > 0 || st.stopped > 0 || st.evalBad > 0 || refused {
		return 1
	}
	return 0
}

func validateAsset(file string, g *ir.Graph, ref, pack reuse.Engine, exact bool, lim ir.Limits, runs int, quiet bool, st *validateStats, out io.Writer) {
	st.assets++
	want := ref.Run(g, lim)
	res := pack.Run(g, lim)
	st.refWall += want.Wall
	st.factsWall += res.Wall
	where := fmt.Sprintf("%s: asset %d %q", file, g.Index, g.Name)
	if !res.StopReason.Answered() {
		st.stopped++
		fmt.Fprintf(out, "%s: %s stopped (%s)\n", where, pack.Name(), res.StopReason)
		for _, d := range reuse.NoteDiagnostics(res, file) {
			fmt.Fprintf(out, "  %s\n", d)
		}
		return
	}
	var cmp *reuse.Comparison
	if exact {
		cmp = reuse.Compare(want, res)
	} else {
		var extra []reuse.ExtraMerge
		extra, cmp = reuse.Coarsens(want, res)
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
		fmt.Fprintf(out, "%s: the reference and %s disagree\n%s", where, pack.Name(), indent(cmp.String()))
	}
	if runs > 0 && evalCheck != nil {
		if ok, report := evalCheck(res.Build, res, runs); !ok {
			st.evalBad++
			fmt.Fprintf(out, "%s: %s fails evaluation: %s\n", where, pack.Name(), report)
		}
	}
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
		parts[i] = ir.BuildName(id)
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
