package bench

import (
	"sort"
	"strconv"
)

// The parts of an Aggregate that follow a pack: a research pack's extra
// reduction and changed assets, a checked pack's notes, a profiled pack's
// clauses.

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
