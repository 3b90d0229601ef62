package campaign

import (
	"bufio"
	"os"
	"path/filepath"
	"testing"

	"reuselab/bench"
)

// TestAggregateWorkers: the records of a sweep, read back from its
// shards, combined as by one worker, by two and by five, each worker's
// accumulator sent through the pipeline's coder and the accumulators
// merged in another order, give the summary the pipeline gave, byte for
// byte (report.md, its timings too; summary.json), and the same report
// of failures and stops. Where prism runs the combine in one process,
// this is the combine as a cluster spreads it.
func TestAggregateWorkers(t *testing.T) {
	lim := DefaultLimits()
	v := Variants{Modes: []string{"none", "1x", "2.0"}, Packs: []Pack{{Name: "reuse-2.0"}}, Limits: lim}
	grid := smallGrid
	grid.Count = 4
	res, dir := sweep(t, SweepOptions{Grid: grid, Paths: []string{examples}, Variants: v, Chunk: 3, Jobs: 2})
	var lines []string
	shards, _ := filepath.Glob(filepath.Join(dir, RecordsPattern))
	for _, p := range shards {
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), maxLine)
		for sc.Scan() {
			lines = append(lines, sc.Text())
		}
		f.Close()
		if sc.Err() != nil {
			t.Fatal(sc.Err())
		}
	}
	if int64(len(lines)) != res.Report.Elements || len(lines) < 10 {
		t.Fatalf("%d records in %d shards for %d elements", len(lines), len(shards), res.Report.Elements)
	}
	want := bench.Markdown(res.Summary)
	wantJSON := summaryJSON(t, res.Summary)

	fn := &aggregateFn{cfg: res.Config}
	for _, v := range res.Config.Variants {
		fn.variants = append(fn.variants, v.Name)
	}
	for _, workers := range []int{1, 2, 5} {
		accs := make([]*sweepAcc, workers)
		for i := range accs {
			accs[i] = fn.CreateAccumulator()
		}
		for k, l := range lines {
			var err error
			if accs[k%workers], err = fn.AddInput(accs[k%workers], l); err != nil {
				t.Fatal(err)
			}
		}
		total := fn.CreateAccumulator()
		for i := workers - 1; i >= 0; i-- {
			b, err := encodeAcc(accs[i])
			if err != nil {
				t.Fatal(err)
			}
			sent, err := decodeAcc(b)
			if err != nil {
				t.Fatal(err)
			}
			if total, err = fn.MergeAccumulators(total, sent); err != nil {
				t.Fatal(err)
			}
		}
		out, err := fn.ExtractOutput(total)
		if err != nil {
			t.Fatal(err)
		}
		agg, rep, err := readAggregate(res.Config, out)
		if err != nil {
			t.Fatal(err)
		}
		s := agg.Summary()
		// The timings too: the records carry the measurements.
		s.Timing = agg.Timing(res.Report.Wall, 2)
		if got := bench.Markdown(s); got != want {
			t.Errorf("%d workers: report.md differs from the pipeline's:\n%s", workers, firstDifference(got, want))
		}
		if got := summaryJSON(t, s); got != wantJSON {
			t.Errorf("%d workers: summary.json differs from the pipeline's:\n%s", workers, firstDifference(got, wantJSON))
		}
		rep.finish()
		if rep.Elements != res.Report.Elements || rep.Failed != res.Report.Failed || rep.Stopped != res.Report.Stopped {
			t.Errorf("%d workers: report %+v, the pipeline's %+v", workers, rep, res.Report)
		}
	}
}

// summaryJSON is summary.json as bench writes it, without its timing.
func summaryJSON(t *testing.T, s *bench.Summary) string {
	t.Helper()
	dir := t.TempDir()
	c := *s
	c.Timing = nil
	if err := bench.WriteSummary(dir, &c); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, bench.SummaryJSON))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
