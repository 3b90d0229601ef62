package passes

import (
	"runtime"
	"sync"

	"reuselab/ir"
)

// scratch is the memory a Run works in and drops: the per-node arrays of
// its state and fold's tables. A process runs the passes over graph after
// graph (bench's workers over a corpus, the agreement tests), so Run hands
// its scratch to the next Run rather than to the collector, as
// cmd/compile's ssa.Cache hands its values and blocks from one function to
// the next: in the steady state most of what a Run touches is neither
// allocated, zeroed by the allocator, nor faulted in again. What the
// Result keeps (the fates, the surviving graph, the folded Constants'
// properties) is never scratch.
//
// The free list is not a sync.Pool: a pool empties at every second
// collection, and a Run of a large graph, or the compile before it,
// collects more often than that. It keeps one scratch per processor that
// can run passes at once, and none for a graph past maxKeptNodes, so what
// it holds on to is bounded: 100 bytes a node or so, for at most a quarter
// of a million nodes, per processor.
type scratch struct {
	alive               []bool
	reached             []uint8
	flags               []nodeFlags
	ops                 []ir.Op
	masks               []packedMask
	width0              []uint8
	canon, readStart    []int32
	changed, constIndex []int32
	refs, outs          []int32
	foldables           []int32
	swizzles            []int32
	rekeyed             []int32
	view                []*ir.Node
	consts              constTable
	protos              protoTable
	nodes               [][]ir.Node // the chunks of fold's Constants and swizzles' private copies
	dedupe              dedupeState // dedupe's tables and its coder of strings
}

var scratchFree struct {
	sync.Mutex
	list []*scratch
}

// maxKeptNodes bounds the graphs whose scratch is kept for the next Run.
const maxKeptNodes = 1 << 18

func getScratch() *scratch {
	scratchFree.Lock()
	defer scratchFree.Unlock()
	if k := len(scratchFree.list); k > 0 {
		sc := scratchFree.list[k-1]
		scratchFree.list = scratchFree.list[:k-1]
		return sc
	}
	return new(scratch)
}

func putScratch(sc *scratch) {
	if cap(sc.canon) > maxKeptNodes {
		return
	}
	scratchFree.Lock()
	defer scratchFree.Unlock()
	if len(scratchFree.list) < runtime.GOMAXPROCS(0) {
		scratchFree.list = append(scratchFree.list, sc)
	}
}

// zeroed is xs with length n and every element zero, in xs's array when
// it is big enough.
func zeroed[T any](xs []T, n int) []T {
	if cap(xs) < n {
		return make([]T, n)
	}
	xs = xs[:n]
	clear(xs)
	return xs
}

// emptied is xs with length 0 and room for n, in xs's array when it is
// big enough.
func emptied[T any](xs []T, n int) []T {
	if cap(xs) < n {
		return make([]T, 0, n)
	}
	return xs[:0]
}

// release hands s's scratch to the next Run. s is unusable after it; the
// Result it filled stays whole. The view's node array is kept only when
// reindex replaced it (in mode "off" it is the Result's graph), emptied of
// its pointers, so that the scratch holds on to no graph.
func (s *state) release() {
	sc := s.scratch
	if sc == nil {
		return
	}
	s.scratch = nil
	sc.alive, sc.reached, sc.flags, sc.ops, sc.masks = s.alive, s.reached, s.flags, s.ops, s.swizzle.masks
	sc.width0 = s.swizzle.width0
	sc.canon, sc.readStart, sc.changed, sc.constIndex = s.canon, s.readStart, s.changed, s.fold.constIndex
	sc.refs, sc.outs = s.refs, s.outs
	sc.foldables, sc.swizzles, sc.rekeyed = s.fold.nodes, s.swizzle.nodes, s.rekeyed
	if s.reindexed {
		clear(s.view)
		sc.view = s.view
	}
	clear(s.fold.protos.protos) // their nodes are this Run's
	sc.consts, sc.protos = s.fold.consts, s.fold.protos
	sc.nodes = s.slabs.chunks()
	clear(sc.dedupe.lastOf[:]) // dedupe's tables are the scratch's already; not to keep this Run's nodes
	s.dedupe = nil
	putScratch(sc)
}
