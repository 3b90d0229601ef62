package plot

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Extra is one research pack's merges beyond the column it is measured
// against, per operation.
type Extra struct {
	Name string
	Ops  []string
	// Base is the base column's merges per operation, Values[c][k] corpus
	// c's extra merges (the pack's less the base's) of operation Ops[k].
	Base   []float64
	Values [][]float64
}

// ExtraMerges draws a row per research pack: on the left the base
// column's merges per operation, in grey, headed by its name; beside it,
// on an axis of its own and headed by the pack's name, its extra merges, a segment per corpus, each bar labelled
// with the change ("+7 (829 to 836)"). The extra merges are drawn as the
// difference and not as a second bar on a log axis: a pack typically adds
// under 1% (836 merges against 829), which on a log axis is 0.004 of a
// decade, as invisible as on a linear one, while the difference fills its
// axis and still reads against the base beside it. Negative differences
// (a pack that merges less of an operation) extend left of zero.
func ExtraMerges(path, base string, corpora []string, packs []Extra) error {
	n := 0
	for _, x := range packs {
		n = max(n, len(x.Ops))
	}
	f := &figure{rows: max(len(packs), 1), cols: 2, panels: make([]*plot.Plot, 2*max(len(packs), 1)),
		panelHeight: barsHeight(n) + vg.Centimeter*0.5}
	for ci, name := range corpora {
		f.legend = append(f.legend, legendEntry{label: name, color: Color(ci)})
	}
	f.legend = append(f.legend, legendEntry{label: base + " (all corpora)", color: baseColor})
	for r, x := range packs {
		left := newPanel(base, "merges (count)", "")
		left.Add(grid(true, false))
		left.Add(hbars{values: [][]float64{x.Base}, colors: []color.Color{baseColor}, categories: len(x.Ops)})
		nominalY(left, x.Ops, true)
		_, hi := hbars{values: [][]float64{x.Base}, categories: len(x.Ops)}.extent()
		left.X.Min = 0
		left.X.Max, left.X.Tick.Marker = barAxis(hi, 3)

		right := newPanel(x.Name, "extra merges (count)", "")
		right.Add(grid(true, false))
		colors := make([]color.Color, len(x.Values))
		for ci := range colors {
			colors[ci] = Color(ci)
		}
		bars := hbars{values: x.Values, colors: colors, categories: len(x.Ops)}
		right.Add(bars)
		lo, hi := bars.extent()
		labels := barLabels{categories: len(x.Ops)}
		for k := range x.Ops {
			d, end := 0.0, 0.0
			for c := range x.Values {
				d += bars.value(c, k)
				end += math.Max(0, bars.value(c, k))
			}
			labels.ends = append(labels.ends, end)
			b := 0.0
			if k < len(x.Base) {
				b = x.Base[k]
			}
			labels.text = append(labels.text, fmt.Sprintf("%+g (%g to %g)", d, b, b+d))
		}
		right.Add(labels)
		nominalY(right, x.Ops, false)
		// Room right of the longest bar for its label, about a third of
		// the panel.
		// One step on both sides of zero, so that both ends are labelled.
		end, _ := barAxis(math.Max(hi, 1)*1.6, 3)
		step := niceCeil(math.Max(end, -lo*1.05) / 3)
		right.X.Max = math.Ceil(end/step) * step
		right.X.Min = -math.Ceil(-lo*1.05/step) * step
		right.X.Tick.Marker = stepTicks("", step)
		f.panels[2*r], f.panels[2*r+1] = left, right
	}
	return f.save(path)
}

// barLabels writes a text right of each bar's end (of zero, for a bar
// that extends left).
type barLabels struct {
	text       []string
	ends       []float64 // each bar's right end
	categories int
}

func (b barLabels) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	sty := textStyle(p, 8)
	sty.XAlign, sty.YAlign = draw.XLeft, draw.YCenter
	for k, t := range b.text {
		c.FillText(sty, vg.Point{X: trX(math.Max(0, b.ends[k])) + vg.Points(3), Y: trY(float64(b.categories - 1 - k))}, t)
	}
}
