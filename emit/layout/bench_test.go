package layout_test

import (
	"testing"

	"reuselab/emit/layout"
)

// BenchmarkPlace lays out the largest asset of the real corpus (raw, so
// nothing is merged away) and checks it for overlaps, as the corpus test
// does for every asset.
func BenchmarkPlace(b *testing.B) {
	var big corpusAsset
	for _, ca := range corpusAssets(b, placeNew) {
		if big.asset == nil || len(ca.asset.Nodes) > len(big.asset.Nodes) {
			big = ca
		}
	}
	for b.Loop() {
		layout.Place(big.asset, big.graph)
		_ = layout.Overlapping(big.asset)
	}
	b.ReportMetric(float64(len(big.asset.Nodes)), "nodes")
}
