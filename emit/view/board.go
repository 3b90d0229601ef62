package view

import (
	"fmt"
	"html"
	"strconv"
	"strings"

	"reuselab/emit"
	"reuselab/emit/layout"
	"reuselab/printable"
)

// A board is one side's graph drawn as SVG by this package, from the
// positions and sizes emit/layout gave the asset: the page carries it as
// markup, so the browser shows it as soon as it parses the page, before
// any script runs, and `view --svg` writes the same drawing as a file.
// ueblueprint's drawing of the paste stays on the page as a check of the
// T3D, folded under each board.

// pinInset is a pin's centre from its node's edge.
const pinInset = layout.EdgePadding + 5

// BoardMargin is the room around the drawn content, in editor units.
const BoardMargin = 48

// nodeMark is how a board draws one asset node: style is "" (plain),
// "merged", "away" (a raw node that became part of a merge) or a verdict;
// title is the verdict in words with a refutation's witness.
type nodeMark struct{ style, title string }

// boardStyle is the boards' stylesheet, in the page and in every exported
// file. Outlines keep their screen width at every zoom
// (non-scaling-stroke); the verdicts are drawn as the legend shows them.
const boardStyle = `
svg.board{background:#262626}
svg.board .bg{fill:#262626}
svg.board .grid{fill:none;stroke:#333;stroke-width:2}
svg.board .box rect{fill:rgba(110,130,160,.07);stroke:#5a6a80;stroke-width:2}
svg.board .box text{fill:#c8d4e6;font:bold 22px sans-serif}
svg.board .link{fill:none;stroke:#e8e8e8;stroke-width:2;opacity:.8}
svg.board .n .b{fill:#141414;stroke:#000;stroke-width:1.5}
svg.board .n .h{fill:#3c5a3c}
svg.board .n.k-param .h{fill:#2f5a7a}svg.board .n.k-const .h{fill:#7a6420}
svg.board .n.k-call .h{fill:#5a3c7a}svg.board .n.k-route .h{fill:#555}
svg.board .n .t{fill:#fff;font:bold 13px sans-serif}
svg.board .n .l{fill:#ccc;font:11px sans-serif}
svg.board .n .p{fill:#aaa}
svg.board .n .o{fill:none;stroke-width:4;vector-effect:non-scaling-stroke}
svg.board .n.merged .o,svg.board .n.reference .o{stroke:#ffb300}
svg.board .n.away .o{stroke:#ff5a36;stroke-dasharray:8 5}
svg.board .n.proved .o{stroke:#3ddc84}
svg.board .n.tested .o{stroke:#4fc3f7;stroke-dasharray:8 5}
svg.board .n.unverified .o{stroke:#e0e0e0;stroke-dasharray:2 5}
svg.board .n.refuted .o{stroke:#ff3b30;stroke-width:7}
`

// boardFrame is a board's drawing area: the content's bounds plus
// BoardMargin, in editor units.
type boardFrame struct{ X, Y, W, H int }

func (f boardFrame) viewBox() string {
	return strconv.Itoa(f.X) + " " + strconv.Itoa(f.Y) + " " + strconv.Itoa(f.W) + " " + strconv.Itoa(f.H)
}

func frameOf(a *emit.Asset) boardFrame {
	if len(a.Nodes) == 0 && len(a.Comments) == 0 {
		return boardFrame{-BoardMargin, -BoardMargin, 2 * BoardMargin, 2 * BoardMargin}
	}
	x0, y0, x1, y1 := int(^uint(0)>>1), int(^uint(0)>>1), -int(^uint(0)>>1)-1, -int(^uint(0)>>1)-1
	grow := func(r layout.Rect) {
		x0, y0 = min(x0, r.X), min(y0, r.Y)
		x1, y1 = max(x1, r.X+r.W), max(y1, r.Y+r.H)
	}
	for i := range a.Nodes {
		grow(nodeRect(&a.Nodes[i]))
	}
	for _, c := range a.Comments {
		grow(commentRect(c))
	}
	return boardFrame{x0 - BoardMargin, y0 - BoardMargin, x1 - x0 + 2*BoardMargin, y1 - y0 + 2*BoardMargin}
}

// drawBoard writes a's board: comment boxes, then the links (one per
// connected input, as Expected counts them), then the nodes, each a <g
// class="n"> carrying its paste object name (names[i], when the paste
// names its nodes) and its mark. standalone makes a file of its own: the
// XML declaration, the namespace, the stylesheet and a size of one pixel
// per editor unit; in the page the board fills its figure's width.
func drawBoard(w *strings.Builder, a *emit.Asset, id string, names []string, marks []nodeMark, standalone bool) {
	f := frameOf(a)
	if standalone {
		w.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	}
	fmt.Fprintf(w, `<svg xmlns="http://www.w3.org/2000/svg" class="board" id="%s-board" viewBox="%s" data-fit="%s"`,
		id, f.viewBox(), f.viewBox())
	if standalone {
		fmt.Fprintf(w, ` width="%d" height="%d"`, f.W, f.H)
	} else {
		// Never above 1:1 on open: the height the graph needs at 1:1 caps
		// the board (--board-h; the page's stylesheet caps it by the window).
		fmt.Fprintf(w, ` style="aspect-ratio:%d/%d;--board-h:%dpx"`, f.W, f.H, f.H)
	}
	fmt.Fprintf(w, ` preserveAspectRatio="xMidYMid meet" data-nodes="%d" data-comments="%d" role="img">`+"\n", len(a.Nodes), len(a.Comments))
	fmt.Fprintf(w, "<title>%s</title>\n", esc(a.Kind+" "+a.Name))
	if standalone {
		fmt.Fprintf(w, "<style>%s</style>\n", boardStyle)
	}
	// A rect of its own, not only CSS: an SVG editor ignores the root's background.
	fmt.Fprintf(w, `<g class="content"><rect class="bg" x="%d" y="%d" width="%d" height="%d"/>`+"\n", f.X, f.Y, f.W, f.H)
	writeGrid(w, f)
	for _, c := range a.Comments {
		r := commentRect(c)
		fmt.Fprintf(w, `<g class="box"><rect x="%d" y="%d" width="%d" height="%d" rx="6"/><text x="%d" y="%d">%s</text></g>`+"\n",
			r.X, r.Y, r.W, r.H, r.X+12, r.Y+30, esc(c.Text))
	}
	geo := make([]nodeGeometry, len(a.Nodes))
	for i := range a.Nodes {
		geo[i] = geometryOf(&a.Nodes[i])
	}
	for i := range a.Nodes {
		for _, in := range a.Nodes[i].Inputs {
			// From output pin to input pin; a source outside the asset: a stub.
			x1, y1 := geo[i].rect.X+pinInset, geo[i].rowY(geo[i].inputRow(in.Pin))
			x0, y0 := x1-96, y1
			if in.From >= 0 && in.From < len(geo) {
				s := geo[in.From]
				x0, y0 = s.rect.X+s.rect.W-pinInset, s.rowY(min(max(in.OutputIndex, 0), max(len(s.outs), 1)-1))
			}
			d := max(48, abs(x1-x0)/2)
			fmt.Fprintf(w, `<path class="link" d="M%d %dC%d %d %d %d %d %d"/>`+"\n", x0, y0, x0+d, y0, x1-d, y1, x1, y1)
		}
	}
	for i := range a.Nodes {
		n := &a.Nodes[i]
		var m nodeMark
		if i < len(marks) {
			m = marks[i]
		}
		name := "node-" + strconv.Itoa(i)
		if i < len(names) {
			name = names[i]
		}
		writeNode(w, n, geo[i], name, m)
	}
	w.WriteString("</g>\n</svg>\n")
}

// writeGrid draws the editor's grid lines, every GridLine units, as one
// path (no pattern: a page of several boards would repeat its id). A board
// that a far Layout hint stretches gets its lines further apart, so the
// path stays at most MaxGridLines lines whatever the positions.
func writeGrid(w *strings.Builder, f boardFrame) {
	step := GridLine
	for f.W/step+f.H/step > MaxGridLines {
		step *= 2
	}
	w.WriteString(`<path class="grid" d="`)
	for x := ceilTo(f.X, step); x <= f.X+f.W; x += step {
		fmt.Fprintf(w, "M%d %dV%d", x, f.Y, f.Y+f.H)
	}
	for y := ceilTo(f.Y, step); y <= f.Y+f.H; y += step {
		fmt.Fprintf(w, "M%d %dH%d", f.X, y, f.X+f.W)
	}
	w.WriteString(`"/>` + "\n")
}

// MaxGridLines bounds a board's grid lines.
const MaxGridLines = 1000

// GridLine is the spacing of a board's grid lines (the editor's 8 × 16).
const GridLine = 128

// ceilTo is the first multiple of step at or above v.
func ceilTo(v, step int) int {
	q := v / step * step
	if q < v {
		q += step
	}
	return q
}

// MaxCoord bounds a drawn position: a Layout hint may put a node anywhere
// an int reaches, and the board's sums (its frame, a link's curve) must not
// overflow. Laid-out graphs stay far inside it.
const MaxCoord = 1 << 40

func clampCoord(v int) int { return min(max(v, -MaxCoord), MaxCoord) }

// nodeRect is layout.NodeRect with the position kept within MaxCoord.
func nodeRect(n *emit.AssetNode) layout.Rect {
	r := layout.NodeRect(n)
	r.X, r.Y = clampCoord(r.X), clampCoord(r.Y)
	return r
}

func commentRect(c emit.Comment) layout.Rect {
	return layout.Rect{X: clampCoord(c.X), Y: clampCoord(c.Y), W: min(max(c.W, 0), MaxCoord), H: min(max(c.H, 0), MaxCoord)}
}

// arrangement says how the page sets an asset's two boards: "side" by side
// when a graph is at least half as tall as it is wide (in a window wider
// than tall a half-width board then shows it larger than a half-height
// one), else "stack"ed; either way both fit in one window.
func arrangement(assets ...*emit.Asset) string {
	for _, a := range assets {
		if a == nil {
			continue
		}
		if f := frameOf(a); 2*f.H >= f.W {
			return "side"
		}
	}
	return "stack"
}

// nodeGeometry is where a node's parts are drawn.
type nodeGeometry struct {
	rect      layout.Rect
	head      int // title bar height
	captions  []string
	ins, outs []string // row labels
	inPins    []string // the AssetNode.Pins entry of each input row
}

func geometryOf(n *emit.AssetNode) nodeGeometry {
	g := nodeGeometry{rect: nodeRect(n), captions: layout.Captions(n)}
	g.head = layout.TitlePadding + layout.TitleLine*max(1, len(g.captions))
	for _, p := range emit.GraphPins(n) {
		switch {
		case p.Output:
			g.outs = append(g.outs, p.Label)
		case p.Advanced:
		default:
			pin := p.Name
			if p.Connectable && p.Input >= 0 && p.Input < len(n.Pins) {
				pin = n.Pins[p.Input]
			}
			g.ins, g.inPins = append(g.ins, p.Label), append(g.inPins, pin)
		}
	}
	return g
}

func (g nodeGeometry) rowY(row int) int {
	return g.rect.Y + g.head + layout.PinRow*row + layout.PinRow/2
}

// inputRow is the row of pin; a pin the node folds away is drawn into the
// first row.
func (g nodeGeometry) inputRow(pin string) int {
	for k, p := range g.inPins {
		if p == pin {
			return k
		}
	}
	return 0
}

func writeNode(w *strings.Builder, n *emit.AssetNode, g nodeGeometry, name string, m nodeMark) {
	r := g.rect
	class := "n k-" + kindOf(n.Class)
	if m.style != "" {
		class += " " + m.style
	}
	fmt.Fprintf(w, `<g class="%s" data-node="%s" data-class="%s">`, class, esc(name), esc(n.Class))
	tip := n.Class
	if len(n.Names) > 0 {
		tip += " " + strings.Join(n.Names, ", ")
	}
	if m.title != "" {
		tip += "\n" + m.title
	} else if m.style != "" {
		tip += "\n" + m.style
	}
	fmt.Fprintf(w, "<title>%s</title>", esc(tip))
	fmt.Fprintf(w, `<rect class="b" x="%d" y="%d" width="%d" height="%d" rx="8"/><rect class="h" x="%d" y="%d" width="%d" height="%d" rx="8"/>`,
		r.X, r.Y, r.W, r.H, r.X+1, r.Y+1, r.W-2, g.head-2)
	for k, line := range g.captions {
		fmt.Fprintf(w, `<text class="t" x="%d" y="%d">%s</text>`, r.X+10, r.Y+layout.TitlePadding/2+layout.TitleLine*(k+1)-3, esc(line))
	}
	for k, label := range g.ins {
		y := g.rowY(k)
		fmt.Fprintf(w, `<circle class="p" cx="%d" cy="%d" r="5"/>`, r.X+pinInset, y)
		if label != "" {
			fmt.Fprintf(w, `<text class="l" x="%d" y="%d">%s</text>`, r.X+layout.EdgePadding+16, y+4, esc(label))
		}
	}
	for k, label := range g.outs {
		y := g.rowY(k)
		fmt.Fprintf(w, `<circle class="p" cx="%d" cy="%d" r="5"/>`, r.X+r.W-pinInset, y)
		if label != "" {
			fmt.Fprintf(w, `<text class="l" x="%d" y="%d" text-anchor="end">%s</text>`, r.X+r.W-layout.EdgePadding-16, y+4, esc(label))
		}
	}
	if m.style != "" {
		fmt.Fprintf(w, `<rect class="o" x="%d" y="%d" width="%d" height="%d" rx="10"/>`, r.X-5, r.Y-5, r.W+10, r.H+10)
	}
	w.WriteString("</g>\n")
}

// kindOf picks a node's title colour, as the editor tells parameters,
// constants, function calls and reroutes apart.
func kindOf(class string) string {
	switch {
	case strings.HasSuffix(class, "Parameter") || strings.HasPrefix(class, "TextureSampleParameter") || class == "FunctionInput":
		return "param"
	case strings.HasPrefix(class, "Constant"):
		return "const"
	case class == "MaterialFunctionCall" || class == "Custom":
		return "call"
	case strings.Contains(class, "Reroute"):
		return "route"
	}
	return "expr"
}

// esc makes a source's text safe in SVG and HTML alike: printable first
// (no control or bidi character reaches the drawing), then the markup
// characters escaped.
func esc(s string) string { return html.EscapeString(printable.Text(s)) }

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
