package campaign

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"

	"reuselab/bench"
	"reuselab/sourcefile"
)

// RunFunc runs a pipeline: beamx.Run, which picks the runner from Beam's
// --runner flag (prism, in this process, by default).
type RunFunc func(context.Context, *beam.Pipeline) error

// SweepOptions say what a sweep runs and where.
type SweepOptions struct {
	Grid Grid
	// Paths are corpus folders or files, listed and read on the launcher
	// as `reuselab bench PATH…` lists them.
	Paths    []string
	Variants Variants
	// Chunk is the programs per element (default 16); Jobs the programs a
	// worker process runs at once, over all its bundles (default 1).
	Chunk, Jobs int
	// ElementTimeout bounds one program (0: none).
	ElementTimeout time.Duration
	// Records is the folder the workers write the records and the assets'
	// rows into (RecordsPattern, AssetsPattern, a pair of files per
	// bundle), through Beam's file systems: a path every worker can write
	// (gs://… on a cluster).
	Records string
	Run     RunFunc
	// Progress, if set, receives a progress line every ProgressEvery
	// while the workers share this process.
	Progress      io.Writer
	ProgressEvery time.Duration
}

// SweepResult is a sweep's outcome: bench's configuration and summary,
// and what the campaign adds (failed elements, stopped runs).
type SweepResult struct {
	Config  bench.Config
	Summary *bench.Summary
	Report  *Report
}

// Sweep builds the sweep's pipeline and runs it. The records are
// aggregated in the pipeline (aggregateFn) and written out in shards
// where they are made: neither the runner nor the launcher holds them,
// and the launcher reads one line, the aggregate.
func Sweep(ctx context.Context, o SweepOptions) (*SweepResult, error) {
	if o.Chunk <= 0 {
		o.Chunk = 16
	}
	if o.Jobs <= 0 {
		o.Jobs = 1
	}
	cells, err := o.Grid.Cells()
	if err != nil {
		return nil, err
	}
	var files []File
	var blobs []Blob
	if len(o.Paths) > 0 {
		if files, blobs, err = readCorpora(o.Paths); err != nil {
			return nil, err
		}
	}
	// The launcher resolves the variants too: a pack with errors stops the
	// sweep before it starts, and the report needs their names and kinds.
	dir, err := os.MkdirTemp("", "reuselab-campaign")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	vs, _, err := o.Variants.build(dir, o.Variants.Limits.limits())
	if err != nil {
		return nil, err
	}
	work := append(chunks(cells, o.Grid.From, o.Grid.Count, o.Chunk), fileChunks(files, o.Chunk)...)
	total := int64(len(cells))*int64(o.Grid.Count) + int64(len(files))
	if total == 0 {
		return nil, fmt.Errorf("nothing to sweep: no seed and no corpus file")
	}
	if o.Records == "" {
		return nil, fmt.Errorf("no records folder")
	}
	if err := checkRecords(o.Records); err != nil {
		return nil, err
	}
	run := "sweep-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	defer forget(run)
	fn := &sweepFn{Variants: o.Variants, Jobs: o.Jobs, ElementTimeout: o.ElementTimeout, Run: run, Records: o.Records}
	p, err := sweepPipeline(work, blobs, fn)
	if err != nil {
		return nil, err
	}
	if o.Progress != nil {
		stop := watch(o.Progress, "sweep", run, total, o.ProgressEvery)
		defer stop()
	}
	start := time.Now()
	if err := o.Run(ctx, p); err != nil {
		return nil, fmt.Errorf("the pipeline: %w", err)
	}
	wall := time.Since(start)
	res := &SweepResult{Config: Config(vs)}
	agg, err := takeAggregate(ctx, res.Config, inFolder(o.Records, aggregateName))
	if err != nil {
		return nil, err
	}
	if agg.report.Elements != total {
		return nil, fmt.Errorf("the pipeline aggregated %d records for %d elements", agg.report.Elements, total)
	}
	res.Report = agg.report
	res.Report.finish()
	res.Report.Wall, res.Report.Records = wall, o.Records
	res.Summary = agg.agg.Summary()
	res.Summary.Timing = agg.agg.Timing(wall, o.Jobs)
	return res, nil
}

// takeAggregate reads the aggregate the pipeline wrote at path, then
// removes the file where the file system can.
func takeAggregate(ctx context.Context, cfg bench.Config, path string) (*sweepAcc, error) {
	var line string
	n := 0
	if err := readLines(ctx, path, func(l string) error { line = l; n++; return nil }); err != nil {
		return nil, err
	}
	if n != 1 {
		return nil, fmt.Errorf("the pipeline wrote %d aggregates, want 1", n)
	}
	agg, rep, err := readAggregate(cfg, line)
	if err != nil {
		return nil, fmt.Errorf("the aggregate: %w", err)
	}
	if fs, err := filesystem.New(ctx, path); err == nil {
		if rm, ok := fs.(filesystem.Remover); ok {
			_ = rm.Remove(ctx, path) // a leftover is harmless: the next run writes it again
		}
		fs.Close()
	}
	return &sweepAcc{agg: agg, report: rep}, nil
}

// sweepPipeline is Create → Reshuffle → run (the corpus bytes as a side
// input; the records written in shards as they are made) → combined
// into the aggregate (aggregateFn), written as one line.
func sweepPipeline(work []Work, blobs []Blob, fn *sweepFn) (*beam.Pipeline, error) {
	lines := make([]string, len(work))
	for i, w := range work {
		b, err := json.Marshal(w)
		if err != nil {
			return nil, err
		}
		lines[i] = string(b)
	}
	p, s := beam.NewPipelineWithRoot()
	in := beam.Reshuffle(s, beam.CreateList(s, lines))
	if blobs == nil {
		blobs = []Blob{}
	}
	side := beam.ParDo(s, blobKV, beam.CreateList(s, blobs))
	recs := beam.ParDo(s, fn, in, beam.SideInput{Input: side})
	agg := beam.Combine(s, &aggregateFn{Variants: fn.Variants, Jobs: fn.Jobs, Run: fn.Run}, recs)
	textio.Write(s, inFolder(fn.Records, aggregateName), agg)
	return p, nil
}

// readCorpora lists the sources under paths as `reuselab bench` does and
// reads each with the compiler's careful read, on the launcher: the
// workers get the bytes, not the paths.
func readCorpora(paths []string) ([]File, []Blob, error) {
	srcs, _, err := bench.DiscoverAll(paths)
	if err != nil {
		return nil, nil, err
	}
	var files []File
	var blobs []Blob
	for _, s := range srcs {
		files = append(files, File{Corpus: s.Corpus, Rel: s.Rel, Path: s.Path, Root: s.Root})
		// A file that cannot be read is left out: the compiler, not
		// finding it, reports the file as bench reports it.
		if b, err := sourcefile.Read(s.Path, s.Root, sourcefile.MaxFileBytes); err == nil {
			blobs = append(blobs, Blob{Path: s.Path, Bytes: b})
		}
	}
	return files, blobs, nil
}

// TempRecords is a records path for a run whose workers share this
// machine (prism): a file in a new temporary folder, removed by clean.
func TempRecords() (path string, clean func(), err error) {
	dir, err := os.MkdirTemp("", "reuselab-campaign-records")
	if err != nil {
		return "", nil, err
	}
	return filepath.Join(dir, "records.txt"), func() { os.RemoveAll(dir) }, nil
}
