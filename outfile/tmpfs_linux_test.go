package outfile

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// A real full disk: a 1 MiB tmpfs, where the system allows the mount (root,
// or a user namespace; skipped elsewhere). Writing a 32 MiB page over an
// old one fails with ENOSPC; the old page stays whole and the disk keeps
// no temporary file. A folder replaced whole (a bench report) likewise.
func TestNoSpaceLeftKeepsTheOldFile(t *testing.T) {
	disk := t.TempDir()
	if err := syscall.Mount("tmpfs", disk, "tmpfs", 0, "size=1m"); err != nil {
		t.Skip("cannot mount a small tmpfs here:", err)
	}
	t.Cleanup(func() { syscall.Unmount(disk, 0) })
	page := filepath.Join(disk, "page.html")
	old := []byte("<html>the old page</html>\n")
	os.WriteFile(page, old, 0o644)
	err := Write(page, writeBigPage)
	if !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("error %v, want ENOSPC", err)
	}
	if b, _ := os.ReadFile(page); !bytes.Equal(b, old) {
		t.Errorf("the old page changed: %d bytes", len(b))
	}
	if got := entries(t, disk); len(got) != 1 {
		t.Errorf("the disk holds %v, want only page.html", got)
	}

	report := filepath.Join(disk, "bench-out")
	if err := ReplaceDir(report, "bench", func(tmp string) error {
		return WriteFile(filepath.Join(tmp, "report.md"), []byte("old report"))
	}); err != nil {
		t.Fatal(err)
	}
	err = ReplaceDir(report, "bench", func(tmp string) error {
		return Write(filepath.Join(tmp, "metrics.json"), writeBigPage)
	})
	if !errors.Is(err, syscall.ENOSPC) {
		t.Errorf("replacing the report: %v, want ENOSPC", err)
	}
	if got := readString(t, filepath.Join(report, "report.md")); got != "old report" {
		t.Errorf("report.md holds %q", got)
	}
	if got := entries(t, disk); len(got) != 2 {
		t.Errorf("the disk holds %v, want page.html and bench-out", got)
	}
}
