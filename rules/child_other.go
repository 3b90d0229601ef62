//go:build !linux

package rules

import "syscall"

func childAttr() *syscall.SysProcAttr { return nil }
