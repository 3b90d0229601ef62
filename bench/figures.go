package bench

import (
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strings"

	"reuselab/bench/plot"
	"reuselab/outfile"
	"reuselab/printable"
)

// Figures beside the report, each also as a PDF (plot.PDFPath), and their
// captions: the figures carry no title, a paper sets the caption under it.
const (
	// ExtraMergesPlot is written when a research pack ran.
	ExtraMergesPlot = "extra_merges.svg"
	FiguresMD       = "figures.md"
)

// figureCorpora is the corpora with an asset, in the summary's order: the
// colour of corpus i in every figure.
func figureCorpora(s *Summary) []string {
	var names []string
	for _, c := range s.Corpora {
		if c.Assets > 0 {
			names = append(names, printable.Text(c.Name))
		}
	}
	return names
}

func corpusIndex(s *Summary) map[string]int {
	index := map[string]int{}
	for _, c := range s.Corpora {
		if c.Assets > 0 {
			index[c.Name] = len(index)
		}
	}
	return index
}

// writeReductionPlot plots one value per asset and variant, NaN where the
// variant has none, a panel per variant and a curve per corpus.
func writeReductionPlot(dir string, cfg Config, files []*FileResult, s *Summary) error {
	assets := Assets(files)
	index := corpusIndex(s)
	corpus := make([]int, len(assets))
	for i, a := range assets {
		corpus[i] = -1
		if c, ok := index[a.Corpus]; ok {
			corpus[i] = c
		}
	}
	bi := cfg.variant(cfg.Baseline)
	var reds []plot.Series
	for vi, v := range cfg.Variants {
		if vi == bi {
			continue
		}
		sr := plot.Series{Name: printable.Text(v.Name)} // a pack's name, drawn as text
		for _, a := range assets {
			x, ok := reduction(a, bi, vi)
			if !ok {
				x = math.NaN()
			}
			sr.Values = append(sr.Values, 100*x)
		}
		reds = append(reds, sr)
	}
	return plot.Reductions(filepath.Join(dir, ReductionPlot), printable.Text(cfg.Baseline), figureCorpora(s), corpus, reds)
}

// writeMergesPlot plots the operations the target merges most, at most 16
// of them (then by the other variants' merges, then by name), a panel per
// variant that merges and a bar segment per corpus.
func writeMergesPlot(dir string, s *Summary) error {
	totalByOp, targetByOp := map[string]int{}, map[string]int{}
	for _, t := range s.Overall.Totals {
		for op, n := range t.MergedByOp {
			totalByOp[op] += n
			if t.Variant == s.Target {
				targetByOp[op] += n
			}
		}
	}
	ops := sortedKeys(totalByOp)
	sort.SliceStable(ops, func(i, j int) bool {
		if a, b := targetByOp[ops[i]], targetByOp[ops[j]]; a != b {
			return a > b
		}
		return totalByOp[ops[i]] > totalByOp[ops[j]]
	})
	ops = ops[:min(len(ops), 16)]
	index := corpusIndex(s)
	var bars []plot.Stacked
	for vi, t := range s.Overall.Totals {
		if len(t.MergedByOp) == 0 {
			continue
		}
		sr := plot.Stacked{Name: printable.Text(t.Variant), Values: make([][]float64, len(index))}
		for _, c := range s.Corpora {
			ci, ok := index[c.Name]
			if !ok || vi >= len(c.Totals) {
				continue
			}
			for _, op := range ops {
				sr.Values[ci] = append(sr.Values[ci], float64(c.Totals[vi].MergedByOp[op]))
			}
		}
		bars = append(bars, sr)
	}
	return plot.MergesByOp(filepath.Join(dir, MergesPlot), "IR nodes merged away (count)", figureCorpora(s), printableAll(ops), bars)
}

// writeExtraMergesPlot plots each research pack's merges beyond the column
// it is measured against, per operation (at most 16, the largest change
// first) and corpus; no file when no research pack ran.
func writeExtraMergesPlot(dir string, s *Summary) error {
	if len(s.Research) == 0 {
		return nil
	}
	index := corpusIndex(s)
	base := map[string]int{}
	for _, t := range s.Overall.Totals {
		if t.Variant == s.Research[0].Versus {
			base = t.MergedByOp
		}
	}
	var packs []plot.Extra
	for _, rp := range s.Research {
		all := rp.Corpora[len(rp.Corpora)-1].ExtraMergedByOp
		ops := sortedKeys(all)
		sort.SliceStable(ops, func(i, j int) bool { return abs(all[ops[i]]) > abs(all[ops[j]]) })
		ops = ops[:min(len(ops), 16)]
		x := plot.Extra{Name: printable.Text(rp.Variant), Ops: printableAll(ops), Values: make([][]float64, len(index))}
		if len(ops) == 0 {
			x.Name += ": no extra merge"
		}
		for _, op := range ops {
			x.Base = append(x.Base, float64(base[op]))
		}
		for _, c := range rp.Corpora {
			ci, ok := index[c.Name]
			if !ok {
				continue
			}
			for _, op := range ops {
				x.Values[ci] = append(x.Values[ci], float64(c.ExtraMergedByOp[op]))
			}
		}
		packs = append(packs, x)
	}
	return plot.ExtraMerges(filepath.Join(dir, ExtraMergesPlot), printable.Text(s.Research[0].Versus), figureCorpora(s), packs)
}

// writeTimePlot plots each variant's engine time per asset against the
// asset's size, a panel per variant and a colour per corpus.
func writeTimePlot(dir string, cfg Config, files []*FileResult, s *Summary) error {
	assets := Assets(files)
	index := corpusIndex(s)
	var panels []plot.Panel
	for vi, v := range cfg.Variants {
		pn := plot.Panel{Heading: printable.Text(v.Name), Sets: make([]plot.XY, len(index))}
		for _, a := range assets {
			ci, ok := index[a.Corpus]
			if ok && a.Runs[vi].Err == "" {
				pn.Sets[ci].X = append(pn.Sets[ci].X, float64(a.Build))
				pn.Sets[ci].Y = append(pn.Sets[ci].Y, float64(a.Runs[vi].Time.Nanoseconds())/1e3)
			}
		}
		panels = append(panels, pn)
	}
	return plot.PanelLogLog(filepath.Join(dir, TimePlot), "IR nodes as built (count)", "engine time per asset (µs)", figureCorpora(s), panels, false)
}

// writeFigures writes figures.md: each figure with its caption and its PDF.
func writeFigures(dir string, s *Summary) error {
	var b strings.Builder
	n := 0
	fig := func(file, caption string) {
		n++
		fmt.Fprintf(&b, "![Figure %d](%s)\n\n**Figure %d.** %s ([PDF](%s))\n\n", n, file, n, caption, plot.PDFPath(file))
	}
	b.WriteString("# Figures\n\nEach figure is an SVG and a PDF; a corpus has the same colour and marker in every figure (Okabe–Ito palette).\n\n")
	fig(ReductionPlot, fmt.Sprintf("IR nodes removed per asset, against %s, one panel per variant (variants with identical results share one). "+
		"In each panel a curve per corpus: its assets ranked by reduction, largest first, at their rank as a share of the corpus's assets; the area under a curve is the corpus's mean reduction; a curve ends at the corpus's first asset left as it was. The legend gives each corpus's asset count.", code(s.Baseline)))
	fig(MergesPlot, "IR nodes merged away per operation, one panel per variant, a bar segment per corpus; the operations the target "+
		code(s.Target)+" merges most, at most 16.")
	if len(s.Research) > 0 {
		fig(ExtraMergesPlot, fmt.Sprintf("Merges of each research pack beyond %s, per operation: on the left %s's merges (all corpora), on the right the pack's extra merges "+
			"(the pack's less %s's, a segment per corpus), labelled with the change. The difference is plotted, not the two counts: "+
			"a few merges more against hundreds (836 against 829) differ by under 1%%, unreadable on a linear axis and on a log one (0.004 of a decade).", code(s.Research[0].Versus), code(s.Research[0].Versus), code(s.Research[0].Versus)))
	}
	fig(TimePlot, "Engine time per asset (µs, log) against its IR node count as built (log), one panel per variant, a colour per corpus, as timings.csv records it.")
	return outfile.WriteFile(filepath.Join(dir, FiguresMD), []byte(b.String()))
}

func printableAll(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = printable.Text(n)
	}
	return out
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
