//go:build !linux

package bench

import "errors"

func exchange(src, dst string) error { return errors.New("no atomic exchange here") }
