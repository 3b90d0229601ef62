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
	"reuselab/pipeline/packcheck"
	"reuselab/reuse"
	"reuselab/reuse/engines"
	"reuselab/rules/pack"
	"reuselab/verify"
)

func init() {
	register("validate", "run the reference passes and a rule pack on every asset; exit 1 on any disagreement", runValidate)
}

func runValidate(args []string, stdout, stderr io.Writer) int {
	fs := newCmdLine("validate", stdout, stderr, []string{"reuselab validate [--rules PACK] [--eval N] [-q] [-v] [--versions] [--profile] [--prove [--prove-all] [--semantics float32|real] [--prove-timeout D] [--prove-memory MiB]] [--allow-unverified] [--coverage] [--format text|json] [--max-facts N] [--timeout D] [--max-memory MiB] [--run-timeout D] [--run-memory MiB] [--give-up-after N] PATH…"},
		"Runs the reference passes and a rule pack on every asset and reports every disagreement.\n"+
			"PATH is a .dsm/.dsf/.dsh/.dss file or a directory of them (_versions/ left out unless --versions). reuse-2.0 must\n"+
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
	pack, code, ok := limitFl.resolvePack("validate", *packName, lim, stderr, "validate holds a pack against the reference")
	if !ok {
		return code
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
	st := packcheck.NewTally()
	assetOpt := packcheck.Options{Reference: ref, Pack: pack, Exact: exact, Limits: lim, Runs: *runs, EvalAll: evalAll, Quiet: *quiet}
	st.CountCoverage = !exact || proveFl.coverage
	if proveFl.prove {
		st.Proofs = verify.NewProofs(proveFl.options())
		defer st.Proofs.Close()
	}
	// legacy-1x mirrors mode 1x, which has nothing to replay on a .dss
	// (reuse1x.go): a .dss named on the command line is refused, one met
	// while walking a folder is skipped and counted.
	refused, skipped1x := false, 0
	named := map[string]bool{}
	for _, p := range paths {
		named[p] = true
	}
	// The assets wait for a batch of the pack's evaluation (small assets
	// are most of a corpus, and an evaluation has a fixed cost); what is
	// printed between them, in file order, waits for it too.
	var pending []packcheck.Pending
	pendingNodes := 0
	flush := func() {
		st.Batch(pending, assetOpt, w)
		if *profile {
			for _, a := range pending {
				st.Profile.Add(profileOf(pack, a.Graph, lim))
			}
		}
		pending, pendingNodes = pending[:0], 0
	}
	for _, f := range files {
		if pack.Info().Input == "1x" && !has1x(f) {
			if named[f] {
				flush()
				fmt.Fprintf(w, "%s:1:1: error %v\n", f, errNo1x)
				refused = true
			}
			skipped1x++
			continue
		}
		st.Files++
		m, cds := compiler.CompileFile(f, compiler.Options{})
		if m == nil || cds.HasErrors() {
			st.Broken++
			continue
		}
		for _, g := range m.Products {
			pending = append(pending, packcheck.Pending{File: f, Graph: g})
			if pendingNodes += len(g.Nodes); pendingNodes >= validateBatchNodes {
				flush()
			}
		}
	}
	flush()
	findings := report.String() // per-asset lines, before the summary's timings
	fmt.Fprintf(w, "validate %s: %s (%d not compiling, skipped), %s: %d agree, %d disagree, %d stopped",
		pack.Name(), plural(st.Files, "file"), st.Broken, plural(st.Assets, "asset"), st.Agree, st.Disagree, st.Stopped)
	if *runs > 0 {
		fmt.Fprintf(w, ", %d evaluated × %s, %d failing evaluation", st.Evaluated, plural(*runs, "run"), st.EvalBad)
	}
	// The pack's time is its batches' (Validation.Batch): no asset's own.
	fmt.Fprintf(w, "; reference %v, datalog %v (assets evaluated in batches)\n", st.RefWall.Round(time.Millisecond), st.FactsWall.Round(time.Millisecond))
	if *profile {
		fmt.Fprintf(w, "profile of %s over %s, the costliest clauses first:\n%s", pack.Name(), plural(st.Assets, "asset"), st.Profile.Table(25))
	}
	printRunStops(w, pack.Name(), st.NotRun)
	if skipped1x > 0 {
		fmt.Fprintf(w, "%s left out: %s mirrors mode 1x (DSH9058: 1.5 never read a .dss)\n", plural(skipped1x, ".dss file"), pack.Name())
	}
	if !exact {
		printExtraMerges(w, pack.Name(), st.Extra)
		printExtraWork(w, pack.Name(), st.ExtraWork)
		if len(st.Extra)+len(st.ExtraWork) > 0 && *runs <= 0 {
			fmt.Fprintln(w, "the extra merges, folds, aliases and rewrites were not checked by evaluation (--eval 0): validate does not vouch for them")
		}
	}
	j := validationVerdict(st, w, pack, exact, *runs > 0)
	code = exitOK
	switch {
	case st.Disagree > 0 || st.Stopped > 0 || st.EvalBad > 0 || refused || j.Verdict == verify.Refuted:
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

// validateBatchNodes is how many nodes of assets validate holds before it
// evaluates the pack over them: enough for the evaluation's fixed cost to
// be spread thin, few enough that the compiled graphs held are small.
const validateBatchNodes = 32768

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

func printExtraWork(w io.Writer, pack string, extra map[string]int) {
	if len(extra) == 0 {
		return
	}
	printCounts(w, "extra folds, aliases and rewrites of "+pack+" over the reference", extra)
}
