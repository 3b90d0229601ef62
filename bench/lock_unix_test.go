//go:build unix

package bench

import (
	"os"
	"path/filepath"
	"testing"
)

// The lock of an output folder lives outside the folder's tree, is one
// lock for two spellings of the folder, and is gone after the run.
func TestLockOutLeavesNothingBesideTheFolder(t *testing.T) {
	parent := t.TempDir()
	out := filepath.Join(parent, "bench-out")
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(parent, link); err != nil {
		t.Skip("no symlinks here:", err)
	}
	unlock, err := LockOut(out)
	if err != nil {
		t.Fatal(err)
	}
	path, err := lockPath(out)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Errorf("the lock %s is not there while held: %v", path, err)
	}
	if ents, _ := os.ReadDir(parent); len(ents) != 0 {
		t.Errorf("the lock left %s beside the output folder", ents[0].Name())
	}
	if _, err := LockOut(filepath.Join(link, "bench-out")); err == nil {
		t.Error("the folder through a symlinked parent is locked apart")
	}
	unlock()
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("the lock %s outlived the run: %v", path, err)
	}
	again, err := LockOut(out)
	if err != nil {
		t.Fatalf("no lock after the first was removed: %v", err)
	}
	again()
}
