package bench

import (
	"io"
	"os"
	"path/filepath"

	"reuselab/outfile"
)

// Update is Publish for a run that adds files to a report instead of
// replacing it (bench --scaling writes scaling.* beside report.md): the
// temporary folder starts as a copy of dir's files, write adds or
// overwrites its own, and the whole folder then takes dir's place in one
// rename. A run killed or failing part-way leaves dir as it was, old
// scaling files and the main report alike. Copies rather than hard links:
// a file rewritten in place would write through a link into the old report.
func Update(dir string, write func(tmp string) error) error {
	return Publish(dir, func(tmp string) error {
		if err := copyFiles(filepath.Clean(dir), tmp); err != nil {
			return err
		}
		return write(tmp)
	})
}

// copyFiles copies the plain files of src (absent: none) into dst. Publish
// has already refused a src that bench did not write.
func copyFiles(src, dst string) error {
	ents, err := os.ReadDir(src)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, e := range ents {
		if !e.Type().IsRegular() {
			continue
		}
		if err := copyFile(filepath.Join(src, e.Name()), filepath.Join(dst, e.Name())); err != nil {
			return err
		}
	}
	return nil
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	return outfile.Write(dst, func(w io.Writer) error {
		_, err := io.Copy(w, in)
		return err
	})
}
