package packcheck

import (
	"bytes"
	"path/filepath"
	"reflect"
	"testing"

	"reuselab/compiler"
	"reuselab/ir"
	"reuselab/reuse"
	"reuselab/reuse/engines"
	"reuselab/rules/eval"
)

// examples are the bundled examples' assets, in file order.
func examples(t *testing.T) []Pending {
	files, _ := filepath.Glob("../../bench/corpus/examples/*.ds*")
	var out []Pending
	for _, f := range files {
		m, ds := compiler.CompileFile(f, compiler.Options{})
		if m == nil || ds.HasErrors() {
			continue
		}
		for _, g := range m.Products {
			out = append(out, Pending{File: f, Graph: g})
		}
	}
	if len(out) < 5 {
		t.Fatalf("%d assets in the bundled examples", len(out))
	}
	return out
}

// validated runs Batch over the batches and returns what it printed and
// counted, its costs left out: the timings, and how many evaluations each
// clause took part in (a batch takes fewer; the coverage is the facts).
func validated(batches [][]Pending, opt Options, coverage bool) (string, *Tally) {
	st := NewTally()
	st.CountCoverage = coverage
	var out bytes.Buffer
	for _, b := range batches {
		st.Batch(b, opt, &out)
	}
	st.RefWall, st.FactsWall = 0, 0
	st.Coverage.Sum.EvalTime, st.Coverage.Sum.Evals = 0, nil
	for k := range st.Coverage.Sum.Clauses {
		c := &st.Coverage.Sum.Clauses[k]
		c.Time, c.StratumTime, c.Evals, c.Productive = 0, 0, 0, 0
	}
	return out.String(), st
}

// Batch over all the assets at once prints and counts what it does over
// each asset alone, for a mirroring pack and for one that merges more
// (whose clause coverage is counted), on both engines, and under a fact
// limit every asset keeps alone but the batch exceeds.
func TestBatchIsAssetByAsset(t *testing.T) {
	assets := examples(t)
	var each [][]Pending
	for _, a := range assets {
		each = append(each, []Pending{a})
	}
	for _, name := range []string{"reuse-2.0", "commutative"} {
		for _, engine := range []string{"compiled", "mangle"} {
			e, ds := engines.Resolve(name, ir.Limits{})
			if e == nil {
				t.Fatal(ds.String())
			}
			p := engines.WithEvaluator(e, engine).(*engines.Pack)
			most, total := 0, 0
			for _, a := range assets {
				_, o := p.Evaluate(a.Graph, ir.Limits{}, eval.Options{})
				most, total = max(most, o.Facts), total+o.Facts
			}
			if total <= 2*most {
				t.Fatalf("%s: the assets derive too few facts for a limit only the batch exceeds", name)
			}
			for _, lim := range []ir.Limits{{}, {MaxFacts: 2 * most}} {
				exact := p.Info().Mirrors != ""
				opt := Options{Reference: engines.MustResolve(reuse.Versus(p)), Pack: p, Exact: exact, Limits: lim, Runs: 8}
				together, st := validated([][]Pending{assets}, opt, !exact)
				alone, want := validated(each, opt, !exact)
				if together != alone {
					t.Errorf("%s on %s, %+v: batched printed\n%s\nasset by asset\n%s", name, engine, lim, together, alone)
				}
				if !reflect.DeepEqual(st, want) {
					t.Errorf("%s on %s, %+v: batched counted\n%+v\nasset by asset\n%+v", name, engine, lim, st, want)
				}
				if st.Assets != len(assets) || st.Stopped != 0 {
					t.Errorf("%s on %s, %+v: %d assets, %d stopped", name, engine, lim, st.Assets, st.Stopped)
				}
			}
		}
	}
}
