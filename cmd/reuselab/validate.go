package main

import (
	"bytes"
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
	"reuselab/rules/eval"
	"reuselab/rules/pack"
	"reuselab/verify"
)

// evalCheck is the hook for the evaluation checker (--eval N): it evaluates
// the build graph and an engine's result on N random inputs and says
// whether they agree. It stays nil until validate_eval.go (another
// engineer's file) sets it; validate only calls it when it is set.
var evalCheck func(build *ir.Graph, res *ir.Result, runs int) (ok bool, report string, culprit []int)

func init() {
	register("validate", "run the reference passes and a rule pack on every asset; exit 1 on any disagreement", runValidate)
}

type validateStats struct {
	files, broken, assets, agree, disagree, stopped, evalBad int
	evaluated                                                int
	extra                                                    map[string]int
	extraWork                                                map[string]int        // folds, aliases, rewrites (validate_extra.go)
	notRun                                                   map[ir.StopReason]int // stopped by the whole run's limits
	factsWall, refWall                                       time.Duration
	profile                                                  eval.Profile // --profile
	coverage                                                 verify.Coverage
	countCoverage                                            bool                      // not for a mirroring pack unless --coverage
	proofs                                                   *verify.Proofs            // --prove
	evalRefutedBy                                            map[string]bool           // clauses behind a failed evaluation
	general                                                  map[string]verify.Verdict // clauses proved or refuted for all graphs (--prove)
}

func runValidate(args []string, stdout, stderr io.Writer) int {
	fs := newCmdLine("validate", stdout, stderr, []string{"reuselab validate [--rules PACK] [--eval N] [-q] [-v] [--profile] [--prove [--prove-all] [--semantics float32|real] [--prove-timeout D] [--prove-memory MiB]] [--allow-unverified] [--coverage] [--format text|json] [--max-facts N] [--timeout D] [--max-memory MiB] [--run-timeout D] [--run-memory MiB] [--give-up-after N] PATH…"},
		"Runs the reference passes and a rule pack on every asset and reports every disagreement.\n"+
			"PATH is a .dsm/.dsf/.dsh/.dss file or a directory of them (_versions/ left out). reuse-2.0 must\n"+
			"agree exactly with the reference (same partition, same surviving IR); another pack may merge\n"+
			"more, and its extra merges are counted per operation instead. Every clause of the pack that\n"+
			"derives sig/fold/foldtype/alias/rewrite is counted as it fires; --prove sends every extra merge,\n"+
			"fold, alias and rewrite to an SMT solver (z3). The pack's verdict is proved, tested, agrees\n"+
			"(a mirroring pack), unknown, not exercised or refuted. Exit 1 on a disagreement, a failed\n"+
			"evaluation or proof, a stopped pack, or a verdict of unknown or not exercised (unless\n"+
			"--allow-unverified).",
		"validate bench/corpus/examples",
		"validate --rules commutative bench/corpus/examples -q",
		"validate --rules my.mg --timeout 30s bench/corpus/examples/M_Reuse.dsm",
		"validate --rules my.mg --prove --semantics real bench/corpus/examples")
	packName := fs.String("rules", "reuse-2.0", "rule pack: a built-in name ("+strings.Join(pack.BuiltinNames(), ", ")+") or a .mg file")
	runs := fs.Int("eval", 64, "evaluate on N random inputs every asset the comparison cannot vouch for: extra merges, or a disagreement (0: never; given explicitly: every asset)")
	limitFl := addLimitFlags(fs.FlagSet)
	quiet := fs.Bool("q", false, "print only disagreements and the summary")
	profile := fs.Bool("profile", false, "also the cost of every clause of the pack (facts, evaluations, time), summed over the assets: an evaluation of its own per asset")
	proveFl := addProveFlags(fs.FlagSet)
	format := fs.String("format", "text", "text, or json: one document with the counts, the proofs and the verdict (schema/validate-json.schema.json)")
	fs.verboseFlag()
	paths, code, ok := fs.parse(args)
	if !ok {
		return code
	}
	if len(paths) == 0 {
		return fs.usageError("no PATH")
	}
	lim, err := limitFl.limits()
	if err != nil {
		fmt.Fprintln(stderr, "reuselab validate:", err)
		return exitUsage
	}
	if *runs < 0 {
		fmt.Fprintf(stderr, "reuselab validate: --eval %d: must be positive (0: no evaluation)\n", *runs)
		return exitUsage
	}
	if !fs.checkPaths(paths) {
		return exitUsage
	}
	if *format != "text" && *format != "json" {
		return fs.usageError("--format %q: text or json", *format)
	}
	if err := proveFl.check(); err != nil {
		fmt.Fprintln(stderr, "reuselab validate:", err)
		return exitUsage
	}
	e, ds := engines.Resolve(*packName, lim)
	e = limitFl.engine(e)
	fmt.Fprint(stderr, ds.Report())
	if e == nil || ds.HasErrors() {
		return packErrorCode(*packName)
	}
	pack, ok := e.(*engines.Pack)
	if !ok {
		fmt.Fprintf(stderr, "reuselab validate: --rules %s: not a rule pack (validate holds a pack against the reference)\n", *packName)
		return exitUsage
	}
	// A pack that mirrors a mode must equal it exactly; any other may merge
	// more, and its extra merges are counted instead.
	exact := pack.Info().Mirrors != ""
	ref := engines.MustResolve(reuse.Versus(pack))
	// An explicit --eval N evaluates every asset; by default only those
	// where the pack merges more than the reference or disagrees with it,
	// so that an unsound merge is never reported as agreeing.
	evalAll := false
	fs.Visit(func(f *flag.Flag) { evalAll = evalAll || f.Name == "eval" })
	if *runs > 0 && evalCheck == nil {
		fmt.Fprintln(stderr, "reuselab validate: --eval needs the evaluation checker (cmd/reuselab/validate_eval.go sets evalCheck); skipping it")
	}
	files, ok := fs.sources(paths)
	if !ok {
		return exitUsage
	}
	// With --format json the report's lines are kept for the document.
	var report bytes.Buffer
	w := stdout
	if *format == "json" {
		w = &report
	}
	st := &validateStats{extra: map[string]int{}, extraWork: map[string]int{}, notRun: map[ir.StopReason]int{}}
	st.countCoverage = !exact || proveFl.coverage
	if proveFl.prove {
		st.proofs = verify.NewProofs(proveFl.options())
		defer st.proofs.Close()
	}
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
				fmt.Fprintf(w, "%s:1:1: error %v\n", f, errNo1x)
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
			validateAsset(f, g, ref, pack, exact, lim, *runs, evalAll, *quiet, st, w)
			if *profile {
				st.profile.Add(profileOf(pack, g, lim))
			}
		}
	}
	findings := report.String() // per-asset lines, before the summary's timings
	fmt.Fprintf(w, "validate %s: %s (%d not compiling, skipped), %s: %d agree, %d disagree, %d stopped",
		pack.Name(), plural(st.files, "file"), st.broken, plural(st.assets, "asset"), st.agree, st.disagree, st.stopped)
	if *runs > 0 && evalCheck != nil {
		fmt.Fprintf(w, ", %d evaluated × %s, %d failing evaluation", st.evaluated, plural(*runs, "run"), st.evalBad)
	}
	fmt.Fprintf(w, "; reference %v, datalog %v\n", st.refWall.Round(time.Millisecond), st.factsWall.Round(time.Millisecond))
	if *profile {
		fmt.Fprintf(w, "profile of %s over %s, the costliest clauses first:\n%s", pack.Name(), plural(st.assets, "asset"), st.profile.Table(25))
	}
	printRunStops(w, pack.Name(), st.notRun)
	if skipped1x > 0 {
		fmt.Fprintf(w, "%s left out: %s mirrors mode 1x (DSH9058: 1.5 never read a .dss)\n", plural(skipped1x, ".dss file"), pack.Name())
	}
	if !exact {
		printExtraMerges(w, pack.Name(), st.extra)
		printExtraWork(w, pack.Name(), st.extraWork)
		if len(st.extra)+len(st.extraWork) > 0 && (*runs <= 0 || evalCheck == nil) {
			fmt.Fprintln(w, "the extra merges, folds, aliases and rewrites were not checked by evaluation (--eval 0): validate does not vouch for them")
		}
	}
	j := st.verdict(w, pack, exact, *runs > 0 && evalCheck != nil)
	code = exitOK
	switch {
	case st.disagree > 0 || st.stopped > 0 || st.evalBad > 0 || refused || j.Verdict == verify.Refuted:
		code = exitFindings
	case j.Verdict.Unverified() && !proveFl.allowUnverified:
		fmt.Fprintf(w, "reuselab validate: %s is %s on this input: exit 1 (--allow-unverified accepts it)\n", pack.Name(), j.Verdict)
		code = exitFindings
	}
	if *format == "json" {
		if err := writeValidateJSON(stdout, pack, exact, *runs, st, j, code, findings); err != nil {
			fmt.Fprintln(stderr, "reuselab validate:", err)
			return exitUsage
		}
	}
	return code
}

func validateAsset(file string, g *ir.Graph, ref reuse.Engine, pack *engines.Pack, exact bool, lim ir.Limits, runs int, evalAll, quiet bool, st *validateStats, out io.Writer) {
	st.assets++
	want := ref.Run(g, lim)
	// the clause coverage is counted in the same evaluation
	res, o := pack.Evaluate(g, lim, eval.Options{Coverage: st.countCoverage, CoverageFile: verify.OwnFile(pack)})
	if o != nil && res.StopReason.Answered() {
		st.coverage.Add(o.Profile)
	}
	st.refWall += want.Wall
	st.factsWall += res.Wall
	where := fmt.Sprintf("%s: asset %d %q", file, g.Index, g.Name)
	if !res.StopReason.Answered() {
		st.stopped++
		if res.StopReason == ir.StopGaveUp || res.StopReason == ir.StopRunTimeout {
			st.notRun[res.StopReason]++
		}
		fmt.Fprintf(out, "%s: %s stopped (%s)\n", where, pack.Name(), res.StopReason)
		for _, d := range reuse.NoteDiagnostics(res, file) {
			fmt.Fprintf(out, "  %s\n", d)
		}
		return
	}
	var cmp *reuse.Comparison
	var extra []reuse.ExtraMerge
	var work []verify.ExtraWork
	if exact {
		cmp = reuse.Compare(want, res)
	} else {
		extra, cmp = reuse.Coarsens(want, res)
		for _, e := range extra {
			st.extra[e.Op]++
			if !quiet {
				fmt.Fprintf(out, "%s: extra merge (%s): build %s\n", where, e.Op, refList(e.Build))
			}
		}
		work = verify.ExtraWorkOf(want, res, extra)
		for _, w := range work {
			st.extraWork[w.Key()]++
			if !quiet {
				fmt.Fprintf(out, "%s: extra %s (%s): build b%d, %s\n", where, w.Kind, w.Op, w.Build, w.Into)
			}
		}
	}
	if !cmp.Agree() {
		st.disagree++
		fmt.Fprintf(out, "%s: the reference and %s disagree\n%s", where, pack.Name(), indent(cmp.String()))
	}
	// Extra merges and disagreements are what the comparison cannot vouch
	// for: evaluation decides whether they are sound. An asset that fails
	// it does not agree, whatever the partition says.
	evalOK := true
	if runs > 0 && evalCheck != nil && (evalAll || len(extra) > 0 || len(work) > 0 || !cmp.Agree()) {
		st.evaluated++
		if ok, report, culprit := evalCheck(res.Build, res, runs); !ok {
			st.evalBad++
			evalOK = false
			fmt.Fprintf(out, "%s: %s fails evaluation: %s\n", where, pack.Name(), report)
			if st.evalRefutedBy == nil {
				st.evalRefutedBy = map[string]bool{}
			}
			for _, at := range verify.ClausesBehind(pack, g, lim, verify.WithMergedInto(res, culprit)) {
				st.evalRefutedBy[at] = true
			}
			for _, l := range derivations(pack, g, lim, work, culprit) {
				fmt.Fprintf(out, "  %s\n", l)
			}
		}
	}
	if st.proofs != nil && o != nil && res.Build != nil {
		printDecided(out, where, st.proofs.Check(pack, g, lim, res.Build, verify.ClaimsOf(res.Build, res, o, extra, work, st.proofs.All)), quiet)
	}
	if cmp.Agree() && evalOK {
		st.agree++
	}
}

func printExtraMerges(w io.Writer, pack string, extra map[string]int) {
	printCounts(w, "extra merges of "+pack+" over the reference", extra)
}

// printCounts prints title with the total, then each key with its count,
// the largest first (ties by name, so the output is deterministic).
func printCounts(w io.Writer, title string, counts map[string]int) {
	keys := make([]string, 0, len(counts))
	total := 0
	for k, n := range counts {
		keys = append(keys, k)
		total += n
	}
	sort.Slice(keys, func(i, j int) bool {
		return counts[keys[i]] > counts[keys[j]] || counts[keys[i]] == counts[keys[j]] && keys[i] < keys[j]
	})
	fmt.Fprintf(w, "%s: %d\n", title, total)
	for _, k := range keys {
		fmt.Fprintf(w, "  %-28s %d\n", k, counts[k])
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
