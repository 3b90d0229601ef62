package main

import (
	"flag"
	"fmt"
	"io"
	"time"

	"reuselab/diag"
	"reuselab/ir"
	"reuselab/reuse"
	"reuselab/reuse/engines"
	"reuselab/rules/eval"
)

// limitFlags are the limits every command that runs an engine takes, with
// one spelling and one meaning (ir.Limits): the reference honours the round
// limit, a rule pack the fact limit, and a user's pack, which runs in a
// child process, the time and memory limits too — per asset, and over the
// whole run (ir.RunLimits: its time, the memory of the children alive at
// once, and giving up on a pack that keeps timing out).
type limitFlags struct {
	fs         *flag.FlagSet
	facts      *int
	timeout    *time.Duration
	memory     *int64
	runTimeout *time.Duration
	runMemory  *int64
	giveUp     *int
	evaluator  *string
}

func addLimitFlags(fs *flag.FlagSet) *limitFlags {
	return &limitFlags{
		fs:         fs,
		facts:      fs.Int("max-facts", ir.DefaultMaxFacts, "limit on the facts a rule pack derives per asset"),
		timeout:    fs.Duration("timeout", ir.DefaultTimeout, "wall-clock limit per asset for loading and evaluating a .mg pack (in a child process)"),
		memory:     fs.Int64("max-memory", ir.DefaultMaxMemory>>20, "memory limit in MiB of the child process a .mg pack runs in (its resident memory)"),
		runTimeout: fs.Duration("run-timeout", ir.DefaultRunTimeout, "wall-clock limit of the whole run for .mg pack children: a running one is stopped and none starts after it (DSH9312)"),
		runMemory: fs.Int64("run-memory", defaultRunMemoryMiB(),
			"budget in MiB for the --max-memory limits of the .mg pack children alive at once; one waits for room rather than over-commit; by default half this machine's memory"),
		giveUp:    fs.Int("give-up-after", ir.DefaultGiveUpAfter, "a .mg pack that runs past --timeout on this many assets in a row is not run on the rest (DSH9313); 0: never"),
		evaluator: fs.String("engine", eval.EngineCompiled, "what evaluates a rule pack's Datalog: compiled (join plans over interned columns, rules/compiled) or mangle (Mangle's own engine, the oracle); the compiled one derives the same facts, profiles and clause coverage itself, and falls back to Mangle's for what it does not run (a transform, an unsupported built-in)"),
	}
}

// maxMemoryMiB keeps --max-memory's bytes far from overflow: 1 PiB.
const maxMemoryMiB = 1 << 30

// alias registers an older spelling of a limit flag (bench's --pack-timeout).
func (l *limitFlags) alias(fs *flag.FlagSet, timeoutName, memoryName string) {
	fs.DurationVar(l.timeout, timeoutName, ir.DefaultTimeout, "the same as --timeout")
	fs.Int64Var(l.memory, memoryName, ir.DefaultMaxMemory>>20, "the same as --max-memory")
}

// limits are the flags' values; a zero or negative one is a usage error
// (zero used to mean "no limit", which let a looping pack run forever),
// except --give-up-after 0, which the whole-run time limit still bounds.
// The run's clock starts here. The default --run-memory is raised to one
// --max-memory, so that a pack can always run; a --run-memory given below
// it is a usage error.
func (l *limitFlags) limits() (ir.Limits, error) {
	if *l.timeout <= 0 || *l.facts <= 0 || *l.memory <= 0 {
		return ir.Limits{}, fmt.Errorf("--timeout (%v), --max-facts (%d) and --max-memory (%d) must be positive", *l.timeout, *l.facts, *l.memory)
	}
	if *l.evaluator != eval.EngineCompiled && *l.evaluator != eval.EngineMangle {
		return ir.Limits{}, fmt.Errorf("--engine %q: compiled or mangle", *l.evaluator)
	}
	if *l.runTimeout <= 0 || *l.runMemory <= 0 || *l.giveUp < 0 {
		return ir.Limits{}, fmt.Errorf("--run-timeout (%v) and --run-memory (%d) must be positive, --give-up-after (%d) 0 or more", *l.runTimeout, *l.runMemory, *l.giveUp)
	}
	for _, m := range []int64{*l.memory, *l.runMemory} {
		if m > maxMemoryMiB {
			return ir.Limits{}, fmt.Errorf("%d MiB is more memory than any machine has (at most %d)", m, int64(maxMemoryMiB))
		}
	}
	runMemory := *l.runMemory
	if runMemory < *l.memory {
		if l.set("run-memory") {
			return ir.Limits{}, fmt.Errorf("--run-memory %d MiB is less than one child's --max-memory %d MiB: no pack could run", runMemory, *l.memory)
		}
		runMemory = *l.memory
	}
	lim := ir.Limits{MaxFacts: *l.facts, Timeout: *l.timeout, MaxMemory: *l.memory << 20,
		Run: ir.NewRunLimits(*l.runTimeout, runMemory<<20, *l.giveUp)}
	if observeRunLimits != nil {
		observeRunLimits(lim.Run)
	}
	return lim, lim.Validate()
}

// set reports whether the flag was given on the command line.
func (l *limitFlags) set(name string) bool {
	found := false
	l.fs.Visit(func(f *flag.Flag) { found = found || f.Name == name })
	return found
}

// observeRunLimits, when set (by tests), sees every run's limits as a
// command makes them: the driver's account of the run's children is kept
// on them (eval.Account).
var observeRunLimits func(*ir.RunLimits)

// defaultRunMemoryMiB is half this machine's memory (or of the memory its
// control group may use): the rest is the parent's, the system's and
// everyone else's. 4 GiB when the system does not say.
func defaultRunMemoryMiB() int64 {
	if b, ok := machineMemory(); ok && b>>21 > 0 {
		return b >> 21
	}
	return 4 << 10
}

// printRunStops sums up the assets the whole run's limits stopped or left
// out (each has its own line and diagnostic already).
func printRunStops(w io.Writer, pack string, stops map[ir.StopReason]int) {
	if n := stops[ir.StopGaveUp]; n > 0 {
		fmt.Fprintf(w, "%s was not run on %s: the run gave up on it after it ran past --timeout on assets in a row (--give-up-after, DSH9313)\n", pack, plural(n, "asset"))
	}
	if n := stops[ir.StopRunTimeout]; n > 0 {
		fmt.Fprintf(w, "%s was stopped or not run on %s: the whole run passed its time limit (--run-timeout, DSH9312)\n", pack, plural(n, "asset"))
	}
}

// resolve is engines.Resolve, a pack evaluating with the --engine the
// flags name.
func (l *limitFlags) resolve(name string, lim ir.Limits) (reuse.Engine, diag.List) {
	e, ds := engines.Resolve(name, lim)
	return engines.WithEvaluator(e, *l.evaluator), ds
}

// resolvePack is resolve for a command that needs a rule pack (why says
// what for): the diagnostics go to stderr, and when there is no pack, ok
// is false and code is the exit status.
func (l *limitFlags) resolvePack(cmd, name string, lim ir.Limits, stderr io.Writer, why string) (p *engines.Pack, code int, ok bool) {
	e, ds := l.resolve(name, lim)
	fmt.Fprint(stderr, ds.Report())
	if e == nil || ds.HasErrors() {
		return nil, packErrorCode(name), false
	}
	if p, ok = e.(*engines.Pack); !ok {
		fmt.Fprintf(stderr, "reuselab %s: --rules %s: not a rule pack (%s)\n", cmd, name, why)
		return nil, exitUsage, false
	}
	return p, exitOK, true
}
