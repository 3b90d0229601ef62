package outfile

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The collision (X, X, X-2 wrote X-2.t3d twice), names that differ
// only by case, names a file name cannot hold, names that sanitise alike,
// reserved device names, empty and overlong names: every file name is
// different ignoring case, is a plain portable name, and the list is the
// same on a second call. Written into one folder they make one file each.
func TestFileNamesAreUniqueAndPortable(t *testing.T) {
	names := []string{
		"X", "X", "X-2", "x", "X-3",
		"Mat/A", "Mat:A", "Mat\\A", "Mat_A",
		"CON", "con", "lpt1", "Nul.backup",
		"", "", ".", "..", ".hidden",
		"a\x00b", "tab\there", "\u202eevil", "é", "e",
		strings.Repeat("L", 300), strings.Repeat("L", 300) + "x",
	}
	got := FileNames(names, ".t3d")
	if len(got) != len(names) {
		t.Fatalf("%d names for %d assets", len(got), len(names))
	}
	portable := regexp.MustCompile(`^[A-Za-z0-9_-][A-Za-z0-9_.-]*\.t3d$`)
	seen := map[string]string{}
	for i, n := range got {
		if !portable.MatchString(n) || len(n) > 255 {
			t.Errorf("%q → %q: not a portable file name", names[i], n)
		}
		if reservedOnWindows(strings.TrimSuffix(n, ".t3d")) {
			t.Errorf("%q → %q: a Windows device name", names[i], n)
		}
		key := strings.ToLower(n)
		if prev, dup := seen[key]; dup {
			t.Errorf("%q → %q clashes with %q's file", names[i], n, prev)
		}
		seen[key] = names[i]
	}
	if again := FileNames(names, ".t3d"); !slices.Equal(again, got) {
		t.Errorf("a second call differs:\n%v\n%v", got, again)
	}
	// A name of its own keeps its file; the copies take what is left.
	if got[0] != "X.t3d" || got[2] != "X-2.t3d" || got[4] != "X-3.t3d" || got[1] != "X-4.t3d" {
		t.Errorf("X, X, X-2, x, X-3 → %v", got[:5])
	}

	dir := t.TempDir()
	for _, n := range got {
		if err := WriteFile(filepath.Join(dir, n), []byte(n)); err != nil {
			t.Fatal(err)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != len(names) {
		t.Errorf("%d files for %d names", len(ents), len(names))
	}
}

// Many copies of one name cost a step each (no scan from -2 per copy) and
// still come out distinct.
func TestFileNamesManyCopies(t *testing.T) {
	names := make([]string, 20000)
	for i := range names {
		names[i] = "M"
	}
	got := FileNames(names, ".t3d")
	if got[0] != "M.t3d" || got[1] != "M-2.t3d" || got[len(got)-1] != "M-20000.t3d" {
		t.Errorf("first %v, last %q", got[:2], got[len(got)-1])
	}
}

// Any list of names, one a line: the files are all different ignoring
// case, portable, and the same on a second call.
func FuzzFileNames(f *testing.F) {
	f.Add("X\nX\nX-2")
	f.Add("x\nX\nCON\ncon.t3d\n\n.\n..")
	f.Add("Mat/A\nMat:A\nMat_A\nMat_A-2\nMat_A")
	portable := regexp.MustCompile(`^[A-Za-z0-9_-][A-Za-z0-9_.-]*\.t3d$`)
	f.Fuzz(func(t *testing.T, list string) {
		names := strings.Split(list, "\n")
		got := FileNames(names, ".t3d")
		seen := map[string]bool{}
		for i, n := range got {
			if !portable.MatchString(n) || len(n) > 255 || reservedOnWindows(strings.TrimSuffix(n, ".t3d")) {
				t.Fatalf("%q → %q: not a portable name", names[i], n)
			}
			if seen[strings.ToLower(n)] {
				t.Fatalf("%q → %q: a second file of that name", names[i], n)
			}
			seen[strings.ToLower(n)] = true
		}
		if !slices.Equal(got, FileNames(names, ".t3d")) {
			t.Fatal("two calls differ")
		}
	})
}
