package sourcefile

import (
	"fmt"
	"path/filepath"
)

// Unit reads the files of one compile unit — a main file and everything it
// imports or includes — under one root: each file at most FileLimit bytes,
// all of them together at most Limit, so that a file that includes many
// large files is bounded as one large file is. A file read twice (a header
// two files include) counts once. The zero limits are the defaults.
type Unit struct {
	Root      string // "" for no root check
	FileLimit int64  // 0: MaxFileBytes
	Limit     int64  // 0: MaxUnitBytes

	rroot   string // Root resolved, once
	rootErr error
	used    int64
	counted map[string]bool // files charged to the budget, by real path
}

// NewUnit is a unit under root with the default limits.
func NewUnit(root string) *Unit { return &Unit{Root: root} }

func (u *Unit) fileLimit() int64 {
	if u.FileLimit > 0 {
		return u.FileLimit
	}
	return MaxFileBytes
}

func (u *Unit) limit() int64 {
	if u.Limit > 0 {
		return u.Limit
	}
	return MaxUnitBytes
}

// Read reads path as Read does, under the unit's root and within what is
// left of its budget: a file the budget cannot hold is refused before any
// of it is read.
func (u *Unit) Read(path string) ([]byte, error) {
	if u.Root != "" && u.rroot == "" && u.rootErr == nil {
		u.rroot, u.rootErr = resolve(u.Root)
	}
	if u.rootErr != nil {
		return nil, u.rootErr
	}
	fileLimit := u.fileLimit()
	b, real, err := read(path, u.rroot, func(real string, size int64) (int64, error) {
		if size > fileLimit {
			return 0, &refusal{ErrTooLarge, fmt.Sprintf("%s has %d bytes, the limit is %d", path, size, fileLimit)}
		}
		if u.counted[real] {
			return fileLimit, nil
		}
		left := u.limit() - u.used
		if size > left {
			return 0, u.overBudget(path)
		}
		return min(fileLimit, left), nil
	})
	if err != nil {
		return nil, err
	}
	u.charge(real, len(b))
	return b, nil
}

// Through is read with the unit's budget kept over what it returns: for a
// caller's own reader (a test's files in memory, a candidate source served
// in place of a file), which does its own checks of each file.
func (u *Unit) Through(read func(string) ([]byte, error)) func(string) ([]byte, error) {
	return func(path string) ([]byte, error) {
		b, err := read(path)
		if err != nil {
			return nil, err
		}
		key := filepath.Clean(path)
		if !u.counted[key] && u.used+int64(len(b)) > u.limit() {
			return nil, u.overBudget(path)
		}
		u.charge(key, len(b))
		return b, nil
	}
}

func (u *Unit) overBudget(path string) error {
	return &refusal{ErrTooLarge, fmt.Sprintf("%s: the unit's files pass %d bytes together, the limit", path, u.limit())}
}

func (u *Unit) charge(key string, n int) {
	if u.counted == nil {
		u.counted = map[string]bool{}
	}
	if !u.counted[key] {
		u.counted[key] = true
		u.used += int64(n)
	}
}
