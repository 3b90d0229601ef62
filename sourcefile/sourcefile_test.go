//go:build unix

package sourcefile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// tree is a root with a secret beside it and every kind of file an
// attacker can put in a source folder.
func tree(t *testing.T) (root, outside string) {
	t.Helper()
	dir := t.TempDir()
	root, outside = filepath.Join(dir, "root"), filepath.Join(dir, "outside")
	for _, d := range []string{root, outside} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write(t, filepath.Join(outside, "secret.dss"), "SECRET_API_KEY_hunter2\n")
	write(t, filepath.Join(root, "in.dss"), "inside\n")
	if err := syscall.Mkfifo(filepath.Join(root, "fifo.dss"), 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	for name, target := range map[string]string{
		"zero.dss":  "/dev/zero",
		"leak.dss":  filepath.Join(outside, "secret.dss"),
		"linkdir":   outside,
		"ok.dss":    "in.dss", // a link that stays inside is fine
		"dir.dss":   ".",
		"loop.dss":  "loop.dss",
		"gone.dss":  filepath.Join(root, "nothing"),
		"fifo2.dss": "fifo.dss",
	} {
		if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Create(filepath.Join(root, "big.dss"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.Truncate(MaxFileBytes + 1); err != nil { // sparse: no disk used
		t.Fatal(err)
	}
	return root, outside
}

// Every file that is not a source one may read is refused with its code,
// at once, and no refusal names the file outside or holds its text.
func TestReadRefusesWhatIsNotASourceFile(t *testing.T) {
	root, outside := tree(t)
	cases := []struct{ name, code, say string }{
		{"fifo.dss", "DSH8291", "is a FIFO"},
		{"fifo2.dss", "DSH8291", "is a FIFO"},
		{"zero.dss", "DSH8291", "is a character device"},
		{"dir.dss", "DSH8291", "is a directory"},
		{"leak.dss", "DSH2252", "outside the root"},
		{"linkdir/secret.dss", "DSH2252", "outside the root"},
		{"big.dss", "DSH8292", "the limit is"},
		{"gone.dss", "DSH8290", "no such file"},
		{"loop.dss", "DSH8290", "too many levels"},
		{"ok.dss", "", ""},
		{"in.dss", "", ""},
	}
	for _, c := range cases {
		b, err := Read(filepath.Join(root, c.name), root, MaxFileBytes)
		if c.code == "" {
			if err != nil || string(b) != "inside\n" {
				t.Errorf("%s: %q, %v; want the file", c.name, b, err)
			}
			continue
		}
		if err == nil || Code(err) != c.code || !strings.Contains(err.Error(), c.say) {
			t.Errorf("%s: %v (%s), want %s %q", c.name, err, Code(err), c.code, c.say)
			continue
		}
		if strings.Contains(err.Error(), "SECRET") || strings.Contains(err.Error(), outside) {
			t.Errorf("%s: the outside file leaks into %q", c.name, err)
		}
		if cerr := Check(filepath.Join(root, c.name), root, MaxFileBytes); Code(cerr) != c.code {
			t.Errorf("%s: Check says %v, Read %v", c.name, cerr, err)
		}
	}
	// Without a root the outside file is read: the root check is what
	// refused it above, not some other rule.
	if b, err := Read(filepath.Join(root, "leak.dss"), "", MaxFileBytes); err != nil || !strings.Contains(string(b), "SECRET") {
		t.Errorf("no root: %q, %v", b, err)
	}
}

// A file grown past the limit after its size was taken is still cut at the
// limit: the read itself is bounded, not only the size check.
func TestReadIsBoundedByTheLimitNotTheSize(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.dss")
	write(t, p, strings.Repeat("x", 100))
	if _, err := Read(p, dir, 99); Code(err) != "DSH8292" {
		t.Fatalf("100 bytes under a 99-byte limit: %v", err)
	}
	b, _, err := read(p, "", func(string, int64) (int64, error) { return 10, nil })
	if Code(err) != "DSH8292" || b != nil {
		t.Fatalf("a read granted 10 bytes of 100: %q, %v", b, err)
	}
}

// A unit's files share one budget: the file that would pass it is refused
// before it is read, a file read again is not charged again, and a caller's
// own reader is held to the same budget.
func TestUnitBudget(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"a", "b", "c"} {
		write(t, filepath.Join(dir, n+".dsh"), strings.Repeat(n, 40))
	}
	u := &Unit{Root: dir, FileLimit: 50, Limit: 100}
	for _, n := range []string{"a", "b", "a", "b"} {
		if _, err := u.Read(filepath.Join(dir, n+".dsh")); err != nil {
			t.Fatalf("%s within the budget: %v", n, err)
		}
	}
	_, err := u.Read(filepath.Join(dir, "c.dsh"))
	if Code(err) != "DSH8292" || !strings.Contains(err.Error(), "the unit's files pass 100 bytes") {
		t.Fatalf("the third 40-byte file of a 100-byte unit: %v", err)
	}
	if u.used != 80 {
		t.Errorf("charged %d bytes, want 80 (a and b once each)", u.used)
	}

	mem := map[string]string{"/r/a": strings.Repeat("a", 60), "/r/b": strings.Repeat("b", 60)}
	read := (&Unit{Limit: 100}).Through(func(p string) ([]byte, error) {
		if s, ok := mem[p]; ok {
			return []byte(s), nil
		}
		return nil, os.ErrNotExist
	})
	if _, err := read("/r/a"); err != nil {
		t.Fatal(err)
	}
	if _, err := read("/r/a"); err != nil {
		t.Fatalf("the same file again: %v", err)
	}
	if _, err := read("/r/b"); Code(err) != "DSH8292" {
		t.Fatalf("past the budget through a caller's reader: %v", err)
	}
	if _, err := read("/r/x"); !errors.Is(err, os.ErrNotExist) || Code(err) != "DSH8290" {
		t.Fatalf("the caller's own error: %v", err)
	}
}

// Run from a folder reached through a symlink, a relative path and a
// relative root name the same real folder: the file is inside.
func TestReadFromASymlinkedFolder(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real")
	if err := os.Mkdir(real, 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(real, "x.dsm"), "x\n")
	link := filepath.Join(dir, "link")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	t.Chdir(link) // sets $PWD to the link, as a shell's cd does
	if wd, _ := os.Getwd(); wd != link {
		t.Skipf("the working directory reads %s, not the link", wd)
	}
	for _, root := range []string{".", "", link, real} {
		if b, err := Read("x.dsm", root, MaxFileBytes); err != nil || string(b) != "x\n" {
			t.Errorf("root %q: %q, %v", root, b, err)
		}
		if _, err := (&Unit{Root: root}).Read("x.dsm"); err != nil {
			t.Errorf("unit under %q: %v", root, err)
		}
	}
	if _, err := Read("x.dsm", filepath.Join(dir, "elsewhere"), MaxFileBytes); err == nil {
		t.Error("a root that does not exist holds nothing")
	}
}

func TestTrimBOMAndWithin(t *testing.T) {
	for in, want := range map[string]string{"\xEF\xBB\xBFa": "a", "a\xEF\xBB\xBF": "a\xEF\xBB\xBF", "\xEF\xBB": "\xEF\xBB", "": ""} {
		if got := string(TrimBOM([]byte(in))); got != want {
			t.Errorf("TrimBOM(%q) = %q, want %q", in, got, want)
		}
	}
	for _, c := range []struct {
		root, p string
		in      bool
	}{{"/r", "/r/a", true}, {"/r", "/r", true}, {"/r", "/ra", false}, {"/r", "/r/../x", false}, {"/r", "/x/..r", false}, {"r", "r/a/../b", true}, {"r", "../r", false}} {
		if got := Within(c.root, c.p); got != c.in {
			t.Errorf("Within(%q, %q) = %v", c.root, c.p, got)
		}
	}
}

// Head reads the start of a file of any size, and refuses what Read
// refuses for any reason but the size.
func TestHead(t *testing.T) {
	root, _ := tree(t)
	if b, err := Head(filepath.Join(root, "big.dss"), root, 8); err != nil || len(b) != 8 {
		t.Errorf("the head of a file past the limit: %d bytes, %v", len(b), err)
	}
	if b, err := Head(filepath.Join(root, "ok.dss"), root, 3); err != nil || string(b) != "ins" {
		t.Errorf("the head of a link inside: %q, %v", b, err)
	}
	for name, code := range map[string]string{"fifo.dss": "DSH8291", "zero.dss": "DSH8291", "leak.dss": "DSH2252", "gone.dss": "DSH8290"} {
		if _, err := Head(filepath.Join(root, name), root, 8); Code(err) != code {
			t.Errorf("Head %s: %v, want %s", name, err, code)
		}
	}
}
