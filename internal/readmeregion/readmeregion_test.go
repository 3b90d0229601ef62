package readmeregion

import (
	"os"
	"path/filepath"
	"testing"
)

var m = Markers{Begin: "<!-- x:begin -->", End: "<!-- x:end -->"}

func TestSplit(t *testing.T) {
	before, after, err := m.Split("a\n" + m.Begin + "\nold\n" + m.End + "\nb\n")
	if err != nil || before != "a\n" || after != "\nb\n" {
		t.Errorf("split: %q %q %v", before, after, err)
	}
	for _, bad := range []string{"no markers", m.End + m.Begin, m.Begin + m.End + m.Begin + m.End} {
		if _, _, err := m.Split(bad); err == nil {
			t.Errorf("Split(%q) found a region", bad)
		}
	}
}

// Rewrite changes the region and nothing around it; a file without the
// region is refused and left as it is.
func TestRewrite(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "README.md")
	if err := os.WriteFile(p, []byte("top\n"+m.Begin+"\nold\n"+m.End+"\nbottom\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := m.Check(p); err != nil {
		t.Fatal(err)
	}
	if err := m.Rewrite(p, "new\n"); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(p)
	if want := "top\n" + m.Begin + "\nnew\n" + m.End + "\nbottom\n"; string(got) != want {
		t.Errorf("got %q, want %q", got, want)
	}
	bad := filepath.Join(dir, "other.md")
	if err := os.WriteFile(bad, []byte("no region\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if m.Check(bad) == nil || m.Rewrite(bad, "x") == nil {
		t.Error("a file without the region was accepted")
	}
	if b, _ := os.ReadFile(bad); string(b) != "no region\n" {
		t.Errorf("refused file changed: %q", b)
	}
}
