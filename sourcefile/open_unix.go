//go:build unix

package sourcefile

import (
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"syscall"
)

// openNonBlocking opens for reading without waiting for a FIFO's writer.
func openNonBlocking(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}

// openedPath is where the opened file really is: on Linux the kernel's
// own name for the descriptor, elsewhere path made absolute and its
// symlinks resolved.
func openedPath(f *os.File, path string) (string, error) {
	if runtime.GOOS == "linux" {
		if p, err := os.Readlink("/proc/self/fd/" + strconv.Itoa(int(f.Fd()))); err == nil && filepath.IsAbs(p) {
			return p, nil
		}
	}
	return resolve(path)
}
