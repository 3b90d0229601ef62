//go:build unix

package dss_test

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"reuselab/compiler"
	"reuselab/compiler/dss"
	"reuselab/diag"
	"reuselab/ir"
	"reuselab/sourcefile"
)

const material = "export void M(inout material m)\n{\n    m.Opacity = 0.5;\n}\n"

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}

func codesOf(ds diag.List) string {
	var cs []string
	for _, d := range ds.Items {
		if d.Severity == diag.Error {
			cs = append(cs, d.Code)
		}
	}
	return strings.Join(cs, " ")
}

// The root file and every include are read carefully: a FIFO, a device, a
// link out of the root or a file past the limit is one diagnostic with the
// 1.x front end's code, at once, and no text of a file outside the root
// reaches a message.
func TestIncludesAreReadCarefully(t *testing.T) {
	dir := t.TempDir()
	root, outside := filepath.Join(dir, "root"), filepath.Join(dir, "outside")
	writeFile(t, filepath.Join(outside, "bad.dsh"), "uniform float OUTSIDE_SECRET = 3;\n")
	writeFile(t, filepath.Join(root, "in.dsh"), "uniform float Inside = 3;\n")
	if err := syscall.Mkfifo(filepath.Join(root, "fifo.dsh"), 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	symlink(t, "/dev/zero", filepath.Join(root, "zero.dsh"))
	symlink(t, filepath.Join(outside, "bad.dsh"), filepath.Join(root, "leak.dsh"))
	symlink(t, "in.dsh", filepath.Join(root, "ok.dsh"))
	big, err := os.Create(filepath.Join(root, "big.dsh"))
	if err != nil {
		t.Fatal(err)
	}
	big.Truncate(sourcefile.MaxFileBytes + 1) // sparse: no disk used
	big.Close()
	cases := []struct{ inc, code, say string }{
		{"fifo.dsh", "DSH8291", "is a FIFO"},
		{"zero.dsh", "DSH8291", "is a character device"},
		{"leak.dsh", "DSH2252", "outside the root"},
		{"../outside/bad.dsh", "DSH2252", "leaves the source root"},
		// an absolute path is a path under a source root (/Game/…), not
		// a file of this machine
		{filepath.Join(outside, "bad.dsh"), "DSH3230", "cannot find"},
		{"big.dsh", "DSH8292", "the limit is"},
		{"none.dsh", "DSH3230", "cannot find"},
		{"ok.dsh", "", ""},
	}
	for i, c := range cases {
		main := filepath.Join(root, "m"+string(rune('a'+i))+".dss")
		writeFile(t, main, "#include \""+c.inc+"\"\n"+material)
		_, ds := dss.CompileFile(main, dss.Options{})
		text := ds.String()
		if codesOf(ds) != c.code || !strings.Contains(text, c.say) {
			t.Errorf("#include %q: %q, want %s (%s)", c.inc, text, c.code, c.say)
		}
		if c.code != "" && ds.Items[0].Pos.Line != 1 {
			t.Errorf("#include %q: reported at %v, not at the include", c.inc, ds.Items[0].Pos)
		}
		if strings.Contains(text, "OUTSIDE_SECRET") || (strings.Contains(text, outside) && !strings.Contains(c.inc, outside)) {
			t.Errorf("#include %q: the outside file leaks into %q", c.inc, text)
		}
	}
}

// Options.Root widens the root as the 1.x front end's does (bench passes
// the corpus folder): an include in a sibling folder is read under it and
// refused under the default, the main file's folder.
func TestIncludeRoot(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "shared", "s.dsh"), "uniform float Gain = 2;\n")
	main := filepath.Join(dir, "sub", "m.dss")
	writeFile(t, main, "#include \"../shared/s.dsh\"\nexport void M(inout material m)\n{\n    m.Opacity = Gain;\n}\n")
	if _, ds := dss.CompileFile(main, dss.Options{}); codesOf(ds) != "DSH2252" {
		t.Errorf("default root: %s", ds.String())
	}
	if m, ds := dss.CompileFile(main, dss.Options{Root: dir}); m == nil || ds.HasErrors() {
		t.Errorf("Root %s: %s", dir, ds.String())
	}
	// compiler.CompileFile hands its Root down.
	if m, ds := compiler.CompileFile(main, compiler.Options{Root: dir}); m == nil || ds.HasErrors() {
		t.Errorf("compiler.CompileFile with Root: %s", ds.String())
	}
}

// A unit's files share the budget: a .dss that includes more than the
// unit limit gets DSH8292 for the include that passes it, even from a
// caller's reader.
func TestIncludeUnitBudget(t *testing.T) {
	chunk := "// " + strings.Repeat("x", 1<<20) + "\n"
	files := map[string]string{}
	var main strings.Builder
	for i := 0; i < sourcefile.MaxUnitBytes/(1<<20)+2; i++ {
		name := "h" + strings.Repeat("i", i+1) + ".dsh"
		files["/r/"+name] = chunk
		main.WriteString("#include \"" + name + "\"\n")
	}
	main.WriteString(material)
	files["/r/m.dss"] = main.String()
	read := func(p string) ([]byte, error) {
		if s, ok := files[p]; ok {
			return []byte(s), nil
		}
		return nil, os.ErrNotExist
	}
	_, ds := dss.CompileFile("/r/m.dss", dss.Options{ReadFile: read})
	got := strings.Fields(codesOf(ds))
	if len(got) == 0 || len(got) > 3 {
		t.Fatalf("want DSH8292 for each include past the limit, got %v", got)
	}
	for _, c := range got {
		if c != "DSH8292" {
			t.Fatalf("want only DSH8292, got %v", got)
		}
	}
}

// A `.dss` that cannot be read has the 1.x front end's code, and a UTF-8
// byte order mark is skipped in both: the file compiles as it does without.
func TestReadCodesAndBOMAsThe1xFrontEnd(t *testing.T) {
	dir := t.TempDir()
	for _, ext := range []string{".dss", ".dsm"} {
		_, ds := compiler.CompileFile(filepath.Join(dir, "gone"+ext), compiler.Options{})
		if codesOf(ds) != "DSH8290" {
			t.Errorf("a missing %s: %s", ext, ds.String())
		}
	}
	plain := filepath.Join(dir, "plain", "M.dss")
	bom := filepath.Join(dir, "bom", "M.dss")
	writeFile(t, plain, material)
	writeFile(t, bom, "\xEF\xBB\xBF"+material)
	a, dsA := dss.CompileFile(plain, dss.Options{})
	b, dsB := dss.CompileFile(bom, dss.Options{})
	if a == nil || b == nil || dsA.HasErrors() || dsB.HasErrors() {
		t.Fatalf("plain: %s; with a BOM: %s", dsA.String(), dsB.String())
	}
	if ir.Dump(a) != ir.Dump(b) {
		t.Errorf("a BOM changes the module:\n%s\n---\n%s", ir.Dump(a), ir.Dump(b))
	}
	dsm := filepath.Join(dir, "bom", "M.dsm")
	writeFile(t, dsm, "\xEF\xBB\xBFShader(Name=\"M\")\n{\n    Outputs { float C; Base.Opacity = C; }\n    Graph { C = 0.5; }\n}\n")
	if m, ds := compiler.CompileFile(dsm, compiler.Options{}); m == nil || ds.HasErrors() {
		t.Errorf("a .dsm with a BOM: %s", ds.String())
	}
}

// A literal past the float range is Inf, as in a .dsm, not a silent 0: in
// a constant and in a property (CoordinateIndex).
func TestOverflowingLiteralIsInf(t *testing.T) {
	main := filepath.Join(t.TempDir(), "o.dss")
	writeFile(t, main, "const float BIG = 1e999;\nexport void M(inout material m)\n{\n    m.Opacity = BIG;\n    m.BaseColor = UE.TexCoord(CoordinateIndex = 1e999);\n}\n")
	m, ds := dss.CompileFile(main, dss.Options{})
	if m == nil || ds.HasErrors() {
		t.Fatal(ds.String())
	}
	infs := 0
	for _, g := range m.Products {
		for _, n := range g.Nodes {
			for _, p := range n.Props {
				for _, v := range p.Value.Nums {
					if math.IsInf(v, 1) {
						infs++
					}
				}
			}
		}
	}
	if infs != 2 {
		t.Errorf("%d properties hold +Inf, want 2 (the constant and CoordinateIndex):\n%s", infs, ir.Dump(m))
	}
}
