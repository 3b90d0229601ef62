// Package outfile is how reuselab writes: every output file goes in whole
// or not at all, and only into folders reuselab owns.
//
// A file is written to a temporary file in its own folder, flushed to disk
// and renamed over the destination (Write, WriteFile): a crash, a kill or a
// full disk leaves the old file whole, or no file, never part of one. A
// folder written whole is filled beside its place and swapped in (ReplaceDir).
// Output folders carry a marker file (MarkerName); reuselab replaces or adds
// to a folder only when it has its marker or is empty, so that `--out` never
// lands in a user's folder of notes (OwnDir, CheckReplace). The temporary
// files and folders of writes in progress are known (RemoveTemporaries), so
// that the command's signal handler can remove them before the process dies.
package outfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"unicode/utf8"
)

// defaultMode is a new file's permission bits (before the umask, as
// os.WriteFile's callers had them); a replaced file keeps its own.
const defaultMode fs.FileMode = 0o644

// WriteFile writes data to path as Write does.
func WriteFile(path string, data []byte) error {
	return Write(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// Write puts the bytes fill writes at path in one rename: fill writes into
// a temporary file beside path, which is flushed to disk and then takes
// path's name. When fill or the disk fails, the temporary file is removed
// and path is as it was (absent, or the old file whole). A symbolic link at
// path is followed: the file it names is replaced, the link stays. A path
// that names anything but a regular file is refused.
func Write(path string, fill func(io.Writer) error) error {
	dest, mode, err := destination(path)
	if err != nil {
		return err
	}
	f, err := createTemp(filepath.Dir(dest), filepath.Base(dest))
	if err != nil {
		return fmt.Errorf("write %s: %w", path, bare(err, ""))
	}
	tmp := f.Name()
	err = fillTemp(f, mode, fill)
	if err == nil {
		err = commit(tmp, dest)
	}
	if err != nil {
		discard(tmp)
		return fmt.Errorf("write %s: %w", path, bare(err, tmp))
	}
	return nil
}

// CheckFile says, before any work, whether Write could write path: it is
// absent or a regular file, and a temporary file can be made in its folder
// (the rename needs the folder writable, not the file).
func CheckFile(path string) error {
	dest, _, err := destination(path)
	if err != nil {
		return err
	}
	f, err := createTemp(filepath.Dir(dest), filepath.Base(dest))
	if err != nil {
		return fmt.Errorf("%s: %w", path, bare(err, ""))
	}
	f.Close()
	discard(f.Name())
	return nil
}

// destination is the file Write replaces for path (a symbolic link's
// target) and the mode the new file gets.
func destination(path string) (string, fs.FileMode, error) {
	st, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return path, defaultMode, nil
	}
	if err != nil {
		return "", 0, err
	}
	dest := path
	if st.Mode()&fs.ModeSymlink != 0 {
		if dest, err = filepath.EvalSymlinks(path); err != nil {
			return "", 0, fmt.Errorf("%s is a symbolic link to nothing that exists: %w", path, err)
		}
		if st, err = os.Stat(dest); err != nil {
			return "", 0, err
		}
	}
	if !st.Mode().IsRegular() {
		return "", 0, fmt.Errorf("%s is not a regular file", path)
	}
	return dest, st.Mode().Perm(), nil
}

// fillTemp writes fill's bytes into f through a buffer, gives f its mode
// and flushes it to disk before closing it: the rename must not publish a
// name whose blocks are not yet written.
func fillTemp(f *os.File, mode fs.FileMode, fill func(io.Writer) error) error {
	w := bufio.NewWriterSize(f, 64<<10)
	err := fill(w)
	if err == nil {
		err = w.Flush()
	}
	if err == nil {
		err = f.Chmod(mode)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// bare drops the temporary file's name from err: messages name the file
// the user asked for, not ".page.html.tmp-123". tmp "" is a temporary file
// that could not be made (the error names its pattern).
func bare(err error, tmp string) error {
	var pe *os.PathError
	if errors.As(err, &pe) && (pe.Path == tmp || tmp == "") {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) && le.Old == tmp {
		return le.Err
	}
	return err
}

// tempPattern is the name of a temporary file or folder beside base: hidden,
// recognisably reuselab's, and short enough whatever base's length.
func tempPattern(base, kind string) string {
	const keep = 64
	if len(base) > keep {
		cut := keep
		for cut > 0 && !utf8.RuneStart(base[cut]) {
			cut--
		}
		base = base[:cut]
	}
	return "." + base + "." + kind + "-*"
}
