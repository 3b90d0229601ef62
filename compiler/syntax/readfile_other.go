//go:build !unix

package syntax

import (
	"os"
	"path/filepath"
)

func openNonBlocking(path string) (*os.File, error) { return os.Open(path) }

func openedPath(_ *os.File, path string) (string, error) {
	p, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", err
	}
	return filepath.Abs(p)
}
