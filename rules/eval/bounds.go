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
// and a memory limit, and the child dies with its parent. The memory limit
// is held three ways, each a backstop of the one before: the GC works
// hard near it (debug.SetMemoryLimit), a watchdog stops the child once the
// runtime holds more than it (exit code exitMemory), and the address-space
// rlimit makes an allocation past it fail.

// Exit codes of the evaluation child beyond 0 (outcome sent) and 3 (bad
// request or reply).
const (
	exitMemory = 4 // the watchdog saw the memory limit passed
	exitOrphan = 5 // the parent went away
)

// boundSelf puts this process (the child) under max bytes.
func boundSelf(max int64, progress io.Writer) {
	debug.SetMemoryLimit(max * 9 / 10)
	limitAddressSpace(uint64(max) + 2<<30) // the runtime's own reservations
	go watchHeap(max, progress)
}

// watchHeap stops the process when the runtime holds more than max bytes.
func watchHeap(max int64, progress io.Writer) {
	// mapped minus returned to the system: about what the process holds,
	// so a serving child that once peaked does not count it forever
	sample := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	for {
		metrics.Read(sample)
		if sample[0].Value.Kind() == metrics.KindUint64 && sample[1].Value.Kind() == metrics.KindUint64 {
			if held := int64(sample[0].Value.Uint64() - sample[1].Value.Uint64()); held > max {
				fmt.Fprintf(progress, "memory-limit %d %d\n", held, max)
				os.Exit(exitMemory)
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// watchParent ends this process when the parent's end of the pipe closes
// (the parent exited, however it died).
func watchParent(pipe *os.File) {
	io.Copy(io.Discard, pipe)
	os.Exit(exitOrphan)
}
