package plot

import (
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// Reductions draws a panel per variant (variants with identical values are
// one panel, named together) and a curve per corpus in each: the corpus's
// assets ranked by their reduction (in %), largest first, at x = rank as a
// share of the corpus's assets, so that corpora of any size span the same
// width and the area under a curve is the corpus's mean reduction. A curve
// ends at its corpus's first asset with no reduction.
// corpus[i] is asset i's index in corpora; a value of NaN is an asset the
// variant has no number for (1x refuses a .dss), left out of its curve and
// counted in the panel's heading. The legend counts each corpus's assets.
func Reductions(path, baseline string, corpora []string, corpus []int, variants []Series) error {
	variants = mergeEqual(variants)
	rows, cols := gridShape(len(variants))
	f := &figure{rows: rows, cols: cols, panels: make([]*plot.Plot, rows*cols),
		xlabel:      "assets of the corpus, ranked by reduction (% of the corpus's assets)",
		ylabel:      fmt.Sprintf("IR nodes removed (%% of %s)", baseline),
		panelHeight: rowHeight(rows)}
	assets := make([]int, len(corpora))
	for _, c := range corpus {
		if c >= 0 && c < len(corpora) {
			assets[c]++
		}
	}
	for ci, name := range corpora {
		f.legend = append(f.legend, legendEntry{label: fmt.Sprintf("%s (%d)", name, assets[ci]),
			color: Color(ci), glyph: glyph(ci), line: true})
	}
	lo, right := 0.0, 0.0
	for vi, v := range variants {
		byCorpus := make([][]float64, len(corpora))
		n := 0
		for i, x := range v.Values {
			if i < len(corpus) && corpus[i] >= 0 && corpus[i] < len(corpora) && !math.IsNaN(x) {
				byCorpus[corpus[i]] = append(byCorpus[corpus[i]], x)
				lo = math.Min(lo, x)
				n++
			}
		}
		heading := v.Name
		if n < len(corpus) {
			heading = fmt.Sprintf("%s (%d of %d assets)", v.Name, n, len(corpus))
		}
		p := newPanel(heading, "", "")
		p.Add(grid(true, true))
		for ci, xs := range byCorpus {
			if len(xs) == 0 {
				continue
			}
			sort.Sort(sort.Reverse(sort.Float64Slice(xs)))
			// The curve stops at the first asset the variant leaves as it
			// was: most assets of a real corpus are, and drawn they would
			// squeeze the curves into the left of the panel.
			last := -1
			for r, x := range xs {
				if x != 0 {
					last = r
				}
			}
			keep := min(last+2, len(xs))
			if keep == 0 {
				continue
			}
			var line, marks plotter.XYs
			for r, x := range xs[:keep] {
				pt := plotter.XY{X: 100 * (float64(r) + 0.5) / float64(len(xs)), Y: x}
				line = append(line, pt)
				if x != 0 {
					marks = append(marks, pt)
				}
				right = math.Max(right, 100*float64(r+1)/float64(len(xs)))
			}
			l, err := plotter.NewLine(line)
			if err != nil {
				return err
			}
			l.Color, l.Width = Color(ci), vg.Points(1)
			p.Add(l)
			if len(marks) > 0 {
				sc, err := plotter.NewScatter(marks)
				if err != nil {
					return err
				}
				sc.Color, sc.Shape, sc.Radius = Color(ci), glyph(ci), vg.Points(1.8)
				p.Add(sc)
			}
		}
		p.X.Tick.Marker = linearTicks("%", 4)
		p.Y.Tick.Marker = linearTicks("%", 4)
		if vi%cols != 0 {
			p.Y.Tick.Marker = unlabelled{p.Y.Tick.Marker}
		}
		f.panels[vi] = p
	}
	for _, p := range f.panels {
		if p != nil {
			p.Y.Min, p.Y.Max = lo-3, 103
			p.X.Min, p.X.Max = 0, math.Min(100, math.Ceil(math.Max(right, 1)/10)*10)
		}
	}
	return f.save(path)
}

// rowHeight is the height of one row of panels in a figure of rows rows.
func rowHeight(rows int) vg.Length {
	if rows <= 1 {
		return 7 * vg.Centimeter
	}
	return 5.5 * vg.Centimeter
}
