package outfile

import (
	"errors"
	"os"
	"sort"
	"sync"
)

// ErrInterrupted is what a write gets once RemoveTemporaries has run: the
// process is going away and publishes nothing more.
var ErrInterrupted = errors.New("interrupted: the process is stopping")

// temporaries holds the temporary files and folders of the writes in
// progress. It is the one piece of process-wide state below cmd, and it has
// to be: a signal arrives for the process, not for a call, and the handler
// that cmd installs must find every write's leftovers without each command
// threading a handle down to every writer (bench's report alone has nine
// files written at once). It switches no behaviour: it is a list that
// writes add to and take from, and that RemoveTemporaries empties once.
//
// The lock also orders the steps that must not interleave with a cleanup:
// creating a temporary, renaming it into place, and the cleanup itself. A
// rename that has happened is never undone by the cleanup, and nothing is
// created or renamed after it.
var temporaries = struct {
	sync.Mutex
	paths   map[string]bool
	stopped bool
}{paths: map[string]bool{}}

// RemoveTemporaries removes every temporary file and folder of the writes
// in progress and makes every later write fail with ErrInterrupted; the
// destinations stay as they were (old or absent), or as a rename that
// already happened left them. A command's signal handler calls it before
// the process exits.
func RemoveTemporaries() {
	temporaries.Lock()
	defer temporaries.Unlock()
	temporaries.stopped = true
	paths := make([]string, 0, len(temporaries.paths))
	for p := range temporaries.paths {
		paths = append(paths, p)
	}
	// Longest first: a file inside a temporary folder goes before the folder.
	sort.Slice(paths, func(i, j int) bool { return len(paths[i]) > len(paths[j]) })
	for _, p := range paths {
		os.RemoveAll(p)
		delete(temporaries.paths, p)
	}
}

// createTemp makes a temporary file in dir for base, known to the cleanup.
func createTemp(dir, base string) (*os.File, error) {
	temporaries.Lock()
	defer temporaries.Unlock()
	if temporaries.stopped {
		return nil, ErrInterrupted
	}
	f, err := os.CreateTemp(dir, tempPattern(base, "tmp"))
	if err != nil {
		return nil, err
	}
	temporaries.paths[f.Name()] = true
	return f, nil
}

// mkdirTemp makes a temporary folder in dir for base, known to the cleanup.
func mkdirTemp(dir, base, kind string) (string, error) {
	temporaries.Lock()
	defer temporaries.Unlock()
	if temporaries.stopped {
		return "", ErrInterrupted
	}
	p, err := os.MkdirTemp(dir, tempPattern(base, kind))
	if err != nil {
		return "", err
	}
	temporaries.paths[p] = true
	return p, nil
}

// commit renames the temporary file tmp to dest, unless the process is
// stopping.
func commit(tmp, dest string) error {
	temporaries.Lock()
	defer temporaries.Unlock()
	if temporaries.stopped {
		return ErrInterrupted
	}
	if err := os.Rename(tmp, dest); err != nil {
		return err
	}
	delete(temporaries.paths, tmp)
	return nil
}

// discard removes a temporary file or folder and forgets it.
func discard(p string) {
	os.RemoveAll(p)
	temporaries.Lock()
	delete(temporaries.paths, p)
	temporaries.Unlock()
}

// locked runs f under the cleanup's lock, unless the process is stopping:
// a folder swap's renames are one step for the cleanup.
func locked(f func() error) error {
	temporaries.Lock()
	defer temporaries.Unlock()
	if temporaries.stopped {
		return ErrInterrupted
	}
	return f()
}

// track makes p known to the cleanup (the caller holds the lock).
func track(p string) { temporaries.paths[p] = true }
