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

func (l *LegacySubset) add(cfg *Config, a *AssetResult, bi, li, ti int) {
	if bi == -1 || li < 0 || ti < 0 || failed(a, bi) || failed(a, li) || failed(a, ti) {
		return
	}
	l.Assets++
	l.BuildNodes += a.Build
	l.Baseline += count(a, bi)
	l.Legacy += count(a, li)
	l.Target += count(a, ti)
	if l.BaselineAssetNodes == nil {
		return
	}
	b, ok := assetCount(a, bi)
	lg, ok2 := assetCount(a, li)
	t, ok3 := assetCount(a, ti)
	if ok && ok2 && ok3 {
		*l.BaselineAssetNodes += b
		*l.LegacyAssetNodes += lg
		*l.TargetAssetNodes += t
	}
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

// Summarize aggregates results.
func Summarize(cfg Config, files []*FileResult) *Summary {
	cfg.defaults()
	s := &Summary{
		Counts:   "ir_nodes: IR nodes as upstream counts them; asset_nodes: Unreal expressions emitted, null when not counted (SEMANTICS D2)",
		Baseline: cfg.Baseline, Target: cfg.Target,
		AssetCounts: cfg.countsAssets(),
	}
	if cfg.variant(cfg.Legacy) >= 0 {
		s.Legacy = cfg.Legacy
	}
	for _, v := range cfg.Variants {
		s.Variants = append(s.Variants, VariantInfo{v.Name, v.Kind(), v.Mode(), v.Versus})
	}
	byCorpus := map[string][]*FileResult{}
	var names []string
	for _, f := range files {
		if _, ok := byCorpus[f.Corpus]; !ok {
			names = append(names, f.Corpus)
		}
		byCorpus[f.Corpus] = append(byCorpus[f.Corpus], f)
		if f.Failed {
			s.Failures = append(s.Failures, Failure{f.Corpus, f.Rel, ExpectedToFail(f.Rel), f.Diagnostics})
		}
	}
	sort.Strings(names)
	for _, n := range names {
		s.Corpora = append(s.Corpora, summarizeCorpus(&cfg, n, byCorpus[n]))
	}
	s.Overall = summarizeCorpus(&cfg, "all", files)
	s.Research = summarizeResearch(&cfg, names, byCorpus, files)
	s.Verdicts = summarizeVerdicts(&cfg, files)
	s.RuleCost = summarizeProfiles(cfg, files)

	bi, ti := cfg.variant(cfg.Baseline), cfg.variant(cfg.Target)
	for _, a := range Assets(files) {
		if r, ok := reduction(a, bi, ti); ok && count(a, bi) > count(a, ti) {
			s.Largest = append(s.Largest, AssetReduction{a.Corpus, a.File, a.Asset,
				count(a, bi), count(a, ti), round(r)})
		}
		for i, r := range a.Runs {
			v := cfg.Variants[i]
			// A research pack's answers that differ are its expected extra
			// merges, reported in its own section (Research); only its
			// failures to answer are disagreements.
			if (r.Disagrees && (r.Err != "" || !cfg.isResearch(i))) || (r.Err != "" && v.Versus != "") {
				j := cfg.variant(v.Versus)
				d := Disagreement{a.Corpus, a.File, a.Asset, v.Name, v.Versus, r.IRNodes, 0, r.Moved, r.Err}
				if j >= 0 {
					d.Against = a.Runs[j].IRNodes
				}
				s.Disagreements = append(s.Disagreements, d)
			}
		}
	}
	// Largest saved node counts first; names break ties so order is stable.
	sort.SliceStable(s.Largest, func(i, j int) bool {
		x, y := s.Largest[i], s.Largest[j]
		if dx, dy := x.Before-x.After, y.Before-y.After; dx != dy {
			return dx > dy
		}
		return x.Corpus+x.File+x.Asset < y.Corpus+y.File+y.Asset
	})
	if len(s.Largest) > 10 {
		s.Largest = s.Largest[:10]
	}
	return s
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

func summarizeCorpus(cfg *Config, name string, files []*FileResult) *CorpusSummary {
	c := &CorpusSummary{Name: name, Files: len(files)}
	totals := make([]VariantTotal, len(cfg.Variants))
	for i, v := range cfg.Variants {
		totals[i] = VariantTotal{Variant: v.Name, MergedByOp: map[string]int{}, MergeRate: map[string]float64{}, MergedByClass: map[string]int{}}
		if cfg.countsAssets() {
			totals[i].AssetNodes = new(int)
		}
	}
	bi, ti, li := cfg.variant(cfg.Baseline), cfg.variant(cfg.Target), cfg.variant(cfg.Legacy)
	var red, vsl ratioAcc
	if li >= 0 && ti >= 0 && bi != -1 {
		c.OnLegacy = &LegacySubset{}
		if cfg.countsAssets() {
			c.OnLegacy.BaselineAssetNodes, c.OnLegacy.LegacyAssetNodes, c.OnLegacy.TargetAssetNodes = new(int), new(int), new(int)
		}
	}
	// Each variant's merge rate is over the build nodes of the assets it
	// answered: 1x's over the assets it builds, not over the .dss it refused.
	buildOf := make([]map[string]int, len(cfg.Variants))
	for i := range buildOf {
		buildOf[i] = map[string]int{}
	}
	merged := 0
	for _, f := range files {
		if f.Synthetic {
			c.SyntheticFiles++
		}
		if f.Failed {
			c.FailedFiles++
			if ExpectedToFail(f.Rel) {
				c.ExpectedFailures++
			}
		}
		for _, a := range f.Assets {
			c.Assets++
			c.BuildNodes += a.Build
			c.RawSharing += a.Raw.SharingFactor
			c.RawDepth += float64(a.Raw.Depth)
			if a.Merged != nil {
				merged++
				c.MergedSharing += a.Merged.SharingFactor
				c.MergedDepth += float64(a.Merged.Depth)
			}
			for i, r := range a.Runs {
				t := &totals[i]
				if r.Err != "" {
					t.Errors++
					continue
				}
				for op, n := range a.BuildByOp {
					buildOf[i][op] += n
				}
				t.IRNodes += r.IRNodes
				t.InputNodes += r.InputNodes
				if t.AssetNodes != nil && r.HasAssetNodes {
					*t.AssetNodes += r.AssetNodes
				}
				t.Folded += r.Folded
				t.Rewritten += r.Rewritten
				t.Aliased += r.Aliased
				t.Merged += r.Merged
				t.Pruned += r.Pruned
				t.MaxRounds = max(t.MaxRounds, r.Rounds)
				for op, n := range r.MergedByOp {
					t.MergedByOp[op] += n
				}
				for k, n := range r.MergedByClass {
					t.MergedByClass[k] += n
				}
			}
			red.add(a, bi, ti)
			vsl.add(a, li, ti)
			if c.OnLegacy != nil {
				c.OnLegacy.add(cfg, a, bi, li, ti)
			}
		}
	}
	for i := range totals {
		for op, n := range totals[i].MergedByOp {
			if b := buildOf[i][op]; b > 0 {
				totals[i].MergeRate[op] = round(float64(n) / float64(b))
			}
		}
	}
	c.Totals = totals
	c.Reduction = red.ratio()
	c.VsLegacy = vsl.ratio()
	if c.Assets > 0 {
		c.RawSharing = round(c.RawSharing / float64(c.Assets))
		c.RawDepth = round(c.RawDepth / float64(c.Assets))
	}
	if merged > 0 {
		c.MergedSharing = round(c.MergedSharing / float64(merged))
		c.MergedDepth = round(c.MergedDepth / float64(merged))
	}
	return c
}

type ratioAcc struct {
	before, after int
	per           []float64
	seen          bool
}

func (r *ratioAcc) add(a *AssetResult, bi, ti int) {
	if bi == -1 || ti < 0 {
		return
	}
	r.seen = true
	x, ok := reduction(a, bi, ti)
	if !ok {
		return
	}
	r.before += count(a, bi)
	r.after += count(a, ti)
	r.per = append(r.per, x)
}

func (r *ratioAcc) ratio() *Ratio {
	if !r.seen {
		return nil
	}
	out := &Ratio{Before: r.before, After: r.after, Assets: len(r.per)}
	if r.before > 0 {
		out.Total = round(1 - float64(r.after)/float64(r.before))
	}
	out.Median = round(median(r.per))
	return out
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
	cfg.defaults()
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
	for i, v := range cfg.Variants {
		wallBy, cpuBy := make([]float64, cfg.Repeat), make([]float64, cfg.Repeat)
		nodes, assets, batched := 0, 0, false
		for _, a := range Assets(files) {
			ms := a.Runs[i].Times
			if len(ms) == 0 {
				continue
			}
			assets++
			nodes += a.Build
			for _, m := range ms {
				batched = batched || m.Batch > 0
				if m.Rep < cfg.Repeat {
					wallBy[m.Rep] += float64(m.Wall)
					cpuBy[m.Rep] += float64(m.CPU)
				}
			}
		}
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
		t.Variants = append(t.Variants, vt)
	}
	return t
}
