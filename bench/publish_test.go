package bench

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func readAll(t *testing.T, dir string) map[string]string {
	t.Helper()
	got := map[string]string{}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		got[e.Name()] = string(b)
	}
	return got
}

// A report is replaced whole or not at all: a write failing half-way (a
// full disk, a crash) leaves the previous report byte for byte, and a
// finished one leaves no file of the old.
func TestPublishIsAllOrNothing(t *testing.T) {
	parent := t.TempDir()
	out := filepath.Join(parent, "bench-out")
	old := map[string]string{ReportMD: "old report\n", SummaryJSON: "{\"old\": true}\n", "stale.csv": "x\n"}
	if err := Publish(out, func(dir string) error {
		for n, s := range old {
			if err := os.WriteFile(filepath.Join(dir, n), []byte(s), 0o644); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("disk full")
	err := Publish(out, func(dir string) error {
		os.WriteFile(filepath.Join(dir, ReportMD), []byte("new, half-written"), 0o644)
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("error %v", err)
	}
	if got := readAll(t, out); len(got) != len(old) || got[ReportMD] != old[ReportMD] || got[SummaryJSON] != old[SummaryJSON] {
		t.Fatalf("a failed write touched the old report: %v", got)
	}
	if err := Publish(out, func(dir string) error {
		return os.WriteFile(filepath.Join(dir, ReportMD), []byte("new\n"), 0o644)
	}); err != nil {
		t.Fatal(err)
	}
	if got := readAll(t, out); len(got) != 1 || got[ReportMD] != "new\n" {
		t.Fatalf("after publishing: %v", got)
	}
	ents, _ := os.ReadDir(parent)
	for _, e := range ents {
		if e.Name() != "bench-out" {
			t.Errorf("left behind: %s", e.Name())
		}
	}
}

// A folder that is not a report (say --out .) is never replaced.
func TestPublishRefusesAFolderOfOtherFiles(t *testing.T) {
	out := t.TempDir()
	os.WriteFile(filepath.Join(out, "main.go"), []byte("package main\n"), 0o644)
	if err := Publish(out, func(string) error { return nil }); err == nil {
		t.Fatal("replaced a folder holding main.go")
	}
	if _, err := os.Stat(filepath.Join(out, "main.go")); err != nil {
		t.Fatal("main.go is gone")
	}
}

func TestLockOutExcludesASecondRun(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r")
	unlock, err := LockOut(out)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := LockOut(out); err == nil {
		t.Fatal("two runs hold the lock")
	}
	unlock()
	again, err := LockOut(out)
	if err != nil {
		t.Fatalf("the lock outlived its holder: %v", err)
	}
	again()
}
