package bench

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"reuselab/ir"
	"reuselab/pipeline"
)

// Timings as a researcher reports them (issue 30): each variant is timed
// Config.Repeat times on each asset, and the tables give medians and a
// spread. The run that counts nodes, counts a pack's clauses and judges it
// (a Checker's) is the first, untimed when Repeat > 1: the timed runs are
// plain Engine.Runs, their answers dropped. Per asset the repetitions are
// interleaved, every variant once per repetition, the order rotated by one
// each time (repetition r starts with variant r mod V): no variant always
// runs first, on a cold cache, or last, after the others' garbage. A
// variant that gave no answer on the first run (1x on a .dss, a pack that
// stopped) is not timed: a refusal is no engine time, and a stop would
// cost its limit Repeat times again.

// Measurement is one timed run of a variant on an asset.
type Measurement struct {
	// Rep is the repetition, 0 to Repeat−1; Order the variant's place in
	// it (0 ran first).
	Rep, Order int
	Wall, CPU  time.Duration
	// Checked is set when the timed run was also the checked one (Repeat
	// 1, a pack with a Checker): its time includes counting its clauses.
	Checked bool
	// Batch is the number of assets of the run timed when it went over
	// a batch of them at once (batch.go): Wall and CPU are then the
	// batch's, apportioned by build nodes. 0 for a run on the asset alone.
	Batch int
}

// measureRun times f by wall clock and, where the system has one, by the CPU
// clock of the thread it runs on (pinned for the while): unlike process
// CPU it is not the other workers' time, but work f hands to other
// goroutines (the collector, a pack's parallel chunks) is not in it.
func measureRun(f func()) Measurement {
	lockThread()
	defer unlockThread()
	cpu0, start := threadCPU(), time.Now()
	f()
	return Measurement{Wall: time.Since(start), CPU: threadCPU() - cpu0}
}

// cpuMeasured reports whether measureRun's CPU figures mean anything here.
func cpuMeasured() bool { return threadClockWorks() }

// timeRuns makes the Repeat timed runs of the variants on the assets of
// one batch (as, their graphs gs) when Repeat > 1, interleaved, then sets
// each run's medians. A variant that runs batches is timed once per
// repetition over the assets it answered, its time apportioned to them;
// the others asset by asset.
func timeRuns(cfg *Config, as []*AssetResult, gs []*ir.Graph, clk *stepClock) {
	n := len(cfg.Variants)
	if cfg.Repeat > 1 {
		for rep := 0; rep < cfg.Repeat; rep++ {
			for k := 0; k < n; k++ {
				i := (rep + k) % n
				v := cfg.Variants[i]
				var answered []int // the assets v answered on its first run
				for j, a := range as {
					if a.Runs[i].Err == "" {
						answered = append(answered, j)
					}
				}
				if len(answered) > 1 && pipeline.Batches(v.Engine) {
					batch := make([]*ir.Graph, len(answered))
					for x, j := range answered {
						batch[x] = gs[j]
					}
					m := measureRun(func() { pipeline.RunBatch(v.Engine, batch, v.Limits) })
					m.Rep, m.Order = rep, k
					for x, mj := range apportion(m, batch) {
						r := &as[answered[x]].Runs[i]
						r.Times = append(r.Times, mj)
					}
					clk.mark("timed " + v.Name)
					continue
				}
				for _, j := range answered {
					m := measureRun(func() { v.Engine.Run(gs[j], v.Limits) })
					m.Rep, m.Order = rep, k
					as[j].Runs[i].Times = append(as[j].Runs[i].Times, m)
					clk.mark("timed " + v.Name)
				}
			}
		}
	}
	for _, a := range as {
		for i := range a.Runs {
			r := &a.Runs[i]
			if r.Err != "" {
				r.Times = nil
			}
			var walls, cpus []float64
			for _, m := range r.Times {
				walls = append(walls, float64(m.Wall))
				cpus = append(cpus, float64(m.CPU))
			}
			r.Time, r.CPU = time.Duration(median(walls)), time.Duration(median(cpus))
		}
	}
}

// Spread is a sample's median, quartiles and range, in milliseconds.
// Quartiles interpolate linearly between order statistics (R's type 7,
// numpy's default).
type Spread struct {
	Median float64 `json:"median"`
	Q1     float64 `json:"q1"`
	Q3     float64 `json:"q3"`
	Min    float64 `json:"min"`
	Max    float64 `json:"max"`
	N      int     `json:"n"`
}

func spreadOf(xs []float64) *Spread {
	if len(xs) == 0 {
		return nil
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	q := func(p float64) float64 {
		h := p * float64(len(s)-1)
		lo := math.Floor(h)
		hi := math.Min(lo+1, float64(len(s)-1))
		return ms(s[int(lo)] + (h-lo)*(s[int(hi)]-s[int(lo)]))
	}
	return &Spread{Median: q(0.5), Q1: q(0.25), Q3: q(0.75), Min: ms(s[0]), Max: ms(s[len(s)-1]), N: len(s)}
}

// ms is nanoseconds as milliseconds to the microsecond.
func ms(ns float64) float64 { return math.Round(ns/1e3) / 1e3 }

// writeTimings writes timings.csv: one row per measurement, in source
// order, then variant, then repetition; batch is the assets of a batched
// run whose time was apportioned (0: the asset alone).
func writeTimings(path string, cfg Config, files []*FileResult) error {
	rows := [][]string{{"corpus", "file", "asset", "build", "variant", "engine", "rep", "order", "wall_ns", "cpu_ns", "checked", "batch"}}
	cpu := cpuMeasured()
	for _, a := range Assets(files) {
		for i, r := range a.Runs {
			for _, m := range r.Times {
				c := ""
				if cpu {
					c = strconv.FormatInt(m.CPU.Nanoseconds(), 10)
				}
				rows = append(rows, []string{a.Corpus, a.File, a.Asset, strconv.Itoa(a.Build), r.Variant, cfg.Variants[i].Kind(),
					strconv.Itoa(m.Rep), strconv.Itoa(m.Order), strconv.FormatInt(m.Wall.Nanoseconds(), 10), c, strconv.FormatBool(m.Checked), strconv.Itoa(m.Batch)})
			}
		}
	}
	return writeCSV(path, csvCells(rows))
}

// timingSection renders "## Timings", the last section of report.md but
// the plot and the clauses' cost: which runs were timed, and each
// variant's median and spread over the repetitions.
func timingSection(w func(string, ...any), s *Summary) {
	w("\n## Timings\n\nMachine dependent; every measurement in `%s` (one row per asset, variant and repetition).\n\n", TimingsCSV)
	t := s.Timing
	if t == nil {
		return
	}
	w("Wall %s with %d jobs. Timed: %s. CPU: %s.\n\n", t.Wall, t.Jobs, md(t.Timed), md(t.CPU))
	if t.Repeat > 1 {
		w("Each figure is the engine time summed over the assets a variant answered, per repetition: the median of the %d repetitions, and their range (min–max; quartiles in `%s`).\n\n", t.Repeat, SummaryJSON)
	} else {
		w("One repetition (`--repeat 1`): no spread. `bench --repeat N` times N runs of each variant apart from the checked one.\n\n")
	}
	w("| variant | engine | assets timed | wall ms (median) | wall min–max | CPU ms (median) | CPU min–max | ns per built node | proving ms |\n|---|---|--:|--:|--:|--:|--:|--:|--:|\n")
	for _, v := range t.Variants {
		w("| %s | %s | %d | %s | %s | %s | %s | %.0f | %s |\n", md(v.Variant), md(v.Engine), v.Assets,
			spreadMedian(v.WallMS), spreadRange(v.WallMS), spreadMedian(v.CPUMS), spreadRange(v.CPUMS), v.NsPerNode, proveCell(v.ProveMS))
	}
	var batched []string
	for _, v := range t.Variants {
		if v.Batched {
			batched = append(batched, code(v.Variant))
		}
	}
	if len(batched) > 0 {
		w("\nBatched: %s ran over batches of assets at once (one evaluation of their disjoint union, up to %d assets or %d build nodes), "+
			"each run timed as a whole and apportioned to its assets by build nodes: their per-asset times (`%s`, column batch; the plot below) are shares of a batch, not runs of their own.\n",
			strings.Join(batched, ", "), batchAssets, batchNodes, TimingsCSV)
	}
	if t.Repeat == 1 {
		countedNote(w, s)
	}
}

func spreadMedian(sp *Spread) string {
	if sp == nil {
		return "–"
	}
	return fmt.Sprintf("%.1f", sp.Median)
}

func spreadRange(sp *Spread) string {
	if sp == nil || sp.N < 2 {
		return "–"
	}
	return fmt.Sprintf("%.1f–%.1f", sp.Min, sp.Max)
}
