package metrics

import (
	"cmp"
	"slices"

	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/simple"
)

// adjacency is a directed graph over the ids 0..n-1, its edges held in
// slices, read by gonum's algorithms through graph.Directed. gonum's own
// simple.DirectedGraph keeps every node and edge in maps, and building
// one costs more than the algorithms that read it on the small graphs a
// corpus is made of; the node ids of an IR graph are dense already.
type adjacency struct {
	nodes []graph.Node // nodes[i] is simple.Node(i), boxed once
	// out[i] and in[i] are i's distinct successors and predecessors in id
	// order: parallel edges collapse, as in gonum's simple graphs.
	out, in [][]graph.Node
}

var (
	_ graph.Directed   = (*adjacency)(nil)
	_ graph.Undirected = undirected{}
)

func newAdjacency(n int) *adjacency {
	a := &adjacency{nodes: make([]graph.Node, n), out: make([][]graph.Node, n), in: make([][]graph.Node, n)}
	for i := range a.nodes {
		a.nodes[i] = simple.Node(i)
	}
	return a
}

// addEdge adds from → to once, whatever the order edges come in.
func (a *adjacency) addEdge(from, to int) {
	a.out[from] = insertNode(a.out[from], a.nodes[to])
	a.in[to] = insertNode(a.in[to], a.nodes[from])
}

// search finds id in the id-ordered list ns.
func search(ns []graph.Node, id int64) (int, bool) {
	return slices.BinarySearchFunc(ns, id, func(x graph.Node, id int64) int { return cmp.Compare(x.ID(), id) })
}

// insertNode adds nd to the id-ordered list ns unless it is there.
func insertNode(ns []graph.Node, nd graph.Node) []graph.Node {
	i, found := search(ns, nd.ID())
	if found {
		return ns
	}
	return slices.Insert(ns, i, nd)
}

// reversed is a with every edge turned around, sharing a's lists.
func (a *adjacency) reversed() *adjacency {
	return &adjacency{nodes: a.nodes, out: a.in, in: a.out}
}

// withEntry is a plus a node of id len(a.nodes) with an edge to each of
// targets: the virtual entry a dominator tree grows from.
func (a *adjacency) withEntry(targets []int) (*adjacency, graph.Node) {
	n := len(a.nodes)
	entry := simple.Node(n)
	b := &adjacency{
		nodes: append(slices.Clip(a.nodes), entry),
		out:   append(slices.Clip(a.out), nil),
		in:    append(slices.Clip(a.in), nil),
	}
	for _, t := range targets {
		if t < 0 || t >= n {
			continue
		}
		i, dup := search(b.out[n], int64(t))
		if dup {
			continue
		}
		b.out[n] = slices.Insert(b.out[n], i, b.nodes[t])
		// entry's id is the largest, so appending keeps in[t] in order;
		// the copy keeps a's list as it was.
		b.in[t] = append(slices.Clip(b.in[t]), entry)
	}
	return b, entry
}

func (a *adjacency) has(id int64) bool { return id >= 0 && id < int64(len(a.nodes)) }

func (a *adjacency) Node(id int64) graph.Node {
	if !a.has(id) {
		return nil
	}
	return a.nodes[id]
}

func (a *adjacency) Nodes() graph.Nodes { return readOnly(a.nodes) }

func (a *adjacency) From(id int64) graph.Nodes {
	if !a.has(id) || len(a.out[id]) == 0 {
		return graph.Empty
	}
	return readOnly(a.out[id])
}

func (a *adjacency) To(id int64) graph.Nodes {
	if !a.has(id) || len(a.in[id]) == 0 {
		return graph.Empty
	}
	return readOnly(a.in[id])
}

func (a *adjacency) HasEdgeFromTo(uid, vid int64) bool {
	if !a.has(uid) || !a.has(vid) {
		return false
	}
	_, found := search(a.out[uid], vid)
	return found
}

func (a *adjacency) HasEdgeBetween(xid, yid int64) bool {
	return a.HasEdgeFromTo(xid, yid) || a.HasEdgeFromTo(yid, xid)
}

func (a *adjacency) Edge(uid, vid int64) graph.Edge {
	if !a.HasEdgeFromTo(uid, vid) {
		return nil
	}
	return simple.Edge{F: a.nodes[uid], T: a.nodes[vid]}
}

// undirected reads an adjacency without direction: a node's neighbours are
// its successors and predecessors, each once.
type undirected struct{ *adjacency }

func (u undirected) From(id int64) graph.Nodes {
	if !u.has(id) {
		return graph.Empty
	}
	out, in := u.out[id], u.in[id]
	switch {
	case len(in) == 0 && len(out) == 0:
		return graph.Empty
	case len(in) == 0:
		return readOnly(out)
	case len(out) == 0:
		return readOnly(in)
	}
	both := make([]graph.Node, 0, len(out)+len(in))
	both = append(both, out...)
	for _, nd := range in {
		both = insertNode(both, nd)
	}
	return readOnly(both)
}

func (u undirected) Edge(uid, vid int64) graph.Edge { return u.EdgeBetween(uid, vid) }

func (u undirected) EdgeBetween(xid, yid int64) graph.Edge {
	if !u.HasEdgeBetween(xid, yid) {
		return nil
	}
	return simple.Edge{F: u.nodes[xid], T: u.nodes[yid]}
}

// nodeIter iterates over one of an adjacency's lists. It is not a
// graph.NodeSlicer on purpose: gonum's algorithms sort and reverse the
// slice a NodeSlicer hands them (topo.SortStabilized does), and the list
// is the graph's own; without it graph.NodesOf copies.
type nodeIter struct {
	nodes []graph.Node
	at    int // the current node's index, -1 before the first Next
}

func readOnly(nodes []graph.Node) graph.Nodes { return &nodeIter{nodes: nodes, at: -1} }

func (it *nodeIter) Next() bool {
	if it.at+1 < len(it.nodes) {
		it.at++
		return true
	}
	it.at = len(it.nodes)
	return false
}

func (it *nodeIter) Len() int { return max(len(it.nodes)-it.at-1, 0) }

func (it *nodeIter) Reset() { it.at = -1 }

func (it *nodeIter) Node() graph.Node {
	if it.at < 0 || it.at >= len(it.nodes) {
		return nil
	}
	return it.nodes[it.at]
}
