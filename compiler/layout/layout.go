// Package layout places the nodes of a merged IR graph for the asset
// (LANGUAGE-2.0 §2.11): a node's column is its longest path to a root, so
// every node sits left of all its readers; positions snap to 16 units; the
// graph laid out is the one that survived the passes, so a merged node has
// one place and leaves no gap. `Layout { Node(Var, X, Y) }` hints are obeyed
// exactly, Layout Comment hints and `#Region` blocks become comment boxes.
// The result depends only on the graph, so it is deterministic.
//
// What is not reproduced: upstream's Blocks style also splits the graph into
// boxes of at most 40 nodes joined by DS_Shared reroutes, which changes the
// asset's node count; the goldens pin the ThinCustom backend, which does not,
// so neither does this package.
package layout

import (
	"sort"

	"reuselab/ir"
)

// Geometry, in material-editor units (all multiples of Grid).
const (
	Grid        = 16
	ColumnWidth = 384 // one column: a node (≈256 wide) and its wires
	Lane        = 256 // between column 1 and the material root: the reroute pairs
	Gap         = 32  // vertical space between two nodes of a column
	ExtraHeight = 80  // room per emitter-made node (fresh constants, lowered builtins)
	Pad         = 48  // region box padding around its nodes
	TitleHeight = 48
)

// Pos is a node position.
type Pos struct{ X, Y int }

// Box is a comment box: a region (Region ≥ 0) or a Layout Comment hint.
type Box struct {
	Name       string
	X, Y, W, H int
	Region     int // index in g.Regions, -1 for a hint
}

// Layout is the placement of one graph.
type Layout struct {
	Pos    []Pos // per IR node
	Column []int // per IR node: longest path (in edges) to a node nobody reads
	Height []int // per IR node: the estimated height reserved for it
	Fixed  []bool
	Boxes  []Box
}

// Compute lays out g.
func Compute(g *ir.Graph) *Layout {
	n := len(g.Nodes)
	l := &Layout{Pos: make([]Pos, n), Column: make([]int, n), Height: make([]int, n), Fixed: make([]bool, n)}
	readers := make([][]int, n)
	for _, nd := range g.Nodes {
		seen := map[int]bool{}
		nd.Inputs(func(r ir.Ref) {
			if r.Node >= 0 && r.Node < n && !seen[r.Node] {
				seen[r.Node] = true
				readers[r.Node] = append(readers[r.Node], nd.ID)
			}
		})
	}
	// Readers come later in creation order, so one backward sweep gives
	// every node its longest path to a root.
	maxCol := 0
	for i := n - 1; i >= 0; i-- {
		for _, r := range readers[i] {
			if c := l.Column[r] + 1; c > l.Column[i] {
				l.Column[i] = c
			}
		}
		maxCol = max(maxCol, l.Column[i])
		l.Height[i] = height(g.Nodes[i])
	}
	l.applyNodeHints(g)
	cols := make([][]int, maxCol+1)
	for i := range g.Nodes {
		cols[l.Column[i]] = append(cols[l.Column[i]], i)
	}
	for c, ids := range cols {
		x := 0
		if c > 0 {
			x = -Lane - (c-1)*ColumnWidth - ColumnWidth + Grid*4
		}
		// Each node wants to sit level with the mean of its readers (already
		// placed: they are in lower columns); stack in that order without
		// overlap.
		want := make(map[int]int, len(ids))
		for _, id := range ids {
			if len(readers[id]) == 0 {
				want[id] = 0
				continue
			}
			sum := 0
			for _, r := range readers[id] {
				sum += l.Pos[r].Y
			}
			want[id] = sum / len(readers[id])
		}
		sort.SliceStable(ids, func(a, b int) bool {
			if want[ids[a]] != want[ids[b]] {
				return want[ids[a]] < want[ids[b]]
			}
			return ids[a] < ids[b]
		})
		next := -1 << 30
		for _, id := range ids {
			if l.Fixed[id] {
				continue
			}
			y := max(snap(want[id]), next)
			l.Pos[id] = Pos{X: snap(x), Y: snap(y)}
			next = snap(y + l.Height[id] + Gap)
		}
	}
	l.regionBoxes(g)
	for _, h := range g.Layout {
		if h.Comment {
			l.Boxes = append(l.Boxes, Box{Name: h.Name, X: h.X, Y: h.Y, W: h.W, H: h.H, Region: -1})
		}
	}
	return l
}

// applyNodeHints pins `Node(Var, X, Y)`: the node holding the variable's
// value is the last one built for that statement (its debug name is the
// variable; R6 keeps the survivor's name).
func (l *Layout) applyNodeHints(g *ir.Graph) {
	for _, h := range g.Layout {
		if h.Comment {
			continue
		}
		for i := len(g.Nodes) - 1; i >= 0; i-- {
			if g.Nodes[i].Debug == h.Name && !l.Fixed[i] {
				l.Pos[i] = Pos{X: h.X, Y: h.Y}
				l.Fixed[i] = true
				break
			}
		}
	}
}

// regionBoxes draws one box per #Region around its nodes and its nested
// regions' boxes, innermost first.
func (l *Layout) regionBoxes(g *ir.Graph) {
	if len(g.Regions) == 0 {
		return
	}
	depth := make([]int, len(g.Regions))
	for i := range g.Regions {
		for p := g.Regions[i].Parent; p >= 0 && p < len(g.Regions) && depth[i] < len(g.Regions); p = g.Regions[p].Parent {
			depth[i]++
		}
	}
	order := make([]int, len(g.Regions))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return depth[order[a]] > depth[order[b]] })
	boxes := make([]*Box, len(g.Regions))
	for _, r := range order {
		x0, y0, x1, y1, any := 0, 0, 0, 0, false
		grow := func(ax, ay, bx, by int) {
			if !any {
				x0, y0, x1, y1, any = ax, ay, bx, by, true
				return
			}
			x0, y0, x1, y1 = min(x0, ax), min(y0, ay), max(x1, bx), max(y1, by)
		}
		for i, nd := range g.Nodes {
			if nd.Span.Region == g.Regions[r].Name {
				grow(l.Pos[i].X, l.Pos[i].Y, l.Pos[i].X+256, l.Pos[i].Y+l.Height[i])
			}
		}
		for c := range g.Regions {
			if g.Regions[c].Parent == r && boxes[c] != nil {
				b := boxes[c]
				grow(b.X, b.Y, b.X+b.W, b.Y+b.H)
			}
		}
		if !any {
			continue
		}
		boxes[r] = &Box{Name: g.Regions[r].Name, Region: r, X: snap(x0 - Pad), Y: snap(y0 - Pad - TitleHeight),
			W: snap(x1 - x0 + 2*Pad), H: snap(y1 - y0 + 2*Pad + TitleHeight)}
	}
	for _, b := range boxes {
		if b != nil {
			l.Boxes = append(l.Boxes, *b)
		}
	}
}

// height estimates a node's height from its pins and outputs, plus room for
// the nodes the emitter adds for it (a negation's −1, an If's constants,
// the nodes of a lowered builtin).
func height(n *ir.Node) int {
	rows := max(len(n.Operands)+len(n.Pins), len(n.Outputs), 1)
	h := 48 + 24*rows
	h += ExtraHeight * extraNodes(n.Op)
	return snap(h)
}

func extraNodes(op ir.Op) int {
	switch op {
	case ir.OpNegate, ir.OpSelect, ir.OpRsqrt:
		return 1
	case ir.OpGreater, ir.OpGreaterEqual, ir.OpLess, ir.OpLessEqual, ir.OpEqual, ir.OpNotEqual:
		return 2
	case ir.OpReflect:
		return 3
	case ir.OpFwidth:
		return 4
	case ir.OpRefract:
		return 13
	}
	return 0
}

func snap(v int) int {
	if v >= 0 {
		return (v + Grid/2) / Grid * Grid
	}
	return -((-v + Grid/2) / Grid * Grid)
}
