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

// An index over one column of node ids is addressed by key once the
// relation is large, answers every key as a hash index does, turns back
// into one when a key that does not fit arrives, and is rebuilt after a
// reset; a small relation's index is hashed.
func TestIndexAddressedByKey(t *testing.T) {
	in := newInterner()
	rel := newRelation(2)
	want := map[Val][]Val{}
	add := func(k, v Val) {
		rel.appendRow([]Val{k, v})
		want[k] = append(want[k], v)
	}
	lookup := func(x *index, k Val) []Val {
		var got []Val
		for n := x.first([]Val{k}); n != 0; n = x.c.next[n-1] {
			if rel.cols[0][n-1] == k {
				got = append([]Val{rel.cols[1][n-1]}, got...)
			}
		}
		return got
	}
	check := func(stage string, x *index) {
		t.Helper()
		for k, vs := range want {
			if got := lookup(x, k); len(got) != len(vs) {
				t.Fatalf("%s: key %v gives %v, want %v", stage, k, got, vs)
			}
		}
		if got := lookup(x, 999_999); len(got) != 0 {
			t.Fatalf("%s: an absent key gives %v", stage, got)
		}
	}
	for round := range 2 {
		for i := range denseIndexMin + 10 {
			add(Val(i/2), Val(i))
		}
		x := rel.index(1, []int{0})
		if len(x.byKey) == 0 {
			t.Fatalf("round %d: %d rows of small keys hashed", round, rel.n)
		}
		check("addressed", x)
		add(Val(rel.n), 7) // past the table, within the span: widened
		x = rel.index(1, []int{0})
		check("widened", x)
		add(in.str("not a node"), 8)
		x = rel.index(1, []int{0})
		if len(x.byKey) != 0 {
			t.Fatalf("round %d: an interned key left the index addressed", round)
		}
		check("hashed", x)
		rel.reset()
		clear(want)
		if n := rel.index(1, []int{0}).first([]Val{3}); n != 0 {
			t.Fatalf("round %d: after a reset key 3 gives row %d", round, n)
		}
	}
	small := newRelation(2)
	small.appendRow([]Val{1, 2})
	if x := small.index(1, []int{0}); len(x.byKey) != 0 {
		t.Error("a one-row relation's index is addressed by key")
	}
}
