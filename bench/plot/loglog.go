package plot

import (
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// LogLog draws each set as points (lines too when lines is set) on log axes
// labelled 1, 10, 100, 1k, …. Non-positive points cannot sit on a log axis
// and are dropped.
func LogLog(path, title, xlabel, ylabel string, sets []XY, lines bool) error {
	p := newPlot(title, xlabel, ylabel)
	p.Add(plotter.NewGrid())
	lg := plot.NewLegend()
	xlo, xhi, ylo, yhi := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for i, s := range sets {
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
			lg.Add(s.Name, l, sc)
		} else {
			lg.Add(s.Name, sc)
		}
	}
	if xlo <= xhi {
		p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
		p.X.Tick.Marker, p.Y.Tick.Marker = logTicks{}, logTicks{}
		p.X.Min, p.X.Max = logRange(xlo, xhi)
		p.Y.Min, p.Y.Max = logRange(ylo, yhi)
	}
	return save(path, p, lg, width, height)
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
// 2…9 times each, unlabelled; over three decades or fewer it labels 2 and 5
// times each too, so that a short axis reads off more than two values.
type logTicks struct{}

func (logTicks) Ticks(lo, hi float64) []plot.Tick {
	short := math.Log10(hi/lo) <= 3
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
