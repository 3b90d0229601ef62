package bench

import (
	"runtime"
	"time"

	"golang.org/x/sys/unix"
)

func threadClockWorks() bool { return true }

func lockThread()   { runtime.LockOSThread() }
func unlockThread() { runtime.UnlockOSThread() }

// threadCPU is the calling thread's user+system CPU time, read from
// CLOCK_THREAD_CPUTIME_ID: to the nanosecond, where getrusage's
// RUSAGE_THREAD lags by up to a scheduler tick, longer than a small
// asset's whole run.
func threadCPU() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0
	}
	return time.Duration(ts.Nano())
}
