package eval

import (
	"math"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// The collector is paced by a heap budget, not by a GC percentage.
//
// Mangle's semi-naive rounds allocate about 34 KB a node (a substitution
// map per joined tuple, a delta store per round) of which about 1 KB a node
// stays live at the worst point, so the collector's pacing is most of the
// price of an evaluation: at Go's default target (100) it was a fifth of the
// CPU at 100k nodes and the heap in use peaked over the 2 KB-a-node budget;
// at 50 it was within the budget but took over a third of the CPU. A memory
// limit lets the heap grow to the budget and collects only there: the
// number of collections falls to the allocation divided by the budget's
// headroom, and the peak stays near the budget while the live heap fits in
// it (TestScaling in reuse/engines measures both).
//
// The limit is the memory in use when the first concurrent evaluation
// starts, less what the heap holds as garbage, plus heapPerNode for every
// node being evaluated, less heapSlack (at least heapFloor: a small graph's
// evaluation has a fixed cost in allocation, and a tiny headroom would
// collect continuously). The slack is what the heap overshoots a soft limit
// by: the mutator keeps allocating while a cycle marks (the runtime gives
// the collector at most half the CPU near a limit), a few MB whatever the
// graph's size; without it a 10k-node evaluation peaked at 2.1-2.5 KB a
// node for a headroom of 1.8 KB. The GC percentage is lifted meanwhile so
// that the limit alone paces the collector. A caller who turned the
// collector off, or set a stricter limit (the evaluation child's,
// bounds.go), is left alone; both are restored when the last concurrent
// evaluation ends. A pack whose live heap outgrows the limit slows down
// rather than stops: the runtime caps the collector at half the CPU near a
// limit, and the fact budget bounds what a pack can hold.
//
// The compiled evaluator (rules/compiled) allocates well under a KB a
// node where Mangle allocates tens of KB, and holds little more than the
// classes' signatures live, so its evaluations get a budget of their own
// (compiledHeap), a sixth of Mangle's headroom, and while only they
// run the collector is paced by a GC percentage that grows the heap by
// that headroom over what was live (apply says why not a limit), read
// again between levels (repace). The heap in use then peaks near the
// headroom plus what the evaluation holds live (its signatures, the
// outcome, the graph's indexes), less what the collector frees before the
// goal: the headroom is as large as keeps that peak under the 300 B a
// node the whole may take (BenchmarkCompiledReuse measures it), since
// every collection re-marks the graph.
// Concurrent evaluations add their nodes' budgets; the slack and floor
// are the largest of theirs.
const (
	heapPerNode = 1800     // bytes of heap an evaluation may add per node
	heapSlack   = 6 << 20  // bytes the heap overshoots the limit by
	heapFloor   = 12 << 20 // bytes: the least headroom an evaluation gets
	evalGCPct   = 400      // the GC percentage while the limit paces
)

// heapRate is an engine's heap budget: bytes per node, slack and floor.
type heapRate struct{ perNode, slack, floor int64 }

var (
	mangleHeap   = heapRate{heapPerNode, heapSlack, heapFloor}
	compiledHeap = heapRate{perNode: 300, slack: 1 << 20, floor: 2 << 20}
)

type heapPacer struct {
	sync.Mutex
	depth     int
	bytes     int64            // the budgets of the evaluations running
	rates     map[heapRate]int // how many of them run at each rate
	base      int64            // memory in use, garbage excluded, when depth became 1
	heapLive  int64            // the heap the last collection found live, then
	savedPct  int
	savedLim  int64
	untouched bool // the caller turned the collector off: leave it
}

var heapScope heapPacer

// heapBudget paces the collector for an evaluation of n nodes at rate r;
// call the result when it ends.
func heapBudget(n int, r heapRate) func() {
	h := &heapScope
	h.Lock()
	defer h.Unlock()
	if h.depth == 0 {
		h.savedPct = debug.SetGCPercent(-1)
		h.savedLim = debug.SetMemoryLimit(-1)
		h.base = liveMemory()
		h.heapLive = heapLive()
		h.untouched = h.savedPct < 0
		if h.untouched {
			debug.SetGCPercent(h.savedPct)
		}
	}
	h.depth++
	h.bytes += int64(n) * r.perNode
	if h.rates == nil {
		h.rates = map[heapRate]int{}
	}
	h.rates[r]++
	h.apply()
	return func() {
		h.Lock()
		defer h.Unlock()
		h.depth--
		h.bytes -= int64(n) * r.perNode
		if h.rates[r]--; h.rates[r] == 0 {
			delete(h.rates, r)
		}
		if h.depth == 0 {
			if !h.untouched {
				debug.SetMemoryLimit(h.savedLim)
				debug.SetGCPercent(h.savedPct)
			}
			return
		}
		h.apply()
	}
}

// apply sets the limit for the evaluations now running; a stricter limit
// of the caller's wins.
func (h *heapPacer) apply() {
	if h.untouched {
		return
	}
	var slack, floor int64
	for r := range h.rates {
		slack, floor = max(slack, r.slack), max(floor, r.floor)
	}
	head := max(h.bytes-slack, floor)
	lim := h.base + head
	if h.savedLim < lim {
		debug.SetMemoryLimit(h.savedLim)
		debug.SetGCPercent(min(h.savedPct, 50))
		return
	}
	if _, mangle := h.rates[mangleHeap]; !mangle && h.heapLive > 0 {
		// Only compiled evaluations: a GC percentage that lets the heap
		// grow by head over what was live. A memory limit counts the
		// free heap an earlier evaluation left unreleased (a Mangle
		// one's, tens of MB) as in use: over the compiled evaluation's
		// small headroom it collected continuously until the scavenger
		// had returned it.
		debug.SetMemoryLimit(h.savedLim)
		debug.SetGCPercent(int(min(max(100*head/h.heapLive, 5), evalGCPct)))
		return
	}
	debug.SetGCPercent(evalGCPct)
	debug.SetMemoryLimit(lim)
}

// repace paces the collector again when the heap the last collection
// found live has moved by an eighth since it was last paced: a GC
// percentage is a headroom over that heap, and the one read when the
// evaluation began can be another's (a Mangle evaluation's live heap, many
// times this one's, which made the headroom a few MB and the collections
// twice as many). The driver calls it between levels; a memory limit does
// not need it.
func (h *heapPacer) repace() {
	h.Lock()
	defer h.Unlock()
	if h.depth == 0 || h.untouched {
		return
	}
	live := heapLive()
	if live <= 0 || 8*abs(live-h.heapLive) < h.heapLive {
		return
	}
	h.heapLive = live
	h.apply()
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// liveMemory is the memory the runtime holds (what a memory limit
// compares), less the heap's garbage as of the last collection and the
// free heap it has not returned to the system yet: both are room the
// evaluation's heap grows into before it takes more.
func liveMemory() int64 {
	s := []metrics.Sample{
		{Name: "/memory/classes/total:bytes"},
		{Name: "/memory/classes/heap/released:bytes"},
		{Name: "/memory/classes/heap/objects:bytes"},
		{Name: "/gc/heap/live:bytes"},
		{Name: "/memory/classes/heap/free:bytes"},
	}
	metrics.Read(s)
	v := func(i int) int64 {
		if s[i].Value.Kind() != metrics.KindUint64 {
			return 0
		}
		u := s[i].Value.Uint64()
		if u > math.MaxInt64 {
			return math.MaxInt64
		}
		return int64(u)
	}
	inUse := v(0) - v(1) - v(4) // free heap is headroom the heap reuses first
	if garbage := v(2) - v(3); garbage > 0 && v(3) > 0 {
		inUse -= garbage
	}
	return inUse
}

// heapLive is the heap the last collection found live; before the first
// collection, the heap's objects (garbage included: there is no better
// measure yet).
func heapLive() int64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	for _, x := range s {
		if x.Value.Kind() == metrics.KindUint64 && x.Value.Uint64() > 0 && x.Value.Uint64() <= math.MaxInt64 {
			return int64(x.Value.Uint64())
		}
	}
	return 0
}
