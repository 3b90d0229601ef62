//go:build !linux

package bench

import "time"

// Only Linux has a per-thread CPU clock: elsewhere the log has serial
// phases only.
func threadClockWorks() bool   { return false }
func lockThread()              {}
func unlockThread()            {}
func threadCPU() time.Duration { return 0 }
