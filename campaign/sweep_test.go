package campaign

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"reuselab/bench"
	"reuselab/bench/gen"
	"reuselab/bench/plot"
	"reuselab/outfile"
)

// smallGrid is two cells, one per language, of three seeds each.
var smallGrid = Grid{Langs: []string{"dsm", "dss"}, Nodes: []int{60}, DupRates: []float64{0.3}, Branches: []int{1}, From: 5, Count: 3}

// examples is a corpus folder of the main module: two small written
// materials, read by the launcher and sent as a side input.
const examples = "../rules/examples"

var allVariants = Variants{Modes: []string{"none", "1x", "2.0"}, Packs: []Pack{{Name: "reuse-2.0"}}, Limits: DefaultLimits()}

// sweep runs a sweep on prism, its records and report in the folder it
// returns (as `reuselab-campaign sweep --out` has them).
func sweep(t *testing.T, o SweepOptions) (*SweepResult, string) {
	t.Helper()
	o.Records = t.TempDir()
	o.Run = onPrism
	res, err := Sweep(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	sharing.Lock()
	left := len(sharing.byKey)
	sharing.Unlock()
	if left != 0 {
		t.Errorf("the sweep left the shared state of %d runs (and their folders)", left)
	}
	if err := bench.WriteSummary(o.Records, res.Summary); err != nil {
		t.Fatal(err)
	}
	return res, o.Records
}

// writeReport writes bench's report and returns the folder.
func writeReport(t *testing.T, cfg bench.Config, files []*bench.FileResult, s *bench.Summary) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "out")
	if err := bench.Write(dir, cfg, files, s); err != nil {
		t.Fatal(err)
	}
	return dir
}

// assetRows is the header and the sorted rows of assets.csv in dir, or
// of the assets-*.csv shards there, each under the same header.
func assetRows(t *testing.T, dir string) (string, []string) {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, AssetsPattern))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		paths = []string{filepath.Join(dir, bench.AssetsCSV)}
	}
	head := ""
	var rows []string
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
		if head != "" && lines[0] != head {
			t.Fatalf("%s's header differs: %s", p, lines[0])
		}
		head = lines[0]
		rows = append(rows, lines[1:]...)
	}
	sort.Strings(rows)
	return head, rows
}

func sameRows(t *testing.T, what string, gotDir, wantDir string) {
	t.Helper()
	gh, got := assetRows(t, gotDir)
	wh, want := assetRows(t, wantDir)
	if gh != wh {
		t.Errorf("%s: assets.csv headers differ:\n- %s\n+ %s", what, gh, wh)
	}
	if a, b := strings.Join(got, "\n"), strings.Join(want, "\n"); a != b {
		t.Errorf("%s: %d asset rows against %d; they differ:\n%s", what, len(got), len(want), firstDifference(a, b))
	}
}

// deterministic is every file of a report that holds no timing, the
// timed parts of summary.json and report.md cut off; the per-asset files
// (assets.csv and its shards, the records, metrics.json and the figures
// of one point per asset) are left to sameRows.
func deterministic(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		name := e.Name()
		if name == outfile.MarkerName || perAsset[name] {
			continue
		}
		if m, _ := filepath.Match(AssetsPattern, name); m {
			continue
		}
		if m, _ := filepath.Match(RecordsPattern, name); m {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		switch name {
		case bench.SummaryJSON:
			i := strings.Index(s, `"timing"`)
			if i < 0 {
				t.Fatalf("%s has no timing object", name)
			}
			s = s[:i]
		case bench.ReportMD:
			i := strings.Index(s, "## Timings")
			if i < 0 {
				t.Fatalf("%s has no Timings section", name)
			}
			s = s[:i]
		}
		out[name] = s
	}
	return out
}

// perAsset are bench's files of one row or point per asset.
var perAsset = map[string]bool{
	bench.AssetsCSV: true, bench.MetricsJSON: true, bench.TimingsCSV: true, bench.FiguresMD: true,
	bench.ReductionPlot: true, plot.PDFPath(bench.ReductionPlot): true, bench.TimePlot: true, plot.PDFPath(bench.TimePlot): true,
}

func sameReports(t *testing.T, what string, a, b map[string]string) {
	t.Helper()
	if len(a) != len(b) {
		t.Errorf("%s: %d files against %d", what, len(a), len(b))
	}
	for name, x := range a {
		y, ok := b[name]
		switch {
		case !ok:
			t.Errorf("%s: %s missing", what, name)
		case x != y:
			t.Errorf("%s: %s differs:\n%s", what, name, firstDifference(x, y))
		}
	}
}

func firstDifference(x, y string) string {
	xl, yl := strings.Split(x, "\n"), strings.Split(y, "\n")
	for i := range min(len(xl), len(yl)) {
		if xl[i] != yl[i] {
			return "line " + strconv.Itoa(i+1) + ":\n- " + xl[i] + "\n+ " + yl[i]
		}
	}
	return "one is a prefix of the other"
}

// TestSweepMatchesBench: `bench` on a folder per cell holding the cell's
// programs (as `reuselab gen` writes them) plus a written corpus gives
// the report the sweep gives, timings aside.
func TestSweepMatchesBench(t *testing.T) {
	res, dir := sweep(t, SweepOptions{Grid: smallGrid, Paths: []string{examples}, Variants: allVariants, Chunk: 2, Jobs: 2})
	if res.Report.Failed != 0 || res.Report.Stopped != 0 {
		t.Fatalf("the sweep failed %d elements and stopped %d runs: %+v", res.Report.Failed, res.Report.Stopped, res.Report)
	}
	cells, _ := smallGrid.Cells()
	wantFiles := len(cells)*int(smallGrid.Count) + 2
	if got := res.Summary.Overall.Files; got != wantFiles {
		t.Fatalf("the sweep reports %d files, want %d", got, wantFiles)
	}

	root := t.TempDir()
	paths := []string{}
	for _, c := range cells {
		dir := filepath.Join(root, c.Corpus())
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for s := smallGrid.From; s < smallGrid.From+smallGrid.Count; s++ {
			g := c.Program(s)
			text, _ := gen.Program(g)
			if err := os.WriteFile(filepath.Join(dir, g.FileName()), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		paths = append(paths, dir)
	}
	paths = append(paths, examples)
	srcs, _, err := bench.DiscoverAll(paths)
	if err != nil {
		t.Fatal(err)
	}
	vs, _, err := allVariants.build(t.TempDir(), allVariants.Limits.limits())
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config(vs)
	cfg.Jobs = 2
	start := time.Now()
	files := bench.Run(cfg, srcs)
	sum := bench.Summarize(cfg, files)
	sum.Timing = bench.Timings(cfg, files, time.Since(start), 2)

	benchDir := writeReport(t, cfg, files, sum)
	got, want := deterministic(t, dir), deterministic(t, benchDir)
	if !strings.Contains(got[bench.SummaryJSON], "gen-dss-n60-d0.3-b1") || !strings.Contains(got[bench.SummaryJSON], `"examples"`) {
		t.Fatalf("the sweep's summary lacks a corpus:\n%s", got[bench.SummaryJSON])
	}
	for _, name := range []string{bench.SummaryJSON, bench.ReportMD, bench.MergesPlot} {
		if _, ok := got[name]; !ok {
			t.Errorf("the sweep wrote no %s", name)
		}
	}
	// bench's other summary files are the sweep's too.
	for name := range want {
		if _, ok := got[name]; !ok {
			delete(want, name)
		}
	}
	sameReports(t, "sweep against bench", got, want)
	sameRows(t, "sweep against bench", dir, benchDir)
	if shards, _ := filepath.Glob(filepath.Join(dir, RecordsPattern)); len(shards) == 0 {
		t.Errorf("the sweep wrote no records")
	}
	if tmp, _ := filepath.Glob(filepath.Join(dir, "tmp-*")); len(tmp) > 0 {
		t.Errorf("the sweep left temporary shards: %v", tmp)
	}
}

// TestSweepDeterministic: the same seeds give byte-identical reports
// (timings aside), run twice, with one program at a time or two, in
// elements of one program or of four.
func TestSweepDeterministic(t *testing.T) {
	v := Variants{Modes: []string{"none", "2.0"}, Packs: []Pack{{Name: "reuse-2.0"}}, Limits: DefaultLimits()}
	grid := smallGrid
	grid.Count = 4
	var reports []map[string]string
	var dirs []string
	for _, o := range []SweepOptions{{Jobs: 1, Chunk: 1}, {Jobs: 2, Chunk: 4}, {Jobs: 1, Chunk: 1}} {
		o.Grid, o.Variants = grid, v
		_, dir := sweep(t, o)
		reports = append(reports, deterministic(t, dir))
		dirs = append(dirs, dir)
	}
	sameReports(t, "jobs 1 against jobs 2", reports[0], reports[1])
	sameReports(t, "run twice", reports[0], reports[2])
	sameRows(t, "jobs 1 against jobs 2", dirs[0], dirs[1])
}
