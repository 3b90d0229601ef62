//go:build unix

package bench

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// LockOut takes the lock of the output folder dir: a file held with flock,
// so that a killed run leaves no stale lock. A second run on the same
// folder gets an error at once instead of waiting. The file lives outside
// the folder's tree (lockPath) and is removed on unlock.
func LockOut(dir string) (unlock func(), err error) {
	path, err := lockPath(dir)
	if err != nil {
		return nil, err
	}
	// A run that unlocks removes the file; one that opened it just before
	// holds a lock on a file nobody else can find, so it opens it again.
	for range 8 {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
		if err != nil {
			return nil, err
		}
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
			f.Close()
			return nil, fmt.Errorf("another run is writing %s (lock %s held)", dir, path)
		}
		held, err1 := f.Stat()
		named, err2 := os.Stat(path)
		if err1 == nil && err2 == nil && os.SameFile(held, named) {
			return func() {
				os.Remove(path) // while held: no run can lock this file after
				f.Close()
			}, nil
		}
		f.Close()
	}
	return nil, fmt.Errorf("cannot take the lock %s of %s: it keeps being removed", path, dir)
}

// lockPath is where the lock of output folder dir lives: in the user's
// cache folder (the temporary folder without one), named by a hash of
// dir's absolute path, its parent's symlinks resolved so that two
// spellings of one folder share a lock. Beside the folder, a lock was left
// in the repository as an untracked file that marked the next build's
// vcs.modified.
func lockPath(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	parent, base := filepath.Split(abs)
	if real, err := filepath.EvalSymlinks(parent); err == nil {
		abs = filepath.Join(real, base)
	}
	// The user's cache folder, or the temporary one when there is none or
	// it cannot be written (a service account, a read-only home).
	var locks string
	for _, dir := range lockParents() {
		locks = filepath.Join(dir, "reuselab", "bench-locks")
		if err = os.MkdirAll(locks, 0o700); err == nil {
			break
		}
	}
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256([]byte(abs))
	return filepath.Join(locks, hex.EncodeToString(sum[:12])+".lock"), nil
}

func lockParents() []string {
	if cache, err := os.UserCacheDir(); err == nil {
		return []string{cache, os.TempDir()}
	}
	return []string{os.TempDir()}
}
