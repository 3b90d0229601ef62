package bench

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"
)

// unlistable is a file system in which the folders named in bad cannot be
// listed: a permission error injected where the walk reads a folder, which
// chmod 000 cannot give a test that runs as root.
type unlistable struct {
	fstest.MapFS
	bad map[string]bool
}

func (u unlistable) ReadDir(name string) ([]fs.DirEntry, error) {
	if u.bad[name] {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
	}
	return u.MapFS.ReadDir(name)
}

// One folder that cannot be listed costs its own sources, not the run: the
// walk passes over it, names it, and lists every other source, in a
// collection (a corpus per sub-folder) and in a single corpus alike. A
// root that cannot be listed leaves nothing, named; one that does not
// exist is still an error.
func TestDiscoverPassesOverAnUnreadableFolder(t *testing.T) {
	src := &fstest.MapFile{Data: []byte("Shader(Name=\"M\"){}\n")}
	fsys := unlistable{MapFS: fstest.MapFS{
		"a/one.dsm":        src,
		"b/two.dss":        src,
		"b/locked/x.dsm":   src,
		"locked/three.dsm": src,
	}, bad: map[string]bool{"locked": true, "b/locked": true}}
	srcs, unread, err := Walk{}.discoverFS(fsys, ".", "corp")
	if err != nil {
		t.Fatalf("an unreadable folder stopped the walk: %v", err)
	}
	var got []string
	for _, s := range srcs {
		got = append(got, s.Corpus+":"+s.Rel)
	}
	if len(got) != 2 || got[0] != "a:one.dsm" || got[1] != "b:two.dss" {
		t.Errorf("sources %v, want a:one.dsm and b:two.dss", got)
	}
	if len(unread) != 2 || unread[0].Path != "b/locked" || unread[1].Path != "locked" || !errors.Is(unread[0].Err, fs.ErrPermission) {
		t.Errorf("unread %v, want b/locked and locked with their errors", unread)
	}

	_, unread, err = Walk{}.discoverOne(unlistable{MapFS: fsys.MapFS, bad: map[string]bool{".": true}}, ".", "corp")
	if err != nil || len(unread) != 1 || unread[0].Path != "." {
		t.Errorf("an unlistable root: %v, %v", unread, err)
	}
	if _, _, err := (Walk{}).discoverOne(fstest.MapFS{}, "missing", "corp"); err == nil {
		t.Error("a missing root is no error")
	}
}

// The same on disk, where the system refuses (not as root, whom chmod 000
// does not stop; cmd's test runs bench as another user for that).
func TestDiscoverAllOnDiskPassesOverAnUnreadableFolder(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads a chmod 000 folder; TestDiscoverPassesOverAnUnreadableFolder injects the error instead")
	}
	root := t.TempDir()
	for _, d := range []string{"ok", "locked"} {
		os.Mkdir(filepath.Join(root, d), 0o755)
		os.WriteFile(filepath.Join(root, d, "M.dsm"), []byte("x"), 0o644)
	}
	locked := filepath.Join(root, "locked")
	os.Chmod(locked, 0)
	defer os.Chmod(locked, 0o755)
	srcs, unread, err := DiscoverAll([]string{root})
	if err != nil || len(srcs) != 1 || len(unread) != 1 || unread[0].Path != locked {
		t.Errorf("sources %v, unread %v, err %v", srcs, unread, err)
	}
}
