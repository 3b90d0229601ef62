package main

import (
	"os"
	"strconv"
	"strings"
	"syscall"
)

// machineMemory is the memory this process may use: the machine's, or its
// control group's limit when that is lower (a container).
func machineMemory() (int64, bool) {
	var si syscall.Sysinfo_t
	if syscall.Sysinfo(&si) != nil {
		return 0, false
	}
	total := int64(si.Totalram) * int64(si.Unit)
	if b, err := os.ReadFile("/sys/fs/cgroup/memory.max"); err == nil {
		if n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64); err == nil && n > 0 && n < total {
			total = n
		}
	}
	return total, total > 0
}
