package bench

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"testing"

	"reuselab/bench/metrics"
	"reuselab/ir/irgen"
)

// TestMetricsJSONIsMarshalIndents: metrics.json put together from the
// entries the workers encoded is, byte for byte, json.MarshalIndent of the
// whole list, whether the entries were encoded by a worker or not, for no
// asset, one, and many (names that JSON escapes, an asset with no merged
// graph, a failed file among them); and an entry that cannot be encoded
// fails the file as MarshalIndent does.
func TestMetricsJSONIsMarshalIndents(t *testing.T) {
	asset := func(name string, seed uint64, merged bool) *AssetResult {
		g := irgen.Generate(irgen.Config{Seed: seed, Nodes: 60, DupRate: 0.3})
		a := &AssetResult{Corpus: "c<&>", File: "f\"\\é.dsm", Asset: name, Raw: metrics.Compute(g)}
		if merged {
			m := metrics.Compute(irgen.Generate(irgen.Config{Seed: seed + 1, Nodes: 40}))
			a.Merged = &m
		}
		return a
	}
	many := []*FileResult{
		{Assets: []*AssetResult{asset("a", 1, true), asset("b\u2028", 2, false)}},
		{Failed: true},
		{Assets: []*AssetResult{asset("c", 3, true)}},
	}
	cases := map[string][]*FileResult{"none": nil, "one": {{Assets: []*AssetResult{asset("a", 4, true)}}}, "many": many}
	dir := t.TempDir()
	for name, files := range cases {
		for _, byWorkers := range []bool{false, true} {
			for _, a := range Assets(files) {
				a.metricsJSON = nil
				if byWorkers {
					a.metricsJSON = encodeMetrics(a)
				}
			}
			got, want := filepath.Join(dir, name+"-got.json"), filepath.Join(dir, name+"-want.json")
			if err := writeMetrics(got, files); err != nil {
				t.Fatal(err)
			}
			if err := writeJSON(want, assetMetrics(files)); err != nil {
				t.Fatal(err)
			}
			g, _ := os.ReadFile(got)
			w, _ := os.ReadFile(want)
			if !bytes.Equal(g, w) || len(w) < 3 {
				t.Errorf("%s (encoded by workers: %v): metrics.json differs from MarshalIndent's:\n%s\nwant\n%s", name, byWorkers, g, w)
			}
		}
	}
	bad := asset("nan", 5, false)
	bad.Raw.SharingFactor = math.NaN()
	files := []*FileResult{{Assets: []*AssetResult{asset("ok", 6, false), bad}}}
	for _, a := range Assets(files) {
		a.metricsJSON = encodeMetrics(a)
	}
	if err := writeMetrics(filepath.Join(dir, "nan.json"), files); err == nil {
		t.Error("an entry with a NaN was written: MarshalIndent refuses it")
	}
}
