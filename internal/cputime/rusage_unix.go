//go:build unix

package cputime

import (
	"syscall"
	"time"
)

// Process is the CPU time the process has used so far, all threads.
func Process() time.Duration { return usage(syscall.RUSAGE_SELF) }

// WithChildren is Process and the CPU of the children it waited for
// (a pack's evaluator, a solver).
func WithChildren() time.Duration { return Process() + usage(syscall.RUSAGE_CHILDREN) }

func usage(who int) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(who, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
