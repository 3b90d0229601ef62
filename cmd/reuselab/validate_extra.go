package main

import (
	"fmt"
	"io"
	"strings"

	"reuselab/ir"
	"reuselab/reuse"
	"reuselab/reuse/engines"
	"reuselab/rules/eval"
	"reuselab/verify"
)

// derivations names, for each extra fold, alias or rewrite among ids,
// the clauses of the pack that derived it: the evaluation run again with
// provenance (rules/eval, record.go), only when one failed evaluation.
func derivations(e reuse.Engine, g *ir.Graph, lim ir.Limits, work []verify.ExtraWork, ids []int) []string {
	p, ok := e.(*engines.Pack)
	if !ok {
		return nil
	}
	suspects := map[int]verify.ExtraWork{}
	var watch []int
	for _, id := range ids {
		for _, w := range work {
			if w.Build == id && len(watch) < 4 {
				suspects[id] = w
				watch = append(watch, id)
			}
		}
	}
	if len(watch) == 0 {
		return nil
	}
	_, o := p.Evaluate(g, lim, eval.Options{Provenance: true, Watch: watch})
	heads := map[string][]string{"fold": {"foldtype(", "fold("}, "alias": {"alias("}, "rewrite": {"rewrite("}}
	var lines []string
	for _, id := range watch {
		w := suspects[id]
		line := fmt.Sprintf("the %s of b%d (%s), %s, beyond the reference", w.Kind, id, w.Op, w.Into)
		var by []string
		if o != nil {
			seen := map[string]bool{}
			for _, pr := range o.Proofs[id] {
				for _, h := range heads[w.Kind] {
					if !strings.HasPrefix(pr.Fact, h) || pr.Pos.File == "" {
						continue
					}
					at := fmt.Sprintf("%s:%d", pr.Pos.File, pr.Pos.Line)
					if pr.Clause != "" {
						at += ": " + pr.Clause
					}
					if !seen[at] {
						seen[at] = true
						by = append(by, at)
					}
				}
			}
		}
		if len(by) > 0 {
			line += ": derived by " + strings.Join(by, " and ")
		} else {
			line += " (the clause that derived it is not known)"
		}
		lines = append(lines, line)
	}
	return lines
}

func printExtraWork(w io.Writer, pack string, extra map[string]int) {
	if len(extra) == 0 {
		return
	}
	printCounts(w, "extra folds, aliases and rewrites of "+pack+" over the reference", extra)
}
