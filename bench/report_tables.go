package bench

import (
	"fmt"
	"strconv"
	"strings"
)

// reductionTables renders "Reduction per corpus": every table compares
// like with like. 1x refuses a .dss source (DSH9058), so its total counts
// fewer assets than the others: the first table is every asset without
// it, the second the baseline, 1x and the target on the assets 1x builds.
func reductionTables(w func(string, ...any), s *Summary) {
	rows := append(append([]*CorpusSummary(nil), s.Corpora...), s.Overall)
	full := fullSetVariants(s)
	if s.Legacy != "" {
		w("### Every asset\n\n")
		w("All the assets of each corpus, every variant but %s (which builds only some: next table).\n\n", code(s.Legacy))
	}
	w("| corpus | files | failed | assets | built |")
	for _, i := range full {
		w(" %s |", md(s.Variants[i].Name))
	}
	w(" %s vs %s | median |\n", md(s.Target), md(s.Baseline))
	w("|---|--:|--:|--:|--:|%s--:|--:|\n", strings.Repeat("--:|", len(full)))
	for _, c := range rows {
		failed := strconv.Itoa(c.FailedFiles)
		if c.ExpectedFailures > 0 {
			failed += fmt.Sprintf(" (%d .bad.)", c.ExpectedFailures)
		}
		w("| %s | %d | %s | %d | %d |", rowName(s, c), c.Files, failed, c.Assets, c.BuildNodes)
		for _, i := range full {
			w(" %s |", totalCell(c, i))
		}
		w(" %s | %s |\n", pct(c.Reduction, true), pct(c.Reduction, false))
	}
	partialNote(w, s, full)
	syntheticNote(w, s)
	if s.Legacy != "" {
		legacyTable(w, s, rows)
	}
	if s.AssetCounts {
		assetTable(w, s, rows, full)
	}
}

// fullSetVariants are the columns of the every-asset tables: every
// variant but 1x.
func fullSetVariants(s *Summary) []int {
	var out []int
	for i, v := range s.Variants {
		if v.Name != s.Legacy {
			out = append(out, i)
		}
	}
	return out
}

func rowName(s *Summary, c *CorpusSummary) string {
	if c == s.Overall {
		return "**all**"
	}
	return md(c.Name)
}

// totalCell is variant i's IR node total over c, marked † when it did not
// answer on every asset (partialNote says how many it counts).
func totalCell(c *CorpusSummary, i int) string {
	t := c.Totals[i]
	if t.Errors == 0 {
		return strconv.Itoa(t.IRNodes)
	}
	if t.Errors >= c.Assets {
		return "–"
	}
	return fmt.Sprintf("%d†", t.IRNodes)
}

// partialNote names the columns of the every-asset table that count fewer
// assets than the others (a pack that stopped on some).
func partialNote(w func(string, ...any), s *Summary, cols []int) {
	for _, i := range cols {
		if t := s.Overall.Totals[i]; t.Errors > 0 {
			w("\n† %s counts %d of the %d assets: it gave no answer on the others (*Disagreements*, `%s`).\n", code(t.Variant), s.Overall.Assets-t.Errors, s.Overall.Assets, AssetsCSV)
		}
	}
}

// legacyTable is the baseline, 1x and the target on the assets 1x builds,
// side by side.
func legacyTable(w func(string, ...any), s *Summary, rows []*CorpusSummary) {
	b, l, t := md(s.Baseline), md(s.Legacy), md(s.Target)
	w("\n### On the assets %s builds\n\n", code(s.Legacy))
	w("%s refuses a `.dss` source (DSH9058): %s, %s and %s over the %d of %d assets all three answered, the only assets on which %s can be compared.\n\n",
		code(s.Legacy), code(s.Baseline), code(s.Legacy), code(s.Target), s.Overall.OnLegacy.Assets, s.Overall.Assets, code(s.Legacy))
	w("| corpus | assets | of | built | %s | %s | %s | %s vs %s | %s vs %s | %s vs %s |\n", b, l, t, l, b, t, b, t, l)
	w("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	for _, c := range rows {
		o := c.OnLegacy
		if o == nil || (o.Assets == 0 && c != s.Overall) {
			continue
		}
		w("| %s | %d | %d | %d | %d | %d | %d | %s | %s | %s |\n", rowName(s, c), o.Assets, c.Assets, o.BuildNodes,
			o.Baseline, o.Legacy, o.Target, cut(o.Baseline, o.Legacy), cut(o.Baseline, o.Target), cut(o.Legacy, o.Target))
	}
}

// cut is the reduction from before to after, "–" with nothing before.
func cut(before, after int) string {
	if before == 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f%%", 100*(1-float64(after)/float64(before)))
}

// syntheticNote says which corpora are programs `reuselab gen` wrote: their
// reduction is set by the duplicate rate they were generated with, and an
// overall row that mixes them with written sources is neither figure.
func syntheticNote(w func(string, ...any), s *Summary) {
	var names []string
	written := false
	for _, c := range s.Corpora {
		switch {
		case c.Synthetic():
			names = append(names, code(c.Name))
		case c.Partly():
			names = append(names, fmt.Sprintf("%s (%d of %d files)", code(c.Name), c.SyntheticFiles, c.Files))
			written = true
		default:
			written = written || c.Files > c.FailedFiles
		}
	}
	if len(names) == 0 {
		return
	}
	w("\n%s: synthetic, programs written by `reuselab gen`; their reduction follows the duplicate rate they were generated with (in each file's first line), not real materials.", strings.Join(names, ", "))
	if written {
		w(" The **all** row mixes them with written sources: read the corpus rows apart.")
	}
	w("\n")
}

// assetTable is the reduction tables in asset nodes (the Unreal
// expressions emitted, D2), from the corpus totals: every asset without
// 1x, then 1x's assets.
func assetTable(w func(string, ...any), s *Summary, rows []*CorpusSummary, full []int) {
	w("\nThe same in **asset nodes** (Unreal expressions the emitter writes, D2), every asset:\n\n| corpus |")
	for _, i := range full {
		w(" %s |", md(s.Variants[i].Name))
	}
	w(" %s vs %s |\n|---|%s--:|\n", md(s.Target), md(s.Baseline), strings.Repeat("--:|", len(full)))
	col := func(c *CorpusSummary, name string) *int {
		for _, t := range c.Totals {
			if t.Variant == name {
				return t.AssetNodes
			}
		}
		return nil
	}
	for _, c := range rows {
		w("| %s |", rowName(s, c))
		for _, i := range full {
			if t := c.Totals[i]; t.AssetNodes != nil {
				w(" %d |", *t.AssetNodes)
			} else {
				w(" – |")
			}
		}
		if b, a := col(c, s.Baseline), col(c, s.Target); b != nil && a != nil {
			w(" %s |\n", cut(*b, *a))
		} else {
			w(" – |\n")
		}
	}
	if s.Legacy == "" || s.Overall.OnLegacy == nil || s.Overall.OnLegacy.BaselineAssetNodes == nil {
		return
	}
	b, l, t := md(s.Baseline), md(s.Legacy), md(s.Target)
	w("\nIn asset nodes on the assets %s builds:\n\n| corpus | assets | %s | %s | %s | %s vs %s | %s vs %s |\n|---|--:|--:|--:|--:|--:|--:|\n", code(s.Legacy), b, l, t, t, b, t, l)
	for _, c := range rows {
		o := c.OnLegacy
		if o == nil || (o.Assets == 0 && c != s.Overall) {
			continue
		}
		w("| %s | %d | %d | %d | %d | %s | %s |\n", rowName(s, c), o.Assets, *o.BaselineAssetNodes, *o.LegacyAssetNodes, *o.TargetAssetNodes,
			cut(*o.BaselineAssetNodes, *o.TargetAssetNodes), cut(*o.LegacyAssetNodes, *o.TargetAssetNodes))
	}
}
