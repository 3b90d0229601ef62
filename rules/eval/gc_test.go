package eval

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
)

// TestHeapBudget: an evaluation lowers the memory limit to its budget,
// nested evaluations widen it, and the caller's settings come back; a
// stricter limit of the caller's, or the collector turned off, is kept.
func TestHeapBudget(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))

	outer := heapBudget(1_000_000, mangleHeap)
	one := debug.SetMemoryLimit(-1)
	if one == math.MaxInt64 || one < 1_000_000*heapPerNode-heapSlack {
		t.Errorf("limit during an evaluation of 1M nodes: %d", one)
	}
	inner := heapBudget(1_000_000, mangleHeap)
	if two := debug.SetMemoryLimit(-1); two-one != 1_000_000*heapPerNode {
		t.Errorf("a concurrent evaluation of 1M nodes widened the limit by %d, want %d", two-one, 1_000_000*heapPerNode)
	}
	inner()
	if got := debug.SetMemoryLimit(-1); got != one {
		t.Errorf("after the inner evaluation: limit %d, want %d", got, one)
	}
	outer()
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("after the evaluations: limit %d, want none", got)
	}
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("after the evaluations: GC percent %d, want 100", got)
	}

	debug.SetMemoryLimit(1 << 20) // stricter than any budget
	done := heapBudget(10, mangleHeap)
	if got := debug.SetMemoryLimit(-1); got != 1<<20 {
		t.Errorf("a stricter caller's limit became %d", got)
	}
	done()
	if got := debug.SetMemoryLimit(-1); got != 1<<20 {
		t.Errorf("the caller's limit came back as %d", got)
	}

	debug.SetMemoryLimit(math.MaxInt64)
	debug.SetGCPercent(-1)
	done = heapBudget(10, mangleHeap)
	pct, lim := debug.SetGCPercent(-1), debug.SetMemoryLimit(-1)
	done()
	if pct != -1 || lim != math.MaxInt64 {
		t.Errorf("with the collector off: percent %d, limit %d during an evaluation", pct, lim)
	}
}

// TestCompiledHeapBudget: compiled evaluations alone pace the collector by
// a GC percentage, within bounds, and leave the caller's memory limit
// alone; one of Mangle's among them brings the limit back; the caller's
// settings come back after.
func TestCompiledHeapBudget(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))

	outer := heapBudget(100_000, compiledHeap)
	pct, lim := debug.SetGCPercent(-1), debug.SetMemoryLimit(-1)
	debug.SetGCPercent(pct)
	if pct < 5 || pct > evalGCPct || lim != math.MaxInt64 {
		t.Errorf("during a compiled evaluation: GC percent %d, limit %d; want 5..%d and none", pct, lim, evalGCPct)
	}
	inner := heapBudget(100_000, mangleHeap)
	if lim := debug.SetMemoryLimit(-1); lim == math.MaxInt64 {
		t.Error("a Mangle evaluation beside a compiled one runs without a memory limit")
	}
	inner()
	if lim := debug.SetMemoryLimit(-1); lim != math.MaxInt64 {
		t.Errorf("once the Mangle evaluation ended: limit %d, want none", lim)
	}
	outer()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("after the evaluations: GC percent %d, want 100", got)
	}
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("after the evaluations: limit %d, want none", got)
	}
}

// TestRepaceFollowsTheLiveHeap: a compiled evaluation's GC percentage is
// a headroom over the heap the last collection found live, so one paced
// from another's heap (ten times this one's) is paced again from the
// heap found now, and a heap that has not moved is left alone.
func TestRepaceFollowsTheLiveHeap(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))

	runtime.GC()
	// a small graph: its headroom (the floor) is below four times the
	// test's heap, so the percentage is not at its cap
	done := heapBudget(1000, compiledHeap)
	defer done()
	now := heapLive()
	heapScope.Lock()
	heapScope.heapLive = 10 * now // as if a larger evaluation's heap were read
	heapScope.apply()
	heapScope.Unlock()
	stale := debug.SetGCPercent(-1)
	debug.SetGCPercent(stale)

	heapScope.repace()
	heapScope.Lock()
	live := heapScope.heapLive
	heapScope.Unlock()
	if live != now {
		t.Fatalf("after repace the pacer reads a live heap of %d, want %d", live, now)
	}
	fresh := debug.SetGCPercent(-1)
	debug.SetGCPercent(fresh)
	if fresh <= stale {
		t.Errorf("GC percent %d paced from the live heap, %d from one ten times larger: want more headroom", fresh, stale)
	}

	heapScope.repace() // nothing has moved
	if again := debug.SetGCPercent(-1); again != fresh {
		t.Errorf("a repace with the same live heap moved the GC percent from %d to %d", fresh, again)
	}
	debug.SetGCPercent(fresh)
}
