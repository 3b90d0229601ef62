package eval

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"time"
)

// A user's pack is untrusted: it may never terminate, and seven facts that
// double a string forty times ask for a terabyte. So it is loaded and
// evaluated only in a child process (child.go) under a wall-clock limit
// and a memory limit, and the child dies with its parent.
//
// The memory limit bounds the child's resident memory, the program's own
// pages included (under about 660 MiB, to within MemoryOvershoot). It is
// held three ways: the GC works hard near it (debug.SetMemoryLimit), a
// watchdog stops a child that grows past it (exit code exitMemory), and on
// Linux an address-space ceiling makes an allocation the heap has no room
// for fail when it is asked for, before a byte of it is written (the
// runtime dies "out of memory"; addressSpaceCeiling). The watchdog alone let a child peak past its limit
// by up to one allocation: a string doubled in one copy, which cannot be
// preempted, is written in full before the watchdog runs (a collection
// waiting to stop the world holds the watchdog too), so a child under
// 100 MiB peaked at 148 MiB, one under 256 MiB at 276. And the runtime's
// metrics leave out the program's own pages (14-20 MiB of reuselab's code
// and read-only data), which the resident set holds: the watchdog adds
// them (residentOutsideRuntime). Elsewhere the address space is bounded
// loosely and a child may pass its limit by one allocation.

// Exit codes of the evaluation child beyond 0 (outcome sent) and 3 (bad
// request or reply).
const (
	exitMemory = 4 // the watchdog saw the memory limit passed
	exitOrphan = 5 // the parent went away
)

// watchInterval is how often the watchdog looks. What the runtime maps
// counts as soon as it is mapped, before it is written, so the watchdog
// sees growth before it is resident when it gets to run.
const watchInterval = 10 * time.Millisecond

// boundSelf puts this process (the child) under limit bytes.
func boundSelf(limit int64, progress io.Writer) {
	w := newMemoryWatch(limit, progress)
	if as, ok := addressSpaceCeiling(room(limit, w.outside)); ok {
		limitAddressSpace(as)
	} else {
		limitAddressSpace(uint64(limit) + 2<<30) // the runtime's own reservations
	}
	// The GC's soft limit leaves a tenth of the room for what the program's
	// pages grow by as more of its code runs, and for the watchdog's lag;
	debug.SetMemoryLimit(room(limit, w.outside) * 9 / 10)
	w.check()
	go func() {
		for {
			time.Sleep(watchInterval)
			w.check()
		}
	}()
}

// room is what the runtime may map under limit.
func room(limit, outside int64) int64 { return max(limit-outside, 0) }

// memoryWatch stops the process when what it holds passes max.
type memoryWatch struct {
	max      int64
	outside  int64 // resident memory the runtime does not count, as last read
	progress io.Writer
	// mapped minus returned to the system: about what the runtime holds,
	// so a serving child that once peaked does not count it forever
	sample []metrics.Sample
}

func newMemoryWatch(limit int64, progress io.Writer) *memoryWatch {
	w := &memoryWatch{max: limit, progress: progress,
		sample: []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}}
	w.outside, _ = residentOutsideRuntime()
	return w
}

func (w *memoryWatch) check() {
	if o, ok := residentOutsideRuntime(); ok {
		w.outside = o
	}
	metrics.Read(w.sample)
	if w.sample[0].Value.Kind() != metrics.KindUint64 || w.sample[1].Value.Kind() != metrics.KindUint64 {
		return
	}
	held := int64(w.sample[0].Value.Uint64()-w.sample[1].Value.Uint64()) + w.outside
	if held > w.max {
		fmt.Fprintf(w.progress, "memory-limit %d %d\n", held, w.max)
		os.Exit(exitMemory)
	}
}

// watchParent ends this process when the parent's end of the pipe closes
// (the parent exited, however it died).
func watchParent(pipe *os.File) {
	io.Copy(io.Discard, pipe)
	os.Exit(exitOrphan)
}
