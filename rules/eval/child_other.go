//go:build !linux

package eval

import (
	"os"
	"syscall"
)

func childAttr() *syscall.SysProcAttr { return nil }

// peakResident is not read where rusage's units differ or it is absent.
func peakResident(*os.ProcessState) (int64, bool) { return 0, false }
