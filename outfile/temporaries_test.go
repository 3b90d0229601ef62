package outfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// restart undoes RemoveTemporaries for the next test: in a command the
// process ends after it.
func restart() {
	temporaries.Lock()
	temporaries.stopped = false
	temporaries.Unlock()
}

// blockedFill starts writing, says so on started, and waits for release.
func blockedFill(started, release chan struct{}) func(io.Writer) error {
	return func(w io.Writer) error {
		io.WriteString(w, strings.Repeat("part of a page ", 1<<16))
		close(started)
		<-release
		_, err := io.WriteString(w, "the rest")
		return err
	}
}

// What the signal handler calls: a file write and a folder write caught
// half-way lose their temporaries, their destinations stay as they were,
// and they return ErrInterrupted; later writes fail at once.
func TestRemoveTemporariesStopsWritesInProgress(t *testing.T) {
	defer restart()
	dir := t.TempDir()
	page := filepath.Join(dir, "page.html")
	os.WriteFile(page, []byte("old page"), 0o644)
	report := filepath.Join(dir, "bench-out")
	if err := ReplaceDir(report, "bench", func(tmp string) error {
		return WriteFile(filepath.Join(tmp, "report.md"), []byte("old report"))
	}); err != nil {
		t.Fatal(err)
	}

	fileStarted, dirStarted, release := make(chan struct{}), make(chan struct{}), make(chan struct{})
	fileErr, dirErr := make(chan error), make(chan error)
	go func() { fileErr <- Write(page, blockedFill(fileStarted, release)) }()
	go func() {
		dirErr <- ReplaceDir(report, "bench", func(tmp string) error {
			return Write(filepath.Join(tmp, "report.md"), blockedFill(dirStarted, release))
		})
	}()
	<-fileStarted
	<-dirStarted
	before := entries(t, dir)
	if len(before) != 4 { // page.html, bench-out, a temporary file, a temporary folder
		t.Fatalf("mid-write the folder holds %v, want the two temporaries beside the two outputs", before)
	}
	RemoveTemporaries()
	if got := entries(t, dir); len(got) != 2 {
		t.Errorf("after RemoveTemporaries the folder holds %v, want page.html and bench-out", got)
	}
	close(release)
	if err := <-fileErr; !errors.Is(err, ErrInterrupted) {
		t.Errorf("the file write returned %v", err)
	}
	if err := <-dirErr; err == nil {
		t.Error("the folder write succeeded after RemoveTemporaries")
	}
	if got := readString(t, page); got != "old page" {
		t.Errorf("page.html holds %q…", got[:min(len(got), 30)])
	}
	if got := readString(t, filepath.Join(report, "report.md")); got != "old report" {
		t.Errorf("report.md holds %q…", got[:min(len(got), 30)])
	}
	if err := WriteFile(page, []byte("later")); !errors.Is(err, ErrInterrupted) {
		t.Errorf("a write after RemoveTemporaries: %v", err)
	}
	if got := entries(t, dir); len(got) != 2 {
		t.Errorf("the folder holds %v at the end", got)
	}
}
