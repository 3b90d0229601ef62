package metrics

import (
	"slices"
	"testing"

	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/flow"
	"gonum.org/v1/gonum/graph/simple"
	"gonum.org/v1/gonum/graph/topo"

	"reuselab/ir"
	"reuselab/ir/irgen"
)

// simpleGraphs builds, from g's reads, the adjacency Compute reads and the
// gonum simple.DirectedGraph it stands for.
func simpleGraphs(g *ir.Graph) (*adjacency, *simple.DirectedGraph) {
	n := len(g.Nodes)
	a, s := newAdjacency(n), simple.NewDirectedGraph()
	for i := range g.Nodes {
		s.AddNode(simple.Node(i))
	}
	for _, nd := range g.Nodes {
		nd.Inputs(func(r ir.Ref) {
			if r.Node >= 0 && r.Node < n && r.Node != nd.ID {
				a.addEdge(r.Node, nd.ID)
				s.SetEdge(simple.Edge{F: simple.Node(r.Node), T: simple.Node(nd.ID)})
			}
		})
	}
	return a, s
}

func ids(it graph.Nodes) []int64 {
	var out []int64
	for it.Next() {
		out = append(out, it.Node().ID())
	}
	slices.Sort(out)
	return out
}

// sameGraph fails unless a answers every question of graph.Directed (and
// undirected, graph.Undirected) as s does, over the ids in range and one
// past each end.
func sameGraph(t *testing.T, name string, a graph.Directed, s graph.Directed) {
	t.Helper()
	if !slices.Equal(ids(a.Nodes()), ids(s.Nodes())) {
		t.Fatalf("%s: nodes %v, want %v", name, ids(a.Nodes()), ids(s.Nodes()))
	}
	n := int64(len(ids(s.Nodes())))
	for u := int64(-1); u <= n; u++ {
		if (a.Node(u) == nil) != (s.Node(u) == nil) {
			t.Fatalf("%s: Node(%d) present %v, want %v", name, u, a.Node(u) != nil, s.Node(u) != nil)
		}
		if got, want := ids(a.From(u)), ids(s.From(u)); !slices.Equal(got, want) {
			t.Fatalf("%s: From(%d) = %v, want %v", name, u, got, want)
		}
		if got, want := ids(a.To(u)), ids(s.To(u)); !slices.Equal(got, want) {
			t.Fatalf("%s: To(%d) = %v, want %v", name, u, got, want)
		}
		for v := int64(-1); v <= n; v++ {
			if a.HasEdgeFromTo(u, v) != s.HasEdgeFromTo(u, v) || a.HasEdgeBetween(u, v) != s.HasEdgeBetween(u, v) || (a.Edge(u, v) == nil) != (s.Edge(u, v) == nil) {
				t.Fatalf("%s: edge %d→%d differs", name, u, v)
			}
		}
	}
	ua, us := undirected{a.(*adjacency)}, graph.Undirect{G: s}
	for u := int64(-1); u <= n; u++ {
		if got, want := ids(ua.From(u)), ids(us.From(u)); !slices.Equal(got, want) {
			t.Fatalf("%s: undirected From(%d) = %v, want %v", name, u, got, want)
		}
		for v := int64(-1); v <= n; v++ {
			if (ua.EdgeBetween(u, v) == nil) != (us.EdgeBetween(u, v) == nil) {
				t.Fatalf("%s: undirected edge %d–%d differs", name, u, v)
			}
		}
	}
}

// The slice-backed graph gonum's algorithms read is the simple graph it
// replaces: the same answers to every query, and so the same topological
// order, components and dominator tree, on irgen graphs of both shapes,
// functions included (whose inputs are roots), reversed and with the
// dominators' virtual entry.
func TestAdjacencyIsTheSimpleGraph(t *testing.T) {
	for seed := uint64(1); seed <= 60; seed++ {
		cfg := irgen.Config{Seed: seed, Nodes: 2 + int(seed%25), DupRate: float64(seed%5) / 4, Function: seed%3 == 0}
		if seed%2 == 0 {
			cfg.Shape = irgen.Deep
		}
		g := irgen.Generate(cfg)
		a, s := simpleGraphs(g)
		sameGraph(t, g.Name, a, s)

		orderA, errA := topo.SortStabilized(a, nil)
		orderS, errS := topo.SortStabilized(s, nil)
		if (errA != nil) != (errS != nil) || !slices.EqualFunc(orderA, orderS, func(x, y graph.Node) bool { return x.ID() == y.ID() }) {
			t.Fatalf("seed %d: topological orders differ", seed)
		}
		if ca, cs := topo.ConnectedComponents(undirected{a}), topo.ConnectedComponents(graph.Undirect{G: s}); len(ca) != len(cs) {
			t.Fatalf("seed %d: %d components, want %d", seed, len(ca), len(cs))
		}

		roots := g.Roots()
		rev, entry := a.reversed().withEntry(roots)
		srev := reversedWithEntry(s, roots)
		sameGraph(t, g.Name+" reversed", rev, srev)
		ta, ts := flow.Dominators(entry, rev), flow.Dominators(entry, srev)
		for id := int64(0); id <= int64(len(g.Nodes)); id++ {
			da, ds := ta.DominatorOf(id), ts.DominatorOf(id)
			if (da == nil) != (ds == nil) || (da != nil && da.ID() != ds.ID()) {
				t.Fatalf("seed %d: dominator of %d differs", seed, id)
			}
		}
		// withEntry left a as it was.
		sameGraph(t, g.Name+" after withEntry", a, s)
	}
}

func reversedWithEntry(s *simple.DirectedGraph, roots []int) *simple.DirectedGraph {
	rev := simple.NewDirectedGraph()
	nodes := s.Nodes()
	n := int64(nodes.Len())
	for nodes.Next() {
		rev.AddNode(nodes.Node())
	}
	rev.AddNode(simple.Node(n))
	edges := s.Edges()
	for edges.Next() {
		e := edges.Edge()
		rev.SetEdge(simple.Edge{F: e.To(), T: e.From()})
	}
	for _, r := range roots {
		rev.SetEdge(simple.Edge{F: simple.Node(n), T: simple.Node(r)})
	}
	return rev
}
