package outfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// userFolder is the attack: a folder of a user's files that look
// like a report's (.md, .csv, .json).
func userFolder(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{"thesis.md": "# my thesis\n", "data.csv": "a,b\n1,2\n", "config.json": "{}\n"}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for n, s := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return files
}

func sameFiles(t *testing.T, dir string, want map[string]string) {
	t.Helper()
	got := entries(t, dir)
	if len(got) != len(want) {
		t.Errorf("%s holds %v, want %d files", dir, got, len(want))
	}
	for n, s := range want {
		if b, err := os.ReadFile(filepath.Join(dir, n)); err != nil || string(b) != s {
			t.Errorf("%s/%s changed: %q, %v", dir, n, b, err)
		}
	}
}

// A folder of the user's files is refused with a message that names the
// folder, some of its files and what to do, and is left as it was; so is
// a folder another command marked, and a file that only has the marker's
// name.
func TestOwnDirRefusesAFolderReuselabDidNotWrite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mynotes")
	files := userFolder(t, dir)
	err := OwnDir(dir, "gen")
	var no *NotOwnedError
	if !errors.As(err, &no) {
		t.Fatalf("OwnDir on a user's folder: %v, want a *NotOwnedError", err)
	}
	for _, want := range []string{dir, `"config.json"`, "no " + MarkerName + " marker", "name a new or empty folder"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("message %q lacks %q", err, want)
		}
	}
	sameFiles(t, dir, files)

	// a file of the marker's name that is not a marker is the user's
	os.WriteFile(filepath.Join(dir, MarkerName), []byte("my own notes\n"), 0o644)
	files[MarkerName] = "my own notes\n"
	if err := OwnDir(dir, "gen"); !errors.As(err, &no) {
		t.Errorf("a non-marker %s made the folder reuselab's: %v", MarkerName, err)
	}
	sameFiles(t, dir, files)

	other := filepath.Join(t.TempDir(), "gen-out")
	if err := OwnDir(other, "gen"); err != nil {
		t.Fatal(err)
	}
	if err := OwnDir(other, "compile"); !errors.As(err, &no) || no.Owner != "gen" || !strings.Contains(err.Error(), "reuselab gen") {
		t.Errorf("compile into gen's folder: %v", err)
	}
}

// An absent folder is made and marked, an empty one marked, and a marked
// one written again; the marker names the command.
func TestOwnDirMarksItsFolders(t *testing.T) {
	parent := t.TempDir()
	absent := filepath.Join(parent, "a", "b")
	empty := filepath.Join(parent, "empty")
	os.Mkdir(empty, 0o755)
	for _, dir := range []string{absent, empty, absent} {
		if err := OwnDir(dir, "compile"); err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		if who, has := owner(dir); !has || who != "compile" {
			t.Errorf("%s: marker says %q, %v", dir, who, has)
		}
	}
	if got := readString(t, filepath.Join(absent, MarkerName)); !strings.HasPrefix(got, "reuselab-output: compile\n") || !strings.Contains(got, "`reuselab compile`") {
		t.Errorf("marker %q", got)
	}
	notDir := filepath.Join(parent, "file")
	os.WriteFile(notDir, nil, 0o644)
	if err := OwnDir(notDir, "compile"); err == nil {
		t.Error("OwnDir accepts a file")
	}
}

// bench's case: a report folder is replaced whole, only when reuselab wrote
// it. A user's folder and a report of a reuselab from before the marker are
// refused and untouched; a marked one is replaced, its stale files gone; a
// fill that fails leaves the old report; a symbolic link is refused.
func TestReplaceDir(t *testing.T) {
	parent := t.TempDir()
	notes := filepath.Join(parent, "mynotes")
	files := userFolder(t, notes)
	fill := func(content string) func(string) error {
		return func(tmp string) error { return os.WriteFile(filepath.Join(tmp, "report.md"), []byte(content), 0o644) }
	}
	var no *NotOwnedError
	if err := CheckReplace(notes, "bench"); !errors.As(err, &no) {
		t.Errorf("CheckReplace on a user's folder: %v", err)
	}
	if err := ReplaceDir(notes, "bench", fill("new")); !errors.As(err, &no) {
		t.Errorf("ReplaceDir on a user's folder: %v", err)
	}
	sameFiles(t, notes, files)
	oldReport := filepath.Join(parent, "bench-out")
	oldFiles := map[string]string{"report.md": "old\n", "summary.json": "{}\n", "assets.csv": "a\n"}
	os.Mkdir(oldReport, 0o755)
	for n, s := range oldFiles {
		os.WriteFile(filepath.Join(oldReport, n), []byte(s), 0o644)
	}
	if err := ReplaceDir(oldReport, "bench", fill("new")); !errors.As(err, &no) {
		t.Errorf("a report without the marker: %v", err)
	}
	sameFiles(t, oldReport, oldFiles)

	out := filepath.Join(parent, "out")
	if err := CheckReplace(out, "bench"); err != nil {
		t.Fatal(err)
	}
	if err := ReplaceDir(out, "bench", func(tmp string) error {
		os.WriteFile(filepath.Join(tmp, "stale.csv"), []byte("x"), 0o644)
		return fill("first")(tmp)
	}); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("disk full")
	if err := ReplaceDir(out, "bench", func(tmp string) error { fill("half")(tmp); return boom }); !errors.Is(err, boom) {
		t.Fatalf("failing fill: %v", err)
	}
	if got := readString(t, filepath.Join(out, "report.md")); got != "first" {
		t.Errorf("a failed replace changed the report: %q", got)
	}
	if err := ReplaceDir(out, "bench", fill("second")); err != nil {
		t.Fatal(err)
	}
	if got := entries(t, out); len(got) != 2 || got[0] != MarkerName || got[1] != "report.md" {
		t.Errorf("replaced folder holds %v, want the marker and report.md", got)
	}
	if got := entries(t, parent); len(got) != 3 {
		t.Errorf("parent holds %v: a temporary folder was left", got)
	}
	if err := ReplaceDir(out, "gen", fill("x")); !errors.As(err, &no) {
		t.Errorf("gen replacing bench's report: %v", err)
	}

	empty := filepath.Join(parent, "empty")
	os.Mkdir(empty, 0o755)
	if err := ReplaceDir(empty, "bench", fill("e")); err != nil {
		t.Errorf("an empty folder: %v", err)
	}
	link := filepath.Join(parent, "link")
	if os.Symlink(out, link) == nil {
		if err := ReplaceDir(link, "bench", fill("l")); err == nil || !strings.Contains(err.Error(), "symbolic link") {
			t.Errorf("a link to a report: %v", err)
		}
	}
	for _, bad := range []string{".", "..", "/"} {
		if err := CheckReplace(bad, "bench"); err == nil {
			t.Errorf("CheckReplace(%q) accepted", bad)
		}
	}
}
