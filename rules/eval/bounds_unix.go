//go:build unix

package eval

import "syscall"

func limitAddressSpace(max uint64) {
	lim := syscall.Rlimit{Cur: max, Max: max}
	var cur syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_AS, &cur) == nil && cur.Max < max {
		lim = syscall.Rlimit{Cur: cur.Max, Max: cur.Max}
	}
	_ = syscall.Setrlimit(syscall.RLIMIT_AS, &lim)
}
