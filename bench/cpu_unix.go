//go:build unix

package bench

import (
	"syscall"
	"time"
)

// cpuTime is the process's user+system CPU time so far. On a shared machine
// it measures an engine's work where wall time also measures its neighbours.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
