package plot

import (
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Stacked is one variant's values per corpus and category: Values[c][k]
// is corpus c's value for category k.
type Stacked struct {
	Name   string
	Values [][]float64
}

// MergesByOp draws a panel per variant (variants with identical values are
// one panel, named together), each a horizontal bar per operation (ops in
// order, the first at the top) made of a segment per corpus in that
// corpus's colour. The panels share the count axis, so that bar lengths
// compare across variants.
func MergesByOp(path, xlabel string, corpora, ops []string, variants []Stacked) error {
	variants = mergeEqualStacked(variants)
	rows, cols := gridShape(len(variants))
	f := &figure{rows: rows, cols: cols, panels: make([]*plot.Plot, rows*cols), xlabel: xlabel,
		panelHeight: barsHeight(len(ops))}
	for ci, name := range corpora {
		f.legend = append(f.legend, legendEntry{label: name, color: Color(ci)})
	}
	top := 0.0
	for _, v := range variants {
		lo, hi := hbars{values: v.Values, categories: len(ops)}.extent()
		top = math.Max(top, math.Max(hi, -lo))
	}
	xmax, ticks := barAxis(top, 4)
	for vi, v := range variants {
		p := newPanel(v.Name, "", "")
		p.Add(grid(true, false))
		colors := make([]color.Color, len(v.Values))
		for ci := range colors {
			colors[ci] = Color(ci)
		}
		p.Add(hbars{values: v.Values, colors: colors, categories: len(ops)})
		nominalY(p, ops, vi%cols == 0)
		p.X.Min, p.X.Max = 0, xmax
		p.X.Tick.Marker = ticks
		f.panels[vi] = p
	}
	return f.save(path)
}

// barAxis is a count axis end above top plus 5%, so that no bar touches
// the frame, on a multiple of a round step of about n labels, and its
// ticks: the end is labelled.
func barAxis(top float64, n int) (float64, plot.Ticker) {
	top = math.Max(top, 1) * 1.05
	step := niceCeil(top / float64(n))
	return math.Ceil(top/step) * step, stepTicks("", step)
}

// barsHeight is a panel row's height for n bars, room for heading and
// tick labels included.
func barsHeight(n int) vg.Length {
	return vg.Length(max(n, 3))*vg.Points(13) + vg.Centimeter*1.3
}

// nominalY names the categories down the y axis, the first at the top;
// without labels (a panel right of another) it keeps the positions only.
func nominalY(p *plot.Plot, names []string, labels bool) {
	// gonum right-aligns a label by its width in our face; in a wider
	// fallback face it would run into the frame. Trailing no-break spaces
	// (a space would be dropped by SVG) hold the room that takes.
	widest := vg.Length(0)
	for _, n := range names {
		widest = max(widest, p.Y.Tick.Label.Width(n))
	}
	room := strings.Repeat("\u00a0", int(math.Ceil(float64((slack-1)*widest/p.Y.Tick.Label.Width("\u00a0")))))
	rev := make([]string, len(names))
	for i, n := range names {
		rev[len(names)-1-i] = n + room
		if !labels {
			rev[len(names)-1-i] = ""
		}
	}
	if len(names) > 0 {
		p.NominalY(rev...) // which indexes names[0] even when there are none
	} else {
		p.Y.Tick.Marker = plot.ConstantTicks(nil)
	}
	p.Y.Min, p.Y.Max = -0.6, float64(max(len(names), 1))-0.4
	p.Y.Tick.Length = vg.Points(3)
}

// hbars is stacked horizontal bars: category k's bar at y = categories-1-k
// (the first at the top), a segment per series, positive values stacked
// rightwards from 0 and negative ones leftwards.
type hbars struct {
	values     [][]float64
	colors     []color.Color
	categories int
}

func (b hbars) value(s, k int) float64 {
	if k < len(b.values[s]) && !math.IsNaN(b.values[s][k]) {
		return b.values[s][k]
	}
	return 0
}

// extent is the leftmost and rightmost bar ends, 0 included.
func (b hbars) extent() (lo, hi float64) {
	for k := range b.categories {
		pos, neg := 0.0, 0.0
		for s := range b.values {
			if v := b.value(s, k); v > 0 {
				pos += v
			} else {
				neg += v
			}
		}
		lo, hi = math.Min(lo, neg), math.Max(hi, pos)
	}
	return lo, hi
}

const barThickness = 0.7 // of the distance between two bars

func (b hbars) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	sep := draw.LineStyle{Color: color.White, Width: vg.Points(0.4)}
	for k := range b.categories {
		y := float64(b.categories - 1 - k)
		pos, neg := 0.0, 0.0
		for s := range b.values {
			v := b.value(s, k)
			if v == 0 {
				continue
			}
			x0, x1 := pos, pos+v
			if v > 0 {
				pos = x1
			} else {
				x0, x1 = neg+v, neg
				neg = x0
			}
			pts := []vg.Point{{X: trX(x0), Y: trY(y - barThickness/2)}, {X: trX(x1), Y: trY(y - barThickness/2)},
				{X: trX(x1), Y: trY(y + barThickness/2)}, {X: trX(x0), Y: trY(y + barThickness/2)}}
			c.FillPolygon(b.colors[s%len(b.colors)], c.ClipPolygonXY(pts))
			// A hairline between segments: neighbours of similar colour stay two.
			c.StrokeLines(sep, c.ClipLinesXY([]vg.Point{pts[1], pts[2]})...)
		}
	}
}

func (b hbars) DataRange() (xmin, xmax, ymin, ymax float64) {
	lo, hi := b.extent()
	return lo, hi, -0.5, float64(b.categories) - 0.5
}

// mergeEqualStacked folds variants with identical values into one, named
// "a = b", keeping the first one's place.
func mergeEqualStacked(vs []Stacked) []Stacked {
	flat := make([]Series, len(vs))
	for i, v := range vs {
		flat[i].Name = v.Name
		for _, row := range v.Values {
			flat[i].Values = append(flat[i].Values, row...)
			flat[i].Values = append(flat[i].Values, math.Inf(1)) // a row's end: [1 2][3] is not [1][2 3]
		}
	}
	merged := mergeEqual(flat)
	out := make([]Stacked, 0, len(merged))
	for _, m := range merged {
		for i, f := range flat {
			if sameValues(f.Values, m.Values) {
				out = append(out, Stacked{Name: m.Name, Values: vs[i].Values})
				break
			}
		}
	}
	return out
}

// GroupedBars draws a panel per series (series with identical values share
// one), each a horizontal bar per category, on a shared axis: the
// notebooks' figure of totals. A figure carries no title, so title names
// the bars' one colour in the legend.
func GroupedBars(path, title, xlabel string, categories []string, series []Series) error {
	st := make([]Stacked, len(series))
	for i, s := range series {
		vals := make([]float64, len(categories))
		copy(vals, s.Values)
		st[i] = Stacked{Name: s.Name, Values: [][]float64{vals}}
	}
	return MergesByOp(path, xlabel, []string{title}, categories, st)
}
