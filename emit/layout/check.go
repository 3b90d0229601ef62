package layout

import (
	"fmt"
	"sort"

	"reuselab/emit"
	"reuselab/ir"
)

// Overlapping lists the pairs of a's nodes whose rectangles (where they
// stand, at the size the editor draws them) share area, lower index first.
// A sweep over the nodes sorted by x keeps it near-linear on real assets.
func Overlapping(a *emit.Asset) [][2]int {
	rects := make([]Rect, len(a.Nodes))
	order := make([]int, len(a.Nodes))
	for i := range a.Nodes {
		rects[i] = NodeRect(&a.Nodes[i])
		order[i] = i
	}
	sort.SliceStable(order, func(x, y int) bool { return rects[order[x]].X < rects[order[y]].X })
	var out [][2]int
	for k, i := range order {
		for _, j := range order[k+1:] {
			if rects[j].X >= rects[i].X+rects[i].W {
				break
			}
			if rects[i].Overlaps(rects[j]) {
				out = append(out, [2]int{min(i, j), max(i, j)})
			}
		}
	}
	sort.Slice(out, func(x, y int) bool {
		if out[x][0] != out[y][0] {
			return out[x][0] < out[y][0]
		}
		return out[x][1] < out[y][1]
	})
	return out
}

// Escaped lists the nodes of a that a comment box of their #Region (or of
// an enclosing one) does not hold whole; g is the graph a was emitted from.
func Escaped(a *emit.Asset, g *ir.Graph) []string {
	if g == nil {
		return nil
	}
	byName := map[string][]Rect{}
	for _, c := range a.Comments {
		byName[c.Text] = append(byName[c.Text], Rect{c.X, c.Y, c.W, c.H})
	}
	regionIndex := map[string]int{}
	for i := len(g.Regions) - 1; i >= 0; i-- {
		regionIndex[g.Regions[i].Name] = i
	}
	var out []string
	for i := range a.Nodes {
		nd := &a.Nodes[i]
		name := regionOf(g, nd)
		if name == "" {
			continue
		}
		r := NodeRect(nd)
		// the region and its ancestors, each bounded by the region count
		for q, steps := regionIndex[name], 0; q >= 0 && q < len(g.Regions) && steps <= len(g.Regions); q, steps = g.Regions[q].Parent, steps+1 {
			held := false
			for _, b := range byName[g.Regions[q].Name] {
				if b.Contains(r) {
					held = true
					break
				}
			}
			if !held {
				out = append(out, fmt.Sprintf("node %d (%s) at %+v lies outside the box of region %q", i, nd.Class, r, g.Regions[q].Name))
			}
		}
	}
	return out
}

// Clashes lists what makes a's region boxes unclear, g being the graph a
// was emitted from: a node standing in (even partly) a region's box without
// belonging to it or a region nested in it, and two boxes of unrelated
// regions (neither nested in the other) that overlap.
func Clashes(a *emit.Asset, g *ir.Graph) []string {
	if g == nil || len(g.Regions) == 0 {
		return nil
	}
	index := map[string]int{}
	for i := len(g.Regions) - 1; i >= 0; i-- {
		index[g.Regions[i].Name] = i
	}
	// within says whether region q is r or nested in it.
	within := func(q, r int) bool {
		for steps := 0; q >= 0 && q < len(g.Regions) && steps <= len(g.Regions); q, steps = g.Regions[q].Parent, steps+1 {
			if q == r {
				return true
			}
		}
		return false
	}
	type box struct {
		rect   Rect
		region int
	}
	var boxes []box
	for _, c := range a.Comments {
		if r, ok := index[c.Text]; ok {
			boxes = append(boxes, box{Rect{c.X, c.Y, c.W, c.H}, r})
		}
	}
	var out []string
	for _, b := range boxes {
		for i := range a.Nodes {
			nd := &a.Nodes[i]
			if !b.rect.Overlaps(NodeRect(nd)) {
				continue
			}
			q, ok := index[regionOf(g, nd)]
			if !ok || !within(q, b.region) {
				out = append(out, fmt.Sprintf("node %d (%s) stands in the box of region %q", i, nd.Class, g.Regions[b.region].Name))
			}
		}
	}
	for x := range boxes {
		for y := x + 1; y < len(boxes); y++ {
			bx, by := boxes[x], boxes[y]
			if bx.rect.Overlaps(by.rect) && !within(bx.region, by.region) && !within(by.region, bx.region) {
				out = append(out, fmt.Sprintf("the boxes of regions %q and %q overlap", g.Regions[bx.region].Name, g.Regions[by.region].Name))
			}
		}
	}
	return out
}
