package campaign

import (
	"sort"
	"time"

	"reuselab/ir"
)

// Report is what the campaign adds to bench's report (campaign.json): the
// elements that failed, and the runs a pack's limit stopped, each with
// the seed that makes it again.
type Report struct {
	Elements int64 `json:"elements"`
	// Records says where the records and the per-asset rows were written.
	Records string `json:"records"`
	Failed  int    `json:"failed"`
	// Stopped counts asset runs that gave no answer (a pack's time or
	// memory limit, its fact limit, an engine's error); a refusal is not
	// one.
	Stopped  int       `json:"stopped_runs"`
	Failures []Failure `json:"failures"`
	Stops    []Stop    `json:"stops"`
	// Wall and the per-element cost are timings, left out of comparisons.
	Wall         time.Duration `json:"-"`
	ElementsCost time.Duration `json:"-"`
}

// Failure is an element that gave no result.
type Failure struct {
	Corpus string `json:"corpus"`
	File   string `json:"file"`
	Seed   uint64 `json:"seed,omitempty"`
	Reason string `json:"reason"`
}

// Stop is an asset run that gave no answer.
type Stop struct {
	Corpus  string `json:"corpus"`
	File    string `json:"file"`
	Seed    uint64 `json:"seed,omitempty"`
	Asset   string `json:"asset"`
	Variant string `json:"variant"`
	Stop    string `json:"stop"`
	Reason  string `json:"reason"`
}

// maxListed bounds the failures and stops listed (all are counted).
const maxListed = 100

func (r *Report) add(rec *Record, variants []string) {
	r.ElementsCost += rec.Elapsed
	if rec.Failure != "" {
		r.Failed++
		r.Failures = append(r.Failures, Failure{rec.Corpus, rec.Rel, rec.Seed, rec.Failure})
	}
	if rec.File == nil {
		return
	}
	for _, a := range rec.File.Assets {
		for i, run := range a.Runs {
			// An engine that refuses a graph it has no meaning for (1x on
			// a .dss) is no stop, as bench does not count it a finding.
			if run.Err == "" || run.StopReason == string(ir.StopRefused) {
				continue
			}
			r.Stopped++
			r.Stops = append(r.Stops, Stop{rec.Corpus, rec.Rel, rec.Seed, a.Asset, variants[i], run.StopReason, run.Err})
		}
	}
	r.trim()
}

// merge adds o, the report of other elements.
func (r *Report) merge(o *Report) {
	r.ElementsCost += o.ElementsCost
	r.Failed += o.Failed
	r.Stopped += o.Stopped
	r.Failures = append(r.Failures, o.Failures...)
	r.Stops = append(r.Stops, o.Stops...)
	r.trim()
}

// trim keeps the first maxListed of each list once it holds twice that,
// so that a report's memory is bounded whatever fails.
func (r *Report) trim() {
	if len(r.Failures) > 2*maxListed || len(r.Stops) > 2*maxListed {
		r.finish()
	}
}

// finish orders the lists as bench orders files, whatever order the
// records came in, and keeps the first maxListed of each.
func (r *Report) finish() {
	sort.Slice(r.Failures, func(i, j int) bool {
		a, b := r.Failures[i], r.Failures[j]
		return a.Corpus < b.Corpus || a.Corpus == b.Corpus && a.File < b.File
	})
	sort.Slice(r.Stops, func(i, j int) bool {
		a, b := r.Stops[i], r.Stops[j]
		if a.Corpus != b.Corpus || a.File != b.File {
			return a.Corpus < b.Corpus || a.Corpus == b.Corpus && a.File < b.File
		}
		return a.Asset < b.Asset || a.Asset == b.Asset && a.Variant < b.Variant
	})
	r.Failures = r.Failures[:min(len(r.Failures), maxListed)]
	r.Stops = r.Stops[:min(len(r.Stops), maxListed)]
	if r.Failures == nil {
		r.Failures = []Failure{}
	}
	if r.Stops == nil {
		r.Stops = []Stop{}
	}
}
