package main

import (
	"fmt"
	"io"
	"strings"

	"reuselab/bench"
	"reuselab/bench/verdict"
	"reuselab/compiler"
	"reuselab/emit"
	"reuselab/emit/assetinterp"
	"reuselab/ir"
	"reuselab/ir/interp"
	"reuselab/pipeline"
	"reuselab/reduce"
	"reuselab/reuse"
	"reuselab/reuse/engines"
	"reuselab/verify"
)

func init() {
	register("evalcheck", "evaluate each asset raw and optimised, and its emitted Unreal graph against the IR, on random inputs; exit 1 on any mismatch", runEvalCheck)
}

func runEvalCheck(args []string, stdout, stderr io.Writer) int {
	fl := newCmdLine("evalcheck", stdout, stderr, []string{"reuselab evalcheck [--rules PACK] [--eval N] [--seed S] [--coverage] [--allow-unverified] [-v] [--versions] [--max-facts N] [--timeout D] [--max-memory MiB] [--run-timeout D] [--run-memory MiB] [--give-up-after N] PATH…"},
		"Evaluates each asset raw and as the engine merged it on N random input vectors (package interp),\n"+
			"and the Unreal graph emitted for it, raw and merged, against its IR (emit/assetinterp). A PATH is\n"+
			"a source or a folder of them (_versions/ left out unless --versions). A rule pack is judged as validate judges it:\n"+
			"how often each of its merging clauses fired, counted in the same evaluation, its extra merges,\n"+
			"folds, aliases and rewrites (or, for a pack that mirrors a mode, its agreement with it), and its\n"+
			"verdict. Exit 1 on a mismatch, a stopped pack, a verdict of refuted (a disagreement, a failed\n"+
			"evaluation), or a verdict of unknown or not exercised (unless --allow-unverified).",
		"evalcheck bench/corpus/examples",
		"evalcheck --rules commutative --eval 256 bench/corpus/examples/M_Reuse.dsm")
	pack := fl.String("rules", "", "rule pack to check (default: the reference passes, mode 2.0)")
	runs := fl.Int("eval", 64, "random input vectors per asset")
	seed := fl.Uint64("seed", 1, "base seed of the runs")
	limits := addLimitFlags(fl.FlagSet)
	verdictFl := addVerdictFlags(fl.FlagSet, func(name string) bool { return name == "allow-unverified" || name == "coverage" })
	fl.verboseFlag()
	paths, code, ok := fl.parse(args)
	if !ok {
		return code
	}
	if len(paths) == 0 {
		return fl.usageError("no PATH")
	}
	lim, err := limits.limits()
	if err != nil {
		fmt.Fprintf(stderr, "reuselab evalcheck: %v\n", err)
		return exitUsage
	}
	if err := fl.checkPositive("eval"); err != nil {
		fmt.Fprintf(stderr, "reuselab evalcheck: %v\n", err)
		return exitUsage
	}
	if !fl.checkPaths(paths) {
		return exitUsage
	}
	name := *pack
	if name == "" {
		name = "2.0"
	}
	engine, ds := limits.resolve(name, lim)
	if engine == nil || ds.HasErrors() {
		fmt.Fprintf(stderr, "reuselab evalcheck: rule pack %s:\n%s", name, ds.Report())
		return packErrorCode(name)
	}
	label := reduce.Label(engine)
	// A pack's clauses are counted in the evaluation checked here; the
	// reference passes have none, and no verdict: they are the reference.
	var checker *verdict.Checker
	if p, ok := engine.(*engines.Pack); ok {
		checker = verdict.New(p, verdict.Options{Coverage: verdictFl.coverage})
		defer checker.Close()
	}
	unmerged := engines.MustResolve("none")
	files, ok := fl.sources(paths)
	if !ok {
		return exitUsage
	}
	var products, bad, unevaluable, skipped, stopped, refused int
	var assets assetTally
	notRun := map[ir.StopReason]int{} // stopped by the whole run's limits
	for _, f := range files {
		m, ds := compiler.CompileFile(f, compiler.Options{})
		if m == nil || ds.HasErrors() {
			skipped++
			continue
		}
		for _, g := range m.Products {
			products++
			res, done := runChecked(engine, checker, g, lim)
			judge := func(s bench.Seen) {
				for _, n := range done(s) {
					fmt.Fprintf(stdout, "%s: asset %q: %s\n", f, g.Name, strings.ReplaceAll(n, "\n", "\n  "))
				}
			}
			if res.StopReason == ir.StopRefused {
				// the engine has no meaning here (a 1x pack on a .dss
				// asset): nothing to check, nothing wrong
				refused++
				continue
			}
			if why, ok := reduce.Stopped(res, f); ok {
				// the untouched build graph would evaluate "sound"
				stopped++
				notRun[res.StopReason]++
				fmt.Fprintf(stdout, "%s: asset %q: %s %s\n", f, g.Name, label, why)
				judge(bench.Seen{})
				continue
			}
			rep := interp.Check(res, interp.Options{Runs: *runs, Seed: *seed})
			switch {
			case rep.Err != nil:
				// The raw graph itself is ill-formed: a compiler finding,
				// not evidence against the engine.
				unevaluable++
				fmt.Fprintf(stderr, "%s: warning: %v\n", f, rep)
			case !rep.OK():
				bad++
				fmt.Fprintf(stdout, "%s: %v\n", f, rep)
				if rep.Culprit != nil {
					for _, l := range reduce.SharedSignatures(engine, g, lim, res, rep.Culprit.Members) {
						fmt.Fprintf(stdout, "    %s\n", l)
					}
				}
			}
			seen := bench.Seen{Evaluated: true, Mismatch: rep.Err == nil && !rep.OK()}
			if seen.Mismatch && rep.Culprit != nil {
				seen.Culprit = rep.Culprit.Members
			}
			judge(seen)
			assets.check(f, "none", unmerged.Run(g, lim), *runs, *seed, stdout, stderr)
			assets.check(f, label, res, *runs, *seed, stdout, stderr)
		}
	}
	refusals := ""
	if refused > 0 {
		refusals = fmt.Sprintf(" (%d refused by the engine, not checked)", refused)
	}
	fmt.Fprintf(stdout, "evalcheck %s: %s (%d not compiling, skipped), %s%s × %s, %d mismatching, %d not evaluable, %d stopped; %s\n",
		label, plural(len(files), "file"), skipped, plural(products, "asset"), refusals, plural(*runs, "run"), bad, unevaluable, stopped, assets.summary(label))
	printRunStops(stdout, label, notRun)
	refuted := false
	if checker != nil {
		p := checker.Pack()
		j := checker.Judgment()
		printCoverage(stdout, p.Name(), j)
		fmt.Fprintf(stdout, "verdict of %s: %s (%s)\n", p.Name(), j.Verdict, j.Why)
		refuted = j.Verdict == verify.Refuted
		if j.Verdict.Unverified() && !verdictFl.allowUnverified && bad+assets.bad+stopped == 0 {
			fmt.Fprintf(stdout, "reuselab evalcheck: %s is %s on this input: exit 1 (--allow-unverified accepts it)\n", p.Name(), j.Verdict)
			return exitFindings
		}
	}
	if bad > 0 || assets.bad > 0 || stopped > 0 || refuted {
		return exitFindings
	}
	return exitOK
}

// runChecked runs engine on g, through the checker when it judges a pack
// (so that its clauses are counted in this evaluation); done takes what
// evalcheck found on the asset and returns the checker's lines about it.
func runChecked(engine reuse.Engine, c *verdict.Checker, g *ir.Graph, lim ir.Limits) (*ir.Result, func(bench.Seen) []string) {
	if c == nil {
		return engine.Run(g, lim), func(bench.Seen) []string { return nil }
	}
	return c.Run(g, lim)
}

// assetTally counts the IR-vs-asset checks of evalcheck: every product is
// emitted raw (`--reuse none`) and as the engine merged it, and each asset
// is evaluated against the graph it was emitted from (emit/assetinterp).
type assetTally struct {
	checked, bad, unevaluable, uncomparableRoots, uncomparableAssets, roots int
}

func (t *assetTally) check(file, mode string, res *ir.Result, runs int, seed uint64, stdout, stderr io.Writer) {
	a := emit.FromGraph(res.Graph, res, emit.Options{Legacy1x: pipeline.Replays1x(res)})
	rep := assetinterp.Check(a, res.Graph, assetinterp.Options{Runs: runs, Seed: seed})
	t.checked++
	t.roots += rep.Roots
	t.uncomparableRoots += rep.Uncomparable
	if rep.Uncomparable > 0 {
		t.uncomparableAssets++
	}
	switch {
	case rep.Err != nil:
		t.unevaluable++
		fmt.Fprintf(stderr, "%s (%s): warning: %v\n", file, mode, rep)
	case !rep.OK() || len(rep.Faults()) > 0:
		t.bad++
		fmt.Fprintf(stdout, "%s (%s): %v\n", file, mode, rep)
	}
}

func (t *assetTally) summary(engine string) string {
	return fmt.Sprintf("IR vs asset (none and %s): %s checked, %s, %d mismatching or mis-wired, %d not evaluable, %s uncomparable in %s",
		engine, plural(t.checked, "asset"), plural(t.roots, "root"), t.bad, t.unevaluable, plural(t.uncomparableRoots, "root"), plural(t.uncomparableAssets, "asset"))
}
