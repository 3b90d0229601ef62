package verify

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"reuselab/ir"
	"reuselab/prove"
	"reuselab/reuse/engines"
	"reuselab/rules/eval"
)

// Proofs decides claims with package prove for a whole run: one prover per
// semantics serves every asset, so that a claim met on many assets asks
// the solver once (the cache's hit rate is reported).
type Proofs struct {
	// All: every merge, fold, alias and rewrite is a claim, not only those
	// beyond the reference.
	All     bool
	provers []*prove.Prover // float32 first, then real
	cache   *prove.Cache
	// Kinds is the verdict of the claims of each kind (merge, fold,
	// alias, rewrite), the weakest of the instances.
	Kinds  map[string]Verdict
	Counts map[string]map[prove.Outcome]int
	// RefutedBy holds the clauses (FILE:LINE) a refuted claim's
	// derivation names.
	RefutedBy map[string]bool
	Refuted   int
	Unknown   int
	Wall      time.Duration
}

// ProofOptions are the prover's settings for a run.
type ProofOptions struct {
	All      bool          // every claim, not only those beyond the reference
	Real     bool          // prove over the reals as well
	Timeout  time.Duration // per check-sat
	MemoryMB int
}

// NewProofs starts a run's provers (the solver processes start on the
// first query).
func NewProofs(o ProofOptions) *Proofs {
	r := &Proofs{All: o.All, cache: prove.NewCache(), Kinds: map[string]Verdict{}, Counts: map[string]map[prove.Outcome]int{}, RefutedBy: map[string]bool{}}
	r.provers = append(r.provers, prove.New(prove.Options{Semantics: prove.Float32, Timeout: o.Timeout, MemoryMB: o.MemoryMB, Cache: r.cache}))
	if o.Real {
		r.provers = append(r.provers, prove.New(prove.Options{Semantics: prove.Real, Timeout: o.Timeout, MemoryMB: o.MemoryMB, Cache: r.cache}))
	}
	return r
}

// Close stops the solver processes.
func (r *Proofs) Close() {
	for _, p := range r.provers {
		p.Close()
	}
}

// Decided is a claim with its verdicts: float32 always, the reals when
// the run proves over them too (a note beside the float32 verdict, never
// the verdict).
type Decided struct {
	Claim   Claim
	Float32 prove.Verdict
	Real    *prove.Verdict
}

// Check decides the claims of one asset (g, built as build) and names the
// clauses behind a refutation.
func (r *Proofs) Check(p *engines.Pack, g *ir.Graph, lim ir.Limits, build *ir.Graph, claims []Claim) []Decided {
	start := time.Now()
	defer func() { r.Wall += time.Since(start) }()
	var refuted []int
	out := make([]Decided, 0, len(claims))
	for _, c := range claims {
		if r.Counts[c.Kind] == nil {
			r.Counts[c.Kind] = map[prove.Outcome]int{}
			r.Kinds[c.Kind] = Proved
		}
		d := Decided{Claim: c}
		for _, pr := range r.provers {
			var v prove.Verdict
			if c.Fold {
				v = pr.EqualsConst(build, c.A, c.Konst)
			} else {
				v = pr.Equal(build, c.A, c.B)
			}
			if v.Semantics == prove.Real {
				d.Real = &v
				continue
			}
			d.Float32 = v
			r.Counts[c.Kind][v.Outcome]++
			switch v.Outcome {
			case prove.Refuted:
				r.Refuted++
				r.Kinds[c.Kind] = Refuted
				refuted = append(refuted, c.Build)
				if c.Other >= 0 {
					refuted = append(refuted, c.Other)
				}
			case prove.Unknown:
				r.Unknown++
				r.Kinds[c.Kind] = min(r.Kinds[c.Kind], Unknown)
			}
		}
		out = append(out, d)
	}
	if len(refuted) > 0 && p != nil {
		for _, at := range ClausesBehind(p, g, lim, refuted) {
			r.RefutedBy[at] = true
		}
	}
	return out
}

// Float32 is the run's float32 prover, for a caller that asks its own
// claims (rules/clauses) with the run's cache and limits.
func (r *Proofs) Float32() *prove.Prover { return r.provers[0] }

// Queries is how many claims the solver decided in float32.
func (r *Proofs) Queries() int { return r.provers[0].Stats().Queries }

// CacheStats are the proof cache's hits, misses and formulas.
func (r *Proofs) CacheStats() (hits, misses, formulas int) {
	hits, misses = r.cache.Stats()
	return hits, misses, r.cache.Len()
}

// WithMergedInto is ids and, for each merged one, the node it was merged
// into: a merge rests on the signatures of both its nodes.
func WithMergedInto(res *ir.Result, ids []int) []int {
	out := append([]int(nil), ids...)
	for _, id := range ids {
		if id >= 0 && id < len(res.Fates) && res.Fates[id].Kind == ir.Merged && int(res.Fates[id].Into) != id {
			out = append(out, int(res.Fates[id].Into))
		}
	}
	return out
}

// ClausesBehind names (FILE:LINE) the clauses whose facts decided the
// fates of ids: the evaluation run again with provenance (rules/eval,
// record.go), for at most four nodes.
func ClausesBehind(p *engines.Pack, g *ir.Graph, lim ir.Limits, ids []int) []string {
	if len(ids) > 4 {
		ids = ids[:4]
	}
	_, o := p.Evaluate(g, lim, eval.Options{Provenance: true, Watch: ids})
	if o == nil {
		return nil
	}
	var at []string
	for _, id := range ids {
		for _, pr := range o.Proofs[id] {
			for _, h := range []string{"sig(", "foldtype(", "fold(", "alias(", "rewrite("} {
				if strings.HasPrefix(pr.Fact, h) && pr.Pos.File != "" {
					at = append(at, fmt.Sprintf("%s:%d", pr.Pos.File, pr.Pos.Line))
				}
			}
		}
	}
	return at
}

// Evidence is what the proofs make of the pack: refuted, unknown, or
// proved (every claim proved).
func (r *Proofs) Evidence() Verdict {
	v := Proved
	for _, k := range r.Kinds {
		v = min(v, k)
	}
	return v
}

// Print writes the counts per kind and the cache's figures.
func (r *Proofs) Print(w io.Writer, pack string) {
	kinds := make([]string, 0, len(r.Counts))
	for k := range r.Counts {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	scope := "beyond the reference"
	if r.All {
		scope = "all"
	}
	decided := 0
	for _, c := range r.Counts {
		for _, n := range c {
			decided += n
		}
	}
	fmt.Fprintf(w, "proofs of %s's claims (%s; %d decided in float32):", pack, scope, decided)
	if len(kinds) == 0 {
		fmt.Fprint(w, " none to prove")
	}
	for i, k := range kinds {
		if i > 0 {
			fmt.Fprint(w, ";")
		}
		c := r.Counts[k]
		fmt.Fprintf(w, " %s %d proved, %d refuted, %d unknown", k, c[prove.Proved], c[prove.Refuted], c[prove.Unknown])
	}
	hits, misses, formulas := r.CacheStats()
	fmt.Fprintf(w, "\nproof cache: %d hits, %d misses (%.0f%% hit rate), %d formulas; proving took %v\n", hits, misses, HitRate(hits, misses), formulas, r.Wall.Round(time.Millisecond))
}

// HitRate is hits as a percentage of all lookups (0 when there were none).
func HitRate(hits, misses int) float64 {
	if hits+misses == 0 {
		return 0
	}
	return 100 * float64(hits) / float64(hits+misses)
}
