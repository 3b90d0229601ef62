package eval

import (
	"bytes"
	"os"
	"runtime"
	"runtime/metrics"
	"strconv"
	"unsafe"
)

// residentOutsideRuntime is the resident memory the Go runtime's metrics do
// not count: the pages of this program's file mapped in (its code and
// read-only data, 14-20 MiB of reuselab), which the resident set holds
// beside what the runtime maps. statm's third field counts them.
func residentOutsideRuntime() (int64, bool) {
	f, ok := statm()
	if !ok {
		return 0, false
	}
	return f[2], true
}

// statm reads /proc/self/statm's fields, in bytes.
func statm() ([]int64, bool) {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return nil, false
	}
	var out []int64
	for _, f := range bytes.Fields(b) {
		pages, err := strconv.ParseInt(string(f), 10, 64)
		if err != nil || pages < 0 {
			return nil, false
		}
		out = append(out, pages*int64(os.Getpagesize()))
	}
	return out, len(out) >= 3
}

// heapArena is the unit the Go runtime reserves heap address space in on
// Linux (runtime.heapArenaBytes: 64 MiB on 64-bit systems, 4 MiB on
// 32-bit ones).
const heapArena = 4 << 20 << (4 * (unsafe.Sizeof(uintptr(0)) / 8))

// threadSlack is address space for what the runtime maps outside its heap
// once running: a new thread's stack (8 MiB where cgo makes threads),
// span and timer metadata. It is less than one heap arena, so the heap
// cannot grow into it.
const threadSlack = heapArena * 3 / 4

// MemoryOvershoot bounds what a child can hold past its memory limit: less
// than one heap arena, and only under about 660 MiB, where the ceiling
// rounds up (below). The run's memory budget counts each child for its
// limit and this.
const MemoryOvershoot = heapArena

// addressSpaceCeiling is the address-space limit under which the runtime
// can map about room bytes. A watchdog that looks every few milliseconds
// cannot stop a single allocation that doubles a string from being
// written: the copy cannot be preempted, and a collection waiting to stop
// the world holds the watchdog too (a child under 100 MiB peaked at 148).
// The address space can: the heap grows by reserving whole arenas, so the
// ceiling leaves room for the arenas that fit in room after what the
// runtime maps now and the unused rest of its current arena; an allocation
// past them fails when asked for, before a byte is written ("out of
// memory"). Arenas come whole, so the ceiling rounds: down, so that the
// child stays within room, when that still leaves the heap its GC soft
// limit (nine tenths of room, boundSelf) — from about 700 MiB up — and up
// otherwise, so that a pack that fits its limit is never refused: the
// child may then pass room by less than an arena (MemoryOvershoot).
func addressSpaceCeiling(room int64) (uint64, bool) {
	f, ok := statm()
	if !ok {
		return 0, false
	}
	s := []metrics.Sample{
		{Name: "/memory/classes/total:bytes"},
		{Name: "/memory/classes/heap/released:bytes"},
	}
	metrics.Read(s)
	for i := range s {
		if s[i].Value.Kind() != metrics.KindUint64 {
			return 0, false
		}
	}
	mapped := int64(s[0].Value.Uint64() - s[1].Value.Uint64())
	spare, ok := arenaSpare()
	if !ok {
		return 0, false
	}
	free := max(room-mapped-spare, 0)
	grow := free / heapArena * heapArena
	if mapped+spare+grow < room*9/10 {
		grow += heapArena
	}
	return uint64(f[0] + grow + threadSlack), true
}

// arenaSpare is what the heap can still grow by without reserving address
// space: from the end of the heap's last mapping to the end of its arena
// (the heap does not start at an arena's beginning, so this is not the
// arena less what the heap holds).
func arenaSpare() (int64, bool) {
	probe := make([]byte, 1<<20) // a fresh large object: where the heap grows now
	at := uint64(uintptr(unsafe.Pointer(&probe[0])))
	b, err := os.ReadFile("/proc/self/maps")
	runtime.KeepAlive(probe)
	if err != nil {
		return 0, false
	}
	for _, line := range bytes.Split(b, []byte("\n")) {
		span, _, _ := bytes.Cut(line, []byte(" "))
		lo, hi, ok := bytes.Cut(span, []byte("-"))
		if !ok {
			continue
		}
		start, err1 := strconv.ParseUint(string(lo), 16, 64)
		end, err2 := strconv.ParseUint(string(hi), 16, 64)
		if err1 != nil || err2 != nil || at < start || at >= end {
			continue
		}
		return int64((end+heapArena-1)/heapArena*heapArena - end), true
	}
	return 0, false
}
