package dss

import (
	"math/rand/v2"
	"slices"
	"testing"

	"reuselab/compiler/dss/syntax"
)

// reachesItself is the definition recursiveFuncs implements, walked the
// slow way: a search from each vertex's callees for the vertex.
func reachesItself(calls [][]int32, v int32) bool {
	seen := make([]bool, len(calls))
	stack := append([]int32(nil), calls[v]...)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x == v {
			return true
		}
		if !seen[x] {
			seen[x] = true
			stack = append(stack, calls[x]...)
		}
	}
	return false
}

// recursiveFuncs agrees with a search from every vertex on random call
// graphs: sparse and dense, with self-calls, cycles of every length and
// cycles reached only through others.
func TestRecursiveFuncsMatchesReachability(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 2))
	recursive := 0
	for round := range 2000 {
		n := 1 + rng.IntN(12)
		edges := rng.IntN(2 * n)
		calls := make([][]int32, n)
		for range edges {
			from, to := rng.IntN(n), rng.IntN(n)
			calls[from] = append(calls[from], int32(to))
		}
		got := recursiveFuncs(calls)
		for v := range n {
			want := reachesItself(calls, int32(v))
			if got[v] != want {
				t.Fatalf("round %d: vertex %d of %v: recursive %v, want %v", round, v, calls, got[v], want)
			}
			if want {
				recursive++
			}
		}
	}
	if recursive == 0 {
		t.Fatal("no random graph had a cycle: the comparison proves nothing")
	}
}

// A chain a million calls long, and a cycle through all of it, are walked
// without Go recursion (which would need a stack as deep as the chain).
func TestRecursiveFuncsLongChain(t *testing.T) {
	const n = 1_000_000
	calls := make([][]int32, n)
	for i := 1; i < n; i++ {
		calls[i] = []int32{int32(i - 1)}
	}
	for v, r := range recursiveFuncs(calls) {
		if r {
			t.Fatalf("vertex %d of a chain is recursive", v)
		}
	}
	calls[0] = []int32{n - 1}
	for v, r := range recursiveFuncs(calls) {
		if !r {
			t.Fatalf("vertex %d of a cycle is not recursive", v)
		}
	}
}

// paramsByName lists what a scan of the parameters lists, below and above
// the size at which it indexes them, with repeated names.
func TestParamsByNameMatchesScan(t *testing.T) {
	names := []string{"a", "b", "A", "c", "b"}
	rng := rand.New(rand.NewPCG(28, 4))
	for _, size := range []int{0, 2, 8, 9, 40} {
		d := &syntax.FuncDecl{}
		for range size {
			d.Params = append(d.Params, syntax.Param{Name: names[rng.IntN(len(names))]})
		}
		fn := &funcInfo{d: d}
		for _, q := range append(names, "z") {
			var want []int
			for i, p := range d.Params {
				if p.Name == q {
					want = append(want, i)
				}
			}
			if got := fn.paramsByName(q); !slices.Equal(got, want) {
				t.Errorf("%d params, %q: %v, want %v", size, q, got, want)
			}
		}
	}
}
