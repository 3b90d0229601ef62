package bench

import (
	"sort"
	"strconv"
)

// The parts of an Aggregate: a corpus's totals, a research pack's changed
// assets, a checked pack's notes, a profiled pack's clauses. Each adds an
// asset and merges with its like; none keeps a file.

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

// researchCorpusAcc is ResearchCorpus's sums.
type researchCorpusAcc struct {
	Assets, More, Fewer, Skipped, Evaluated, Mismatches int
	BaseIR, PackIR, BaseAsset, PackAsset                int
	ExtraIRByOp, ExtraMergedByOp, ExtraAssetByClass     map[string]int
}

func (c *researchCorpusAcc) fill() {
	for _, m := range []*map[string]int{&c.ExtraIRByOp, &c.ExtraMergedByOp, &c.ExtraAssetByClass} {
		if *m == nil {
			*m = map[string]int{}
		}
	}
}

func (c *researchCorpusAcc) add(cfg *Config, a *AssetResult, bi, pi int) {
	b, p := a.Runs[bi], a.Runs[pi]
	if b.Err != "" || p.Err != "" {
		c.Skipped++
		return
	}
	c.Assets++
	if p.Evaluated {
		c.Evaluated++
	}
	if p.Mismatch {
		c.Mismatches++
	}
	c.BaseIR += b.IRNodes
	c.PackIR += p.IRNodes
	switch {
	case p.IRNodes < b.IRNodes:
		c.More++
	case p.IRNodes > b.IRNodes:
		c.Fewer++
	}
	addDiff(c.ExtraIRByOp, b.IRByOp, p.IRByOp)
	addDiff(c.ExtraMergedByOp, p.MergedByOp, b.MergedByOp)
	if cfg.countsAssets() && b.HasAssetNodes && p.HasAssetNodes {
		c.BaseAsset += b.AssetNodes
		c.PackAsset += p.AssetNodes
		addDiff(c.ExtraAssetByClass, b.AssetByClass, p.AssetByClass)
	}
}

func (c *researchCorpusAcc) merge(o *researchCorpusAcc) {
	c.Assets += o.Assets
	c.More += o.More
	c.Fewer += o.Fewer
	c.Skipped += o.Skipped
	c.Evaluated += o.Evaluated
	c.Mismatches += o.Mismatches
	c.BaseIR += o.BaseIR
	c.PackIR += o.PackIR
	c.BaseAsset += o.BaseAsset
	c.PackAsset += o.PackAsset
	addCounts(c.ExtraIRByOp, o.ExtraIRByOp)
	addCounts(c.ExtraMergedByOp, o.ExtraMergedByOp)
	addCounts(c.ExtraAssetByClass, o.ExtraAssetByClass)
}

func (c *researchCorpusAcc) summary(cfg *Config, name string) ResearchCorpus {
	r := ResearchCorpus{Name: name, Assets: c.Assets, More: c.More, Fewer: c.Fewer, Skipped: c.Skipped,
		Evaluated: c.Evaluated, Mismatches: c.Mismatches, BaseIR: c.BaseIR, PackIR: c.PackIR, ExtraIR: c.BaseIR - c.PackIR,
		ExtraIRByOp: nonZero(c.ExtraIRByOp), ExtraMergedByOp: nonZero(c.ExtraMergedByOp), ExtraAssetByClass: nonZero(c.ExtraAssetByClass)}
	if cfg.countsAssets() {
		r.BaseAsset, r.PackAsset, r.ExtraAsset = intPtr(c.BaseAsset), intPtr(c.PackAsset), intPtr(c.BaseAsset-c.PackAsset)
	}
	return r
}

func nonZero(m map[string]int) map[string]int {
	out := map[string]int{}
	for k, n := range m {
		if n != 0 {
			out[k] = n
		}
	}
	return out
}

// researchAcc is the assets a research pack changed, or whose evaluation
// mismatched or could not be done.
type researchAcc struct {
	Mismatches, Unevaluated []placed[ResearchAsset]
	Changed                 []placed[ResearchChange]
}

func (r *researchAcc) fill() {}

func (r *researchAcc) addAsset(cfg *Config, at place, a *AssetResult, i int) {
	run := a.Runs[i]
	if vs := cfg.variant(cfg.Variants[i].Versus); run.Disagrees && run.Err == "" && vs >= 0 {
		r.Changed = append(r.Changed, placed[ResearchChange]{at, ResearchChange{a.Corpus, a.File, a.Asset, run.IRNodes, a.Runs[vs].IRNodes, run.Moved}})
	}
	switch {
	case run.Mismatch:
		r.Mismatches = append(r.Mismatches, placed[ResearchAsset]{at, ResearchAsset{a.Corpus, a.File, a.Asset, run.Eval}})
	case run.Evaluated && run.Eval != "":
		r.Unevaluated = append(r.Unevaluated, placed[ResearchAsset]{at, ResearchAsset{a.Corpus, a.File, a.Asset, run.Eval}})
	}
}

func (r *researchAcc) merge(o *researchAcc) {
	r.Mismatches = append(r.Mismatches, o.Mismatches...)
	r.Unevaluated = append(r.Unevaluated, o.Unevaluated...)
	r.Changed = append(r.Changed, o.Changed...)
}

// research compares every research pack with the base column, corpus by
// corpus (in the order of names) and over all files.
func (a *Aggregate) research(names []string) []ResearchPack {
	cfg, st := &a.cfg, &a.s
	base := cfg.researchBase()
	if base < 0 {
		return nil
	}
	var out []ResearchPack
	for i := range cfg.Variants {
		if i == base || !cfg.isResearch(i) {
			continue
		}
		rp := ResearchPack{Variant: cfg.Variants[i].Name, Versus: cfg.Variants[base].Name}
		for _, n := range names {
			rp.Corpora = append(rp.Corpora, st.Corpora[n].research(i).summary(cfg, n))
		}
		rp.Corpora = append(rp.Corpora, st.Overall.research(i).summary(cfg, overallName))
		r := st.research(i)
		rp.Mismatches, rp.Changed = []ResearchAsset{}, []ResearchChange{}
		if len(r.Mismatches) > 0 {
			rp.Mismatches = items(r.Mismatches)
		}
		if len(r.Changed) > 0 {
			rp.Changed = items(r.Changed)
		}
		if len(r.Unevaluated) > 0 {
			rp.Unevaluated = items(r.Unevaluated)
		}
		out = append(out, rp)
	}
	return out
}

// notesAcc is a checked pack's notes: the first maxVerdictNotes in source
// order, and how many there are.
type notesAcc struct {
	Total int
	Kept  []placed[VerdictNote]
}

func (n *notesAcc) add(at place, a *AssetResult, notes []string) {
	for k, note := range notes {
		p := at
		p.K = k
		n.Total++
		n.Kept = append(n.Kept, placed[VerdictNote]{p, VerdictNote{a.Corpus, a.File, a.Asset, note}})
	}
	n.trim()
}

func (n *notesAcc) merge(o *notesAcc) {
	n.Total += o.Total
	n.Kept = append(n.Kept, o.Kept...)
	n.trim()
}

func (n *notesAcc) trim() {
	if len(n.Kept) > maxVerdictNotes {
		sortPlaced(n.Kept)
		n.Kept = n.Kept[:maxVerdictNotes]
	}
}

// verdicts asks each checked variant for its verdict, with the notes of
// its assets in source order.
func (a *Aggregate) verdicts() []Verdict {
	var out []Verdict
	for i, v := range a.cfg.Variants {
		if v.Check == nil {
			continue
		}
		vd := v.Check.Verdict()
		vd.Variant = v.Name
		vd.Notes, vd.NotesTotal = nil, 0
		if n, ok := a.s.Notes[i]; ok {
			vd.Notes, vd.NotesTotal = items(n.Kept), n.Total
		}
		out = append(out, vd)
	}
	return out
}

// profileAcc is a profiled variant's clauses summed over its assets.
type profileAcc struct {
	Assets int
	Rules  map[string]RuleCost
}

func ruleKey(c RuleCost) string {
	return c.Phase + "\x00" + c.File + "\x00" + strconv.Itoa(c.Line) + "\x00" + c.Clause
}

func (p *profileAcc) add(rcs []RuleCost) {
	p.Assets++
	for _, c := range rcs {
		p.addRule(c)
	}
}

func (p *profileAcc) addRule(c RuleCost) {
	k := ruleKey(c)
	s, seen := p.Rules[k]
	if !seen {
		p.Rules[k] = c
		return
	}
	s.Facts += c.Facts
	s.Evals += c.Evals
	s.Productive += c.Productive
	s.Time += c.Time
	s.StratumTime += c.StratumTime
	p.Rules[k] = s
}

func (p *profileAcc) merge(o *profileAcc) {
	p.Assets += o.Assets
	for _, k := range sortedKeys(o.Rules) {
		p.addRule(o.Rules[k])
	}
}

// profiles sums the assets' profiles per variant, in the order of
// cfg.Variants, each variant's clauses by Time, then Facts, then position
// (phase and text part clauses of one line).
func (a *Aggregate) profiles() []VariantProfile {
	var out []VariantProfile
	for i, v := range a.cfg.Variants {
		p, ok := a.s.Profiles[i]
		if !ok || p.Assets == 0 {
			continue
		}
		vp := VariantProfile{Variant: v.Name, Assets: p.Assets}
		for _, k := range sortedKeys(p.Rules) {
			vp.Rules = append(vp.Rules, p.Rules[k])
		}
		sort.SliceStable(vp.Rules, func(i, j int) bool {
			a, b := vp.Rules[i], vp.Rules[j]
			if a.Time != b.Time {
				return a.Time > b.Time
			}
			if a.Facts != b.Facts {
				return a.Facts > b.Facts
			}
			if a.File != b.File {
				return a.File < b.File
			}
			if a.Line != b.Line {
				return a.Line < b.Line
			}
			if a.Phase != b.Phase {
				return a.Phase < b.Phase
			}
			return a.Clause < b.Clause
		})
		out = append(out, vp)
	}
	return out
}
