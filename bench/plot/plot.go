// Package plot draws the benchmark's SVG figures with gonum.org/v1/plot. It
// takes plain numbers, not bench types, so that the figures can be redrawn
// from summary.json by any caller. Fonts are referenced, not embedded, so
// that an SVG depends only on its data (the same data gives the same bytes).
//
// Every figure has the same frame: a white background drawn as the first
// shape, the data area outlined, and the legend in a box of its own to the
// right of the data area, so that it never covers a point. Series with
// identical values are drawn once and named together ("2.0 = datalog:…"),
// so that no legend entry shows a colour drawn nowhere.
package plot

import (
	"image/color"
	"io"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	"reuselab/outfile"
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
	// gap separates the data area from the legend box; pad is the room
	// inside the box.
	gap = vg.Length(10)
	pad = vg.Length(5)
)

var frameStyle = draw.LineStyle{Color: color.Black, Width: vg.Points(0.75)}
var legendBoxStyle = draw.LineStyle{Color: color.Gray{Y: 0x80}, Width: vg.Points(0.5)}

// newPlot is a plot with the common frame settings: no padding between the
// axis lines and the data area (the outline is drawn there), and a lighter
// grid.
func newPlot(title, xlabel, ylabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Title.Padding = vg.Points(4)
	p.X.Label.Text = xlabel
	p.Y.Label.Text = ylabel
	p.X.Padding, p.Y.Padding = 0, 0
	p.BackgroundColor = nil // save paints the whole canvas, legend column included
	return p
}

// save draws p with lg in a box right of the data area, on a white
// background, into an SVG file of w (plus the legend column) by h.
func save(path string, p *plot.Plot, lg plot.Legend, w, h vg.Length) error {
	lg.Top, lg.Left = true, true
	lsize := lg.Rectangle(draw.Canvas{}).Size()
	column := vg.Length(0)
	if lsize.X > 0 {
		column = gap + lsize.X + 2*pad + gap
	}
	c := vgsvg.New(w+column, h)
	dc := draw.New(c)
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())

	// The axis labels are drawn here, not by gonum: it places a label's
	// box at the arithmetic middle of the range, which on a log axis is
	// near the top end, and then shrinks the data area to make room.
	xsty, ysty := p.X.Label.TextStyle, p.Y.Label.TextStyle
	xlab, ylab := p.X.Label.Text, p.Y.Label.Text
	p.X.Label.Text, p.Y.Label.Text = "", ""
	left, bottom := vg.Length(0), vg.Length(0)
	if ylab != "" {
		left = ysty.Height(ylab) + pad
	}
	if xlab != "" {
		bottom = xsty.Height(xlab) + pad
	}
	pc := draw.Crop(dc, left, -column, bottom, 0)
	p.Draw(pc)
	data := p.DataCanvas(pc)
	outline(dc, data.Rectangle, frameStyle)
	if xlab != "" {
		xsty.XAlign, xsty.YAlign = draw.XCenter, draw.YBottom
		dc.FillText(xsty, vg.Point{X: data.Center().X, Y: dc.Min.Y + pad/2}, xlab)
	}
	if ylab != "" {
		ysty.Rotation = math.Pi / 2
		ysty.XAlign, ysty.YAlign = draw.XCenter, draw.YTop
		dc.FillText(ysty, vg.Point{X: dc.Min.X + pad/2, Y: data.Center().Y}, ylab)
	}

	if column > 0 {
		box := vg.Rectangle{
			Min: vg.Point{X: data.Max.X + gap, Y: data.Max.Y - lsize.Y - 2*pad},
			Max: vg.Point{X: data.Max.X + gap + lsize.X + 2*pad, Y: data.Max.Y},
		}
		outline(dc, box, legendBoxStyle)
		inner := vg.Rectangle{Min: vg.Point{X: box.Min.X + pad, Y: box.Min.Y + pad}, Max: vg.Point{X: box.Max.X - pad, Y: box.Max.Y - pad}}
		lg.Draw(draw.Canvas{Canvas: dc.Canvas, Rectangle: inner})
	}

	return outfile.Write(path, func(w io.Writer) error {
		_, err := c.WriteTo(w)
		return err
	})
}

func outline(c draw.Canvas, r vg.Rectangle, sty draw.LineStyle) {
	c.StrokeLines(sty, []vg.Point{r.Min, {X: r.Max.X, Y: r.Min.Y}, r.Max, {X: r.Min.X, Y: r.Max.Y}, r.Min})
}

// mergeEqual folds series with identical values into one, named "a = b",
// keeping the first one's place.
func mergeEqual(series []Series) []Series {
	var out []Series
	var names [][]string
	for _, s := range series {
		found := false
		for i, o := range out {
			if sameValues(o.Values, s.Values) {
				names[i] = append(names[i], s.Name)
				found = true
				break
			}
		}
		if !found {
			out = append(out, Series{Name: s.Name, Values: s.Values})
			names = append(names, []string{s.Name})
		}
	}
	for i := range out {
		out[i].Name = strings.Join(names[i], " = ")
	}
	return out
}

func sameValues(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] && !(math.IsNaN(a[i]) && math.IsNaN(b[i])) {
			return false
		}
	}
	return true
}

// niceCeil is the smallest 1, 2, 2.5 or 5 times a power of ten at or above x.
func niceCeil(x float64) float64 {
	if x <= 0 {
		return 1
	}
	e := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if m*e >= x*(1-1e-12) {
			return m * e
		}
	}
	return 10 * e
}

// linearTicks labels multiples of a nice step (about five labels), with an
// unlabelled minor tick halfway, each label followed by suffix.
func linearTicks(suffix string) plot.Ticker {
	return plot.TickerFunc(func(lo, hi float64) []plot.Tick {
		if !(hi > lo) {
			return []plot.Tick{{Value: lo, Label: compact(lo) + suffix}}
		}
		step := niceCeil((hi - lo) / 5)
		var ts []plot.Tick
		for v := math.Ceil(lo/step*2) * step / 2; v <= hi+step*1e-9; v += step / 2 {
			v = math.Round(v/step*2) * step / 2
			t := plot.Tick{Value: v}
			if k := v / step; math.Abs(k-math.Round(k)) < 1e-9 {
				t.Label = compact(v) + suffix
			}
			ts = append(ts, t)
		}
		return ts
	})
}

// compact writes a tick value short: 1, 2.5, 10, 1k, 10k, 1M.
func compact(v float64) string {
	a := math.Abs(v)
	switch {
	case a >= 1e9:
		return trim(v/1e9) + "G"
	case a >= 1e6:
		return trim(v/1e6) + "M"
	case a >= 1e3:
		return trim(v/1e3) + "k"
	}
	return trim(v)
}

func trim(v float64) string {
	s := strconv.FormatFloat(v, 'f', -1, 64)
	if s == "-0" {
		return "0"
	}
	return s
}

var pairColor = color.Gray{Y: 0xb0}
