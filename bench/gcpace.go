package bench

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// How the collector is paced while a bench runs.
//
// The real corpus's live heap is small (3–5 MB) while a run allocates a
// few hundred MB, mostly in the Datalog evaluations. Paced by a GC
// percentage, such a heap is collected every few MB: at Go's default about
// 155 times a run, at 400 (the Datalog engine's own target, rules/eval,
// which it sets around every evaluation with a limit 16 MB above the heap)
// about 37 times, 0.1–0.15 s of CPU. With one worker that work ran on the
// idle core for free; with two it took a worker's time, and it was most of
// the CPU two workers spent beyond one.
//
// So the run turns the percentage off and paces by a memory limit instead,
// moved after every collection to the memory in use then plus
// max(runHeapFloor, runHeapFactor × live heap): a small heap is collected
// once per runHeapFloor of allocation (about a dozen times a run), a large
// one (a 100k-node asset) as if GOGC were 100×runHeapFactor, so its peak
// stays near 1+runHeapFactor times what it holds. The Datalog engine
// leaves a collector that is off alone. A GOGC or GOMEMLIMIT the user set,
// or a collector the caller turned off or limited, is left alone too.
const (
	runHeapFloor  = 64 << 20
	runHeapFactor = 2
)

// PaceCollector is paceCollector for a caller that writes the report too
// (reuselab bench): the run leaves tens of MB of garbage on a heap of a few
// MB live, and the default pacing, back when Run returns, would collect it
// at once, on the serial path, while the report is written; paced until
// the report is out, the process mostly exits first.
func PaceCollector() (restore func()) { return paceCollector() }

// paceCollector paces the collector for a run and returns the restore.
// Runs may overlap (tests): the first sets the pacing, the last restores
// what it found.
func paceCollector() (restore func()) {
	pacing.Lock()
	defer pacing.Unlock()
	if pacing.depth == 0 {
		pacing.set = os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == ""
		if pacing.set {
			pacing.savedPct = debug.SetGCPercent(-1)
			pacing.savedLim = debug.SetMemoryLimit(-1)
			pacing.set = pacing.savedPct >= 0 && pacing.savedLim == math.MaxInt64
			if !pacing.set {
				debug.SetGCPercent(pacing.savedPct)
			}
		}
		if pacing.set {
			pacing.gen++
			debug.SetMemoryLimit(heapGoal())
			armCycleHook(pacing.gen)
		}
	}
	pacing.depth++
	return func() {
		pacing.Lock()
		defer pacing.Unlock()
		if pacing.depth--; pacing.depth == 0 && pacing.set {
			pacing.gen++ // the pending hook finds itself stale and stops
			debug.SetMemoryLimit(pacing.savedLim)
			debug.SetGCPercent(pacing.savedPct)
		}
	}
}

var pacing struct {
	sync.Mutex
	depth    int
	gen      int // which run's pacing is current
	savedPct int
	savedLim int64
	set      bool
}

// cycleSentinel is garbage the moment it is made: its finalizer runs after
// the next collection. It holds a pointer so that the tiny allocator, whose
// blocks outlive their objects, never takes it.
type cycleSentinel struct {
	_ *int
	_ [2]uint64
}

// armCycleHook moves the limit after the next collection, and re-arms
// itself while run gen's pacing is current.
func armCycleHook(gen int) {
	runtime.SetFinalizer(&cycleSentinel{}, func(*cycleSentinel) {
		pacing.Lock()
		defer pacing.Unlock()
		if pacing.gen != gen || pacing.depth == 0 {
			return
		}
		debug.SetMemoryLimit(heapGoal())
		armCycleHook(gen)
	})
}

// heapGoal is the memory limit for the next cycle: the memory in use less
// the heap's garbage, plus the headroom.
func heapGoal() int64 {
	s := []metrics.Sample{
		{Name: "/memory/classes/total:bytes"},
		{Name: "/memory/classes/heap/released:bytes"},
		{Name: "/memory/classes/heap/objects:bytes"},
		{Name: "/gc/heap/live:bytes"},
	}
	metrics.Read(s)
	v := func(i int) int64 {
		if s[i].Value.Kind() != metrics.KindUint64 || s[i].Value.Uint64() > math.MaxInt64/4 {
			return 0
		}
		return int64(s[i].Value.Uint64())
	}
	live := v(3)
	inUse := v(0) - v(1)
	if garbage := v(2) - live; garbage > 0 && live > 0 {
		inUse -= garbage
	}
	return max(inUse, 0) + max(runHeapFloor, runHeapFactor*live)
}
