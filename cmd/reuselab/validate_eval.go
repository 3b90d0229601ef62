package main

import (
	"reuselab/ir"
	"reuselab/ir/interp"
)

// Evaluation checks: `reuselab evalcheck` evaluates what an engine made of
// every asset against the raw graph on random inputs (package interp), so
// a rule pack's extra merges are proved sound by evaluation, not trusted;
// and it evaluates the Unreal graph emitted for each asset, raw and
// merged, against the IR it was emitted from (package emit/assetinterp),
// so the wiring of what a user pastes is proved too.

func init() {
	evalCheck = validateByEvaluation
}

// validateByEvaluation is `validate --eval N`: the pack's result against
// the build graph on N runs of a fixed seed. A build graph the interpreter
// cannot evaluate is ill-formed IR, a compiler finding rather than the
// pack's fault, so it does not fail validation (evalcheck warns about it).
//
// culprit is the build nodes of the first node found wrong (the nodes
// merged, folded or rewritten into it), for validate to name the clauses
// behind them.
func validateByEvaluation(build *ir.Graph, res *ir.Result, runs int) (ok bool, report string, culprit []int) {
	if res.Build == nil {
		r := *res
		r.Build = build
		res = &r
	}
	rep := interp.Check(res, interp.Options{Runs: runs, Seed: 1})
	if rep.Err != nil {
		return true, rep.String(), nil
	}
	if rep.Culprit != nil {
		culprit = rep.Culprit.Members
	}
	return rep.OK(), rep.String(), culprit
}
