package compiled

import "testing"

// A unary relation keeps small values in a bitset and the rest (strings,
// large numbers) in hash chains: each row is stored once whichever holds
// it, a reset forgets both, and the chains stay indexed by row although
// the bitset's rows have no chain.
func TestUnaryRelationDedupesAcrossBitsetAndChains(t *testing.T) {
	in := newInterner()
	rel := newRelation(1)
	vals := []Val{3, in.str("a"), denseMax - 1, denseMax, 1 << 40, 70000, in.str("b"), 0}
	for round := range 2 {
		for _, v := range vals {
			if !rel.insert([]Val{v}) {
				t.Fatalf("round %d: %v refused on first insert", round, v)
			}
		}
		for _, v := range vals {
			if rel.insert([]Val{v}) {
				t.Fatalf("round %d: %v inserted twice", round, v)
			}
			if !rel.contains([]Val{v}) {
				t.Fatalf("round %d: %v not contained", round, v)
			}
		}
		if rel.n != len(vals) {
			t.Fatalf("round %d: %d rows, want %d", round, rel.n, len(vals))
		}
		for i, v := range vals {
			if rel.cols[0][i] != v {
				t.Fatalf("round %d: row %d holds %v, want %v", round, i, rel.cols[0][i], v)
			}
		}
		for _, v := range []Val{4, in.str("c"), denseMax + 1} {
			if rel.contains([]Val{v}) {
				t.Fatalf("round %d: %v contained but never inserted", round, v)
			}
		}
		rel.reset()
		for _, v := range vals {
			if rel.contains([]Val{v}) {
				t.Fatalf("round %d: %v still contained after reset", round, v)
			}
		}
	}
}
