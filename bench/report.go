package bench

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"reuselab/bench/metrics"
	"reuselab/outfile"
	"reuselab/printable"
)

// Output files. Everything but TimingsCSV, the "timing" object of
// summary.json, the "## Timings" section (the last) of report.md and
// TimePlot depends only on the sources.
const (
	AssetsCSV     = "assets.csv"
	TimingsCSV    = "timings.csv"
	SummaryJSON   = "summary.json"
	MetricsJSON   = "metrics.json"
	ReportMD      = "report.md"
	ReductionPlot = "reduction.svg"
	MergesPlot    = "merges_by_op.svg"
	TimePlot      = "time_vs_nodes.svg"
	ScalingPlot   = "scaling.svg"
)

// Write writes every output file into dir, published whole (Publish): a
// failed or interrupted write leaves the previous report as it was.
func Write(dir string, cfg Config, files []*FileResult, s *Summary) error {
	cfg.defaults()
	return Publish(dir, func(dir string) error { return writeReport(dir, cfg, files, s) })
}

// WriteSummary writes the files of a report that follow from the summary
// alone (summary.json, report.md, the merges figures, rules-profile.csv)
// into dir, for a caller that never holds the files (campaign/, which
// writes the per-asset rows, AssetRow, where the assets ran). It does not
// publish: call it within Publish.
func WriteSummary(dir string, s *Summary) error {
	return runSteps(summarySteps(dir, s))
}

func summarySteps(dir string, s *Summary) []func() error {
	return []func() error{
		func() error { return writeRulesProfile(filepath.Join(dir, RulesProfileCSV), s) },
		func() error {
			// schemaVersion first, the Summary's fields inlined after it
			// (schema/bench-summary.schema.json; raise on a rename or removal).
			return writeJSON(filepath.Join(dir, SummaryJSON), struct {
				SchemaVersion int `json:"schemaVersion"`
				*Summary
			}{2, s})
		},
		func() error { return writeMergesPlot(dir, s) },
		func() error { return writeExtraMergesPlot(dir, s) },
		func() error { return outfile.WriteFile(filepath.Join(dir, ReportMD), []byte(Markdown(s))) },
	}
}

func writeReport(dir string, cfg Config, files []*FileResult, s *Summary) error {
	return runSteps(append(summarySteps(dir, s),
		func() error { return writeAssets(filepath.Join(dir, AssetsCSV), cfg, files) },
		func() error { return writeTimings(filepath.Join(dir, TimingsCSV), cfg, files) },
		func() error { return writeMetrics(filepath.Join(dir, MetricsJSON), files) },
		func() error { return writeReductionPlot(dir, cfg, files, s) },
		func() error { return writeTimePlot(dir, cfg, files, s) },
		func() error { return writeFigures(dir, s) },
	))
}

func runSteps(steps []func() error) error {
	// The files are independent: written at once, the plots (gonum) and
	// the JSON overlap instead of adding up after the run. The largest,
	// metrics.json, the workers encoded asset by asset (encodeMetrics).
	errs := make([]error, len(steps))
	var wg sync.WaitGroup
	for i, f := range steps {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = f()
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

func writeJSON(path string, v any) error {
	b, err := marshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return outfile.WriteFile(path, append(b, '\n'))
}

func ftoa(x float64) string { return strconv.FormatFloat(x, 'f', 4, 64) }

func writeAssets(path string, cfg Config, files []*FileResult) error {
	cfg.defaults()
	rows := [][]string{AssetsHeader(cfg)}
	for _, a := range Assets(files) {
		rows = append(rows, AssetRow(cfg, a))
	}
	return writeCSV(path, rows)
}

// AssetsHeader is the header of assets.csv.
func AssetsHeader(cfg Config) []string {
	head := []string{"corpus", "file", "asset", "kind", "build"}
	for _, v := range cfg.Variants {
		p := v.Name + "_"
		head = append(head, p+"ir_nodes", p+"asset_nodes", p+"folded", p+"rewritten", p+"aliased", p+"merged", p+"pruned", p+"rounds", p+"disagrees", p+"error")
	}
	head = append(head, "reduction")
	for _, p := range []string{"raw_", "merged_"} {
		for _, h := range shapeColumns {
			head = append(head, p+h)
		}
	}
	return csvCells([][]string{head})[0]
}

var shapeColumns = []string{"depth", "max_width", "max_fan_in", "max_fan_out", "shared", "sharing_factor", "components", "unreached"}

// AssetRow is a's row of assets.csv, its cells escaped.
func AssetRow(cfg Config, a *AssetResult) []string {
	cfg.defaults()
	bi, ti := cfg.variant(cfg.Baseline), cfg.variant(cfg.Target)
	row := []string{a.Corpus, a.File, a.Asset, a.Kind, strconv.Itoa(a.Build)}
	for _, r := range a.Runs {
		an := ""
		if r.HasAssetNodes {
			an = strconv.Itoa(r.AssetNodes)
		}
		row = append(row, strconv.Itoa(r.IRNodes), an, strconv.Itoa(r.Folded), strconv.Itoa(r.Rewritten), strconv.Itoa(r.Aliased),
			strconv.Itoa(r.Merged), strconv.Itoa(r.Pruned), strconv.Itoa(r.Rounds), strconv.FormatBool(r.Disagrees), r.Err)
	}
	red := ""
	if x, ok := reduction(a, bi, ti); ok {
		red = ftoa(x)
	}
	row = append(row, red)
	row = append(row, shapeRow(a.Raw.Depth, a.Raw.MaxWidth, a.Raw.MaxFanIn, a.Raw.MaxFanOut, a.Raw.Shared, a.Raw.SharingFactor, a.Raw.Components, a.Raw.Unreached)...)
	if m := a.Merged; m != nil {
		row = append(row, shapeRow(m.Depth, m.MaxWidth, m.MaxFanIn, m.MaxFanOut, m.Shared, m.SharingFactor, m.Components, m.Unreached)...)
	} else {
		row = append(row, make([]string, len(shapeColumns))...)
	}
	return csvCells([][]string{row})[0]
}

func shapeRow(depth, width, fin, fout, shared int, sf float64, comps, unreached int) []string {
	return []string{strconv.Itoa(depth), strconv.Itoa(width), strconv.Itoa(fin), strconv.Itoa(fout),
		strconv.Itoa(shared), ftoa(sf), strconv.Itoa(comps), strconv.Itoa(unreached)}
}

// AssetMetrics is one asset's full graph metrics in metrics.json: the
// distributions and per-root dominance that assets.csv has no room for.
type AssetMetrics struct {
	Corpus string           `json:"corpus"`
	File   string           `json:"file"`
	Asset  string           `json:"asset"`
	Raw    metrics.Metrics  `json:"raw"`
	Merged *metrics.Metrics `json:"merged"`
}

// encodeMetrics is an asset's entry of metrics.json, encoded by the worker
// that ran the asset, as json.MarshalIndent would encode it inside the
// list: a second core shares the encoding instead of waiting for it after
// the run (writeMetrics puts the entries together). nil when it cannot be
// encoded: writeMetrics then reports why.
func encodeMetrics(a *AssetResult) []byte {
	b, err := marshalIndent(AssetMetrics{a.Corpus, a.File, a.Asset, a.Raw, a.Merged}, "  ", "  ")
	if err != nil {
		return nil
	}
	return b
}

// writeMetrics writes metrics.json: every asset's metrics in source order,
// byte for byte json.MarshalIndent's encoding of the list
// (TestMetricsJSONIsMarshalIndents).
func writeMetrics(path string, files []*FileResult) error {
	assets := Assets(files)
	size := 4
	for _, a := range assets {
		if a.metricsJSON == nil {
			if a.metricsJSON = encodeMetrics(a); a.metricsJSON == nil {
				return writeJSON(path, assetMetrics(files)) // and its error
			}
		}
		size += len(a.metricsJSON) + 4
	}
	if len(assets) == 0 {
		return outfile.WriteFile(path, []byte("[]\n"))
	}
	out := make([]byte, 0, size)
	out = append(out, "[\n"...)
	for k, a := range assets {
		out = append(out, "  "...)
		out = append(out, a.metricsJSON...)
		if k < len(assets)-1 {
			out = append(out, ',')
		}
		out = append(out, '\n')
	}
	return outfile.WriteFile(path, append(out, "]\n"...))
}

// assetMetrics is what metrics.json lists.
func assetMetrics(files []*FileResult) []AssetMetrics {
	out := []AssetMetrics{}
	for _, a := range Assets(files) {
		out = append(out, AssetMetrics{a.Corpus, a.File, a.Asset, a.Raw, a.Merged})
	}
	return out
}

func writeCSV(path string, rows [][]string) error {
	return outfile.Write(path, func(w io.Writer) error {
		return csv.NewWriter(w).WriteAll(rows)
	})
}

// Markdown renders report.md.
func Markdown(s *Summary) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	w("# reuselab bench\n\n")
	w("Counts are **IR nodes** as upstream counts them (SEMANTICS D2: sinks and function inputs/outputs included). ")
	if s.AssetCounts {
		w("Asset nodes (the Unreal expressions emitted) have a table of their own below and are in `assets.csv`.\n\n")
	} else {
		w("Asset nodes (the Unreal expressions emitted) are absent: no emitter yet.\n\n")
	}
	var names []string
	for _, v := range s.Variants {
		names = append(names, fmt.Sprintf("%s (%s %s)", code(v.Name), md(v.Engine), md(v.Mode)))
	}
	w("Variants: %s. The reduction is %s against %s", strings.Join(names, ", "), code(s.Target), code(s.Baseline))
	if s.Legacy != "" {
		w(", and against %s", code(s.Legacy))
	} else {
		w("; `1x` was not among the modes run (`--modes`), so there is no comparison against it")
	}
	w(".\n\n## Reduction per corpus\n\n")
	reductionTables(w, s)
	w("\n![reduction per asset](%s)\n\nEach figure's caption, and the figure as PDF, are in [%s](%s).\n\n", ReductionPlot, FiguresMD, FiguresMD)
	w("*How much does each variant shrink each asset?* One column of points per asset, ranked once by %s; a grey bar joins an asset's variants; variants with the same value on every asset share one legend entry (`a = b`); assets no variant reduces are counted in the x label, not drawn.\n\n", code(s.Target))

	w("## What the passes did\n\nBuild nodes changed per pass, summed over rounds (from `ir.Result.Passes`), each under its own name: *swizzles rewritten* composes masks or drops an identity Swizzle (the reference's swizzles pass); *aliased* is a pack's `alias/3` of any other node (its readers read another node instead, ir.PassAlias); *by dedupe* is the dedupe pass's merges (a pack's `sig/2`), and *merged* both ways of merging a node away, aliased plus by dedupe; *removed* is the nodes of the graph it read (for 1x, its own build) minus those left: everything the variant took away. A pack that aliases a node leaves dedupe fewer to merge, so *by dedupe* alone can fall while the pack removes more: *merged* and *removed* cannot. For the datalog engine, rounds are the DAG levels it evaluated. *errors* counts the assets a variant gave no answer for (1x refuses a `.dss`), which its other columns leave out.\n\n")
	w("| corpus | variant | folded | swizzles rewritten | aliased | by dedupe | merged | pruned | removed | max rounds | errors |\n|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	for _, c := range append(append([]*CorpusSummary(nil), s.Corpora...), s.Overall) {
		for _, t := range c.Totals {
			w("| %s | %s | %d | %d | %d | %d | %d | %d | %d | %d | %d |\n", md(c.Name), md(t.Variant), t.Folded, t.Rewritten, t.Aliased, t.Merged, t.Aliased+t.Merged, t.Pruned, t.InputNodes-t.IRNodes, t.MaxRounds, t.Errors)
		}
	}

	w("\n## Merge rate by operation (all corpora)\n\nBuild nodes of the operation whose fate is merged (by dedupe, an alias or an identity Swizzle) / build nodes of the operation, both over the assets the variant answered.\n\n")
	// Only the variants that merge anything ("none" never does).
	ops := map[string]bool{}
	var merging []VariantTotal
	for _, t := range s.Overall.Totals {
		for op := range t.MergedByOp {
			ops[op] = true
		}
		if len(t.MergedByOp) > 0 {
			merging = append(merging, t)
		}
	}
	w("| operation |")
	for _, t := range merging {
		w(" %s merged | rate |", md(t.Variant))
	}
	w("\n|---|%s\n", strings.Repeat("--:|--:|", len(merging)))
	for _, op := range sortedKeys(ops) {
		w("| %s |", md(op))
		for _, t := range merging {
			w(" %d | %.1f%% |", t.MergedByOp[op], 100*t.MergeRate[op])
		}
		w("\n")
	}
	w("\n![merges by operation](%s)\n\n", MergesPlot)
	w("*Which operations does reuse merge, and where do the variants differ?* The 16 operations %s merges most, most first; variants with identical counts are one bar.\n\n", code(s.Target))

	// The classes merged most, at most 20: a corpus of many materials
	// calling many functions would otherwise drown the report.
	classes := map[string]int{}
	for _, t := range merging {
		for k, n := range t.MergedByClass {
			classes[k] += n
		}
	}
	keys := sortedKeys(classes)
	sort.SliceStable(keys, func(i, j int) bool { return classes[keys[i]] > classes[keys[j]] })
	w("Merged build nodes of the operations that carry a class (Reflected, Custom, FunctionCall)")
	if len(keys) > 20 {
		w(", the 20 merged most of %d (all in `%s`)", len(keys), SummaryJSON)
		keys = keys[:20]
	}
	w(":\n\n| class |")
	for _, t := range merging {
		w(" %s |", md(t.Variant))
	}
	w("\n|---|%s\n", strings.Repeat("--:|", len(merging)))
	for _, k := range keys {
		w("| %s |", md(k))
		for _, t := range merging {
			w(" %d |", t.MergedByClass[k])
		}
		w("\n")
	}
	w("\nPer-asset graph metrics (width per level, fan-in and fan-out distributions, nodes each root dominates) are in `%s`.\n\n", MetricsJSON)

	w("## Graph shape\n\nMeans per asset, as built and after %s: depth is the longest path to an unread node; the sharing factor is the size of the graph unfolded into a tree over its node count (bench/metrics).\n\n", code(s.Target))
	w("| corpus | depth raw | depth %s | sharing raw | sharing %s |\n|---|--:|--:|--:|--:|\n", md(s.Target), md(s.Target))
	for _, c := range append(append([]*CorpusSummary(nil), s.Corpora...), s.Overall) {
		w("| %s | %.2f | %.2f | %.3f | %.3f |\n", md(c.Name), c.RawDepth, c.MergedDepth, c.RawSharing, c.MergedSharing)
	}

	w("\n## Largest reductions (%s against %s)\n\n| corpus | file | asset | %s | %s | reduction |\n|---|---|---|--:|--:|--:|\n", code(s.Target), code(s.Baseline), md(s.Baseline), md(s.Target))
	for _, a := range s.Largest {
		w("| %s | %s | %s | %d | %d | %.1f%% |\n", md(a.Corpus), md(a.File), md(a.Asset), a.Before, a.After, 100*a.Reduction)
	}

	verdictSection(w, s)
	researchSection(w, s)

	w("\n## Disagreements with the reference\n\n")
	w("Each pack is checked against the reference mode it mirrors (D6): `reuse-2.0` must agree with `2.0` exactly. A research pack (commutativity, identities: no `# mirrors:`) is expected to merge more: its extra merges are in its own section (*Research packs*), and it is listed here only where it gave no answer. *moved* counts build nodes placed in another class.\n\n")
	if len(s.Disagreements) == 0 {
		w("None: every pack that mirrors a mode has its partition on every asset, and every pack answered on every asset.\n")
	} else {
		w("| corpus | file | asset | variant | versus | nodes | versus nodes | moved | error |\n|---|---|---|---|---|--:|--:|--:|---|\n")
		for _, d := range s.Disagreements {
			w("| %s | %s | %s | %s | %s | %d | %d | %d | %s |\n", md(d.Corpus), md(d.File), md(d.Asset), md(d.Variant), md(d.Versus), d.Nodes, d.Against, d.Moved, cell(d.Err))
		}
	}

	w("\n## Failures\n\n")
	if len(s.Failures) == 0 {
		w("None.\n")
	}
	expected := 0
	for _, f := range s.Failures {
		if f.Expected {
			expected++
		}
	}
	if expected > 0 {
		w("%d of the %d failed files are upstream negative tests (`*.bad.*`), meant to fail; they are listed last.\n\n", expected, len(s.Failures))
	}
	failures := append([]Failure(nil), s.Failures...)
	sort.SliceStable(failures, func(i, j int) bool { return !failures[i].Expected && failures[j].Expected })
	for _, f := range failures {
		w("- %s\n", code(f.Corpus+"/"+f.File))
		for _, d := range f.Diagnostics[:min(len(f.Diagnostics), 5)] {
			w("  - %s\n", code(d))
		}
		if len(f.Diagnostics) > 5 {
			w("  - … %d more\n", len(f.Diagnostics)-5)
		}
	}

	// Timings come last so that a test can cut the report at this heading.
	timingSection(w, s)
	w("\n![engine time vs node count](%s)\n\n", TimePlot)
	w("*How does engine time grow with an asset's size, per engine?* One point per asset and variant (its median wall time over the timed runs), log-log.\n")
	ruleCostMarkdown(w, s)
	return b.String()
}

func pct(r *Ratio, total bool) string {
	if r == nil || r.Assets == 0 {
		return "–"
	}
	if total {
		return fmt.Sprintf("%.1f%%", 100*r.Total)
	}
	return fmt.Sprintf("%.1f%%", 100*r.Median)
}

// cell is a message as a table cell: on one line, escaped (md).
func cell(s string) string { return md(strings.ReplaceAll(s, "\n", " ")) }

// md and code are how report.md writes a name it did not make (a folder,
// a file, an asset, a class, a pack, a message): as Markdown text, safe in
// a table cell (printable.Markdown), or as a code span
// (printable.MarkdownCode). A folder may be named `a|b`, `<script>` or with
// an ESC in it.
func md(s string) string { return printable.Markdown(s) }

func code(s string) string { return printable.MarkdownCode(s) }

// marshalIndent is json.MarshalIndent with the bidi and C1 characters
// encoding/json leaves raw written as JSON escapes (printable.JSON): the
// names read back exactly, and `cat summary.json` shows no override.
func marshalIndent(v any, prefix, indent string) ([]byte, error) {
	b, err := json.MarshalIndent(v, prefix, indent)
	return printable.JSON(b), err
}

// csvCells escapes every cell as printable.CSV has it: a name on one line,
// with no control or bidi character, and no formula a spreadsheet would run
// (a corpus names its folders as it likes); numbers are left as they are.
func csvCells(rows [][]string) [][]string {
	out := make([][]string, len(rows))
	for i, row := range rows {
		out[i] = make([]string, len(row))
		for j, c := range row {
			out[i][j] = printable.CSV(c)
		}
	}
	return out
}
