package bench_test

import (
	"fmt"
	"runtime"
	"runtime/metrics"
	"sync"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"reuselab/bench"
	"reuselab/diag"
	"reuselab/ir"
)

// On a machine shared with other benchmarks, wall time says how busy the
// neighbours were more than how parallel the bench is. The kernel's count
// of each thread's CPU time does not: these measure what each worker did.

// workerSplit is the CPU time of each worker's thread during one bench.Run
// and of the whole process (the collector's background work, the sweeper
// and the main goroutine are the difference).
type workerSplit struct {
	workers []time.Duration
	process time.Duration
}

func (w workerSplit) sum() (s time.Duration) {
	for _, d := range w.workers {
		s += d
	}
	return s
}

func (w workerSplit) min() time.Duration {
	m := w.sum()
	for _, d := range w.workers {
		m = min(m, d)
	}
	return m
}

// idleWall is the wall time the run would take on `cores` idle cores: no
// less than a worker's share of the work (the workers take files from one
// queue, so on idle cores they end within a file, 70 ms at most, of each
// other), nor than all its CPU spread over the cores.
func (w workerSplit) idleWall(cores int) time.Duration {
	return max(w.sum()/time.Duration(len(w.workers)), w.process/time.Duration(cores))
}

// splitRun runs the bench with each worker pinned to a thread of its own
// (runtime.LockOSThread in the first compile it does; the thread ends with
// the worker), reading the thread's CPU clock after every file.
func splitRun(t *testing.T, cfg bench.Config, srcs []bench.Source) workerSplit {
	t.Helper()
	var mu sync.Mutex
	start, last := map[int]time.Duration{}, map[int]time.Duration{}
	inner := cfg.Compile
	cfg.Compile = func(path, root string, read bench.ReadFunc) (*ir.Module, diag.List) {
		runtime.LockOSThread()
		tid := unix.Gettid()
		mu.Lock()
		if _, ok := start[tid]; !ok {
			start[tid] = clock(unix.RUSAGE_THREAD)
		}
		mu.Unlock()
		return inner(path, root, read)
	}
	cfg.Progress = func(done, total int) { // on the worker, after each file
		tid := unix.Gettid()
		now := clock(unix.RUSAGE_THREAD)
		mu.Lock()
		last[tid] = now
		mu.Unlock()
	}
	p0 := clock(unix.RUSAGE_SELF)
	bench.Run(cfg, srcs)
	var s workerSplit
	s.process = clock(unix.RUSAGE_SELF) - p0
	for tid, end := range last {
		s.workers = append(s.workers, end-start[tid])
	}
	return s
}

func clock(who int) time.Duration {
	var ru unix.Rusage
	if err := unix.Getrusage(who, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestRealCorpusWorkerSplit: with two workers the real corpus's work is
// shared between them, and the second worker adds little work of its own
// (a second pack loaded, the collector, the two cores' caches contending).
// -v prints the split and the ratio wall(1)/wall(2) it implies on two idle
// cores. The bounds are loose because on a busy machine each worker's share
// follows how often the kernel ran its thread, and CPU time grows with the
// neighbours' contention for the caches.
func TestRealCorpusWorkerSplit(t *testing.T) {
	if testing.Short() {
		t.Skip("the real corpus takes seconds")
	}
	srcs := realSources(t)
	one := splitRun(t, fullConfig(t, 1), srcs)
	two := splitRun(t, fullConfig(t, 2), srcs)
	t.Logf("jobs 1: workers %v, process %v", one.workers, one.process.Round(time.Millisecond))
	t.Logf("jobs 2: workers %v, process %v", two.workers, two.process.Round(time.Millisecond))
	t.Logf("on two idle cores: jobs 1 %v, jobs 2 %v: wall(1)/wall(2) = %.2f",
		one.idleWall(2).Round(time.Millisecond), two.idleWall(2).Round(time.Millisecond),
		float64(one.idleWall(2))/float64(two.idleWall(2)))
	if len(one.workers) != 1 || len(two.workers) != 2 {
		t.Fatalf("saw %d and %d worker threads, want 1 and 2", len(one.workers), len(two.workers))
	}
	if two.sum() > one.sum()*3/2 {
		t.Errorf("two workers did %v of work where one did %v: the second adds half again", two.sum(), one.sum())
	}
	if two.min() < two.sum()/4 {
		t.Errorf("one of two workers did under a quarter of the work: %v", two.workers)
	}
}

// BenchmarkRealCorpus runs the whole bench of the real corpus with one and
// two workers (go test -run NONE -bench RealCorpus -benchtime 5x ./bench).
// Besides wall time it reports the process's CPU seconds, the collector's
// estimated part of them, and its cycles.
func BenchmarkRealCorpus(b *testing.B) {
	srcs := realSources(b)
	for _, jobs := range []int{1, 2} {
		b.Run(fmt.Sprintf("jobs=%d", jobs), func(b *testing.B) {
			cfg := fullConfig(b, jobs)
			cpu0, gc0 := cpuSeconds()
			cycles0 := gcCycles()
			for b.Loop() {
				bench.Summarize(cfg, bench.Run(cfg, srcs))
			}
			cpu1, gc1 := cpuSeconds()
			b.ReportMetric(float64(gcCycles()-cycles0)/float64(b.N), "gcs/op")
			b.ReportMetric((cpu1-cpu0)/float64(b.N), "cpu-s/op")
			b.ReportMetric((gc1-gc0)/float64(b.N), "gc-cpu-s/op")
		})
	}
}

// cpuSeconds is the CPU time the process used (user and system), and the
// part of it the runtime estimates it spent collecting garbage: its own
// account is in P-time, which a loaded machine inflates, so only its GC
// share is applied to the kernel's figure.
func cpuSeconds() (total, gc float64) {
	total = clock(unix.RUSAGE_SELF).Seconds()
	s := []metrics.Sample{{Name: "/cpu/classes/total:cpu-seconds"}, {Name: "/cpu/classes/idle:cpu-seconds"}, {Name: "/cpu/classes/gc/total:cpu-seconds"}}
	metrics.Read(s)
	if busy := s[0].Value.Float64() - s[1].Value.Float64(); busy > 0 {
		gc = total * s[2].Value.Float64() / busy
	}
	return total, gc
}

func gcCycles() uint64 {
	s := []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}
