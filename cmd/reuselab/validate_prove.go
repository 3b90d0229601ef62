package main

import (
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"reuselab/ir"
	"reuselab/prove"
	"reuselab/reuse"
	"reuselab/reuse/engines"
	"reuselab/rules/eval"
)

// validate --prove (issue 29): every merge, fold, alias and rewrite the
// pack makes beyond the reference (with --prove-all, every one it makes)
// is a claim about the build graph that package prove decides for every
// float32 input — and over the reals with --semantics real — where
// evaluation only tries 64 draws in float64. One prover per semantics
// serves the whole run, so that a claim met on many assets asks the
// solver once (the cache's hit rate is printed).

// proofRun is validate's provers and what they decided.
type proofRun struct {
	all     bool
	provers []*prove.Prover // float32 first, then real with --semantics real
	cache   *prove.Cache
	// kinds is the verdict of the claims of each kind (merge, fold,
	// alias, rewrite), the weakest of the instances.
	kinds  map[string]verdict
	counts map[string]map[prove.Outcome]int
	// refutedBy holds the clauses (FILE:LINE) a refuted claim's
	// derivation names.
	refutedBy map[string]bool
	refuted   int
	unknown   int
	wall      time.Duration
}

func newProofRun(all, real bool, timeout time.Duration, memMB int) *proofRun {
	r := &proofRun{all: all, cache: prove.NewCache(), kinds: map[string]verdict{}, counts: map[string]map[prove.Outcome]int{}, refutedBy: map[string]bool{}}
	r.provers = append(r.provers, prove.New(prove.Options{Semantics: prove.Float32, Timeout: timeout, MemoryMB: memMB, Cache: r.cache}))
	if real {
		r.provers = append(r.provers, prove.New(prove.Options{Semantics: prove.Real, Timeout: timeout, MemoryMB: memMB, Cache: r.cache}))
	}
	return r
}

func (r *proofRun) close() {
	for _, p := range r.provers {
		p.Close()
	}
}

// claim is one equation a pack's result rests on.
type claim struct {
	kind  string // merge, fold, alias, rewrite
	build int    // the build node it is about
	other int    // a merge's other node, else -1
	what  string // in words, for the report
	a, b  prove.Side
	konst []float64 // a fold: a equals this constant
	fold  bool
}

// claimsOf lists the claims behind res (o is the same evaluation's
// outcome): the extra merges and extra work, or with all every merge,
// fold, alias and rewrite.
func claimsOf(build *ir.Graph, res *ir.Result, o *eval.Outcome, extra []reuse.ExtraMerge, work []extraWork, all bool) []claim {
	var out []claim
	merge := func(x, y int) {
		if x < 0 || y < 0 || x >= len(build.Nodes) || y >= len(build.Nodes) {
			return
		}
		for k := range build.Nodes[y].Outputs {
			out = append(out, claim{kind: "merge", build: y, other: x, what: fmt.Sprintf("b%d#%d = b%d#%d (%s)", x, k, y, k, opLabel(build.Nodes[y])),
				a: prove.Output(ir.Ref{Node: x, Out: k}), b: prove.Output(ir.Ref{Node: y, Out: k})})
		}
	}
	fold := func(id int) {
		f, ok := o.Fold[id]
		if !ok || id >= len(build.Nodes) {
			return
		}
		out = append(out, claim{kind: "fold", build: id, other: -1, what: fmt.Sprintf("b%d (%s) = %v", id, opLabel(build.Nodes[id]), f.Vals),
			a: prove.Output(ir.Ref{Node: id}), konst: f.Vals, fold: true})
	}
	alias := func(id int) {
		if id >= len(build.Nodes) {
			return
		}
		to, ok := o.Alias[id]
		if !ok {
			// a Swizzle the swizzle rules read as its source: its fate says whose
			to = ir.Ref{Node: int(res.Fates[id].Into)}
		}
		out = append(out, claim{kind: "alias", build: id, other: -1, what: fmt.Sprintf("b%d (%s) = b%d#%d", id, opLabel(build.Nodes[id]), to.Node, to.Out),
			a: prove.Output(ir.Ref{Node: id}), b: prove.Output(to)})
	}
	rewrite := func(id int) {
		s, ok := o.Rewrite[id]
		if !ok || id >= len(build.Nodes) {
			return
		}
		for k, ch := range s.Mask {
			c := strings.IndexRune("xyzw", ch)
			if c < 0 {
				c = strings.IndexRune("rgba", ch)
			}
			out = append(out, claim{kind: "rewrite", build: id, other: -1, what: fmt.Sprintf("b%d (%s) lane %d = b%d#%d.%c", id, opLabel(build.Nodes[id]), k, s.Src.Node, s.Src.Out, ch),
				a: prove.Lane(ir.Ref{Node: id}, k), b: prove.Lane(s.Src, c)})
		}
	}
	if !all {
		for _, e := range extra {
			for _, y := range e.Build[1:] {
				merge(e.Build[0], y)
			}
		}
		for _, w := range work {
			switch w.Kind {
			case "fold":
				fold(w.Build)
			case "alias":
				alias(w.Build)
			case "rewrite":
				rewrite(w.Build)
			}
		}
		return out
	}
	for i, f := range res.Fates {
		switch {
		case f.Kind == ir.Folded:
			fold(i)
		case f.Kind == ir.Rewritten:
			rewrite(i)
		case f.Kind == ir.Merged && (f.Pass == passAlias || f.Pass == passSwizzles):
			alias(i)
		case f.Kind == ir.Merged && int(f.Into) != i:
			merge(int(f.Into), i)
		}
	}
	return out
}

// check decides the claims of one asset, prints the refuted and the
// unknown ones, and names the clauses behind a refutation.
func (r *proofRun) check(where string, p *engines.Pack, g *ir.Graph, lim ir.Limits, build *ir.Graph, claims []claim, quiet bool, out io.Writer) {
	start := time.Now()
	defer func() { r.wall += time.Since(start) }()
	var refuted []int
	for _, c := range claims {
		if r.counts[c.kind] == nil {
			r.counts[c.kind] = map[prove.Outcome]int{}
			r.kinds[c.kind] = verdictProved
		}
		for _, pr := range r.provers {
			var v prove.Verdict
			if c.fold {
				v = pr.EqualsConst(build, c.a, c.konst)
			} else {
				v = pr.Equal(build, c.a, c.b)
			}
			if v.Semantics == prove.Real {
				// the reals say what the rewrite means before rounding: a
				// note beside the float32 verdict, never the verdict
				if v.Outcome != prove.Proved || !quiet {
					fmt.Fprintf(out, "%s: %s %s over the reals: %s\n", where, c.kind, c.what, v.Outcome)
				}
				continue
			}
			r.counts[c.kind][v.Outcome]++
			switch v.Outcome {
			case prove.Refuted:
				r.refuted++
				r.kinds[c.kind] = verdictRefuted
				refuted = append(refuted, c.build)
				if c.other >= 0 {
					refuted = append(refuted, c.other)
				}
				fmt.Fprintf(out, "%s: %s %s refuted (%s): witness\n%s", where, c.kind, c.what, v.Reason, indent(v.Witness.String()))
			case prove.Unknown:
				r.unknown++
				if r.kinds[c.kind] > verdictUnknown {
					r.kinds[c.kind] = verdictUnknown
				}
				fmt.Fprintf(out, "%s: %s %s unknown: %s\n", where, c.kind, c.what, v.Reason)
			}
		}
	}
	if len(refuted) > 0 {
		for _, at := range clausesBehind(p, g, lim, refuted) {
			r.refutedBy[at] = true
		}
	}
}

// clausesBehind names (FILE:LINE) the clauses whose facts decided the
// fates of ids: the evaluation run again with provenance (rules/eval,
// record.go), only on an asset with a refuted claim, for at most four
// nodes.
func clausesBehind(p *engines.Pack, g *ir.Graph, lim ir.Limits, ids []int) []string {
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

// evidence is what the proofs make of the pack: refuted, unknown, or
// proved (every claim proved).
func (r *proofRun) evidence() verdict {
	v := verdictProved
	for _, k := range r.kinds {
		if k < v {
			v = k
		}
	}
	return v
}

func (r *proofRun) print(w io.Writer, pack string) {
	kinds := make([]string, 0, len(r.counts))
	for k := range r.counts {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	scope := "beyond the reference"
	if r.all {
		scope = "all"
	}
	fmt.Fprintf(w, "proofs of %s's claims (%s; %d decided in float32):", pack, scope, r.provers[0].Stats().Queries)
	if len(kinds) == 0 {
		fmt.Fprint(w, " none to prove")
	}
	for i, k := range kinds {
		if i > 0 {
			fmt.Fprint(w, ";")
		}
		c := r.counts[k]
		fmt.Fprintf(w, " %s %d proved, %d refuted, %d unknown", k, c[prove.Proved], c[prove.Refuted], c[prove.Unknown])
	}
	hits, misses := r.cache.Stats()
	rate := 0.0
	if hits+misses > 0 {
		rate = 100 * float64(hits) / float64(hits+misses)
	}
	fmt.Fprintf(w, "\nproof cache: %d hits, %d misses (%.0f%% hit rate), %d formulas; proving took %v\n", hits, misses, rate, r.cache.Len(), r.wall.Round(time.Millisecond))
}

// proveFlags are validate's flags for proofs and verdicts.
type proveFlags struct {
	prove, all, allowUnverified bool
	coverage                    bool
	semantics                   string
	timeout                     time.Duration
	memoryMB                    int
}

func addProveFlags(fs *flag.FlagSet) *proveFlags {
	f := &proveFlags{}
	fs.BoolVar(&f.prove, "prove", false, "prove every merge, fold, alias and rewrite the pack makes beyond the reference with an SMT solver (z3), in float32")
	fs.BoolVar(&f.all, "prove-all", false, "with --prove: every merge, fold, alias and rewrite the pack makes, not only those beyond the reference")
	fs.StringVar(&f.semantics, "semantics", "float32", "with --prove: float32, or real to prove over the reals as well (said beside the float32 verdict)")
	fs.DurationVar(&f.timeout, "prove-timeout", 5*time.Second, "with --prove: the solver's time limit per claim (a claim it cannot decide in time is unknown)")
	fs.IntVar(&f.memoryMB, "prove-memory", 2048, "with --prove: the solver's memory limit, MiB")
	fs.BoolVar(&f.allowUnverified, "allow-unverified", false, "exit 0 when the pack's verdict is unknown or not exercised (a research pack run on a corpus that does not fire it, on purpose)")
	fs.BoolVar(&f.coverage, "coverage", false, "count the clauses that fire for a mirroring pack too (its verdict is agreement with the reference; counting costs up to one more evaluation of its clauses)")
	return f
}

func (f *proveFlags) real() bool { return f.semantics == "real" }

// check refuses inconsistent flags, and --prove without its solver.
func (f *proveFlags) check() error {
	switch {
	case f.semantics != "float32" && f.semantics != "real":
		return fmt.Errorf("--semantics %q: float32 or real", f.semantics)
	case f.timeout <= 0:
		return fmt.Errorf("--prove-timeout %v: must be positive", f.timeout)
	case f.memoryMB <= 0:
		return fmt.Errorf("--prove-memory %d: must be positive", f.memoryMB)
	case (f.all || f.semantics != "float32") && !f.prove:
		return fmt.Errorf("--prove-all and --semantics need --prove")
	case f.prove:
		if err := prove.Z3().Available(); err != nil {
			return fmt.Errorf("--prove needs the z3 solver (apt-get install z3): %v", err)
		}
	}
	return nil
}
