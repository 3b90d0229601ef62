package pipeline

import (
	"strings"

	"reuselab/ir"
	"reuselab/ir/interp"
)

// Evaluate is the pipeline's check by evaluation (`validate --eval N`): an
// engine's result against the build graph on N runs of a fixed seed. A
// build graph the interpreter cannot evaluate is ill-formed IR, a compiler
// finding rather than the engine's fault, so it does not fail the check
// (evalcheck warns about it).
//
// culprit is the build nodes of the first node found wrong (the nodes
// merged, folded or rewritten into it), for validate to name the clauses
// behind them.
func Evaluate(build *ir.Graph, res *ir.Result, runs int) (ok bool, report string, culprit []int) {
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

// Indent indents every line of s by two spaces.
func Indent(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = "  " + l
	}
	return strings.Join(lines, "\n") + "\n"
}
