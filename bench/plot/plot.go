// Package plot draws the benchmark's SVG figures with gonum.org/v1/plot. It
// takes plain numbers, not bench types, so that the figures can be redrawn
// from summary.json by any caller. Fonts are referenced, not embedded, so
// that an SVG depends only on its data (the same data gives the same bytes).
package plot

import (
	"math"
	"sort"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Series is one named list of values.
type Series struct {
	Name   string
	Values []float64
}

// XY is one named set of points.
type XY struct {
	Name string
	X, Y []float64
}

const (
	width  = 16 * vg.Centimeter
	height = 10 * vg.Centimeter
)

// SortedReductions draws each series sorted from the largest value down: one
// point per asset, so the curve reads as "how many assets shrink how much".
func SortedReductions(path, title, ylabel string, series []Series) error {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "assets, sorted by reduction"
	p.Y.Label.Text = ylabel
	p.Add(plotter.NewGrid())
	for i, s := range series {
		vs := append([]float64(nil), s.Values...)
		sort.Sort(sort.Reverse(sort.Float64Slice(vs)))
		pts := make(plotter.XYs, len(vs))
		for j, v := range vs {
			pts[j] = plotter.XY{X: float64(j + 1), Y: v}
		}
		if len(pts) == 0 {
			continue
		}
		l, err := plotter.NewLine(pts)
		if err != nil {
			return err
		}
		l.Color = plotutil.Color(i)
		l.Width = vg.Points(1.5)
		p.Add(l)
		p.Legend.Add(s.Name, l)
	}
	p.Legend.Top = true
	return p.Save(width, height, path)
}

// GroupedBars draws one bar group per category and one colour per series.
func GroupedBars(path, title, ylabel string, categories []string, series []Series) error {
	p := plot.New()
	p.Title.Text = title
	p.Y.Label.Text = ylabel
	p.Add(plotter.NewGrid())
	if len(categories) == 0 || len(series) == 0 {
		return p.Save(width, height, path)
	}
	bw := vg.Points(math.Max(2, math.Min(12, 360/float64(len(categories)*len(series)))))
	for i, s := range series {
		vals := make(plotter.Values, len(categories))
		copy(vals, s.Values)
		b, err := plotter.NewBarChart(vals, bw)
		if err != nil {
			return err
		}
		b.Color = plotutil.Color(i)
		b.LineStyle.Width = 0
		b.Offset = bw * vg.Length(float64(i)-float64(len(series)-1)/2)
		p.Add(b)
		p.Legend.Add(s.Name, b)
	}
	p.NominalX(categories...)
	p.X.Tick.Label.Rotation = math.Pi / 4
	p.X.Tick.Label.XAlign = draw.XRight
	p.X.Tick.Label.YAlign = draw.YCenter
	p.Legend.Top = true
	return p.Save(width+vg.Length(len(categories))*vg.Millimeter*2, height, path)
}

// LogLog draws each set as points (lines too when lines is set) on log axes.
// Non-positive points cannot sit on a log axis and are dropped.
func LogLog(path, title, xlabel, ylabel string, sets []XY, lines bool) error {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = xlabel
	p.Y.Label.Text = ylabel
	p.Add(plotter.NewGrid())
	any := false
	for i, s := range sets {
		var pts plotter.XYs
		for j := range s.X {
			if j < len(s.Y) && s.X[j] > 0 && s.Y[j] > 0 {
				pts = append(pts, plotter.XY{X: s.X[j], Y: s.Y[j]})
			}
		}
		if len(pts) == 0 {
			continue
		}
		any = true
		sc, err := plotter.NewScatter(pts)
		if err != nil {
			return err
		}
		sc.GlyphStyle.Color = plotutil.Color(i)
		sc.GlyphStyle.Shape = plotutil.Shape(i)
		sc.GlyphStyle.Radius = vg.Points(2)
		p.Add(sc)
		if lines {
			l, err := plotter.NewLine(pts)
			if err != nil {
				return err
			}
			l.Color = plotutil.Color(i)
			p.Add(l)
			p.Legend.Add(s.Name, l, sc)
		} else {
			p.Legend.Add(s.Name, sc)
		}
	}
	if any {
		p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
		p.X.Tick.Marker, p.Y.Tick.Marker = plot.LogTicks{Prec: -1}, plot.LogTicks{Prec: -1}
		widen(&p.X)
		widen(&p.Y)
	}
	p.Legend.Top = true
	p.Legend.Left = true
	return p.Save(width, height, path)
}

// widen gives a log axis at least one decade, so that LogTicks always has
// a tick to draw and a single point does not make a zero-width axis.
func widen(a *plot.Axis) {
	lo, hi := math.Log10(a.Min), math.Log10(a.Max)
	if hi-lo < 1 {
		mid := (lo + hi) / 2
		a.Min, a.Max = math.Pow(10, math.Floor(mid-0.5)), math.Pow(10, math.Ceil(mid+0.5))
	}
}
