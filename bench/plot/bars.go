package plot

import (
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// GroupedBars draws one bar group per category and one colour per series;
// series with identical values are one bar, named together. The y axis
// starts at 0 and ends on a round value above the tallest bar.
func GroupedBars(path, title, ylabel string, categories []string, series []Series) error {
	p := newPlot(title, "", ylabel)
	p.Add(plotter.NewGrid())
	lg := plot.NewLegend()
	w := width + vg.Length(len(categories))*vg.Millimeter*2
	if len(categories) == 0 || len(series) == 0 {
		return save(path, p, lg, w, height)
	}
	series = mergeEqual(series)
	// Bars fill 80% of a category's width (the figure less the y axis).
	catWidth := (w - vg.Centimeter*2) / vg.Length(len(categories))
	bw := vg.Length(math.Max(2, float64(catWidth)*0.8/float64(len(series))))
	top := 0.0
	for i, s := range series {
		vals := make(plotter.Values, len(categories))
		copy(vals, s.Values)
		for _, v := range vals {
			top = math.Max(top, v)
		}
		b, err := plotter.NewBarChart(vals, bw)
		if err != nil {
			return err
		}
		b.Color = plotutil.Color(i)
		b.LineStyle.Width = 0
		b.Offset = bw * vg.Length(float64(i)-float64(len(series)-1)/2)
		p.Add(b)
		lg.Add(s.Name, b)
	}
	p.NominalX(categories...)
	p.X.Min, p.X.Max = -0.5, float64(len(categories))-0.5
	p.Y.Padding = 0
	p.X.Padding = vg.Points(4) // room between the frame and the slanted names
	// Headroom: the next multiple of a round tick step above the tallest
	// bar plus 5%, so that no bar touches the frame.
	step := niceCeil(math.Max(top, 1) / 5)
	p.Y.Min, p.Y.Max = 0, math.Ceil(math.Max(top, 1)*1.05/step)*step
	p.Y.Tick.Marker = linearTicks("")
	p.X.Tick.Label.Rotation = math.Pi / 4
	p.X.Tick.Label.XAlign = draw.XRight
	p.X.Tick.Label.YAlign = draw.YCenter
	return save(path, p, lg, w, height)
}
