// Package metrics measures the shape of one IR graph: how deep and wide it
// is, how its nodes fan in and out, how much of it is shared, how many
// independent pieces it has and how much of it belongs to each root alone.
//
// Which library does what:
//   - gonum.org/v1/gonum/graph/topo: the topological order (topo.SortStabilized)
//     that depth, width and the tree size are computed along, and the weakly
//     connected components (topo.ConnectedComponents).
//   - gonum.org/v1/gonum/graph/flow: the dominator tree (flow.Dominators,
//     Lengauer–Tarjan) of the graph reversed from the roots.
//   - gonum.org/v1/gonum/graph: the interfaces both read the graph through,
//     implemented over slices by adjacency (adjacency.go).
//
// Everything else (fan-in, fan-out, path counts) is plain arithmetic over the
// ir.Graph, because the graph gonum reads collapses parallel edges (as its
// simple graphs do) and an Add(m, m) reads m twice.
package metrics

import (
	"sort"

	"gonum.org/v1/gonum/graph/flow"
	"gonum.org/v1/gonum/graph/topo"

	"reuselab/ir"
)

// Bin is one bar of a distribution: Count nodes have the value Value.
type Bin struct {
	Value int `json:"value"`
	Count int `json:"count"`
}

// RootShare is what one root owns alone: the nodes it dominates in the graph
// reversed from the roots (itself included), i.e. the nodes every path from
// any root to them passes through this root.
type RootShare struct {
	Node      int    `json:"node"`
	Op        string `json:"op"`
	Dominated int    `json:"dominated"`
}

// Metrics describes one graph. Edges run from an operand to the node that
// reads it (data flow); a "root" is a prune root of ir.Graph.Roots (statements
// and function inputs).
type Metrics struct {
	Nodes int `json:"nodes"`
	// Edges counts node-valued inputs with multiplicity.
	Edges int `json:"edges"`
	// Depth is the longest path, in edges, from any node to a node nothing
	// reads (a root, or a dead end in a raw graph).
	Depth int `json:"depth"`
	// Width[l] is the number of nodes whose longest path to an unread node is
	// l edges long.
	Width    []int `json:"width"`
	MaxWidth int   `json:"max_width"`
	// FanIn is the distribution of node-valued inputs per node, FanOut of
	// reads per node (both with multiplicity).
	FanIn     []Bin `json:"fan_in"`
	FanOut    []Bin `json:"fan_out"`
	MaxFanIn  int   `json:"max_fan_in"`
	MaxFanOut int   `json:"max_fan_out"`
	// Shared counts the nodes read by more than one distinct node.
	Shared int `json:"shared"`
	// TreeSize is the node count of the graph unfolded into a forest from its
	// unread nodes (every shared node copied once per path that reaches it);
	// SharingFactor = TreeSize / Nodes, 1 when nothing is shared.
	TreeSize      float64 `json:"tree_size"`
	SharingFactor float64 `json:"sharing_factor"`
	// Components counts the weakly connected components.
	Components int `json:"components"`
	// Roots lists, per root in id order, the nodes it dominates.
	Roots []RootShare `json:"roots"`
	// Unreached counts nodes no root reaches (what a prune would remove).
	Unreached int `json:"unreached"`
}

// Compute measures g. It does not modify g.
func Compute(g *ir.Graph) Metrics {
	n := len(g.Nodes)
	m := Metrics{Nodes: n}
	if n == 0 {
		return m
	}
	flowG := newAdjacency(n)
	readers := make([][]int, n) // with multiplicity
	fanIn := make([]int, n)
	for _, nd := range g.Nodes {
		nd.Inputs(func(r ir.Ref) {
			if r.Node < 0 || r.Node >= n {
				return // a dangling ref is the validator's business, not ours
			}
			m.Edges++
			fanIn[nd.ID]++
			readers[r.Node] = append(readers[r.Node], nd.ID)
			if r.Node != nd.ID {
				flowG.addEdge(r.Node, nd.ID)
			}
		})
	}

	order, err := topo.SortStabilized(flowG, nil)
	if err != nil {
		// A cycle: the IR forbids it; measure nothing rather than lie.
		return m
	}
	level := make([]int, n)
	paths := make([]float64, n)
	for i := len(order) - 1; i >= 0; i-- {
		id := int(order[i].ID())
		if len(readers[id]) == 0 {
			paths[id] = 1
			continue
		}
		for _, r := range readers[id] {
			if level[r]+1 > level[id] {
				level[id] = level[r] + 1
			}
			paths[id] += paths[r]
		}
	}
	for id := 0; id < n; id++ {
		if level[id] > m.Depth {
			m.Depth = level[id]
		}
		m.TreeSize += paths[id]
	}
	m.Width = make([]int, m.Depth+1)
	for _, l := range level {
		m.Width[l]++
	}
	for _, w := range m.Width {
		m.MaxWidth = max(m.MaxWidth, w)
	}
	m.SharingFactor = m.TreeSize / float64(n)

	fanOut := make([]int, n)
	for id, rs := range readers {
		fanOut[id] = len(rs)
		if distinct(rs) > 1 {
			m.Shared++
		}
	}
	m.FanIn, m.MaxFanIn = distribution(fanIn)
	m.FanOut, m.MaxFanOut = distribution(fanOut)

	m.Components = len(topo.ConnectedComponents(undirected{flowG}))
	m.Roots, m.Unreached = dominance(g, flowG)
	return m
}

// dominance builds the reversed graph (reader → operand) with a virtual entry
// joined to every root, and counts the dominator subtree of every root.
func dominance(g *ir.Graph, flowG *adjacency) ([]RootShare, int) {
	n := len(g.Nodes)
	roots := g.Roots()
	rev, entry := flowG.reversed().withEntry(roots)
	tree := flow.Dominators(entry, rev)

	// Subtree sizes by an explicit stack: deep graphs would overflow a
	// recursive walk's patience long before Go's stack.
	size := make([]int, n+1)
	type frame struct {
		id   int64
		done bool
	}
	stack := []frame{{id: entry.ID()}}
	for len(stack) > 0 {
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if f.done {
			s := 1
			for _, c := range tree.DominatedBy(f.id) {
				s += size[c.ID()]
			}
			size[f.id] = s
			continue
		}
		stack = append(stack, frame{id: f.id, done: true})
		for _, c := range tree.DominatedBy(f.id) {
			stack = append(stack, frame{id: c.ID()})
		}
	}
	shares := make([]RootShare, 0, len(roots))
	for _, r := range roots {
		shares = append(shares, RootShare{Node: r, Op: g.Nodes[r].Op.String(), Dominated: size[r]})
	}
	reached := size[entry.ID()] - 1
	return shares, n - reached
}

func distinct(ids []int) int {
	if len(ids) < 2 {
		return len(ids)
	}
	seen := make(map[int]struct{}, len(ids))
	for _, id := range ids {
		seen[id] = struct{}{}
	}
	return len(seen)
}

func distribution(vals []int) ([]Bin, int) {
	counts := map[int]int{}
	hi := 0
	for _, v := range vals {
		counts[v]++
		hi = max(hi, v)
	}
	bins := make([]Bin, 0, len(counts))
	for v, c := range counts {
		bins = append(bins, Bin{Value: v, Count: c})
	}
	sort.Slice(bins, func(i, j int) bool { return bins[i].Value < bins[j].Value })
	return bins, hi
}
