//go:build !linux

package eval

import "syscall"

func childAttr() *syscall.SysProcAttr { return nil }
