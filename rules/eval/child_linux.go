package eval

import (
	"os"
	"syscall"
)

// childAttr makes the kernel kill the child when its parent dies, even by
// SIGKILL (the pipe the child watches covers the other systems).
func childAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL} }

// peakResident is a reaped child's peak resident memory in bytes.
func peakResident(ps *os.ProcessState) (int64, bool) {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok || ru == nil {
		return 0, false
	}
	return ru.Maxrss << 10, true // kilobytes on Linux
}
