package bench_test

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"sync"
	"testing"
	"time"

	"reuselab/bench"
	"reuselab/bench/internal/benchtest"
	"reuselab/ir"
	"reuselab/reuse"
)

// callLog records the engine calls of a run, in order.
type callLog struct {
	mu    sync.Mutex
	calls []string
}

func (l *callLog) add(s string) {
	l.mu.Lock()
	l.calls = append(l.calls, s)
	l.mu.Unlock()
}

// logged is an engine that notes each Run; refuse makes it refuse every
// graph, as 1x refuses a .dss.
type logged struct {
	reuse.Engine
	log    *callLog
	refuse bool
}

func (e *logged) Run(g *ir.Graph, lim ir.Limits) *ir.Result {
	e.log.add(e.Name())
	if e.refuse {
		return ir.Untouched(g, ir.StopRefused)
	}
	return e.Engine.Run(g, lim)
}

// checker judges a variant as bench/verdict's does, noting each checked
// run apart from the plain ones.
type checker struct {
	e   reuse.Engine
	log *callLog
}

func (c *checker) Run(g *ir.Graph, lim ir.Limits) (*ir.Result, func(bench.Seen) []string) {
	c.log.add("check " + c.e.Name())
	return c.e.Run(g, lim), func(bench.Seen) []string { return nil }
}

func (c *checker) Verdict() bench.Verdict { return bench.Verdict{Verdict: "tested"} }

// repeatRun benches one asset (or n) under three variants, the last a
// checked pack, with repeat timed runs, on one worker.
func repeatRun(t *testing.T, repeat, assets int, refuse bool) (*callLog, bench.Config, []*bench.FileResult) {
	t.Helper()
	log := &callLog{}
	pack := &logged{Engine: &benchtest.Toy{Kind: "datalog", Label: "p", Merges: true}, log: log}
	cfg := bench.Config{
		Compile: benchtest.Compile,
		Read: func(p string) ([]byte, error) {
			if p != "c/M.dsm" {
				return nil, fs.ErrNotExist
			}
			s := ""
			for i := 0; i < assets; i++ {
				s += fmt.Sprintf("asset A%d\n", i)
			}
			return []byte(s), nil
		},
		Jobs:   1,
		Repeat: repeat,
		Variants: []bench.Variant{
			{Name: "none", Engine: &logged{Engine: benchtest.Dedupe("none"), log: log}},
			{Name: "2.0", Engine: &logged{Engine: benchtest.Dedupe("2.0"), log: log, refuse: refuse}},
			{Name: "datalog:p", Engine: pack, Check: &checker{e: pack, log: log}},
		},
	}
	files := bench.Run(cfg, []bench.Source{{Corpus: "c", Rel: "M.dsm", Path: "c/M.dsm", Root: "c"}})
	return log, cfg, files
}

// TestRepeatInterleavesAndTimesPlainRuns: with --repeat 3 the checked run
// comes first and is not timed; then every variant runs once per
// repetition, the order rotated by one each time.
func TestRepeatInterleavesAndTimesPlainRuns(t *testing.T) {
	log, _, files := repeatRun(t, 3, 1, false)
	want := []string{
		"none", "2.0", "check p", "p", // the first, counted and checked
		"none", "2.0", "p", // repetition 0
		"2.0", "p", "none", // 1
		"p", "none", "2.0", // 2
	}
	if !reflect.DeepEqual(log.calls, want) {
		t.Fatalf("calls %v\nwant  %v", log.calls, want)
	}
	a := bench.Assets(files)[0]
	for i, r := range a.Runs {
		if len(r.Times) != 3 {
			t.Fatalf("%s: %d measurements, want 3", r.Variant, len(r.Times))
		}
		for rep, m := range r.Times {
			if m.Rep != rep || m.Order != (i-rep+3)%3 || m.Checked || m.Wall <= 0 {
				t.Errorf("%s repetition %d: %+v", r.Variant, rep, m)
			}
		}
		walls := []float64{}
		for _, m := range r.Times {
			walls = append(walls, float64(m.Wall))
		}
		sort.Float64s(walls)
		if r.Time != time.Duration(walls[1]) {
			t.Errorf("%s: time %v, not the median of %v", r.Variant, r.Time, walls)
		}
	}
}

// TestRepeatOneTimesTheCheckedRun: --repeat 1 is bench as it was: one run
// per variant, timed, and a checked pack's measurement says it was checked.
func TestRepeatOneTimesTheCheckedRun(t *testing.T) {
	log, _, files := repeatRun(t, 1, 1, false)
	if want := []string{"none", "2.0", "check p", "p"}; !reflect.DeepEqual(log.calls, want) {
		t.Fatalf("calls %v, want %v", log.calls, want)
	}
	a := bench.Assets(files)[0]
	for i, r := range a.Runs {
		if len(r.Times) != 1 || r.Times[0].Checked != (i == 2) {
			t.Errorf("%s: %+v", r.Variant, r.Times)
		}
	}
}

// TestRefusedVariantIsNotTimed: a variant that gave no answer on the first
// run is not run again and has no measurement.
func TestRefusedVariantIsNotTimed(t *testing.T) {
	log, _, files := repeatRun(t, 2, 1, true)
	n := 0
	for _, c := range log.calls {
		if c == "2.0" {
			n++
		}
	}
	if a := bench.Assets(files)[0]; n != 1 || len(a.Runs[1].Times) != 0 || a.Runs[1].Err == "" {
		t.Errorf("the refusing variant ran %d times, has %d measurements (error %q)", n, len(a.Runs[1].Times), a.Runs[1].Err)
	}
}

// TestTimingsCSVAndSummaryHaveEveryRepetition: timings.csv has a row per
// asset, variant and repetition, and summary.json's medians are the
// medians of the repetitions' totals in it.
func TestTimingsCSVAndSummaryHaveEveryRepetition(t *testing.T) {
	const repeat, assets = 5, 3
	_, cfg, files := repeatRun(t, repeat, assets, false)
	s := bench.Summarize(cfg, files)
	s.Timing = bench.Timings(cfg, files, time.Second, 1)
	out := filepath.Join(t.TempDir(), "out")
	if err := bench.Write(out, cfg, files, s); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(out, bench.TimingsCSV))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1+assets*len(cfg.Variants)*repeat {
		t.Fatalf("timings.csv: %d rows, want %d", len(rows)-1, assets*len(cfg.Variants)*repeat)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	totals := map[string][]float64{}
	for _, r := range rows[1:] {
		rep, err1 := strconv.Atoi(r[col["rep"]])
		ns, err2 := strconv.ParseFloat(r[col["wall_ns"]], 64)
		if err1 != nil || err2 != nil || rep < 0 || rep >= repeat {
			t.Fatalf("row %v", r)
		}
		v := r[col["variant"]]
		if totals[v] == nil {
			totals[v] = make([]float64, repeat)
		}
		totals[v][rep] += ns
	}
	b, err := os.ReadFile(filepath.Join(out, bench.SummaryJSON))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Timing struct {
			Repeat   int `json:"repeat"`
			Variants []struct {
				Variant string `json:"variant"`
				Wall    struct {
					Median float64 `json:"median"`
					Min    float64 `json:"min"`
					Max    float64 `json:"max"`
					N      int     `json:"n"`
				} `json:"wall_ms"`
			} `json:"variants"`
		} `json:"timing"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Timing.Repeat != repeat || len(doc.Timing.Variants) != len(cfg.Variants) {
		t.Fatalf("summary.json timing: %+v", doc.Timing)
	}
	for _, v := range doc.Timing.Variants {
		xs := append([]float64(nil), totals[v.Variant]...)
		sort.Float64s(xs)
		if v.Wall.N != repeat || !near(v.Wall.Median, xs[repeat/2]/1e6) || !near(v.Wall.Min, xs[0]/1e6) || !near(v.Wall.Max, xs[repeat-1]/1e6) {
			t.Errorf("%s: wall_ms %+v, timings.csv's totals %v ns", v.Variant, v.Wall, xs)
		}
	}
}

// near compares milliseconds rounded to the microsecond.
func near(a, b float64) bool { return a-b < 0.0011 && b-a < 0.0011 }
