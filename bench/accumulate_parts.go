package bench

import "sort"

// The parts of an Aggregate: a corpus's totals (here) and a pack's
// findings (accumulate_packs.go). Each adds an asset and merges with its
// like; none keeps a file.

// corpusAcc is one corpus (or all of them) under every variant.
type corpusAcc struct {
	Files, FailedFiles, ExpectedFailures, SyntheticFiles int
	Assets, BuildNodes                                   int
	RawSharing, MergedSharing                            exactSum
	RawDepth, MergedDepth, MergedAssets                  int
	Totals                                               []totalAcc
	Red, VsLegacy                                        ratioAcc
	OnLegacy                                             legacyAcc
	// Research is each research pack's extra reduction, by variant index.
	Research map[int]*researchCorpusAcc
}

type totalAcc struct {
	IRNodes, AssetNodes, InputNodes            int
	Folded, Rewritten, Aliased, Merged, Pruned int
	MaxRounds, Errors                          int
	MergedByOp, MergedByClass                  map[string]int
	BuildByOp                                  map[string]int // of the assets it answered: its merge rate's denominator
}

func newCorpusAcc(cfg *Config) *corpusAcc {
	c := &corpusAcc{}
	c.fill(cfg)
	return c
}

func (c *corpusAcc) fill(cfg *Config) {
	if len(c.Totals) < len(cfg.Variants) {
		c.Totals = append(c.Totals, make([]totalAcc, len(cfg.Variants)-len(c.Totals))...)
	}
	for i := range c.Totals {
		t := &c.Totals[i]
		for _, m := range []*map[string]int{&t.MergedByOp, &t.MergedByClass, &t.BuildByOp} {
			if *m == nil {
				*m = map[string]int{}
			}
		}
	}
	if c.Red.Per == nil {
		c.Red.Per = map[float64]int{}
	}
	if c.VsLegacy.Per == nil {
		c.VsLegacy.Per = map[float64]int{}
	}
	if c.Research == nil {
		c.Research = map[int]*researchCorpusAcc{}
	}
	for _, r := range c.Research {
		r.fill()
	}
}

func (c *corpusAcc) add(cfg *Config, f *FileResult) {
	c.Files++
	if f.Synthetic {
		c.SyntheticFiles++
	}
	if f.Failed {
		c.FailedFiles++
		if ExpectedToFail(f.Rel) {
			c.ExpectedFailures++
		}
	}
	bi, ti, li := cfg.variant(cfg.Baseline), cfg.variant(cfg.Target), cfg.variant(cfg.Legacy)
	base := cfg.researchBase()
	for _, a := range f.Assets {
		c.Assets++
		c.BuildNodes += a.Build
		c.RawSharing.add(a.Raw.SharingFactor)
		c.RawDepth += a.Raw.Depth
		if a.Merged != nil {
			c.MergedAssets++
			c.MergedSharing.add(a.Merged.SharingFactor)
			c.MergedDepth += a.Merged.Depth
		}
		for i, r := range a.Runs {
			t := &c.Totals[i]
			if r.Err != "" {
				t.Errors++
				continue
			}
			addCounts(t.BuildByOp, a.BuildByOp)
			t.IRNodes += r.IRNodes
			t.InputNodes += r.InputNodes
			if r.HasAssetNodes {
				t.AssetNodes += r.AssetNodes
			}
			t.Folded += r.Folded
			t.Rewritten += r.Rewritten
			t.Aliased += r.Aliased
			t.Merged += r.Merged
			t.Pruned += r.Pruned
			t.MaxRounds = max(t.MaxRounds, r.Rounds)
			addCounts(t.MergedByOp, r.MergedByOp)
			addCounts(t.MergedByClass, r.MergedByClass)
		}
		c.Red.add(a, bi, ti)
		c.VsLegacy.add(a, li, ti)
		c.OnLegacy.add(a, bi, li, ti)
		if base >= 0 {
			for i := range cfg.Variants {
				if i != base && cfg.isResearch(i) {
					c.research(i).add(cfg, a, base, i)
				}
			}
		}
	}
}

func (c *corpusAcc) research(i int) *researchCorpusAcc {
	r, ok := c.Research[i]
	if !ok {
		r = &researchCorpusAcc{}
		r.fill()
		c.Research[i] = r
	}
	return r
}

func (c *corpusAcc) merge(o *corpusAcc) {
	c.Files += o.Files
	c.FailedFiles += o.FailedFiles
	c.ExpectedFailures += o.ExpectedFailures
	c.SyntheticFiles += o.SyntheticFiles
	c.Assets += o.Assets
	c.BuildNodes += o.BuildNodes
	c.RawSharing.merge(o.RawSharing)
	c.MergedSharing.merge(o.MergedSharing)
	c.RawDepth += o.RawDepth
	c.MergedDepth += o.MergedDepth
	c.MergedAssets += o.MergedAssets
	for i := range c.Totals {
		t, u := &c.Totals[i], &o.Totals[i]
		t.IRNodes += u.IRNodes
		t.AssetNodes += u.AssetNodes
		t.InputNodes += u.InputNodes
		t.Folded += u.Folded
		t.Rewritten += u.Rewritten
		t.Aliased += u.Aliased
		t.Merged += u.Merged
		t.Pruned += u.Pruned
		t.MaxRounds = max(t.MaxRounds, u.MaxRounds)
		t.Errors += u.Errors
		addCounts(t.MergedByOp, u.MergedByOp)
		addCounts(t.MergedByClass, u.MergedByClass)
		addCounts(t.BuildByOp, u.BuildByOp)
	}
	c.Red.merge(&o.Red)
	c.VsLegacy.merge(&o.VsLegacy)
	c.OnLegacy.merge(&o.OnLegacy)
	for i, r := range o.Research {
		c.research(i).merge(r)
	}
}

func addCounts(into, m map[string]int) {
	for k, n := range m {
		into[k] += n
	}
}

func (c *corpusAcc) summary(cfg *Config, name string) *CorpusSummary {
	s := &CorpusSummary{Name: name, Files: c.Files, FailedFiles: c.FailedFiles, ExpectedFailures: c.ExpectedFailures,
		SyntheticFiles: c.SyntheticFiles, Assets: c.Assets, BuildNodes: c.BuildNodes}
	for i, v := range cfg.Variants {
		t := c.Totals[i]
		vt := VariantTotal{Variant: v.Name, IRNodes: t.IRNodes, Folded: t.Folded, Rewritten: t.Rewritten, Aliased: t.Aliased,
			Merged: t.Merged, Pruned: t.Pruned, MaxRounds: t.MaxRounds, Errors: t.Errors, InputNodes: t.InputNodes,
			MergedByOp: copyCounts(t.MergedByOp), MergeRate: map[string]float64{}, MergedByClass: copyCounts(t.MergedByClass)}
		if cfg.countsAssets() {
			vt.AssetNodes = intPtr(t.AssetNodes)
		}
		for op, n := range t.MergedByOp {
			if b := t.BuildByOp[op]; b > 0 {
				vt.MergeRate[op] = round(float64(n) / float64(b))
			}
		}
		s.Totals = append(s.Totals, vt)
	}
	if s.Totals == nil {
		s.Totals = make([]VariantTotal, 0)
	}
	bi, ti, li := cfg.variant(cfg.Baseline), cfg.variant(cfg.Target), cfg.variant(cfg.Legacy)
	s.Reduction = c.Red.ratio()
	s.VsLegacy = c.VsLegacy.ratio()
	if li >= 0 && ti >= 0 && bi != -1 {
		l := c.OnLegacy
		s.OnLegacy = &LegacySubset{Assets: l.Assets, BuildNodes: l.BuildNodes, Baseline: l.Baseline, Legacy: l.Legacy, Target: l.Target}
		if cfg.countsAssets() {
			s.OnLegacy.BaselineAssetNodes, s.OnLegacy.LegacyAssetNodes, s.OnLegacy.TargetAssetNodes = intPtr(l.BaselineAsset), intPtr(l.LegacyAsset), intPtr(l.TargetAsset)
		}
	}
	if c.Assets > 0 {
		s.RawSharing = round(c.RawSharing.value() / float64(c.Assets))
		s.RawDepth = round(float64(c.RawDepth) / float64(c.Assets))
	}
	if c.MergedAssets > 0 {
		s.MergedSharing = round(c.MergedSharing.value() / float64(c.MergedAssets))
		s.MergedDepth = round(float64(c.MergedDepth) / float64(c.MergedAssets))
	}
	return s
}

func intPtr(n int) *int { return &n }

func copyCounts(m map[string]int) map[string]int {
	out := make(map[string]int, len(m))
	addCounts(out, m)
	return out
}

// ratioAcc is a reduction over a corpus: its totals, and the per-asset
// reductions as a count of each distinct value, for the median.
type ratioAcc struct {
	Before, After, N int
	Per              map[float64]int
	Seen             bool
}

func (r *ratioAcc) add(a *AssetResult, bi, ti int) {
	if bi == -1 || ti < 0 {
		return
	}
	r.Seen = true
	x, ok := reduction(a, bi, ti)
	if !ok {
		return
	}
	r.Before += count(a, bi)
	r.After += count(a, ti)
	r.N++
	r.Per[x]++
}

func (r *ratioAcc) merge(o *ratioAcc) {
	r.Seen = r.Seen || o.Seen
	r.Before += o.Before
	r.After += o.After
	r.N += o.N
	for x, n := range o.Per {
		r.Per[x] += n
	}
}

func (r *ratioAcc) ratio() *Ratio {
	if !r.Seen {
		return nil
	}
	out := &Ratio{Before: r.Before, After: r.After, Assets: r.N}
	if r.Before > 0 {
		out.Total = round(1 - float64(r.After)/float64(r.Before))
	}
	out.Median = round(r.median())
	return out
}

// median is the median of the per-asset reductions, as median computes
// it over the list of them.
func (r *ratioAcc) median() float64 {
	if r.N == 0 {
		return 0
	}
	xs := make([]float64, 0, len(r.Per))
	for x := range r.Per {
		xs = append(xs, x)
	}
	sort.Float64s(xs)
	nth := func(k int) float64 { // the k-th smallest, from 0
		for _, x := range xs {
			if k < r.Per[x] {
				return x
			}
			k -= r.Per[x]
		}
		return xs[len(xs)-1]
	}
	if r.N%2 == 1 {
		return nth(r.N / 2)
	}
	return (nth(r.N/2-1) + nth(r.N/2)) / 2
}

// legacyAcc is LegacySubset's sums.
type legacyAcc struct {
	Assets, BuildNodes, Baseline, Legacy, Target int
	BaselineAsset, LegacyAsset, TargetAsset      int
}

func (l *legacyAcc) add(a *AssetResult, bi, li, ti int) {
	if bi == -1 || li < 0 || ti < 0 || failed(a, bi) || failed(a, li) || failed(a, ti) {
		return
	}
	l.Assets++
	l.BuildNodes += a.Build
	l.Baseline += count(a, bi)
	l.Legacy += count(a, li)
	l.Target += count(a, ti)
	b, ok := assetCount(a, bi)
	lg, ok2 := assetCount(a, li)
	t, ok3 := assetCount(a, ti)
	if ok && ok2 && ok3 {
		l.BaselineAsset += b
		l.LegacyAsset += lg
		l.TargetAsset += t
	}
}

func (l *legacyAcc) merge(o *legacyAcc) {
	l.Assets += o.Assets
	l.BuildNodes += o.BuildNodes
	l.Baseline += o.Baseline
	l.Legacy += o.Legacy
	l.Target += o.Target
	l.BaselineAsset += o.BaselineAsset
	l.LegacyAsset += o.LegacyAsset
	l.TargetAsset += o.TargetAsset
}
