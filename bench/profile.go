package bench

import (
	"fmt"
	"path/filepath"
	"strconv"
	"time"

	"reuselab/ir"
)

// The cost of every rule (bench --profile): each datalog variant is run
// once more per asset with its profile on (rules/eval, profile.go, says
// what the numbers mean), apart from the timed run, so the timings of
// timings.csv are not those of a profiled evaluation. The clauses are
// summed over every asset into rules-profile.csv and the "Rule cost"
// section of report.md, which is machine dependent and sits under
// "## Timings".

// RulesProfileCSV is the per-clause table, written when a profile ran.
const RulesProfileCSV = "rules-profile.csv"

// RuleCost is one clause of a pack over one asset, or summed over a run.
type RuleCost struct {
	Phase       string        `json:"phase"` // pre, level, post
	Head        string        `json:"head"`  // name/arity
	File        string        `json:"file"`
	Line        int           `json:"line"`
	Clause      string        `json:"clause"`
	Facts       int           `json:"facts"`        // facts it derived
	Evals       int           `json:"evals"`        // evaluations of its phase (level: per DAG level chunk)
	Productive  int           `json:"productive"`   // evaluations in which it derived a fact
	Time        time.Duration `json:"time"`         // the clause re-run alone over each completed evaluation
	StratumTime time.Duration `json:"stratum_time"` // its stratum's real time, shared by Time
}

// ProfileFunc profiles variant v on g: the cost of every clause of its
// pack; nil for a variant that has no clauses (the reference passes).
type ProfileFunc func(v Variant, g *ir.Graph) []RuleCost

// VariantProfile is one variant's clauses summed over the assets it
// profiled, costliest first.
type VariantProfile struct {
	Variant string     `json:"variant"`
	Assets  int        `json:"assets"`
	Rules   []RuleCost `json:"rules"`
}

// profileAsset profiles every variant cfg.Profile has clauses for; nil
// without a ProfileFunc. A profile is an evaluation of its own, which
// turns a pack's failure into a diagnostic (rules/eval); a crash in it is
// the file's, as every crash after the first runs is (batch.go).
func profileAsset(cfg *Config, g *ir.Graph) map[string][]RuleCost {
	if cfg.Profile == nil {
		return nil
	}
	out := map[string][]RuleCost{}
	for _, v := range cfg.Variants {
		if rc := cfg.Profile(v, g); rc != nil {
			out[v.Name] = rc
		}
	}
	return out
}

// writeRulesProfile writes rules-profile.csv, one row per variant and
// clause; nothing when no profile ran.
func writeRulesProfile(path string, s *Summary) error {
	if len(s.RuleCost) == 0 {
		return nil
	}
	rows := [][]string{{"variant", "phase", "head", "file", "line", "clause", "facts", "evals", "productive", "time_us", "stratum_us"}}
	for _, vp := range s.RuleCost {
		for _, c := range vp.Rules {
			rows = append(rows, []string{vp.Variant, c.Phase, c.Head, c.File, strconv.Itoa(c.Line), c.Clause,
				strconv.Itoa(c.Facts), strconv.Itoa(c.Evals), strconv.Itoa(c.Productive),
				strconv.FormatInt(c.Time.Microseconds(), 10), strconv.FormatInt(c.StratumTime.Microseconds(), 10)})
		}
	}
	return writeCSV(path, csvCells(rows))
}

// ruleCostMarkdown is report.md's "Rule cost" section: each profiled
// variant's ten costliest clauses.
func ruleCostMarkdown(w func(string, ...any), s *Summary) {
	if len(s.RuleCost) == 0 {
		return
	}
	w("\n### Rule cost\n\nEvery clause of each pack, summed over the assets (`%s`): facts derived; evaluations of its phase "+
		"(one per DAG level chunk for the level phase); time, the wall time of the clause re-run alone over the facts each "+
		"evaluation completed (one pass; a recursive clause such as live/1 costs more in the real evaluation, where it runs per round), "+
		"and its share of the pack's (rules/eval/profile.go). Profiled in a run of its own; wall times, so noisy under --jobs.\n", filepath.Base(RulesProfileCSV))
	for _, vp := range s.RuleCost {
		var total time.Duration
		for _, c := range vp.Rules {
			total += c.Time
		}
		w("\n%s over %d assets, %.1f ms in all:\n\n| clause | head | facts | evaluations | ms | share |\n|---|---|--:|--:|--:|--:|\n",
			md(vp.Variant), vp.Assets, float64(total.Microseconds())/1000)
		for _, c := range vp.Rules[:min(10, len(vp.Rules))] {
			share := 0.0
			if total > 0 {
				share = 100 * float64(c.Time) / float64(total)
			}
			w("| %s %s | %s | %d | %d | %.2f | %.1f%% |\n", code(c.File+":"+strconv.Itoa(c.Line)), cell(shortText(c.Clause, 60)), md(c.Head),
				c.Facts, c.Evals, float64(c.Time.Microseconds())/1000, share)
		}
	}
}

func shortText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return fmt.Sprintf("%s…", s[:n])
}
