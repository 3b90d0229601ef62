//go:build !unix

package sourcefile

import "os"

func openNonBlocking(path string) (*os.File, error) { return os.Open(path) }

// openedPath is path made absolute and its symlinks resolved (no system
// here names a descriptor's file).
func openedPath(_ *os.File, path string) (string, error) { return resolve(path) }
