package main

import (
	"encoding/json"
	"io"
	"strings"
	"time"

	"reuselab/pipeline/packcheck"
	"reuselab/printable"
	"reuselab/prove"
	"reuselab/reuse/engines"
	"reuselab/verify"
)

// validateSchemaVersion is the "schemaVersion" of validate --format json
// (schema/validate-json.schema.json): it goes up when a field is renamed,
// removed or changes meaning, not when one is added.
const validateSchemaVersion = 1

type validateDoc struct {
	SchemaVersion int              `json:"schemaVersion"`
	Tool          string           `json:"tool"`
	Pack          string           `json:"pack"`
	Mirrors       bool             `json:"mirrors"`
	Files         int              `json:"files"`
	NotCompiling  int              `json:"notCompiling"`
	Assets        int              `json:"assets"`
	Agree         int              `json:"agree"`
	Disagree      int              `json:"disagree"`
	Stopped       int              `json:"stopped"`
	Evaluated     int              `json:"evaluated"`
	EvalRuns      int              `json:"evalRuns"`
	EvalFailing   int              `json:"failingEvaluation"`
	ExtraMerges   map[string]int   `json:"extraMerges"`
	ExtraWork     map[string]int   `json:"extraWork"`
	Proofs        *validateProofs  `json:"proofs,omitempty"`
	Judgment      verify.Judgment  `json:"judgment"`
	Exit          int              `json:"exit"`
	Findings      []string         `json:"findings"`
	Timings       map[string]int64 `json:"timingsMs"`
}

type validateProofs struct {
	Scope    string                    `json:"scope"` // "extra" or "all"
	Decided  int                       `json:"decided"`
	ByKind   map[string]map[string]int `json:"byKind"`
	Hits     int                       `json:"cacheHits"`
	Misses   int                       `json:"cacheMisses"`
	HitRate  float64                   `json:"cacheHitRate"`
	Formulas int                       `json:"formulas"`
}

// writeValidateJSON writes the run as one document. Everything but
// timingsMs is the same on every run of the same input.
func writeValidateJSON(w io.Writer, p *engines.Pack, mirror bool, runs int, st *packcheck.Tally, j verify.Judgment, code int, findings string) error {
	d := validateDoc{SchemaVersion: validateSchemaVersion, Tool: "reuselab validate", Pack: p.Name(), Mirrors: mirror,
		Files: st.Files, NotCompiling: st.Broken, Assets: st.Assets, Agree: st.Agree, Disagree: st.Disagree, Stopped: st.Stopped,
		Evaluated: st.Evaluated, EvalRuns: runs, EvalFailing: st.EvalBad, ExtraMerges: st.Extra, ExtraWork: st.ExtraWork,
		Judgment: j, Exit: code, Findings: []string{},
		Timings: map[string]int64{"reference": st.RefWall.Milliseconds(), "datalog": st.FactsWall.Milliseconds()}}
	if d.Judgment.Clauses == nil {
		d.Judgment.Clauses = []verify.ClauseResult{}
	}
	if st.Proofs != nil {
		r := st.Proofs
		vp := &validateProofs{Scope: "extra", Decided: r.Queries(), ByKind: map[string]map[string]int{}}
		if r.All {
			vp.Scope = "all"
		}
		for k, c := range r.Counts {
			vp.ByKind[k] = map[string]int{"proved": c[prove.Proved], "refuted": c[prove.Refuted], "unknown": c[prove.Unknown]}
		}
		vp.Hits, vp.Misses, vp.Formulas = r.CacheStats()
		vp.HitRate = verify.HitRate(vp.Hits, vp.Misses)
		d.Proofs = vp
		d.Timings["proving"] = r.Wall.Round(time.Millisecond).Milliseconds()
	}
	for _, l := range strings.Split(strings.TrimRight(findings, "\n"), "\n") {
		if l != "" {
			d.Findings = append(d.Findings, l)
		}
	}
	b, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(printable.JSON(append(b, '\n')))
	return err
}
