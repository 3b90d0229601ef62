package bench

import (
	"fmt"
	"io"
	"os"
	"sort"
	"sync"
	"time"
)

// Where a run's CPU goes, for tuning the bench itself: set
// REUSELAB_BENCH_PHASES=1 and `reuselab bench` prints, on stderr, the wall
// and process CPU time of each serial phase and, per worker thread, the CPU
// time of each step it took (compiling, each variant, counting, metrics)
// and when each worker ended. The reports are untouched. A wall-time ratio
// says little on a shared machine (the kernel's autogroups give a busy
// process about one core whatever its threads); these CPU figures depend
// on the neighbours much less.

// PhasesEnv turns the phase log on.
const PhasesEnv = "REUSELAB_BENCH_PHASES"

// Phases collects the log; nil (PhasesEnv unset) records nothing.
type Phases struct {
	mu      sync.Mutex
	w       io.Writer
	steps   map[string]time.Duration
	counts  map[string]int
	start   time.Time
	workers []string // each worker's account: files, CPU, when it ended
}

// NewPhases returns a log writing to w when PhasesEnv is set, else nil.
func NewPhases(w io.Writer) *Phases {
	if os.Getenv(PhasesEnv) == "" {
		return nil
	}
	return &Phases{w: w, steps: map[string]time.Duration{}, counts: map[string]int{}, start: time.Now()}
}

// Serial times one phase on the calling goroutine by wall and process CPU
// (everything the process did meanwhile, the collector included); call the
// result when it ends.
func (p *Phases) Serial(name string) (end func()) {
	if p == nil {
		return func() {}
	}
	start, cpu := time.Now(), cpuTime()
	return func() {
		fmt.Fprintf(p.w, "phase %-12s wall %8.3fs  cpu %8.3fs\n", name, time.Since(start).Seconds(), (cpuTime() - cpu).Seconds())
	}
}

// runStarts is the time the workers' end times count from.
func (p *Phases) runStarts() {
	if p != nil {
		p.start = time.Now()
	}
}

// step adds d of a worker thread's CPU to the step name.
func (p *Phases) step(name string, d time.Duration) {
	if p == nil {
		return
	}
	p.mu.Lock()
	p.steps[name] += d
	p.counts[name]++
	p.mu.Unlock()
}

// Flush prints the workers' steps, largest first, and forgets them.
func (p *Phases) Flush() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	names := sortedKeys(p.steps)
	sort.SliceStable(names, func(i, j int) bool { return p.steps[names[i]] > p.steps[names[j]] })
	var total time.Duration
	for _, n := range names {
		total += p.steps[n]
	}
	for _, n := range names {
		fmt.Fprintf(p.w, "  worker %-24s cpu %8.3fs  %5.1f%%  (%d)\n", n, p.steps[n].Seconds(), 100*p.steps[n].Seconds()/max(total.Seconds(), 1e-9), p.counts[n])
	}
	fmt.Fprintf(p.w, "  worker %-24s cpu %8.3fs\n", "total", total.Seconds())
	sort.Strings(p.workers)
	for _, w := range p.workers {
		fmt.Fprintln(p.w, "  "+w)
	}
	p.steps, p.counts, p.workers = map[string]time.Duration{}, map[string]int{}, nil
}

// stepClock measures one worker's steps on its own thread's CPU clock.
type stepClock struct {
	p           *Phases
	first, last time.Duration
	files       int
}

// startSteps pins the calling goroutine to its thread (so the thread clock
// is the goroutine's) for as long as the log is on; stop unpins it.
func (p *Phases) startSteps() (c *stepClock, stop func()) {
	if p == nil || !threadClockWorks() {
		return nil, func() {}
	}
	lockThread()
	now := threadCPU()
	c = &stepClock{p: p, first: now, last: now}
	return c, func() {
		c.p.mu.Lock()
		c.p.workers = append(c.p.workers, fmt.Sprintf("thread ended at %6.3fs: %3d files, cpu %6.3fs",
			time.Since(c.p.start).Seconds(), c.files, (threadCPU()-c.first).Seconds()))
		c.p.mu.Unlock()
		unlockThread()
	}
}

// mark charges the thread's CPU since the last mark to name.
func (c *stepClock) mark(name string) {
	if c == nil {
		return
	}
	now := threadCPU()
	c.p.step(name, now-c.last)
	c.last = now
}

// file counts a file the worker took.
func (c *stepClock) file() {
	if c != nil {
		c.files++
	}
}
