package syntax

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Sources come from folders nobody vetted (a cloned repository, a corpus),
// so a read is careful: only a regular file is read (a FIFO would block
// forever, /dev/zero would fill memory), the file actually opened — every
// symlink resolved — must lie under the source root, and no file is larger
// than MaxFileBytes nor an import closure than MaxUnitBytes.
const (
	MaxFileBytes = 16 << 20
	MaxUnitBytes = 64 << 20
)

// Reasons a careful read refuses a file, each with its diagnostic code.
var (
	ErrOutsideRoot = errors.New("leaves the source root")   // DSH2252
	ErrNotRegular  = errors.New("is not a regular file")    // DSH8291
	ErrTooLarge    = errors.New("is larger than the limit") // DSH8292
)

// refusal is a careful read's error: which rule, and the detail.
type refusal struct {
	rule   error
	detail string
}

func (r *refusal) Error() string { return r.rule.Error() + ": " + r.detail }
func (r *refusal) Unwrap() error { return r.rule }

// ReadCode is the diagnostic code for a read error: DSH2252 outside the
// root, DSH8291 not a regular file, DSH8292 too large, else DSH8290.
func ReadCode(err error) string {
	switch {
	case errors.Is(err, ErrOutsideRoot):
		return "DSH2252"
	case errors.Is(err, ErrNotRegular):
		return "DSH8291"
	case errors.Is(err, ErrTooLarge):
		return "DSH8292"
	}
	return "DSH8290"
}

// ReadSource reads path if it is a regular file of at most limit bytes
// whose real location (symlinks resolved) lies under root ("" for no root
// check). The checks are made on the opened file itself, so a file
// swapped between the check and the read is still caught.
func ReadSource(path, root string, limit int64) ([]byte, error) {
	// Refuse a FIFO or device before opening it where we can; the check on
	// the opened file below is the one that counts.
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		return nil, &refusal{ErrNotRegular, fmt.Sprintf("%s is a %s", path, kindName(st.Mode()))}
	}
	f, err := openNonBlocking(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, &refusal{ErrNotRegular, fmt.Sprintf("%s is a %s", path, kindName(st.Mode()))}
	}
	if root != "" {
		real, err := openedPath(f, path)
		if err != nil {
			return nil, err
		}
		rroot, err := filepath.EvalSymlinks(root)
		if err != nil {
			return nil, err
		}
		if abs, err := filepath.Abs(rroot); err == nil {
			rroot = abs
		}
		if !within(rroot, real) {
			// Neither path is printed: both depend on the machine, and the
			// target is none of the report's business.
			return nil, &refusal{ErrOutsideRoot, fmt.Sprintf("%s resolves to a file outside the root", path)}
		}
	}
	if st.Size() > limit {
		return nil, &refusal{ErrTooLarge, fmt.Sprintf("%s has %d bytes, the limit is %d", path, st.Size(), limit)}
	}
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, &refusal{ErrTooLarge, fmt.Sprintf("%s has more than %d bytes", path, limit)}
	}
	return b, nil
}

func kindName(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "directory"
	case m&os.ModeNamedPipe != 0:
		return "FIFO"
	case m&os.ModeSocket != 0:
		return "socket"
	case m&os.ModeCharDevice != 0:
		return "character device"
	case m&os.ModeDevice != 0:
		return "device"
	}
	return "special file (" + m.Type().String() + ")"
}
