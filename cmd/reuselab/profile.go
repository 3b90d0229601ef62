package main

import (
	"reuselab/bench"
	"reuselab/ir"
	"reuselab/reuse/engines"
	"reuselab/rules/eval"
)

// profileOf is the per-clause profile of pack p on g (rules/eval,
// profile.go); nil when the evaluation stopped or was refused.
func profileOf(p *engines.Pack, g *ir.Graph, lim ir.Limits) *eval.Profile {
	res, o := p.Evaluate(g, lim, eval.Options{Profile: true})
	if o == nil || !res.StopReason.Answered() {
		return nil
	}
	return o.Profile
}

// profileRow is one clause of a profile in JSON (explain --format json).
type profileRow struct {
	Phase      string `json:"phase"`
	Head       string `json:"head"`
	File       string `json:"file"`
	Line       int    `json:"line"`
	Clause     string `json:"clause"`
	Facts      int    `json:"facts"`
	Evals      int    `json:"evals"`
	Productive int    `json:"productive"`
	TimeNs     int64  `json:"timeNs"`
	StratumNs  int64  `json:"stratumNs"`
	Error      string `json:"error,omitempty"`
}

func profileRows(p *eval.Profile) []profileRow {
	if p == nil {
		return nil
	}
	rows := []profileRow{}
	for _, c := range p.Top() {
		rows = append(rows, profileRow{Phase: c.Phase, Head: c.Head, File: c.Pos.File, Line: c.Pos.Line, Clause: c.Clause,
			Facts: c.Facts, Evals: c.Evals, Productive: c.Productive, TimeNs: c.Time.Nanoseconds(), StratumNs: c.StratumTime.Nanoseconds(), Error: c.Error})
	}
	return rows
}

// benchProfile is bench --profile's ProfileFunc: a pack variant's profile
// on g, in a run of its own under the variant's limits.
func benchProfile(v bench.Variant, g *ir.Graph) []bench.RuleCost {
	p, ok := v.Engine.(*engines.Pack)
	if !ok {
		return nil
	}
	prof := profileOf(p, g, v.Limits)
	if prof == nil {
		return nil
	}
	out := make([]bench.RuleCost, 0, len(prof.Clauses))
	for _, c := range prof.Clauses {
		out = append(out, bench.RuleCost{Phase: c.Phase, Head: c.Head, File: c.Pos.File, Line: c.Pos.Line, Clause: c.Clause,
			Facts: c.Facts, Evals: c.Evals, Productive: c.Productive, Time: c.Time, StratumTime: c.StratumTime})
	}
	return out
}
