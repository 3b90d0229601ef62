package campaign

import (
	"context"
	"os"
	"path/filepath"
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

func sweep(t *testing.T, o SweepOptions) *SweepResult {
	t.Helper()
	o.Records = filepath.Join(t.TempDir(), "records.txt")
	o.Run = onPrism
	res, err := Sweep(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// writeReport writes what `reuselab-campaign sweep` writes and returns the
// folder.
func writeReport(t *testing.T, cfg bench.Config, files []*bench.FileResult, s *bench.Summary) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "out")
	if err := bench.Write(dir, cfg, files, s); err != nil {
		t.Fatal(err)
	}
	return dir
}

// deterministic is every file of a bench report that holds no timing, the
// timed parts of summary.json and report.md cut off.
func deterministic(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		name := e.Name()
		if name == bench.TimingsCSV || name == bench.TimePlot || name == plot.PDFPath(bench.TimePlot) || name == outfile.MarkerName {
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
	res := sweep(t, SweepOptions{Grid: smallGrid, Paths: []string{examples}, Variants: allVariants, Chunk: 2, Jobs: 2})
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

	got := deterministic(t, writeReport(t, res.Config, res.Files, res.Summary))
	want := deterministic(t, writeReport(t, cfg, files, sum))
	if !strings.Contains(got[bench.SummaryJSON], "gen-dss-n60-d0.3-b1") || !strings.Contains(got[bench.SummaryJSON], `"examples"`) {
		t.Fatalf("the sweep's summary lacks a corpus:\n%s", got[bench.SummaryJSON])
	}
	sameReports(t, "sweep against bench", got, want)
}

// TestSweepDeterministic: the same seeds give byte-identical reports
// (timings aside), run twice, with one program at a time or two, in
// elements of one program or of four.
func TestSweepDeterministic(t *testing.T) {
	v := Variants{Modes: []string{"none", "2.0"}, Packs: []Pack{{Name: "reuse-2.0"}}, Limits: DefaultLimits()}
	grid := smallGrid
	grid.Count = 4
	var reports []map[string]string
	for _, o := range []SweepOptions{{Jobs: 1, Chunk: 1}, {Jobs: 2, Chunk: 4}, {Jobs: 1, Chunk: 1}} {
		o.Grid, o.Variants = grid, v
		res := sweep(t, o)
		reports = append(reports, deterministic(t, writeReport(t, res.Config, res.Files, res.Summary)))
	}
	sameReports(t, "jobs 1 against jobs 2", reports[0], reports[1])
	sameReports(t, "run twice", reports[0], reports[2])
}
