// Package layout places the nodes of an emitted asset the way a person
// would lay out the material graph (LANGUAGE-2.0 §2.11): it runs after
// emission, on the asset's own nodes, so the nodes the emitter makes
// (fresh constants, lowered builtins' helpers, reroute pairs, custom
// outputs) are placed like the others, and every node has the size the
// material editor draws it with (NodeSize). A node's column is its longest
// path to a node nobody reads, so every node sits left of its readers;
// each #Region gets a horizontal slab of its own, so that regions' boxes
// neither overlap nor hold other regions' nodes; within a slab and a
// column nodes stack in the order of their readers' pins without overlap;
// positions are on the 16-unit grid. A merged node is one asset
// node, so it has one place and leaves no gap. A `Layout { Node(Var, X,
// Y) }` hint puts its node where it says, and the other nodes keep clear
// of it; Layout Comment hints and `#Region` blocks become comment boxes, a
// region's box around its nodes and its nested regions' boxes. The result
// depends only on the asset and the graph, so it is deterministic.
//
// Hints and overlap: LANGUAGE-2.0 §2.11 says upstream obeys Node hints
// exactly, but the corpus's hints (DreamGUI's materials, docs example 75)
// were written for smaller nodes and put nodes on one another at
// the sizes the editor draws them. No golden pins a position (GOLDENS §2:
// compile goldens give node counts and graph dumps of classes, inputs and
// properties, no positions; the ir text carries the hints verbatim, not
// where the nodes end up), so a hinted node keeps its
// X and Y unless it would cover a node hinted before it (hints in source
// order); then it moves straight down to the first grid line that clears
// them. A node the source places where nothing else stands is obeyed to
// the unit.
//
// What is not reproduced: upstream's Blocks style also splits the graph into
// boxes of at most 40 nodes joined by DS_Shared reroutes, which changes the
// asset's node count; the goldens pin the ThinCustom backend, which does not,
// so neither does this package.
package layout

import (
	"slices"
	"sort"

	"reuselab/emit"
	"reuselab/ir"
)

// Spacing, in editor units (multiples of Grid).
const (
	ColumnGap = 96 // between two columns: room for the wires
	RowGap    = 32 // between two nodes of a column
	RootGap   = 64 // between the last column and the material root at x = 0
	BoxPad    = 48 // a comment box's margin around its nodes
	BoxTitle  = 48 // a comment box's title bar
)

// Module lays out every asset of FromModule(…, m, results, …): assets[i]
// was emitted from results[i].Graph when there is one, else m.Products[i].
func Module(assets []*emit.Asset, m *ir.Module, results []*ir.Result) {
	for i, a := range assets {
		var g *ir.Graph
		if m != nil && i < len(m.Products) {
			g = m.Products[i]
		}
		if i < len(results) && results[i] != nil && results[i].Graph != nil {
			g = results[i].Graph
		}
		Place(a, g)
	}
}

// Rect is a node's or a box's rectangle.
type Rect struct{ X, Y, W, H int }

// Overlaps says whether two rectangles share any area.
func (r Rect) Overlaps(o Rect) bool {
	return r.X < o.X+o.W && o.X < r.X+r.W && r.Y < o.Y+o.H && o.Y < r.Y+r.H
}

// Contains says whether o lies wholly inside r.
func (r Rect) Contains(o Rect) bool {
	return o.X >= r.X && o.Y >= r.Y && o.X+o.W <= r.X+r.W && o.Y+o.H <= r.Y+r.H
}

// NodeRect is node n's rectangle where it stands.
func NodeRect(n *emit.AssetNode) Rect {
	s := NodeSize(n)
	return Rect{n.Pos.X, n.Pos.Y, s.W, s.H}
}

// placer holds one layout run.
type placer struct {
	a       *emit.Asset
	g       *ir.Graph
	size    []Size
	head    []int // title bar height: where the first pin row starts
	col     []int
	fixed   []bool
	readers [][]reader // per node: who reads it, at which input row
	sources [][]int    // per node: the nodes it reads (deduplicated)
}

type reader struct{ node, row, out int }

// Place assigns the position of every node of a (emitted from g, which may
// be nil) and replaces its comment boxes with the regions' and the Layout
// Comment hints'.
func Place(a *emit.Asset, g *ir.Graph) {
	p := &placer{a: a, g: g}
	p.links()
	p.columns()
	p.hints()
	p.stack()
	a.Comments = p.boxes()
}

// links collects the wiring: expression inputs, and a reroute usage reading
// its declaration (no wire in the editor, but the usage belongs right of it).
func (p *placer) links() {
	n := len(p.a.Nodes)
	p.size = make([]Size, n)
	p.head = make([]int, n)
	p.readers = make([][]reader, n)
	p.sources = make([][]int, n)
	for i := range p.a.Nodes {
		nd := &p.a.Nodes[i]
		p.size[i] = NodeSize(nd)
		p.head[i] = header(nd)
		rows := inputRows(nd)
		seen := map[int]bool{}
		add := func(from, row, out int) {
			if from < 0 || from >= n || from == i {
				return
			}
			p.readers[from] = append(p.readers[from], reader{i, row, out})
			if !seen[from] {
				seen[from] = true
				p.sources[i] = append(p.sources[i], from)
			}
		}
		for _, in := range nd.Inputs {
			at := 0
			for k, r := range rows {
				if r.pin == in.Pin {
					at = k
					break
				}
			}
			add(in.From, at, in.OutputIndex)
		}
		if nd.Role == emit.RoleRerouteTo && nd.Decl >= 0 {
			add(nd.Decl, 0, 0)
		}
	}
}

// columns gives every node its longest path to a node nobody reads: a node
// is done once all its readers are, so a FIFO over reader counts suffices
// (no recursion); nodes on a cycle, which emission never makes, stay in
// column 0.
func (p *placer) columns() {
	n := len(p.a.Nodes)
	p.col = make([]int, n)
	left := make([]int, n)
	for i := range p.sources {
		for _, s := range p.sources[i] {
			left[s]++
		}
	}
	var queue []int
	for i := 0; i < n; i++ {
		if left[i] == 0 {
			queue = append(queue, i)
		}
	}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		for _, s := range p.sources[i] {
			p.col[s] = max(p.col[s], p.col[i]+1)
			if left[s]--; left[s] == 0 {
				queue = append(queue, s)
			}
		}
	}
}

// hints pins the nodes of `Node(Var, X, Y)` hints where the hint says,
// each one that would cover a node hinted before it moved down to the
// first grid line below what it covers (see the package doc). A move puts
// the node below one more earlier rectangle and y only grows, so each
// earlier node moves it at most once: the loop ends.
//
// Only the earlier nodes whose x range meets the node's can cover it (a
// move changes y alone), so the loop visits those, found through buckets
// of hintBucket units of x, in hint order as before: the same positions,
// without every hint testing every earlier one (20,000 hints in a grid
// took 3.3 s, quadratic in the hints).
func (p *placer) hints() {
	p.fixed = make([]bool, len(p.a.Nodes))
	var placed []Rect
	buckets := map[int][]int{} // x bucket → indexes into placed, ascending
	var near []int
	for _, h := range hinted(p.a, p.g) {
		r := Rect{h.pos.X, h.pos.Y, p.size[h.node].W, p.size[h.node].H}
		near = near[:0]
		if r.W > 0 {
			for b := floorDiv(r.X, hintBucket); b <= floorDiv(r.X+r.W-1, hintBucket); b++ {
				for _, k := range buckets[b] {
					if q := placed[k]; r.X < q.X+q.W && q.X < r.X+r.W {
						near = append(near, k)
					}
				}
			}
			slices.Sort(near)
			near = slices.Compact(near)
		}
		for moved := true; moved; {
			moved = false
			for _, k := range near {
				if q := placed[k]; r.Overlaps(q) {
					r.Y, moved = ceil(q.Y+q.H), true
				}
			}
		}
		p.a.Nodes[h.node].Pos = emit.Pos{X: r.X, Y: r.Y}
		p.fixed[h.node] = true
		if r.W > 0 {
			for b := floorDiv(r.X, hintBucket); b <= floorDiv(r.X+r.W-1, hintBucket); b++ {
				buckets[b] = append(buckets[b], len(placed))
			}
		}
		placed = append(placed, r)
	}
}

// hintBucket is the width of hints' x buckets: about a node's width.
const hintBucket = 512

// Hinted says, per node of a, whether a `Node(Var, X, Y)` hint of g pins
// it: Place puts those nodes where the source says (moved down only off
// an earlier hinted node), whatever free node stood there.
func Hinted(a *emit.Asset, g *ir.Graph) []bool {
	out := make([]bool, len(a.Nodes))
	for _, h := range hinted(a, g) {
		out[h.node] = true
	}
	return out
}

// pin is a node a hint places, and where the hint says.
type pin struct {
	node int
	pos  emit.Pos
}

// hinted lists the asset nodes the hints pin, in hint order, with their
// positions: the node holding the variable's value is the last IR node
// built for that statement (its debug name is the variable; R6 keeps the
// survivor's name), and the hint pins that IR node's own asset node.
func hinted(a *emit.Asset, g *ir.Graph) []pin {
	var out []pin
	if g == nil {
		return out
	}
	own := map[int]int{}
	for i := range a.Nodes {
		nd := &a.Nodes[i]
		if nd.IR >= 0 && (nd.Role == emit.RoleValue || nd.Role == emit.RoleStatement) {
			if _, ok := own[nd.IR]; !ok {
				own[nd.IR] = i
			}
		}
	}
	// Each hint takes the last node of its name not taken yet: per name,
	// the nodes from the last back (a search of the whole graph per hint
	// was quadratic in a source's size).
	byName := map[string][]int{}
	for k := len(g.Nodes) - 1; k >= 0; k-- {
		if g.Nodes[k] != nil {
			byName[g.Nodes[k].Debug] = append(byName[g.Nodes[k].Debug], k)
		}
	}
	for _, h := range g.Layout {
		if h.Comment {
			continue
		}
		ks := byName[h.Name]
		if len(ks) == 0 {
			continue
		}
		k := ks[0]
		byName[h.Name] = ks[1:]
		if i, ok := own[k]; ok {
			out = append(out, pin{i, emit.Pos{X: h.X, Y: h.Y}})
		}
	}
	return out
}

// stack places the free nodes: x by column, from the root leftwards; y
// slab by slab (one per #Region, so that regions' boxes neither overlap
// nor hold other regions' nodes), and within a slab column by column, each
// node level with the pins that read it, pushed down to clear the node
// above it and any hinted node in its way.
func (p *placer) stack() {
	n := len(p.a.Nodes)
	maxCol := 0
	for _, c := range p.col {
		maxCol = max(maxCol, c)
	}
	width := make([]int, maxCol+1)
	for i := 0; i < n; i++ {
		if !p.fixed[i] {
			width[p.col[i]] = max(width[p.col[i]], p.size[i].W)
		}
	}
	right := make([]int, maxCol+1) // each column's right edge
	for c := range right {
		right[c] = -RootGap
		if c > 0 {
			right[c] = right[c-1] - width[c-1] - ColumnGap
		}
	}
	var fixedRects []Rect
	for i := 0; i < n; i++ {
		if p.fixed[i] {
			fixedRects = append(fixedRects, Rect{p.a.Nodes[i].Pos.X, p.a.Nodes[i].Pos.Y, p.size[i].W, p.size[i].H})
		}
	}
	sort.SliceStable(fixedRects, func(a, b int) bool { return fixedRects[a].Y < fixedRects[b].Y })
	fixedByX := newXIndex(fixedRects)
	outputRank := map[int]int{}
	for k, o := range p.a.Outputs {
		if _, ok := outputRank[o.Node]; !ok {
			outputRank[o.Node] = k
		}
	}
	placed := make([]bool, n)
	members, gaps := p.slabs()
	bottom := 0
	for s, slab := range members {
		top := bottom + gaps[s]
		if s == 0 {
			top = 0
		}
		// The slab's columns, left to right from the root; only those it
		// has nodes in (a slab per #Region times every column of the
		// graph was quadratic).
		for _, ids := range byColumn(slab, p.col) {
			c := p.col[ids[0]]
			want := make(map[int]int, len(ids))
			for _, i := range ids {
				want[i] = p.wantY(i, placed, outputRank)
			}
			sort.SliceStable(ids, func(a, b int) bool {
				if want[ids[a]] != want[ids[b]] {
					return want[ids[a]] < want[ids[b]]
				}
				return ids[a] < ids[b]
			})
			// The fixed nodes this column must keep clear of.
			blocked := fixedByX.meeting(right[c]-width[c], right[c])
			next := top
			for _, i := range ids {
				y := max(snap(want[i]), next)
				h := p.size[i].H
				// Each pass moves y below one more fixed node, so at most
				// len(blocked) passes find a free place.
				for moved := true; moved; {
					moved = false
					for _, r := range blocked {
						if y < r.Y+r.H+RowGap && r.Y < y+h+RowGap {
							y, moved = ceil(r.Y+r.H+RowGap), true
						}
					}
				}
				p.a.Nodes[i].Pos = emit.Pos{X: right[c] - p.size[i].W, Y: y}
				placed[i] = true
				next = y + h + RowGap
				bottom = max(bottom, y+h)
			}
		}
	}
}

// slabs splits the free nodes into horizontal slabs: the nodes outside any
// #Region first, then each region's own nodes in source order, a region's
// nested regions right after it (pre-order, by an explicit stack: nesting
// depth is the source's). gaps[k] is the room between slab k and the one
// above it: a row gap, plus a box margin for every box the slab above
// closes and a margin and title bar for every box slab k opens.
func (p *placer) slabs() (members [][]int, gaps []int) {
	var regions []ir.Region
	if p.g != nil {
		regions = p.g.Regions
	}
	index := map[string]int{}
	for i := len(regions) - 1; i >= 0; i-- {
		index[regions[i].Name] = i
	}
	own := make([][]int, len(regions)+1) // own[r+1]: the nodes whose innermost region is r
	for i := range p.a.Nodes {
		if p.fixed[i] {
			continue
		}
		r := -1
		if name := regionOf(p.g, &p.a.Nodes[i]); name != "" {
			r = index[name]
		}
		own[r+1] = append(own[r+1], i)
	}
	children := make([][]int, len(regions)+1)
	for i, r := range regions {
		parent := r.Parent
		if parent < -1 || parent >= len(regions) || parent == i {
			parent = -1
		}
		children[parent+1] = append(children[parent+1], i)
	}
	// path[r+1]: the regions from the outermost down to r
	path := func(r int) []int {
		var up []int
		for q, steps := r, 0; q >= 0 && q < len(regions) && steps <= len(regions); q, steps = regions[q].Parent, steps+1 {
			up = append(up, q)
		}
		for a, b := 0, len(up)-1; a < b; a, b = a+1, b-1 {
			up[a], up[b] = up[b], up[a]
		}
		return up
	}
	var order []int
	visited := make([]bool, len(regions))
	stack := []int{-1}
	for len(stack) > 0 {
		r := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if r >= 0 {
			if visited[r] {
				continue
			}
			visited[r] = true
		}
		order = append(order, r)
		kids := children[r+1]
		for k := len(kids) - 1; k >= 0; k-- {
			stack = append(stack, kids[k])
		}
	}
	for r := range regions { // regions on a parent cycle, which the parser never makes
		if !visited[r] {
			order = append(order, r)
		}
	}
	var prev []int
	for _, r := range order {
		if len(own[r+1]) == 0 {
			continue
		}
		cur := path(r)
		common := 0
		for common < len(prev) && common < len(cur) && prev[common] == cur[common] {
			common++
		}
		gaps = append(gaps, RowGap+(len(prev)-common)*BoxPad+(len(cur)-common)*(BoxPad+BoxTitle))
		members = append(members, own[r+1])
		prev = cur
	}
	return members, gaps
}

// wantY is where node i would like to sit: level with the mean of the
// input rows that read it (its readers are in columns already placed), or,
// in the first column, in the order of the outputs it feeds.
func (p *placer) wantY(i int, placed []bool, outputRank map[int]int) int {
	sum, k := 0, 0
	for _, r := range p.readers[i] {
		if !placed[r.node] && !p.fixed[r.node] {
			continue
		}
		pin := p.a.Nodes[r.node].Pos.Y + p.head[r.node] + r.row*PinRow + PinRow/2
		sum += pin - (p.head[i] + r.out*PinRow + PinRow/2)
		k++
	}
	if k > 0 {
		return floorDiv(sum, k)
	}
	if rank, ok := outputRank[i]; ok {
		return rank * PinRow * 4
	}
	return 0
}

func header(n *emit.AssetNode) int {
	return TitlePadding + TitleLine*max(1, len(Captions(n)))
}

func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// boxes draws one box per #Region around its nodes and its nested regions'
// boxes, innermost first, then the Layout Comment hints as written.
func (p *placer) boxes() []emit.Comment {
	var out []emit.Comment
	if p.g == nil {
		return out
	}
	regions := p.g.Regions
	if len(regions) > 0 {
		depth := make([]int, len(regions))
		for i := range regions {
			for q := regions[i].Parent; q >= 0 && q < len(regions) && depth[i] < len(regions); q = regions[q].Parent {
				depth[i]++
			}
		}
		order := make([]int, len(regions))
		for i := range order {
			order[i] = i
		}
		sort.SliceStable(order, func(a, b int) bool { return depth[order[a]] > depth[order[b]] })
		members := map[string][]int{}
		for i := range p.a.Nodes {
			if name := regionOf(p.g, &p.a.Nodes[i]); name != "" {
				members[name] = append(members[name], i)
			}
		}
		boxes := make([]*Rect, len(regions))
		for _, r := range order {
			var bb *Rect
			grow := func(o Rect) {
				if bb == nil {
					bb = &o
					return
				}
				x1, y1 := max(bb.X+bb.W, o.X+o.W), max(bb.Y+bb.H, o.Y+o.H)
				bb.X, bb.Y = min(bb.X, o.X), min(bb.Y, o.Y)
				bb.W, bb.H = x1-bb.X, y1-bb.Y
			}
			for _, i := range members[regions[r].Name] {
				grow(Rect{p.a.Nodes[i].Pos.X, p.a.Nodes[i].Pos.Y, p.size[i].W, p.size[i].H})
			}
			for c := range regions {
				if regions[c].Parent == r && boxes[c] != nil {
					grow(*boxes[c])
				}
			}
			if bb == nil {
				continue
			}
			box := Rect{X: bb.X - BoxPad, Y: bb.Y - BoxPad - BoxTitle, W: ceil(bb.W + 2*BoxPad), H: ceil(bb.H + 2*BoxPad + BoxTitle)}
			boxes[r] = &box
		}
		for r, b := range boxes {
			if b != nil {
				out = append(out, emit.Comment{Text: regions[r].Name, X: b.X, Y: b.Y, W: b.W, H: b.H})
			}
		}
	}
	for _, h := range p.g.Layout {
		if h.Comment {
			out = append(out, emit.Comment{Text: h.Name, X: h.X, Y: h.Y, W: h.W, H: h.H})
		}
	}
	return out
}

// regionOf is the innermost #Region of the IR node an asset node was made
// for ("" for reroute pairs and nodes outside any region).
func regionOf(g *ir.Graph, n *emit.AssetNode) string {
	if g == nil || n.IR < 0 || n.IR >= len(g.Nodes) {
		return ""
	}
	return g.Nodes[n.IR].Span.Region
}

// byColumn groups the nodes by column, columns ascending, each group in
// the slab's order.
func byColumn(slab []int, col []int) [][]int {
	ids := slices.Clone(slab)
	sort.SliceStable(ids, func(a, b int) bool { return col[ids[a]] < col[ids[b]] })
	var out [][]int
	for len(ids) > 0 {
		k := 1
		for k < len(ids) && col[ids[k]] == col[ids[0]] {
			k++
		}
		out = append(out, ids[:k:k])
		ids = ids[k:]
	}
	return out
}

// xIndex finds the rectangles whose x range meets a column's without
// testing every one for every column: rects sorted by X, and the widest
// one's width bounds how far left of the column a meeting rect can start.
type xIndex struct {
	rects []Rect // in the caller's order
	byX   []int  // indexes into rects, by X
	maxW  int
}

func newXIndex(rects []Rect) xIndex {
	ix := xIndex{rects: rects, byX: make([]int, len(rects))}
	for i, r := range rects {
		ix.byX[i] = i
		ix.maxW = max(ix.maxW, r.W)
	}
	sort.SliceStable(ix.byX, func(a, b int) bool { return rects[ix.byX[a]].X < rects[ix.byX[b]].X })
	return ix
}

// meeting lists, in the caller's order, the rects with left < r.X+r.W and
// r.X < right.
func (ix xIndex) meeting(left, right int) []Rect {
	lo := sort.Search(len(ix.byX), func(k int) bool { return ix.rects[ix.byX[k]].X > left-ix.maxW })
	var hit []int
	for k := lo; k < len(ix.byX) && ix.rects[ix.byX[k]].X < right; k++ {
		if r := ix.rects[ix.byX[k]]; left < r.X+r.W {
			hit = append(hit, ix.byX[k])
		}
	}
	slices.Sort(hit)
	out := make([]Rect, len(hit))
	for k, i := range hit {
		out[k] = ix.rects[i]
	}
	return out
}
