package outfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
)

// MarkerName is the file that makes a folder reuselab's output folder. Its
// first line names the command that wrote the folder; the rest says, for
// whoever opens the folder, what reuselab does with it.
const MarkerName = ".reuselab-output"

const markerHead = "reuselab-output: "

// markerText is the marker of a folder tool writes; whole says whether tool
// replaces the folder whole (a report) or adds its files to it.
func markerText(tool string, whole bool) string {
	what := "adds its files to this folder, replacing files of the same names and leaving others alone"
	if whole {
		what = "replaces this folder whole on its next run: anything else put in it is lost then"
	}
	return fmt.Sprintf("%s%s\nThis folder was written by `reuselab %s`, which %s.\n"+
		"Without this file reuselab refuses to write into the folder.\n", markerHead, tool, tool, what)
}

// owner is the command named by dir's marker; has is false when dir holds
// no marker (or a file of that name that is not one).
func owner(dir string) (tool string, has bool) {
	p := filepath.Join(dir, MarkerName)
	st, err := os.Lstat(p)
	if err != nil || !st.Mode().IsRegular() {
		return "", false
	}
	f, err := os.Open(p)
	if err != nil {
		return "", false
	}
	defer f.Close()
	line, err := bufio.NewReader(io.LimitReader(f, 256)).ReadString('\n')
	if err != nil {
		return "", false
	}
	tool, ok := strings.CutPrefix(strings.TrimRight(line, "\r\n"), markerHead)
	if !ok || tool == "" {
		return "", false
	}
	return tool, true
}

// NotOwnedError is an output folder reuselab did not write: it holds files
// and no marker, or another command's marker.
type NotOwnedError struct {
	Dir, Tool string
	// Owner is the command whose marker the folder holds, "" for none.
	Owner string
	// Entries name a few of the folder's entries; More counts the others
	// (-1: too many to count).
	Entries []string
	More    int
}

func (e *NotOwnedError) Error() string {
	if e.Owner != "" {
		return fmt.Sprintf("output folder %s holds the output of `reuselab %s` (%s), not of `reuselab %s`: refusing to write into it; name another folder",
			e.Dir, e.Owner, MarkerName, e.Tool)
	}
	list := strings.Join(quoteAll(e.Entries), ", ")
	switch {
	case e.More < 0:
		list += " and many more"
	case e.More > 0:
		list += fmt.Sprintf(" and %d more", e.More)
	}
	return fmt.Sprintf("output folder %s holds %s and no %s marker, so reuselab did not write it: refusing to write into it; "+
		"name a new or empty folder (an output folder of a reuselab from before the marker: remove it first)",
		e.Dir, list, MarkerName)
}

func quoteAll(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = fmt.Sprintf("%q", n)
	}
	return out
}

// claim says whether tool may write into the existing folder dir: it holds
// tool's marker (owned), or nothing at all (empty).
func claim(dir, tool string) (owned bool, err error) {
	if who, has := owner(dir); has {
		if who != tool {
			return false, &NotOwnedError{Dir: dir, Tool: tool, Owner: who}
		}
		return true, nil
	}
	f, err := os.Open(dir)
	if err != nil {
		return false, err
	}
	defer f.Close()
	// A folder of a million files is refused as quickly as one of three:
	// the message names a few, sorted among the first batch read.
	const show, batch = 3, 1000
	names, err := f.Readdirnames(batch)
	if errors.Is(err, io.EOF) {
		return false, nil // empty
	}
	if err != nil {
		return false, err
	}
	sort.Strings(names)
	e := &NotOwnedError{Dir: dir, Tool: tool, Entries: names[:min(show, len(names))], More: len(names) - min(show, len(names))}
	if len(names) == batch {
		e.More = -1
	}
	return false, e
}

// OwnDir makes dir ready for tool to add files to with Write: an absent
// folder is made (with its parents) and marked, an empty one marked, one
// marked by tool kept; any other folder is refused with a *NotOwnedError
// and left as it was. The marker is written every time, which also shows
// that the folder can be written.
func OwnDir(dir, tool string) error {
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	case err != nil:
		return err
	case !st.IsDir():
		return fmt.Errorf("output %s exists and is not a folder", dir)
	default:
		if _, err := claim(dir, tool); err != nil {
			return err
		}
	}
	return WriteFile(filepath.Join(dir, MarkerName), []byte(markerText(tool, false)))
}

// CheckReplace says, before any work, whether ReplaceDir could replace dir
// for tool: a folder name of its own, absent, empty or marked by tool, in a
// parent folder (made if absent) where this process can make a folder.
func CheckReplace(dir, tool string) error {
	parent, base, err := replaceable(dir, tool)
	if err != nil {
		return err
	}
	probe, err := mkdirTemp(parent, base, "probe")
	if err != nil {
		return err
	}
	discard(probe)
	return nil
}

// replaceable is ReplaceDir's refusals; it returns dir's parent folder
// (made if absent) and name.
func replaceable(dir, tool string) (parent, base string, err error) {
	dir = filepath.Clean(dir)
	parent, base = filepath.Split(dir)
	if parent == "" {
		parent = "."
	}
	if base == "" || base == "." || base == ".." {
		return "", "", fmt.Errorf("output folder %q: name a folder of its own (it is replaced whole)", dir)
	}
	if err := checkReplaceable(dir, tool); err != nil {
		return "", "", err
	}
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return "", "", err
	}
	return parent, base, nil
}

func checkReplaceable(dir, tool string) error {
	st, err := os.Lstat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	switch {
	case st.Mode()&fs.ModeSymlink != 0:
		return fmt.Errorf("output %s is a symbolic link: name the folder itself (it is replaced whole)", dir)
	case !st.IsDir():
		return fmt.Errorf("output %s exists and is not a folder", dir)
	}
	_, err = claim(dir, tool)
	return err
}

// ReplaceDir publishes a folder whole: fill writes its files into a
// temporary folder beside dir, which gets tool's marker and then takes
// dir's place in one rename (where the system can swap two names in one
// step, Linux's renameat2, it does; elsewhere the old folder is moved aside
// first and removed once the new one is in place). When fill fails, the disk
// fills or the process is stopped, dir stays as it was. dir must be absent,
// empty or marked by tool (CheckReplace); it is checked again just before
// the swap.
func ReplaceDir(dir, tool string, fill func(tmp string) error) error {
	parent, base, err := replaceable(dir, tool)
	if err != nil {
		return err
	}
	dir = filepath.Join(parent, base)
	tmp, err := mkdirTemp(parent, base, "tmp")
	if err != nil {
		return err
	}
	err = os.Chmod(tmp, 0o755)
	if err == nil {
		err = fill(tmp)
	}
	if err == nil {
		err = WriteFile(filepath.Join(tmp, MarkerName), []byte(markerText(tool, true)))
	}
	if err == nil {
		err = syncDir(tmp)
	}
	if err == nil {
		err = checkReplaceable(dir, tool)
	}
	var old string
	if err == nil {
		old, err = swap(tmp, dir)
	}
	if err != nil {
		discard(tmp)
		return err
	}
	if old != "" {
		discard(old)
	}
	return nil
}

// swap puts the folder tmp in dst's place under the cleanup's lock, and
// returns the temporary name that now holds the old folder ("" when there
// was none), for the caller to remove.
func swap(tmp, dst string) (old string, err error) {
	err = locked(func() error {
		if _, err := os.Lstat(dst); errors.Is(err, fs.ErrNotExist) {
			if err := os.Rename(tmp, dst); err != nil {
				return err
			}
			delete(temporaries.paths, tmp)
			return nil
		}
		if exchange(tmp, dst) == nil {
			old = tmp // tmp's name now holds the old folder, and is tracked
			return nil
		}
		aside := tmp + ".old"
		if err := os.Rename(dst, aside); err != nil {
			return err
		}
		if err := os.Rename(tmp, dst); err != nil {
			os.Rename(aside, dst)
			return err
		}
		delete(temporaries.paths, tmp)
		track(aside)
		old = aside
		return nil
	})
	return old, err
}

// syncDir flushes every file of dir, and dir itself, to disk. Write has
// flushed the files it wrote; a fill may have written others. The flushes
// run at once: on a journaling file system concurrent ones share a commit.
func syncDir(dir string) error {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	errs := make([]error, len(ents))
	var wg sync.WaitGroup
	for i, e := range ents {
		if !e.Type().IsRegular() {
			continue
		}
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
	if err := errors.Join(errs...); err != nil {
		return err
	}
	// The folder's own entries: not every system can flush a folder, and
	// the files' contents, which the rename publishes, are already safe.
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}
