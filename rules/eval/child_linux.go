package eval

import "syscall"

// childAttr makes the kernel kill the child when its parent dies, even by
// SIGKILL (the pipe the child watches covers the other systems).
func childAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL} }
