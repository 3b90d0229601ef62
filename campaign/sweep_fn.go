package campaign

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"path/filepath"
	"sync"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"reuselab/bench"
	"reuselab/bench/gen"
)

func init() {
	register.DoFn4x1[context.Context, string, func(string) func(*[]byte) bool, func(string), error](&sweepFn{})
	register.Emitter1[string]()
	register.Iter1[[]byte]()
	register.Function1x2(blobKV)
}

// Record is one element's outcome: bench's result for the file, and when
// the element itself failed (a panic outside bench's own recovery, or
// past the element's time limit) why, with the seed that makes it again.
type Record struct {
	Corpus, Rel string
	// Generated is set for a program of the grid, made from Seed.
	Generated bool
	Seed      uint64
	Failure   string
	File      *bench.FileResult
	// Elapsed is the element's wall time on its worker.
	Elapsed time.Duration
}

// Blob is a corpus file's bytes, read on the launcher.
type Blob struct {
	Path  string
	Bytes []byte
}

func blobKV(b Blob) (string, []byte) { return b.Path, b.Bytes }

// sweepFn runs the programs of one Work element and emits one record
// each, in the element's order.
type sweepFn struct {
	Variants Variants
	// Jobs bounds the programs this worker process runs at once, over
	// all its bundles (shared).
	Jobs int
	// ElementTimeout bounds one program; past it the program is a failed
	// record and its goroutine is abandoned (a pack's child process is
	// killed at its own limit, which is shorter).
	ElementTimeout time.Duration
	// Run names the run: the key of its shared state and progress here.
	Run string
	// Records is the folder the bundles write their shards into (shards.go).
	Records string

	cfg    bench.Config
	unname func(string) string
	share  *shared
	shards *shardWriter // this bundle's, opened with its first record

	done, failed beam.Counter
}

// loadedVariants are a sweep's engines, loaded once per worker process.
type loadedVariants struct {
	cfg    bench.Config
	unname func(string) string
}

// loadVariants loads a sweep's engines in a worker process.
func loadVariants(v Variants) func(dir string) (any, error) {
	return func(dir string) (any, error) {
		vs, unname, err := v.build(dir, v.Limits.limits())
		return loadedVariants{Config(vs), unname}, err
	}
}

func (f *sweepFn) Setup() error {
	s, err := acquire(f.Run, f.Jobs, loadVariants(f.Variants))
	if err != nil {
		return err
	}
	lv := s.value.(loadedVariants)
	f.cfg, f.unname, f.share = lv.cfg, lv.unname, s
	f.done = beam.NewCounter("reuselab-campaign", "elements")
	f.failed = beam.NewCounter("reuselab-campaign", "failed")
	return nil
}

func (f *sweepFn) Teardown() error { return release(f.Run) }

// StartBundle and FinishBundle take ProcessElement's side input and
// emitter, as Beam requires of them.
func (f *sweepFn) StartBundle(ctx context.Context, _ func(string) func(*[]byte) bool, _ func(string)) {
	if f.shards != nil { // a bundle that failed: its shards are not the run's
		f.shards.abandon(ctx)
		f.shards = nil
	}
}

func (f *sweepFn) FinishBundle(ctx context.Context, _ func(string) func(*[]byte) bool, _ func(string)) error {
	if f.shards == nil {
		return nil
	}
	w := f.shards
	f.shards = nil
	return w.finish(ctx)
}

// task is one program of a Work element.
type task struct {
	gen    *gen.Config
	corpus string
	file   File
}

func (f *sweepFn) ProcessElement(ctx context.Context, line string, lookup func(string) func(*[]byte) bool, emit func(string)) error {
	var w Work
	if err := json.Unmarshal([]byte(line), &w); err != nil {
		return fmt.Errorf("a sweep element: %w", err)
	}
	var tasks []task
	if w.Cell != nil {
		for s := w.From; s < w.To; s++ {
			c := w.Cell.Program(s)
			tasks = append(tasks, task{gen: &c, corpus: w.Cell.Corpus()})
		}
	}
	for _, file := range w.Files {
		tasks = append(tasks, task{file: file, corpus: file.Corpus})
	}
	// Side input reads are not known to be safe from several goroutines.
	var mu sync.Mutex
	read := func(path string) ([]byte, error) {
		mu.Lock()
		defer mu.Unlock()
		var b []byte
		if lookup(path)(&b) {
			return b, nil
		}
		return nil, &fs.PathError{Op: "open", Path: path, Err: fs.ErrNotExist}
	}
	out := make([]Record, len(tasks))
	next := make(chan int, len(tasks))
	for i := range tasks {
		next <- i
	}
	close(next)
	var wg sync.WaitGroup
	for range max(1, f.Jobs) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				free := f.share.slot()
				out[i] = f.runTask(tasks[i], read)
				free()
				f.done.Inc(ctx, 1)
				failed := out[i].Failure != ""
				if failed {
					f.failed.Inc(ctx, 1)
				}
				progressOf(f.Run).add(failed)
			}
		}()
	}
	wg.Wait()
	if f.shards == nil && f.Records != "" {
		w, err := openShards(ctx, f.Records, &f.cfg)
		if err != nil {
			return fmt.Errorf("the records' shards: %w", err)
		}
		f.shards = w
	}
	for i := range out {
		r := &out[i]
		l, err := encodeLine(r)
		if err != nil {
			return fmt.Errorf("%s/%s: %w", r.Corpus, r.Rel, err)
		}
		if f.shards != nil {
			if err := f.shards.add(l, r); err != nil {
				return fmt.Errorf("the records' shards: %w", err)
			}
		}
		emit(l)
	}
	return nil
}

// runTask runs one program under the element's time limit; a panic or
// the limit makes a failed record.
func (f *sweepFn) runTask(t task, read bench.ReadFunc) Record {
	src, rec := t.source()
	start := time.Now()
	got := make(chan Record, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				got <- failedRecord(rec, src, fmt.Sprintf("panic: %v", p))
			}
		}()
		got <- f.runProgram(t, src, rec, read)
	}()
	var timeout <-chan time.Time
	if f.ElementTimeout > 0 {
		tm := time.NewTimer(f.ElementTimeout)
		defer tm.Stop()
		timeout = tm.C
	}
	select {
	case r := <-got:
		r.Elapsed = time.Since(start)
		return r
	case <-timeout:
		r := failedRecord(rec, src, fmt.Sprintf("ran past the element limit of %v", f.ElementTimeout))
		r.Elapsed = time.Since(start)
		return r
	}
}

func (t task) source() (bench.Source, Record) {
	if t.gen != nil {
		name := t.gen.FileName()
		src := bench.Source{Corpus: t.corpus, Rel: name, Path: filepath.Join(t.corpus, name), Root: t.corpus}
		return src, Record{Corpus: t.corpus, Rel: name, Generated: true, Seed: t.gen.Seed}
	}
	src := bench.Source{Corpus: t.file.Corpus, Rel: t.file.Rel, Path: t.file.Path, Root: t.file.Root}
	return src, Record{Corpus: src.Corpus, Rel: src.Rel}
}

func (f *sweepFn) runProgram(t task, src bench.Source, rec Record, read bench.ReadFunc) Record {
	cfg := f.cfg
	if t.gen != nil {
		text, _ := gen.Program(*t.gen)
		cfg.Read = func(p string) ([]byte, error) {
			if p == src.Path {
				return []byte(text), nil
			}
			return nil, &fs.PathError{Op: "open", Path: p, Err: fs.ErrNotExist}
		}
	} else {
		cfg.Read = read
	}
	rec.File = bench.RunOne(cfg, src)
	for _, a := range rec.File.Assets {
		for i := range a.Runs {
			a.Runs[i].Err = f.unname(a.Runs[i].Err)
		}
	}
	return rec
}

// failedRecord is an element that gave no result: a failed file in the
// report, its diagnostic the reason (and the seed that makes it again).
func failedRecord(rec Record, src bench.Source, why string) Record {
	rec.Failure = why
	d := fmt.Sprintf("%s: campaign: %s", src.Rel, why)
	if rec.Generated {
		d += fmt.Sprintf(" (seed %d)", rec.Seed)
	}
	rec.File = &bench.FileResult{Source: src, Failed: true, Diagnostics: []string{d}}
	return rec
}
