package bench

import (
	"fmt"
	"math"
	"path"
	"sort"
	"strings"
	"time"
)

// Summary is summary.json: aggregates per corpus and overall. Every number
// in it except Timing is a function of the sources alone, whatever the
// parallelism; Timing is kept apart so that tests can mask it.
type Summary struct {
	// Counts says which node count the numbers are (SEMANTICS D2).
	Counts        string           `json:"counts"`
	Variants      []VariantInfo    `json:"variants"`
	Baseline      string           `json:"baseline"`
	Target        string           `json:"target"`
	Legacy        string           `json:"legacy,omitempty"`
	AssetCounts   bool             `json:"asset_counts"`
	Corpora       []*CorpusSummary `json:"corpora"`
	Overall       *CorpusSummary   `json:"overall"`
	Largest       []AssetReduction `json:"largest_reductions"`
	Disagreements []Disagreement   `json:"disagreements"`
	Failures      []Failure        `json:"failures"`
	// Research holds each research pack's extra merges over reuse-2.0
	// (research.go); absent when none ran.
	Research []ResearchPack `json:"research,omitempty"`
	// Verdicts holds each checked pack variant's verdict (verdicts.go);
	// absent when none was checked.
	Verdicts []Verdict `json:"verdicts,omitempty"`
	Timing   *Timing   `json:"timing,omitempty"`
	// RuleCost is each profiled variant's clauses (profile.go); written to
	// rules-profile.csv and report.md, not summary.json.
	RuleCost []VariantProfile `json:"-"`
}

// VariantInfo describes one column.
type VariantInfo struct {
	Name   string `json:"name"`
	Engine string `json:"engine"`
	Mode   string `json:"mode"`
	Versus string `json:"versus,omitempty"`
}

// CorpusSummary aggregates one corpus (or all of them).
type CorpusSummary struct {
	Name        string `json:"name"`
	Files       int    `json:"files"`
	FailedFiles int    `json:"failed_files"`
	// ExpectedFailures counts the failed files meant to fail: upstream's
	// negative tests, named `*.bad.dsm` and the like.
	ExpectedFailures int `json:"expected_failures"`
	// SyntheticFiles counts the programs `reuselab gen` wrote (gen.Header),
	// whose reduction is the generator's duplicate rate, not a measurement
	// of real materials.
	SyntheticFiles int `json:"synthetic_files"`
	Assets         int `json:"assets"`
	BuildNodes     int `json:"build_nodes"`
	// Reduction is the target against the baseline (2.0 against none);
	// VsLegacy the target against 1x, absent when 1x is not run.
	Reduction *Ratio         `json:"reduction"`
	VsLegacy  *Ratio         `json:"vs_legacy,omitempty"`
	Totals    []VariantTotal `json:"totals"`
	// OnLegacy is the baseline, 1x and the target over the assets all three
	// answered: 1x refuses a .dss (DSH9058), so its total is comparable
	// with these only, never with Totals. Absent when 1x is not run.
	OnLegacy *LegacySubset `json:"on_legacy_assets,omitempty"`
	// Mean sharing factor and depth, raw and after the target variant.
	RawSharing    float64 `json:"raw_sharing"`
	MergedSharing float64 `json:"merged_sharing"`
	RawDepth      float64 `json:"raw_depth"`
	MergedDepth   float64 `json:"merged_depth"`
}

// Synthetic reports whether every file of c that compiled is a generated
// program, and Partly whether some are: the reports say that such a
// corpus's figure is the generator's, not a measurement of real sources.
func (c *CorpusSummary) Synthetic() bool {
	return c.SyntheticFiles > 0 && c.SyntheticFiles == c.Files-c.FailedFiles
}

// Partly reports whether some but not all compiled files of c are generated.
func (c *CorpusSummary) Partly() bool { return c.SyntheticFiles > 0 && !c.Synthetic() }

// Ratio is a node-count reduction: 1 − after/before over the corpus totals,
// and the median of the per-asset reductions.
type Ratio struct {
	Before int     `json:"before"`
	After  int     `json:"after"`
	Total  float64 `json:"total"`
	Median float64 `json:"median"`
	Assets int     `json:"assets"`
}

// VariantTotal sums one variant over a corpus.
type VariantTotal struct {
	Variant    string `json:"variant"`
	IRNodes    int    `json:"ir_nodes"`
	AssetNodes *int   `json:"asset_nodes"` // null while no emitter exists
	Folded     int    `json:"folded"`
	Rewritten  int    `json:"rewritten"`
	Aliased    int    `json:"aliased"`
	Merged     int    `json:"merged"`
	Pruned     int    `json:"pruned"`
	MaxRounds  int    `json:"max_rounds"`
	Errors     int    `json:"errors"`
	// InputNodes sums the nodes of the graphs the variant read (the 1x
	// build for 1x) on the assets it answered: InputNodes − IRNodes is
	// everything it removed.
	InputNodes int `json:"input_nodes"`
	// MergedByOp counts merged build nodes per operation; MergeRate divides
	// by the build nodes of that operation.
	MergedByOp    map[string]int     `json:"merged_by_op"`
	MergeRate     map[string]float64 `json:"merge_rate"`
	MergedByClass map[string]int     `json:"merged_by_class"`
}

// LegacySubset is a corpus restricted to the assets 1x builds.
type LegacySubset struct {
	Assets     int `json:"assets"`
	BuildNodes int `json:"build_nodes"`
	// IR nodes left by the baseline, 1x and the target on those assets.
	Baseline int `json:"baseline_ir_nodes"`
	Legacy   int `json:"legacy_ir_nodes"`
	Target   int `json:"target_ir_nodes"`
	// The same in asset nodes, over those of the assets where all three
	// were counted; null when the run counts none.
	BaselineAssetNodes *int `json:"baseline_asset_nodes"`
	LegacyAssetNodes   *int `json:"legacy_asset_nodes"`
	TargetAssetNodes   *int `json:"target_asset_nodes"`
}

// assetCount is column i's asset node count on a; the build column has
// none.
func assetCount(a *AssetResult, i int) (int, bool) {
	if i < 0 || !a.Runs[i].HasAssetNodes {
		return 0, false
	}
	return a.Runs[i].AssetNodes, true
}

// AssetReduction is one asset's reduction.
type AssetReduction struct {
	Corpus    string  `json:"corpus"`
	File      string  `json:"file"`
	Asset     string  `json:"asset"`
	Before    int     `json:"before"`
	After     int     `json:"after"`
	Reduction float64 `json:"reduction"`
}

// Disagreement is an asset where a variant's partition differs from the
// variant it is checked against.
type Disagreement struct {
	Corpus  string `json:"corpus"`
	File    string `json:"file"`
	Asset   string `json:"asset"`
	Variant string `json:"variant"`
	Versus  string `json:"versus"`
	Nodes   int    `json:"nodes"`
	Against int    `json:"versus_nodes"`
	Moved   int    `json:"moved"`
	Err     string `json:"error,omitempty"`
}

// Failure is a file that did not compile.
type Failure struct {
	Corpus      string   `json:"corpus"`
	File        string   `json:"file"`
	Expected    bool     `json:"expected"`
	Diagnostics []string `json:"diagnostics"`
}

// ExpectedToFail reports whether a file is a negative test: upstream names
// them `X.bad.dsm` (`.bad.dsf`, `.bad.dsh`).
func ExpectedToFail(rel string) bool { return strings.Contains(path.Base(rel), ".bad.") }

// Timing is everything measured in time: never compared by tests.
type Timing struct {
	Wall string `json:"wall"`
	Jobs int    `json:"jobs"`
	// Repeat is the timed runs per variant and asset (bench --repeat);
	// Timed says which runs those are, CPU what the CPU figures measure.
	Repeat   int             `json:"repeat"`
	Timed    string          `json:"timed"`
	CPU      string          `json:"cpu"`
	Variants []VariantTiming `json:"variants"`
}

// VariantTiming is one variant's engine time over the run.
type VariantTiming struct {
	Variant string `json:"variant"`
	Engine  string `json:"engine"`
	// TotalMS is the median over the repetitions of the engine time summed
	// over the assets timed; NsPerNode divides it by their build nodes.
	TotalMS   float64 `json:"total_ms"`
	NsPerNode float64 `json:"ns_per_node"`
	// Assets counts the assets timed (those it answered on).
	Assets int `json:"assets_timed"`
	// WallMS and CPUMS spread the repetitions' totals (one value per
	// repetition); CPUMS is absent where there is no thread CPU clock.
	WallMS *Spread `json:"wall_ms"`
	CPUMS  *Spread `json:"cpu_ms,omitempty"`
	// Batched is set when some of its runs went over a batch of assets at
	// once, their time apportioned to the assets by build nodes.
	Batched bool `json:"batched,omitempty"`
	// ProveMS is the time its claims took to prove (bench --prove), apart
	// from TotalMS.
	ProveMS float64 `json:"prove_ms,omitempty"`
}

// Summarize aggregates results: an Aggregate of them.
func Summarize(cfg Config, files []*FileResult) *Summary {
	a := NewAggregate(cfg)
	for _, f := range files {
		a.Add(f)
	}
	return a.Summary()
}

// buildColumn is the variant index that stands for the graph as built, the
// baseline when no "none" variant runs.
const buildColumn = -2

// count is the IR node count of column i: a variant, or buildColumn.
func count(a *AssetResult, i int) int {
	if i == buildColumn {
		return a.Build
	}
	return a.Runs[i].IRNodes
}

func failed(a *AssetResult, i int) bool { return i != buildColumn && a.Runs[i].Err != "" }

func reduction(a *AssetResult, bi, ti int) (float64, bool) {
	if bi == -1 || ti < 0 || failed(a, bi) || failed(a, ti) || count(a, bi) == 0 {
		return 0, false
	}
	return 1 - float64(count(a, ti))/float64(count(a, bi)), true
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// round keeps four decimals: enough for a percentage to one decimal, and
// no float noise in files that tests compare byte for byte.
func round(x float64) float64 { return math.Round(x*1e4) / 1e4 }

// Timings measures the run: each variant's engine time summed over the
// assets, per repetition (Measurement.Rep), and its median and spread.
func Timings(cfg Config, files []*FileResult, wall time.Duration, jobs int) *Timing {
	a := &Aggregate{cfg: cfg}
	a.cfg.defaults()
	a.s.Timing = make([]timingAcc, len(cfg.Variants))
	for _, as := range Assets(files) {
		for i, r := range as.Runs {
			a.s.Timing[i].add(as, r.Times, a.cfg.Repeat)
		}
	}
	return a.Timing(wall, jobs)
}

func newTiming(cfg *Config, wall time.Duration, jobs int) *Timing {
	t := &Timing{Wall: wall.Round(time.Millisecond).String(), Jobs: jobs, Repeat: cfg.Repeat, CPU: "none: no thread CPU clock on this system"}
	if cpuMeasured() {
		t.CPU = "the measuring thread's CPU time (CLOCK_THREAD_CPUTIME_ID): not the other workers', nor work the engine hands to other goroutines or a child process"
	}
	if cfg.Repeat == 1 {
		t.Timed = "the one run of each variant on each asset, also the run that counts nodes and judges a pack (its clause coverage is in its time)"
	} else {
		t.Timed = fmt.Sprintf("%d plain runs of each variant on each asset after an untimed first run that counts nodes and judges a pack; per batch of assets the variants are interleaved, the order rotated by one each repetition", cfg.Repeat)
	}
	t.Timed += "; a variant marked batched ran over a batch of assets at once (a rule pack's evaluation of their disjoint union), timed per batch and apportioned to its assets by build nodes"
	return t
}

// variantTiming is one variant's timing: wallBy and cpuBy are its engine
// time per repetition over the assets timed.
func variantTiming(v Variant, assets, nodes int, batched bool, wallBy, cpuBy []float64) VariantTiming {
	vt := VariantTiming{Variant: v.Name, Engine: v.Kind(), Assets: assets, WallMS: spreadOf(wallBy), Batched: batched}
	if cpuMeasured() {
		vt.CPUMS = spreadOf(cpuBy)
	}
	vt.TotalMS = vt.WallMS.Median
	if nodes > 0 {
		vt.NsPerNode = math.Round(vt.TotalMS * 1e6 / float64(nodes))
	}
	if v.Check != nil {
		if p := v.Check.Verdict().Proofs; p != nil {
			vt.ProveMS = float64(p.Wall.Microseconds()) / 1000
		}
	}
	return vt
}
