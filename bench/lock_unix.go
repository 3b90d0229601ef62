//go:build unix

package bench

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// LockOut takes the lock of the output folder dir: a file beside it, held
// with flock so that a killed run leaves no stale lock. A second run on the
// same folder gets an error at once instead of waiting.
func LockOut(dir string) (unlock func(), err error) {
	dir = filepath.Clean(dir)
	parent, base := filepath.Split(dir)
	if parent == "" {
		parent = "."
	}
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(filepath.Join(parent, "."+base+".lock"), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		return nil, fmt.Errorf("another run is writing %s (lock %s held)", dir, f.Name())
	}
	return func() { f.Close() }, nil
}
