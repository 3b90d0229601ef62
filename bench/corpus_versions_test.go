package bench

import (
	"os"
	"path/filepath"
	"testing"
)

// A plain walk leaves `_versions/` snapshots out; a walk with Versions
// reads each as a file of its own, named by its path in the corpus.
func TestWalkVersions(t *testing.T) {
	root := t.TempDir()
	write := func(rel string) {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("// empty\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("M_A.dsm")
	write("_versions/0123abcd/M_A.dsm")
	write(".hidden/M_B.dsm")

	rels := func(w Walk) []string {
		srcs, _, err := w.DiscoverAll([]string{root})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, s := range srcs {
			out = append(out, s.Rel)
		}
		return out
	}
	if got := rels(Walk{}); len(got) != 1 || got[0] != "M_A.dsm" {
		t.Errorf("plain walk: %q, want only M_A.dsm", got)
	}
	got := rels(Walk{Versions: true})
	if len(got) != 2 || got[0] != "M_A.dsm" || got[1] != "_versions/0123abcd/M_A.dsm" {
		t.Errorf("walk with versions: %q, want M_A.dsm and its snapshot (and no hidden folder)", got)
	}
}
