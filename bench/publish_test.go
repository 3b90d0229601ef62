package bench

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"reuselab/outfile"
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
	if got := readAll(t, out); len(got) != len(old)+1 || got[ReportMD] != old[ReportMD] || got[SummaryJSON] != old[SummaryJSON] {
		t.Fatalf("a failed write touched the old report: %v", got)
	}
	if err := Publish(out, func(dir string) error {
		return os.WriteFile(filepath.Join(dir, ReportMD), []byte("new\n"), 0o644)
	}); err != nil {
		t.Fatal(err)
	}
	if got := readAll(t, out); len(got) != 2 || got[ReportMD] != "new\n" || !strings.HasPrefix(got[outfile.MarkerName], "reuselab-output: bench\n") {
		t.Fatalf("after publishing: %v", got)
	}
	ents, _ := os.ReadDir(parent)
	for _, e := range ents {
		if e.Name() != "bench-out" {
			t.Errorf("left behind: %s", e.Name())
		}
	}
}

// The attack: `bench --out mynotes` on a folder of the user's
// .md, .csv and .json files, which look like a report's. It is refused with
// a message naming the folder, and left as it was; so is a report of a
// bench from before the marker (it cannot be told from the user's), and a
// folder of source code.
func TestPublishRefusesAFolderBenchDidNotWrite(t *testing.T) {
	for name, files := range map[string]map[string]string{
		"mynotes":  {"thesis.md": "# thesis\n", "data.csv": "a,b\n", "config.json": "{}\n"},
		"old-out":  {ReportMD: "# old\n", SummaryJSON: "{}\n", AssetsCSV: "corpus\n", ReductionPlot: "<svg/>"},
		"programs": {"main.go": "package main\n"},
	} {
		out := filepath.Join(t.TempDir(), name)
		os.Mkdir(out, 0o755)
		for n, s := range files {
			os.WriteFile(filepath.Join(out, n), []byte(s), 0o644)
		}
		var no *outfile.NotOwnedError
		if err := CheckOut(out); !errors.As(err, &no) || !strings.Contains(err.Error(), out) {
			t.Errorf("%s: CheckOut: %v, want a refusal naming the folder", name, err)
		}
		if err := Publish(out, func(string) error { return nil }); !errors.As(err, &no) {
			t.Errorf("%s: Publish: %v, want a refusal", name, err)
		}
		if got := readAll(t, out); len(got) != len(files) {
			t.Errorf("%s: now holds %v", name, got)
		}
		for n, s := range files {
			if b, err := os.ReadFile(filepath.Join(out, n)); err != nil || string(b) != s {
				t.Errorf("%s/%s changed: %q %v", name, n, b, err)
			}
		}
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
