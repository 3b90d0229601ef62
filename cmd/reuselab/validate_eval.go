package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"reuselab/compiler"
	"reuselab/compiler/passes"
	"reuselab/emit"
	"reuselab/emit/assetinterp"
	"reuselab/ir"
	"reuselab/ir/interp"
	"reuselab/reduce"
	"reuselab/rules"
)

// Evaluation checks: `reuselab evalcheck` evaluates what an engine made of
// every asset against the raw graph on random inputs (package interp), so
// a rule pack's extra merges are proved sound by evaluation, not trusted;
// and it evaluates the Unreal graph emitted for each asset, raw and
// merged, against the IR it was emitted from (package emit/assetinterp),
// so the wiring of what a user pastes is proved too.

func init() {
	register("evalcheck", "evaluate each asset raw and optimised, and its emitted Unreal graph against the IR, on random inputs; exit 1 on any mismatch", runEvalCheck)
	evalCheck = validateByEvaluation
}

// validateByEvaluation is `validate --eval N`: the pack's result against
// the build graph on N runs of a fixed seed. A build graph the interpreter
// cannot evaluate is ill-formed IR, a compiler finding rather than the
// pack's fault, so it does not fail validation (evalcheck warns about it).
func validateByEvaluation(build *ir.Graph, res *ir.Result, runs int) (bool, string) {
	if res.Build == nil {
		r := *res
		r.Build = build
		res = &r
	}
	rep := interp.Check(res, interp.Options{Runs: runs, Seed: 1})
	if rep.Err != nil {
		return true, rep.String()
	}
	return rep.OK(), rep.String()
}

func runEvalCheck(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("evalcheck", flag.ContinueOnError)
	fl.SetOutput(stderr)
	pack := fl.String("rules", "", "rule pack to check (default: the reference passes, mode 2.0)")
	runs := fl.Int("eval", 64, "random input vectors per asset")
	seed := fl.Uint64("seed", 1, "base seed of the runs")
	timeout := fl.Duration("timeout", 60*time.Second, "wall-clock limit per asset for a .mg pack (loaded and evaluated in a child process)")
	maxMemory := fl.Int64("max-memory", rules.DefaultMaxMemory>>20, "memory limit in MiB of the child process a .mg pack is loaded and evaluated in")
	fl.Usage = func() {
		fmt.Fprintln(stderr, "usage: reuselab evalcheck [--rules PACK] [--eval N] [--seed S] [--timeout D] [--max-memory MiB] PATH…")
		fl.PrintDefaults()
	}
	paths, err := parseInterspersed(fl, args)
	if err != nil {
		return 2
	}
	if len(paths) == 0 {
		fl.Usage()
		return 2
	}
	if *timeout <= 0 || *maxMemory <= 0 {
		// as validate: a zero or negative limit would silently mean none
		fmt.Fprintf(stderr, "reuselab evalcheck: --timeout (%v) and --max-memory (%d) must be positive\n", *timeout, *maxMemory)
		return 2
	}
	engine := reduce.Reference()
	if *pack != "" {
		lim := rules.Limits{MaxMemory: *maxMemory << 20}
		if strings.HasSuffix(*pack, ".mg") {
			lim.Timeout = *timeout
		}
		if engine, err = packEngineLimited(*pack, lim); err != nil {
			fmt.Fprintf(stderr, "reuselab evalcheck: %v\n", err)
			return 2
		}
	}
	files, err := sourceFiles(paths)
	if err != nil {
		fmt.Fprintf(stderr, "reuselab evalcheck: %v\n", err)
		return 2
	}
	var products, bad, unevaluable, skipped, stopped int
	var assets assetTally
	for _, f := range files {
		m, ds := compiler.CompileFile(f, compiler.Options{})
		if m == nil || ds.HasErrors() {
			skipped++
			continue
		}
		for _, g := range m.Products {
			products++
			res := engine.Run(g)
			if why, ok := reduce.Stopped(res); ok {
				// the untouched build graph would evaluate "sound"
				stopped++
				fmt.Fprintf(stdout, "%s: asset %q: %s %s\n", f, g.Name, engine.Name, why)
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
					for _, l := range reduce.SharedSignatures(engine, res, rep.Culprit.Members) {
						fmt.Fprintf(stdout, "    %s\n", l)
					}
				}
			}
			assets.check(f, "none", passes.Run(g, passes.Options{Mode: "none"}), *runs, *seed, stdout, stderr)
			assets.check(f, engine.Name, res, *runs, *seed, stdout, stderr)
		}
	}
	fmt.Fprintf(stdout, "evalcheck %s: %d files (%d not compiling, skipped), %d assets × %d runs, %d mismatching, %d not evaluable, %d stopped; %s\n",
		engine.Name, len(files), skipped, products, *runs, bad, unevaluable, stopped, assets.summary(engine.Name))
	if bad > 0 || assets.bad > 0 || stopped > 0 {
		return 1
	}
	return 0
}

// assetTally counts the IR-vs-asset checks of evalcheck: every product is
// emitted raw (`--reuse none`) and as the engine merged it, and each asset
// is evaluated against the graph it was emitted from (emit/assetinterp).
type assetTally struct {
	checked, bad, unevaluable, uncomparableRoots, uncomparableAssets, roots int
}

func (t *assetTally) check(file, mode string, res *ir.Result, runs int, seed uint64, stdout, stderr io.Writer) {
	a := emit.FromGraph(res.Graph, res, emit.Options{})
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
	return fmt.Sprintf("IR vs asset (none and %s): %d assets checked, %d roots, %d mismatching or mis-wired, %d not evaluable, %d roots uncomparable in %d assets",
		engine, t.checked, t.roots, t.bad, t.unevaluable, t.uncomparableRoots, t.uncomparableAssets)
}

// packEngine runs a rule pack (built-in name or .mg file) through package
// rules under the default limits.
func packEngine(pack string) (reduce.Engine, error) { return packEngineLimited(pack, rules.Limits{}) }

// packEngineLimited is reduce.PackEngine with the limits a user's pack is
// loaded and evaluated under (in a child process: rules.Evaluate on an
// untrusted pack), and its load diagnostics capped.
func packEngineLimited(pack string, lim rules.Limits) (reduce.Engine, error) {
	p, ds := rules.LoadPackLimited(pack, lim)
	if p == nil || ds.HasErrors() {
		return reduce.Engine{}, fmt.Errorf("rule pack %s:\n%s", pack, ds.Report())
	}
	opt := rules.Options{Limits: lim}
	rec := opt
	rec.Record = true
	return reduce.Engine{Name: "datalog " + p.Name,
		Run: func(g *ir.Graph) *ir.Result {
			return rules.Build(g, p.Name, rules.Evaluate(g, p, opt))
		},
		Signatures: func(g *ir.Graph) [][]string {
			return rules.Evaluate(g, p, rec).Sigs
		},
	}, nil
}
