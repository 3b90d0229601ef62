package outfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// entries lists dir's names, hidden ones included: a leftover temporary
// file shows here.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

func readString(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A write replaces the file's content, keeps a replaced file's permission
// bits, and leaves nothing but the file in its folder.
func TestWriteFileReplacesTheFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "page.html")
	if err := os.WriteFile(p, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(p, []byte("new page")); err != nil {
		t.Fatal(err)
	}
	if got := readString(t, p); got != "new page" {
		t.Errorf("content %q", got)
	}
	if st, _ := os.Stat(p); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want the old file's 0600", st.Mode().Perm())
	}
	if got := entries(t, dir); len(got) != 1 {
		t.Errorf("folder holds %v, want only page.html", got)
	}
	fresh := filepath.Join(dir, "fresh.csv")
	if err := WriteFile(fresh, []byte("a,b\n")); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(fresh); st.Mode().Perm()&0o044 == 0 {
		t.Errorf("a new file's mode %v is not readable by others, as os.WriteFile's 0644 was", st.Mode().Perm())
	}
}

// A fill that fails half-way (a full disk, an encoding error) leaves the
// old file byte for byte and no temporary file; the error is fill's.
func TestWriteFailingFillKeepsTheOldFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "report.md")
	os.WriteFile(p, []byte("old report\n"), 0o644)
	boom := errors.New("boom")
	err := Write(p, func(w io.Writer) error {
		io.WriteString(w, strings.Repeat("half of the new report ", 10000))
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("error %v, want fill's", err)
	}
	if got := readString(t, p); got != "old report\n" {
		t.Errorf("the old file changed: %q…", got[:min(len(got), 40)])
	}
	if got := entries(t, dir); len(got) != 1 {
		t.Errorf("folder holds %v, want only report.md", got)
	}
}

// A symbolic link is followed: the file it names gets the content, and the
// link stays a link.
func TestWriteFollowsASymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real.html")
	link := filepath.Join(dir, "page.html")
	os.WriteFile(target, []byte("old"), 0o644)
	if err := os.Symlink("real.html", link); err != nil {
		t.Skip("no symlinks here:", err)
	}
	if err := WriteFile(link, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Lstat(link); st.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was replaced by a file")
	}
	if got := readString(t, target); got != "new" {
		t.Errorf("target holds %q", got)
	}
}

// A folder at the path is refused before anything is written; a missing
// folder's error names the path asked for, not the temporary file.
func TestWriteRefusalsNameThePath(t *testing.T) {
	dir := t.TempDir()
	err := WriteFile(dir, []byte("x"))
	if err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("writing over a folder: %v", err)
	}
	missing := filepath.Join(dir, "no", "page.html")
	err = WriteFile(missing, []byte("x"))
	if err == nil || !strings.Contains(err.Error(), missing) || strings.Contains(err.Error(), ".tmp-") {
		t.Errorf("writing into a missing folder: %v", err)
	}
	if err := CheckFile(missing); err == nil {
		t.Error("CheckFile accepts a file in a missing folder")
	}
	if err := CheckFile(filepath.Join(dir, "ok.html")); err != nil {
		t.Errorf("CheckFile: %v", err)
	}
	if got := entries(t, dir); len(got) != 0 {
		t.Errorf("the checks left %v", got)
	}
}

// A base name long enough that a temporary name built from it whole would
// pass the file system's limit still writes.
func TestWriteLongName(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, strings.Repeat("é", 120)+".t3d") // 244 bytes
	if err := WriteFile(p, []byte("x")); err != nil {
		t.Fatal(err)
	}
	if got := entries(t, dir); len(got) != 1 {
		t.Errorf("folder holds %v", got)
	}
}
