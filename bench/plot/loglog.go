package plot

import (
	"math"
	"sort"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// LogLog draws each set as points (lines too when lines is set) on log
// axes labelled 1, 10, 100, 1k, …, a colour and marker per set, in one
// panel. Non-positive points cannot sit on a log axis and are dropped.
func LogLog(path, xlabel, ylabel string, sets []XY, lines bool) error {
	names := make([]string, len(sets))
	for i, s := range sets {
		names[i] = s.Name
	}
	return PanelLogLog(path, xlabel, ylabel, names, []Panel{{Sets: sets}}, lines)
}

// Panel is one panel's heading and sets of points.
type Panel struct {
	Heading string
	Sets    []XY
}

// PanelLogLog is LogLog with a panel per Panel, on shared log axes: set i
// of every panel has the colour and marker of legend entry names[i] (a
// corpus keeps its colour from panel to panel).
func PanelLogLog(path, xlabel, ylabel string, names []string, panels []Panel, lines bool) error {
	rows, cols := gridShape(len(panels))
	f := &figure{rows: rows, cols: cols, panels: make([]*plot.Plot, rows*cols), xlabel: xlabel, ylabel: ylabel,
		panelHeight: rowHeight(rows)}
	for i, n := range names {
		f.legend = append(f.legend, legendEntry{label: n, color: Color(i), glyph: glyph(i), line: lines})
	}
	xlo, xhi, ylo, yhi := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for pi, pn := range panels {
		p := newPanel(pn.Heading, "", "")
		p.Add(grid(true, true))
		// The largest sets first, underneath: a corpus of a few assets
		// stays visible on top of one of hundreds.
		order := make([]int, len(pn.Sets))
		for i := range order {
			order[i] = i
		}
		sort.SliceStable(order, func(a, b int) bool { return len(pn.Sets[order[a]].X) > len(pn.Sets[order[b]].X) })
		for _, i := range order {
			s := pn.Sets[i]
			var pts plotter.XYs
			for j := range s.X {
				if j < len(s.Y) && s.X[j] > 0 && s.Y[j] > 0 {
					pts = append(pts, plotter.XY{X: s.X[j], Y: s.Y[j]})
					xlo, xhi = math.Min(xlo, s.X[j]), math.Max(xhi, s.X[j])
					ylo, yhi = math.Min(ylo, s.Y[j]), math.Max(yhi, s.Y[j])
				}
			}
			if len(pts) == 0 {
				continue
			}
			sc, err := plotter.NewScatter(pts)
			if err != nil {
				return err
			}
			sc.GlyphStyle.Color, sc.GlyphStyle.Shape, sc.GlyphStyle.Radius = Color(i), glyph(i), vg.Points(2)
			if lines {
				l, err := plotter.NewLine(pts)
				if err != nil {
					return err
				}
				l.Color, l.Width = Color(i), vg.Points(1)
				p.Add(l)
			}
			p.Add(sc)
		}
		f.panels[pi] = p
	}
	for i, p := range f.panels {
		if p == nil {
			continue
		}
		if xlo <= xhi {
			p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
			// A panel of a grid is too narrow for 2 and 5 times each
			// power of ten on its x axis.
			p.X.Tick.Marker, p.Y.Tick.Marker = logTicks{dense: cols == 1}, logTicks{dense: true}
			p.X.Min, p.X.Max = logRange(xlo, xhi)
			p.Y.Min, p.Y.Max = logRange(ylo, yhi)
			if i%cols != 0 {
				p.Y.Tick.Marker = unlabelled{logTicks{dense: true}}
			}
		}
	}
	return f.save(path)
}

// logRange is [lo, hi] widened to at least one decade and by a twentieth
// of its span each side, so that no point sits on the frame.
func logRange(lo, hi float64) (float64, float64) {
	a, b := math.Log10(lo), math.Log10(hi)
	if b-a < 1 {
		mid := (a + b) / 2
		a, b = math.Floor(mid-0.5), math.Ceil(mid+0.5)
	}
	m := (b - a) / 20
	return math.Pow(10, a-m), math.Pow(10, b+m)
}

// logTicks labels every power of ten in range (1, 10, 100, 1k, …) and marks
// 2…9 times each, unlabelled; when dense, over three decades or fewer it
// labels 2 and 5 times each too, so that a short axis reads off more than
// two values.
type logTicks struct{ dense bool }

func (l logTicks) Ticks(lo, hi float64) []plot.Tick {
	short := l.dense && math.Log10(hi/lo) <= 3
	var ts []plot.Tick
	for e := math.Floor(math.Log10(lo)); e <= math.Ceil(math.Log10(hi)); e++ {
		d := math.Pow(10, e)
		for m := 1; m <= 9; m++ {
			v := float64(m) * d
			if v < lo*(1-1e-9) || v > hi*(1+1e-9) {
				continue
			}
			t := plot.Tick{Value: v}
			if m == 1 || short && (m == 2 || m == 5) {
				t.Label = compact(v)
				if e < 0 {
					t.Label = trimSmall(v)
				}
			}
			ts = append(ts, t)
		}
	}
	return ts
}

func trimSmall(v float64) string {
	return trim(math.Round(v*1e9) / 1e9)
}
