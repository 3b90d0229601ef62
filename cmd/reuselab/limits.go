package main

import (
	"flag"
	"fmt"
	"time"

	"reuselab/ir"
)

// limitFlags are the limits every command that runs an engine takes, with
// one spelling and one meaning (ir.Limits): the reference honours the round
// limit, a rule pack the fact limit, and a user's pack, which runs in a
// child process, the time and memory limits too.
type limitFlags struct {
	facts   *int
	timeout *time.Duration
	memory  *int64
}

func addLimitFlags(fs *flag.FlagSet) *limitFlags {
	l := &limitFlags{
		facts:   fs.Int("max-facts", ir.DefaultMaxFacts, "limit on the facts a rule pack derives per asset"),
		timeout: fs.Duration("timeout", ir.DefaultTimeout, "wall-clock limit per asset for loading and evaluating a .mg pack (in a child process)"),
		memory:  fs.Int64("max-memory", ir.DefaultMaxMemory>>20, "memory limit in MiB of the child process a .mg pack runs in"),
	}
	return l
}

// maxMemoryMiB keeps --max-memory's bytes far from overflow: 1 PiB.
const maxMemoryMiB = 1 << 30

// alias registers an older spelling of a limit flag (bench's --pack-timeout).
func (l *limitFlags) alias(fs *flag.FlagSet, timeoutName, memoryName string) {
	fs.DurationVar(l.timeout, timeoutName, ir.DefaultTimeout, "the same as --timeout")
	fs.Int64Var(l.memory, memoryName, ir.DefaultMaxMemory>>20, "the same as --max-memory")
}

// limits are the flags' values; a zero or negative one is a usage error
// (zero used to mean "no limit", which let a looping pack run forever).
func (l *limitFlags) limits() (ir.Limits, error) {
	if *l.timeout <= 0 || *l.facts <= 0 || *l.memory <= 0 {
		return ir.Limits{}, fmt.Errorf("--timeout (%v), --max-facts (%d) and --max-memory (%d) must be positive", *l.timeout, *l.facts, *l.memory)
	}
	if *l.memory > maxMemoryMiB {
		return ir.Limits{}, fmt.Errorf("--max-memory %d MiB is more than any machine has (at most %d)", *l.memory, int64(maxMemoryMiB))
	}
	lim := ir.Limits{MaxFacts: *l.facts, Timeout: *l.timeout, MaxMemory: *l.memory << 20}
	return lim, lim.Validate()
}
