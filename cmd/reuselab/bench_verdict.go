package main

import (
	"flag"
	"fmt"
	"io"

	"reuselab/bench"
	"reuselab/bench/verdict"
	"reuselab/printable"
	"reuselab/reuse/engines"
)

// A pack's verdict in bench and evalcheck, as validate gives it: the
// clauses that fired, counted in the run's own evaluation, and with
// --prove the claims proved by z3 (bench/verdict, on package verify).

// addVerdictFlags adds validate's flags for proofs and verdicts
// (addProveFlags) that keep(name) accepts: one definition, so that the
// flags read the same in every command; a flag a command has no use for is
// not offered (bench does not gate on the verdict: no --allow-unverified).
func addVerdictFlags(fs *flag.FlagSet, keep func(name string) bool) *proveFlags {
	all := flag.NewFlagSet("", flag.ContinueOnError)
	f := addProveFlags(all)
	all.VisitAll(func(fl *flag.Flag) {
		if keep(fl.Name) {
			fs.Var(fl.Value, fl.Name, fl.Usage)
		}
	})
	return f
}

// checkers gives every pack variant a Checker; close stops their solvers.
func checkers(variants []bench.Variant, f *proveFlags) (close func()) {
	var made []*verdict.Checker
	for i, v := range variants {
		p, ok := v.Engine.(*engines.Pack)
		if !ok {
			continue
		}
		o := verdict.Options{Coverage: f.coverage}
		if f.prove {
			po := f.options()
			o.Prove = &po
		}
		c := verdict.New(p, o)
		variants[i].Check = c
		made = append(made, c)
	}
	return func() {
		for _, c := range made {
			c.Close()
		}
	}
}

// printVerdicts is the verdict lines of bench's summary: one per pack.
func printVerdicts(w io.Writer, s *bench.Summary) {
	for _, v := range s.Verdicts {
		fmt.Fprintf(w, "verdict of %s: %s (%s)", printable.Text(v.Variant), v.Words, v.Why)
		if !v.Mirror || v.Assets > 0 {
			fmt.Fprintf(w, "; %d of %d merging clauses fired", v.Fired, v.Total)
		}
		if p := v.Proofs; p != nil {
			fmt.Fprintf(w, "; %s decided by z3, proof cache %.0f%% hits", plural(p.Decided, "claim"), p.HitRate)
		}
		fmt.Fprintln(w, " (report.md, Verdicts).")
	}
}
