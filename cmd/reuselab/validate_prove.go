package main

import (
	"flag"
	"fmt"
	"time"

	"reuselab/prove"
	"reuselab/verify"
)

// validate --prove: every merge, fold, alias and rewrite the pack makes
// beyond the reference (with --prove-all, every one it makes) is a claim
// about the build graph that package prove decides for every float32
// input, and over the reals with --semantics real, where evaluation only
// tries 64 draws in float64 (package verify holds the run's provers).

// proveFlags are validate's flags for proofs and verdicts.
type proveFlags struct {
	prove, all, allowUnverified bool
	coverage                    bool
	semantics                   string
	timeout                     time.Duration
	memoryMB                    int
}

func addProveFlags(fs *flag.FlagSet) *proveFlags {
	f := &proveFlags{}
	fs.BoolVar(&f.prove, "prove", false, "prove every merge, fold, alias and rewrite the pack makes beyond the reference with an SMT solver (z3), in float32")
	fs.BoolVar(&f.all, "prove-all", false, "with --prove: every merge, fold, alias and rewrite the pack makes, not only those beyond the reference")
	fs.StringVar(&f.semantics, "semantics", "float32", "with --prove: float32, or real to prove over the reals as well (said beside the float32 verdict)")
	fs.DurationVar(&f.timeout, "prove-timeout", 5*time.Second, "with --prove: the solver's time limit per claim (a claim it cannot decide in time is unknown)")
	fs.IntVar(&f.memoryMB, "prove-memory", 2048, "with --prove: the solver's memory limit, MiB")
	fs.BoolVar(&f.allowUnverified, "allow-unverified", false, "exit 0 when the pack's verdict is unknown or not exercised (a research pack run on a corpus that does not fire it, on purpose)")
	fs.BoolVar(&f.coverage, "coverage", false, "count the clauses that fire for a mirroring pack too (its verdict is agreement with the reference; counting costs up to one more evaluation of its clauses)")
	return f
}

func (f *proveFlags) real() bool { return f.semantics == "real" }

// check refuses inconsistent flags, and --prove without its solver.
func (f *proveFlags) check() error {
	switch {
	case f.semantics != "float32" && f.semantics != "real":
		return fmt.Errorf("--semantics %q: float32 or real", f.semantics)
	case f.timeout <= 0:
		return fmt.Errorf("--prove-timeout %v: must be positive", f.timeout)
	case f.memoryMB <= 0:
		return fmt.Errorf("--prove-memory %d: must be positive", f.memoryMB)
	case (f.all || f.semantics != "float32") && !f.prove:
		return fmt.Errorf("--prove-all and --semantics need --prove")
	case f.prove:
		if err := prove.Z3().Available(); err != nil {
			return fmt.Errorf("--prove needs the z3 solver (apt-get install z3): %v", err)
		}
	}
	return nil
}

func (f *proveFlags) options() verify.ProofOptions {
	return verify.ProofOptions{All: f.all, Real: f.real(), Timeout: f.timeout, MemoryMB: f.memoryMB}
}
