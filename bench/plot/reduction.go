package plot

import (
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// PairedReductions draws, for every asset, each series' reduction (in %)
// as a point above the same x: the assets are ranked once, by series[by]
// from the largest reduction down, so that a column of points compares the
// variants on one asset. Series with identical values are drawn once and
// named together. Assets no series reduces are left out and counted in the
// x label. A value of NaN is an asset the series has no number for.
func PairedReductions(path, title, baseline string, by int, series []Series) error {
	n := 0
	for _, s := range series {
		n = max(n, len(s.Values))
	}
	val := func(s Series, i int) float64 {
		if i < len(s.Values) {
			return s.Values[i]
		}
		return math.NaN()
	}
	order := series
	key := Series{}
	if by >= 0 && by < len(series) {
		key = series[by]
	}
	series = mergeEqual(series)

	var shown []int
	for i := 0; i < n; i++ {
		for _, s := range order {
			if v := val(s, i); !math.IsNaN(v) && v != 0 {
				shown = append(shown, i)
				break
			}
		}
	}
	// Largest reduction of the ranking series first; then the other series
	// in turn, then the asset's place, so that equal keys keep one order.
	sort.SliceStable(shown, func(a, b int) bool {
		ia, ib := shown[a], shown[b]
		for _, s := range append([]Series{key}, order...) {
			x, y := val(s, ia), val(s, ib)
			if math.IsNaN(x) {
				x = math.Inf(-1)
			}
			if math.IsNaN(y) {
				y = math.Inf(-1)
			}
			if x != y {
				return x > y
			}
		}
		return ia < ib
	})

	// Kept short: gonum centres the axis label and shrinks the data area
	// when it is wider than the axis.
	xlabel := fmt.Sprintf("assets some variant reduces (%d of %d), ranked by %s", len(shown), n, key.Name)
	p := newPlot(title, xlabel, fmt.Sprintf("IR nodes removed (%% of %s)", baseline))
	p.Add(plotter.NewGrid())
	lg := plot.NewLegend()

	lo, hi := 0.0, 100.0
	// A thin grey bar joins an asset's points: the gap between variants.
	for r, i := range shown {
		mn, mx := math.Inf(1), math.Inf(-1)
		for _, s := range series {
			if v := val(s, i); !math.IsNaN(v) {
				mn, mx = math.Min(mn, v), math.Max(mx, v)
			}
		}
		lo = math.Min(lo, mn)
		if mx > mn {
			l, err := plotter.NewLine(plotter.XYs{{X: float64(r + 1), Y: mn}, {X: float64(r + 1), Y: mx}})
			if err != nil {
				return err
			}
			l.Color = pairColor
			l.Width = vg.Points(0.75)
			p.Add(l)
		}
	}
	for si, s := range series {
		var pts plotter.XYs
		for r, i := range shown {
			if v := val(s, i); !math.IsNaN(v) {
				pts = append(pts, plotter.XY{X: float64(r + 1), Y: v})
			}
		}
		sc, err := plotter.NewScatter(pts)
		if err != nil {
			return err
		}
		sc.GlyphStyle.Color = plotutil.Color(si)
		sc.GlyphStyle.Shape = plotutil.Shape(si)
		sc.GlyphStyle.Radius = vg.Points(2.5)
		p.Add(sc)
		lg.Add(s.Name, sc)
	}
	p.X.Min, p.X.Max = 0.5, float64(max(len(shown), 1))+0.5
	p.X.Tick.Marker = rankTicks{}
	p.Y.Min, p.Y.Max = lo-3, hi+3
	p.Y.Tick.Marker = linearTicks("%")
	return save(path, p, lg, width, height)
}

// rankTicks labels whole ranks only: 1, then about eight more.
type rankTicks struct{}

func (rankTicks) Ticks(lo, hi float64) []plot.Tick {
	n := int(math.Floor(hi))
	step := max(1, int(math.Ceil(niceCeil(float64(n)/8))))
	ts := []plot.Tick{{Value: 1, Label: "1"}}
	for v := step; v <= n; v += step {
		if v > 1 {
			ts = append(ts, plot.Tick{Value: float64(v), Label: fmt.Sprint(v)})
		}
	}
	return ts
}
