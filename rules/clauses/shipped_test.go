package clauses

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"reuselab/prove"
	"reuselab/rules/pack"
)

// The verdict of every clause of every shipped pack, and why: the table
// of the report (go test -run TestShippedPacks -v prints it). Each row is
// what the clause's body makes of it, said in the package doc: a fixed
// pattern of core math is proved or refuted; recursion, a carried
// analysis, the folder's arithmetic, masks and signatures over every op
// are proved per instance.
func TestShippedPacks(t *testing.T) {
	needZ3(t)
	if testing.Short() {
		t.Skip("-short: every shipped pack's clauses ask z3 for about a minute")
	}
	// a short limit where a multiplier's commutativity is beyond z3 in
	// any time a test has (unknown either way); a long one where the
	// verdict must be a proof (x*1 on four lanes takes z3 seconds on a
	// loaded machine)
	short := prove.New(prove.Options{Timeout: 10 * time.Second})
	defer short.Close()
	long := prove.New(prove.Options{Timeout: 60 * time.Second})
	defer long.Close()
	want := map[string]struct {
		v   Verdict
		why string
	}{
		// x*1, 1*x, x+0, 0+x, x-0, x/1 with the result of x's type, and
		// min(x, x), max(x, x)
		"packs/identities.mg:29": {ProvedForAll, "typed graph"},
		// min and max are FMath's: a NaN picks a side, so min(a, b) is
		// not min(b, a)
		"packs/commutative.mg:14": {Refuted, "sat"},
		"packs/commutative.mg:17": {Refuted, "sat"},
		// and over one node's two outputs (the witness's pins numbered
		// as the comparisons ask)
		"packs/commutative.mg:20":    {Refuted, "sat"},
		"packs/commutative.mg:23":    {Refuted, "sat"},
		"packs/reassociate.mg:45":    {PerInstance, "carried analysis terms/3"},
		"packs/ranges.mg:155":        {PerInstance, "carried analysis range/3"},
		"packs/swizzle-append.mg:67": {PerInstance, "recursion through step/7"},
		"packs/legacy-1x.mg:75":      {PerInstance, "its op is not pinned"},
		"packs/legacy-1x.mg:88":      {PerInstance, "recursion through sigp/3"},
		"packs/reuse-2.0.mg:105":     {PerInstance, "folder's arithmetic"},
		"packs/reuse-2.0.mg:113":     {PerInstance, "mask"},
		"packs/reuse-2.0.mg:138":     {PerInstance, "recursion through dacc/3"},
		"packs/reuse-2.0.mg:236":     {PerInstance, "congruence"},
	}
	seen := map[string]bool{}
	count := map[Verdict]int{}
	for _, name := range pack.BuiltinNames() {
		p, ds := pack.Builtin(name)
		if p == nil {
			t.Fatalf("%s: %v", name, ds)
		}
		pr := short
		if name == "identities" {
			pr = long
		}
		rs := Prove(p, pr)
		if len(rs) == 0 {
			t.Errorf("%s: no clause judged", name)
		}
		for _, r := range rs {
			at := r.Pos.File + ":" + strconv.Itoa(r.Pos.Line)
			t.Log(FormatResult(r))
			if r.Witness != "" {
				t.Log(r.Witness)
			}
			count[r.Verdict]++
			if r.Verdict == Refuted && !strings.Contains(r.Witness, "ir/interp: confirmed") {
				t.Errorf("%s: refuted without a witness ir/interp confirms:\n%s", at, r.Witness)
			}
			w, ok := want[at]
			if !ok {
				if r.Verdict == ProvedForAll || r.Verdict == Refuted {
					t.Errorf("%s: %s, which no row expects", at, r.Verdict)
				}
				continue
			}
			seen[at] = true
			if r.Verdict != w.v || !strings.Contains(r.Reason, w.why) {
				t.Errorf("%s: %s (%s), want %s (%s)", at, r.Verdict, r.Reason, w.v, w.why)
			}
		}
	}
	for at := range want {
		if !seen[at] {
			t.Errorf("%s: not judged", at)
		}
	}
	t.Logf("shipped packs: %d proved for all graphs, %d refuted, %d per instance", count[ProvedForAll], count[Refuted], count[PerInstance])
}
