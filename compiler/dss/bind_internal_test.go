package dss

import (
	"math/rand/v2"
	"slices"
	"strconv"
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

// walkExprs visits every expression under a body once: each Name of a
// body naming every statement and expression form (counted by the names
// the source spells, n0…n29) is seen exactly once.
func TestWalkExprsVisitsEachExpressionOnce(t *testing.T) {
	src := `uniform float n0 = 1;
float F(float a) { return a; }
export void M(inout material m)
{
    float x = n1 + n2, y = -n3;
    if (n4 > n5) { x = n6 ? n7 : n8; } else if (n9) { y++; n10; }
    for (int i = n11; i < n12; i += n13) { { x = F(n14)[n15].x; } }
    while (n16) { return; }
    float2 v = {n17, (float)n18};
    m.Opacity = F(a = n19) + n20.y + n21[n22] + (n23 * n24) - n25++ + --n26;
    {} ; if (n27) n28; else { return n29; }
}
`
	p, ds := syntax.Parse("/mem/T.dss", src)
	if ds.HasErrors() {
		t.Fatalf("the test source does not parse:\n%s", ds.String())
	}
	var body *syntax.Block
	for _, d := range p.Decls {
		if fd, ok := d.(*syntax.FuncDecl); ok && fd.Name == "M" {
			body = fd.Body
		}
	}
	seen := map[string]int{}
	exprs := map[syntax.Expr]int{}
	walkExprs(body, func(e syntax.Expr) {
		exprs[e]++
		if n, ok := e.(*syntax.Name); ok {
			seen[n.Text]++
		}
	})
	for i := 1; i <= 29; i++ {
		if name := "n" + strconv.Itoa(i); seen[name] != 1 {
			t.Errorf("%s seen %d times", name, seen[name])
		}
	}
	for e, k := range exprs {
		if k != 1 {
			t.Errorf("%T at %v visited %d times", e, e.ExprPos(), k)
		}
	}
}
