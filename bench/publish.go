package bench

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// A report is published whole or not at all: its files are written into a
// temporary folder beside the output folder, which then takes the output
// folder's place in one rename. A run killed or failing part-way leaves the
// previous report as it was (and a .tmp folder that the next run ignores),
// and two runs on one folder each publish a report of their own, never a
// mix — a lock beside the folder makes the second one stop at once.

// Publish writes a report into dir through write, which gets the folder to
// fill. dir must be absent, empty, or hold only report files (see
// isReportDir): publishing replaces the folder, and a folder of other
// files is refused rather than deleted.
func Publish(dir string, write func(tmp string) error) error {
	parent, base, err := checkOut(dir)
	if err != nil {
		return err
	}
	dir = filepath.Join(parent, base)
	tmp, err := os.MkdirTemp(parent, "."+base+".tmp-")
	if err != nil {
		return err
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		os.RemoveAll(tmp)
		return err
	}
	if err := write(tmp); err != nil {
		os.RemoveAll(tmp)
		return err
	}
	if err := syncDir(tmp); err != nil {
		os.RemoveAll(tmp)
		return err
	}
	if err := replaceDir(tmp, dir); err != nil {
		os.RemoveAll(tmp)
		return err
	}
	return nil
}

// replaceDir puts the folder src in dst's place. Where the system can swap
// two names in one step it does; elsewhere the old report is moved aside
// first and removed only once the new one is in place.
func replaceDir(src, dst string) error {
	if _, err := os.Lstat(dst); os.IsNotExist(err) {
		return os.Rename(src, dst)
	}
	if err := exchange(src, dst); err == nil {
		return os.RemoveAll(src) // src now holds the old report
	}
	old := src + ".old"
	if err := os.Rename(dst, old); err != nil {
		return err
	}
	if err := os.Rename(src, dst); err != nil {
		os.Rename(old, dst)
		return err
	}
	return os.RemoveAll(old)
}

// isReportDir reports whether every entry of dir is a plain file of the
// kinds a report holds.
// CheckOut says, before any work, whether Publish could write a report to
// dir: a folder of its own name, absent or holding only report files, in a
// parent folder this process can create entries in.
func CheckOut(dir string) error {
	parent, base, err := checkOut(dir)
	if err != nil {
		return err
	}
	probe, err := os.MkdirTemp(parent, "."+base+".probe-")
	if err != nil {
		return err
	}
	return os.Remove(probe)
}

// checkOut is Publish's refusals: the parent folder (made if absent) and
// the folder's name.
func checkOut(dir string) (parent, base string, err error) {
	dir = filepath.Clean(dir)
	parent, base = filepath.Split(dir)
	if parent == "" {
		parent = "."
	}
	if base == "" || base == "." || base == ".." {
		return "", "", fmt.Errorf("output folder %q: name a folder of its own (it is replaced whole)", dir)
	}
	if st, err := os.Lstat(dir); err == nil {
		if !st.IsDir() {
			return "", "", fmt.Errorf("output %s exists and is not a folder", dir)
		}
		if ok, why := isReportDir(dir); !ok {
			return "", "", fmt.Errorf("output folder %s holds %s, not a report: refusing to replace it", dir, why)
		}
	}
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return "", "", err
	}
	return parent, base, nil
}

func isReportDir(dir string) (bool, string) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return false, err.Error()
	}
	for _, e := range ents {
		if !e.Type().IsRegular() {
			return false, fmt.Sprintf("%q (not a plain file)", e.Name())
		}
		switch strings.ToLower(filepath.Ext(e.Name())) {
		case ".csv", ".json", ".md", ".svg", ".png", ".txt":
		default:
			return false, fmt.Sprintf("%q", e.Name())
		}
	}
	return true, ""
}

// syncDir flushes every file of dir to disk. The flushes run at once: on
// a journaling file system concurrent ones share a commit, where one after
// another each waits for its own.
func syncDir(dir string) error {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	errs := make([]error, len(ents))
	var wg sync.WaitGroup
	for i, e := range ents {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f, err := os.Open(filepath.Join(dir, e.Name()))
			if err != nil {
				errs[i] = err
				return
			}
			errs[i] = f.Sync()
			f.Close()
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
