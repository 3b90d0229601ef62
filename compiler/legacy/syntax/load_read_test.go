//go:build unix

package syntax

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"reuselab/sourcefile"
)

const header = "Function F(in float a, out float b){ b = a; }\n"
const importer = "import %q;\nShader(Name=\"M\"){ Outputs={float C; Base.EmissiveColor=C;} Graph={C=1;} }\n"

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// loadCodes loads main from disk with the default (careful) read.
func loadCodes(t *testing.T, main string) (string, string) {
	t.Helper()
	_, l := Load(main, LoadOptions{})
	return codes(l), l.String()
}

// Each file an attacker can put in a source folder or a corpus: a FIFO
// (which blocked the read forever), a device, a symlink out of the root,
// a file past the size limit. Each is one diagnostic, at once.
func TestCarefulReadRefusesWhatIsNotASourceFile(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "root")
	outside := filepath.Join(dir, "outside")
	for _, d := range []string{root, outside} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write(t, filepath.Join(outside, "s2.dsh"), header+"// SECRET\n")
	write(t, filepath.Join(root, "in.dsh"), header)
	if err := syscall.Mkfifo(filepath.Join(root, "fifo.dsh"), 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	if err := syscall.Mkfifo(filepath.Join(root, "fifo.dsm"), 0o644); err != nil {
		t.Fatal(err)
	}
	links := map[string]string{
		"linkdir":  outside,
		"zero.dsh": "/dev/zero",
		"sec.dsh":  filepath.Join(outside, "s2.dsh"),
		"ok.dsh":   "in.dsh", // a link that stays inside is fine
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
	}
	big := filepath.Join(root, "big.dsh")
	if f, err := os.Create(big); err != nil {
		t.Fatal(err)
	} else {
		f.Truncate(sourcefile.MaxFileBytes + 1) // sparse: no disk used
		f.Close()
	}
	cases := []struct{ imp, code, say string }{
		{"fifo.dsh", "DSH8291", "is a FIFO"},
		{"zero.dsh", "DSH8291", "is a character device"},
		{"linkdir/s2.dsh", "DSH2252", "outside the root"},
		{"sec.dsh", "DSH2252", "outside the root"},
		{"big.dsh", "DSH8292", "the limit is"},
		{"ok.dsh", "", ""},
	}
	for i, c := range cases {
		main := filepath.Join(root, "m"+string(rune('a'+i))+".dsm")
		write(t, main, strings.Replace(importer, "%q", `"`+c.imp+`"`, 1))
		got, text := loadCodes(t, main)
		if got != c.code || !strings.Contains(text, c.say) {
			t.Errorf("import %s: %q, want %s (%s)", c.imp, text, c.code, c.say)
		}
		if strings.Contains(text, "SECRET") || strings.Contains(text, outside) {
			t.Errorf("import %s: the outside file leaks into %q", c.imp, text)
		}
	}
	// The main file itself, named directly.
	if got, text := loadCodes(t, filepath.Join(root, "fifo.dsm")); got != "DSH8291" {
		t.Errorf("FIFO as the main file: %s", text)
	}
	if err := os.Symlink(filepath.Join(outside, "s2.dsh"), filepath.Join(root, "leak.dsm")); err != nil {
		t.Fatal(err)
	}
	if got, text := loadCodes(t, filepath.Join(root, "leak.dsm")); got != "DSH2252" {
		t.Errorf("a main file linking out of its folder: %s", text)
	}
}

// The import closure as a whole is bounded too.
func TestImportClosureSizeLimit(t *testing.T) {
	files := map[string]string{"/r/m.dsm": ""}
	chunk := "// " + strings.Repeat("x", 1<<20) + "\n"
	var imports strings.Builder
	for i := 0; i < sourcefile.MaxUnitBytes/(1<<20)+2; i++ {
		name := "h" + strings.Repeat("i", i+1) + ".dsh"
		files["/r/"+name] = header + chunk
		imports.WriteString("import \"" + name + "\";\n")
	}
	files["/r/m.dsm"] = imports.String() + "Shader(Name=\"M\"){ Outputs={float C; Base.EmissiveColor=C;} Graph={C=1;} }\n"
	read := func(p string) ([]byte, error) {
		if s, ok := files[p]; ok {
			return []byte(s), nil
		}
		return nil, os.ErrNotExist
	}
	_, l := Load("/r/m.dsm", LoadOptions{Root: "/r", ReadFile: read})
	got := l.Codes(0)
	if len(got) == 0 || len(got) > 3 || strings.Trim(strings.Join(got, ""), "DSH8292") != "" {
		t.Fatalf("want DSH8292 for each import past the limit, got %v", got)
	}
}
