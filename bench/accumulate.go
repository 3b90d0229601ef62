package bench

import (
	"bytes"
	"encoding/gob"
	"math"
	"math/big"
	"sort"
	"time"
)

// Aggregate is Summarize and Timings in mergeable form: results are added
// one file at a time, and two aggregates of disjoint files merge into the
// aggregate of their union, so that a caller that spreads the files over
// machines (campaign/, a Beam CombineFn) combines where the files ran and
// never holds them all. Its memory is the corpora, the variants and the
// findings (failures, disagreements, research changes), not the files:
// the per-asset reductions the medians need are kept as counts of
// distinct values. Whatever the files' order and the merges' shape, the
// Summary is the same, byte for byte: every list is ordered by the
// source order (corpus, file, asset) and sums of floats are exact.
type Aggregate struct {
	cfg Config
	s   aggState
}

// aggState is what an Aggregate carries between machines (gob).
type aggState struct {
	Corpora       map[string]*corpusAcc
	Overall       *corpusAcc
	Largest       []placed[AssetReduction]
	Disagreements []placed[Disagreement]
	Failures      []placed[Failure]
	// Research, Notes and Profiles are by variant index.
	Research map[int]*researchAcc
	Notes    map[int]*notesAcc
	Profiles map[int]*profileAcc
	Timing   []timingAcc
}

// place is an item's position in source order: the file (corpus, then
// path, as SortResults orders files), the asset in it (-1 for the file
// itself), then the item within the asset.
type place struct {
	Corpus, Rel string
	Asset, K    int
}

func (p place) less(q place) bool {
	if p.Corpus != q.Corpus || p.Rel != q.Rel {
		return sourceLess(Source{Corpus: p.Corpus, Rel: p.Rel}, Source{Corpus: q.Corpus, Rel: q.Rel})
	}
	if p.Asset != q.Asset {
		return p.Asset < q.Asset
	}
	return p.K < q.K
}

type placed[T any] struct {
	At   place
	Item T
}

func sortPlaced[T any](xs []placed[T]) {
	sort.Slice(xs, func(i, j int) bool { return xs[i].At.less(xs[j].At) })
}

func items[T any](xs []placed[T]) []T {
	if xs == nil {
		return nil
	}
	sortPlaced(xs)
	out := make([]T, len(xs))
	for i, x := range xs {
		out[i] = x.Item
	}
	return out
}

// NewAggregate starts an empty aggregate of a run under cfg.
func NewAggregate(cfg Config) *Aggregate {
	cfg.defaults()
	a := &Aggregate{cfg: cfg}
	a.s = aggState{Corpora: map[string]*corpusAcc{}, Overall: newCorpusAcc(&a.cfg),
		Research: map[int]*researchAcc{}, Notes: map[int]*notesAcc{}, Profiles: map[int]*profileAcc{},
		Timing: make([]timingAcc, len(cfg.Variants))}
	return a
}

// DecodeAggregate is the aggregate MarshalBinary encoded, of a run under
// cfg (the configuration does not travel: its engines are the caller's).
func DecodeAggregate(cfg Config, b []byte) (*Aggregate, error) {
	a := NewAggregate(cfg)
	if err := gob.NewDecoder(bytes.NewReader(b)).Decode(&a.s); err != nil {
		return nil, err
	}
	a.s.fill(&a.cfg)
	return a, nil
}

// MarshalBinary encodes the aggregate's state for DecodeAggregate.
func (a *Aggregate) MarshalBinary() ([]byte, error) {
	var b bytes.Buffer
	err := gob.NewEncoder(&b).Encode(&a.s)
	return b.Bytes(), err
}

// fill makes the maps and slices gob leaves nil when they were empty.
func (s *aggState) fill(cfg *Config) {
	if s.Corpora == nil {
		s.Corpora = map[string]*corpusAcc{}
	}
	if s.Overall == nil {
		s.Overall = newCorpusAcc(cfg)
	}
	for _, c := range append([]*corpusAcc{s.Overall}, values(s.Corpora)...) {
		c.fill(cfg)
	}
	if s.Research == nil {
		s.Research = map[int]*researchAcc{}
	}
	for _, r := range s.Research {
		r.fill()
	}
	if s.Notes == nil {
		s.Notes = map[int]*notesAcc{}
	}
	if s.Profiles == nil {
		s.Profiles = map[int]*profileAcc{}
	}
	for _, p := range s.Profiles {
		if p.Rules == nil {
			p.Rules = map[string]RuleCost{}
		}
	}
	if len(s.Timing) < len(cfg.Variants) {
		s.Timing = append(s.Timing, make([]timingAcc, len(cfg.Variants)-len(s.Timing))...)
	}
}

func values[V any](m map[string]V) []V {
	out := make([]V, 0, len(m))
	for _, k := range sortedKeys(m) {
		out = append(out, m[k])
	}
	return out
}

// Add adds one file's results.
func (a *Aggregate) Add(f *FileResult) {
	cfg, s := &a.cfg, &a.s
	c, ok := s.Corpora[f.Corpus]
	if !ok {
		c = newCorpusAcc(cfg)
		s.Corpora[f.Corpus] = c
	}
	c.add(cfg, f)
	s.Overall.add(cfg, f)
	if f.Failed {
		s.Failures = append(s.Failures, placed[Failure]{place{f.Corpus, f.Rel, -1, 0}, Failure{f.Corpus, f.Rel, ExpectedToFail(f.Rel), f.Diagnostics}})
	}
	bi, ti := cfg.variant(cfg.Baseline), cfg.variant(cfg.Target)
	base := cfg.researchBase()
	for k, as := range f.Assets {
		at := place{f.Corpus, f.Rel, k, 0}
		if r, ok := reduction(as, bi, ti); ok && count(as, bi) > count(as, ti) {
			s.addLargest(placed[AssetReduction]{at, AssetReduction{as.Corpus, as.File, as.Asset, count(as, bi), count(as, ti), round(r)}})
		}
		for i, r := range as.Runs {
			v := cfg.Variants[i]
			at.K = i
			// A research pack's answers that differ are its expected extra
			// merges, reported in its own section (Research); only its
			// failures to answer are disagreements.
			if (r.Disagrees && (r.Err != "" || !cfg.isResearch(i))) || (r.Err != "" && v.Versus != "") {
				j := cfg.variant(v.Versus)
				d := Disagreement{as.Corpus, as.File, as.Asset, v.Name, v.Versus, r.IRNodes, 0, r.Moved, r.Err}
				if j >= 0 {
					d.Against = as.Runs[j].IRNodes
				}
				s.Disagreements = append(s.Disagreements, placed[Disagreement]{at, d})
			}
			if base >= 0 && i != base && cfg.isResearch(i) {
				s.research(i).addAsset(cfg, at, as, i)
			}
			if v.Check != nil {
				s.notes(i).add(at, as, r.Checks)
			}
			s.Timing[i].add(as, r.Times, cfg.Repeat)
		}
		a.addProfiles(as)
	}
}

func (a *Aggregate) addProfiles(as *AssetResult) {
	for i, v := range a.cfg.Variants {
		if rcs, ok := as.Profile[v.Name]; ok {
			a.s.profile(i).add(rcs)
		}
	}
}

// Merge adds b, an aggregate of other files under the same Config.
func (a *Aggregate) Merge(b *Aggregate) {
	s := &a.s
	for name, bc := range b.s.Corpora {
		if c, ok := s.Corpora[name]; ok {
			c.merge(bc)
		} else {
			s.Corpora[name] = bc
		}
	}
	s.Overall.merge(b.s.Overall)
	for _, x := range b.s.Largest {
		s.addLargest(x)
	}
	s.Disagreements = append(s.Disagreements, b.s.Disagreements...)
	s.Failures = append(s.Failures, b.s.Failures...)
	for i, r := range b.s.Research {
		s.research(i).merge(r)
	}
	for i, n := range b.s.Notes {
		s.notes(i).merge(n)
	}
	for i, p := range b.s.Profiles {
		s.profile(i).merge(p)
	}
	for i := range s.Timing {
		s.Timing[i].merge(&b.s.Timing[i])
	}
}

// largestKept is the assets of largest reduction the summary lists.
const largestKept = 10

// addLargest keeps the largestKept assets of largest saved node counts;
// names, then the source order, break ties.
func (s *aggState) addLargest(x placed[AssetReduction]) {
	s.Largest = append(s.Largest, x)
	sort.Slice(s.Largest, func(i, j int) bool {
		x, y := s.Largest[i], s.Largest[j]
		if dx, dy := x.Item.Before-x.Item.After, y.Item.Before-y.Item.After; dx != dy {
			return dx > dy
		}
		if nx, ny := x.Item.Corpus+x.Item.File+x.Item.Asset, y.Item.Corpus+y.Item.File+y.Item.Asset; nx != ny {
			return nx < ny
		}
		return x.At.less(y.At)
	})
	s.Largest = s.Largest[:min(len(s.Largest), largestKept)]
}

func (s *aggState) research(i int) *researchAcc {
	r, ok := s.Research[i]
	if !ok {
		r = &researchAcc{}
		r.fill()
		s.Research[i] = r
	}
	return r
}

func (s *aggState) notes(i int) *notesAcc {
	n, ok := s.Notes[i]
	if !ok {
		n = &notesAcc{}
		s.Notes[i] = n
	}
	return n
}

func (s *aggState) profile(i int) *profileAcc {
	p, ok := s.Profiles[i]
	if !ok {
		p = &profileAcc{Rules: map[string]RuleCost{}}
		s.Profiles[i] = p
	}
	return p
}

// Summary is the summary of every file added or merged, as Summarize
// gives it for those files (Timing left to Timing).
func (a *Aggregate) Summary() *Summary {
	cfg, st := &a.cfg, &a.s
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
	s.Failures = items(st.Failures)
	names := sortedKeys(st.Corpora)
	for _, n := range names {
		s.Corpora = append(s.Corpora, st.Corpora[n].summary(cfg, n))
	}
	s.Overall = st.Overall.summary(cfg, overallName)
	s.Research = a.research(names)
	s.Verdicts = a.verdicts()
	s.RuleCost = a.profiles()
	s.Disagreements = items(st.Disagreements)
	for _, x := range st.Largest {
		s.Largest = append(s.Largest, x.Item)
	}
	return s
}

// exactSum sums floats exactly, so that the sum is the same in any order
// of addition and merging; infinities and NaNs are counted apart and give
// what a float64 sum of them gives.
type exactSum struct {
	Sum                 *big.Float
	PosInf, NegInf, NaN int
}

// exactPrec holds any sum of finite float64s exactly: their exponents
// span 2,098 bits, with 53 of mantissa and room for 2^60 terms.
const exactPrec = 2098 + 53 + 60

func (e *exactSum) add(x float64) {
	switch {
	case math.IsNaN(x):
		e.NaN++
	case math.IsInf(x, 1):
		e.PosInf++
	case math.IsInf(x, -1):
		e.NegInf++
	default:
		if e.Sum == nil {
			e.Sum = new(big.Float).SetPrec(exactPrec)
		}
		e.Sum.Add(e.Sum, new(big.Float).SetFloat64(x))
	}
}

func (e *exactSum) merge(o exactSum) {
	e.PosInf += o.PosInf
	e.NegInf += o.NegInf
	e.NaN += o.NaN
	if o.Sum != nil {
		if e.Sum == nil {
			e.Sum = new(big.Float).SetPrec(exactPrec)
		}
		e.Sum.Add(e.Sum, o.Sum)
	}
}

func (e *exactSum) value() float64 {
	switch {
	case e.NaN > 0 || e.PosInf > 0 && e.NegInf > 0:
		return math.NaN()
	case e.PosInf > 0:
		return math.Inf(1)
	case e.NegInf > 0:
		return math.Inf(-1)
	case e.Sum == nil:
		return 0
	}
	x, _ := e.Sum.Float64()
	return x
}

// timingAcc is one variant's engine time per repetition.
type timingAcc struct {
	Wall, CPU     []int64
	Nodes, Assets int
	// Batched: some run of the variant was timed over a batch of assets
	Batched bool
}

func (t *timingAcc) add(a *AssetResult, ms []Measurement, repeat int) {
	if len(ms) == 0 {
		return
	}
	if t.Wall == nil {
		t.Wall, t.CPU = make([]int64, repeat), make([]int64, repeat)
	}
	t.Assets++
	t.Nodes += a.Build
	for _, m := range ms {
		t.Batched = t.Batched || m.Batch > 0
		if m.Rep < repeat {
			t.Wall[m.Rep] += int64(m.Wall)
			t.CPU[m.Rep] += int64(m.CPU)
		}
	}
}

func (t *timingAcc) merge(o *timingAcc) {
	if o.Wall == nil {
		return
	}
	if t.Wall == nil {
		t.Wall, t.CPU = make([]int64, len(o.Wall)), make([]int64, len(o.CPU))
	}
	for i := range o.Wall {
		t.Wall[i] += o.Wall[i]
		t.CPU[i] += o.CPU[i]
	}
	t.Assets += o.Assets
	t.Nodes += o.Nodes
	t.Batched = t.Batched || o.Batched
}

// Timing measures the run as Timings does, from the files added.
func (a *Aggregate) Timing(wall time.Duration, jobs int) *Timing {
	cfg := &a.cfg
	t := newTiming(cfg, wall, jobs)
	for i, v := range cfg.Variants {
		acc := a.s.Timing[i]
		wallBy, cpuBy := make([]float64, cfg.Repeat), make([]float64, cfg.Repeat)
		for r := range min(cfg.Repeat, len(acc.Wall)) {
			wallBy[r], cpuBy[r] = float64(acc.Wall[r]), float64(acc.CPU[r])
		}
		t.Variants = append(t.Variants, variantTiming(v, acc.Assets, acc.Nodes, acc.Batched, wallBy, cpuBy))
	}
	return t
}
