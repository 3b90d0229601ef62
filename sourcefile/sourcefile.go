// Package sourcefile is the one careful read of a file reuselab did not
// write: a source, an import or include, a golden, a rule pack. Such files
// come from folders nobody vetted (a cloned repository, a corpus), so a read
// takes only a regular file (a FIFO would block forever, /dev/zero would
// fill memory), only one whose real location — every symlink resolved, on
// the descriptor actually opened — lies under a root, and only up to a size
// limit; a compile unit's files share a budget as well (Unit). Every front
// end, tool and loader reads through here, so that no path can differ.
package sourcefile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// The limits of a source read: one file, and a unit (a main file with
// everything it imports or includes).
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

// Code is the diagnostic code for a read error: DSH2252 outside the root,
// DSH8291 not a regular file, DSH8292 too large, else DSH8290 (the file
// cannot be read: missing, a permission, an I/O error).
func Code(err error) string {
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

// Read reads path if it is a regular file of at most limit bytes whose real
// location lies under root ("" for no root check).
func Read(path, root string, limit int64) ([]byte, error) {
	var rroot string
	if root != "" {
		var err error
		if rroot, err = resolve(root); err != nil {
			return nil, err
		}
	}
	b, _, err := read(path, rroot, func(_ string, size int64) (int64, error) {
		if size > limit {
			return 0, &refusal{ErrTooLarge, fmt.Sprintf("%s has %d bytes, the limit is %d", path, size, limit)}
		}
		return limit, nil
	})
	return b, err
}

// Check makes every check of Read but reads nothing: whether Read would
// refuse path, without its cost.
func Check(path, root string, limit int64) error {
	var rroot string
	if root != "" {
		var err error
		if rroot, err = resolve(root); err != nil {
			return err
		}
	}
	f, _, err := open(path, rroot)
	if err != nil {
		return err
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil {
		return err
	} else if st.Size() > limit {
		return &refusal{ErrTooLarge, fmt.Sprintf("%s has %d bytes, the limit is %d", path, st.Size(), limit)}
	}
	return nil
}

// Head reads at most n bytes from the start of path, with Read's checks
// but for the size: what a caller needs to recognise a file by its header.
func Head(path, root string, n int64) ([]byte, error) {
	var rroot string
	if root != "" {
		var err error
		if rroot, err = resolve(root); err != nil {
			return nil, err
		}
	}
	f, _, err := open(path, rroot)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, n))
}

// TrimBOM drops a leading UTF-8 byte order mark: editors on Windows write
// one, and no front end or format reuselab reads gives it a meaning.
func TrimBOM(b []byte) []byte {
	if len(b) >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF {
		return b[3:]
	}
	return b
}

// Within reports whether p lies lexically under root (symlinks are not
// resolved: Read does that on the file it opens).
func Within(root, p string) bool {
	if filepath.IsAbs(root) != filepath.IsAbs(p) {
		// compare like with like (a relative path, an absolute root)
		if r, err := filepath.Abs(root); err == nil {
			root = r
		}
		if a, err := filepath.Abs(p); err == nil {
			p = a
		}
	}
	rel, err := filepath.Rel(root, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// resolve is a root as the kernel names it: absolute first, then symlinks
// resolved. The other order resolved nothing of a relative root, so that a
// run from a folder reached through a symlink found its own files outside
// the root (the descriptor's path is the real one).
func resolve(root string) (string, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return "", err
	}
	return filepath.EvalSymlinks(abs)
}

// open opens path if it is a regular file whose real location lies under
// rroot (a resolved root; "" for no check), and returns its real path. The
// checks are made on the opened file itself, so a file swapped between a
// check and the open is still caught.
func open(path, rroot string) (*os.File, string, error) {
	// Refuse a FIFO or device before opening it where we can; the check on
	// the opened file below is the one that counts.
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		return nil, "", &refusal{ErrNotRegular, fmt.Sprintf("%s is a %s", path, kindName(st.Mode()))}
	}
	f, err := openNonBlocking(path)
	if err != nil {
		return nil, "", err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, "", err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, "", &refusal{ErrNotRegular, fmt.Sprintf("%s is a %s", path, kindName(st.Mode()))}
	}
	real, err := openedPath(f, path)
	if err != nil {
		f.Close()
		return nil, "", err
	}
	if rroot != "" && !Within(rroot, real) {
		f.Close()
		// Neither path is printed: both depend on the machine, and the
		// target is none of the report's business.
		return nil, "", &refusal{ErrOutsideRoot, fmt.Sprintf("%s resolves to a file outside the root", path)}
	}
	return f, real, nil
}

// read opens path (open) and reads at most the limit allow grants for its
// real path and size; allow may refuse the file instead.
func read(path, rroot string, allow func(real string, size int64) (int64, error)) ([]byte, string, error) {
	f, real, err := open(path, rroot)
	if err != nil {
		return nil, "", err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, "", err
	}
	limit, err := allow(real, st.Size())
	if err != nil {
		return nil, "", err
	}
	// The size may have grown since the Stat: the limit bounds the read.
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, "", err
	}
	if int64(len(b)) > limit {
		return nil, "", &refusal{ErrTooLarge, fmt.Sprintf("%s has more than %d bytes", path, limit)}
	}
	return b, real, nil
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
