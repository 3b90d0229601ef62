package compiler

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Paths in outputs are relative to the source root, slash-separated, and
// never name a folder outside it; the default root is the nearest DShader
// folder, else the main file's own.
func TestRootRelative(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ root, path, want string }{
		{"/a/DShader", "/a/DShader/Materials/M.dsm", "Materials/M.dsm"},
		{"/a/DShader", "/a/DShader/Shared/Lib.dsh", "Shared/Lib.dsh"},
		{"/a/DShader", "/elsewhere/M.dsm", "M.dsm"},
		{"/a/DShader", "/a/DShaderX/M.dsm", "M.dsm"},
		{"x/DShader", "x/DShader/F/MF.dsf", "F/MF.dsf"},
		{wd, "sub/M.dsm", "sub/M.dsm"}, // an absolute root, a relative path
		{".", filepath.Join(wd, "M.dsm"), "M.dsm"},
	} {
		if got := RootRelative(c.root, c.path); got != c.want {
			t.Errorf("RootRelative(%q, %q) = %q, want %q", c.root, c.path, got, c.want)
		}
	}
	if got := SourceRoot("/a/DShader/Materials/Core/M.dsm", Options{}); got != "/a/DShader" {
		t.Errorf("default root %q", got)
	}
	if got := SourceRoot("/a/b/M.dsm", Options{}); got != "/a/b" {
		t.Errorf("default root without DShader %q", got)
	}
	if got := SourceRoot("/a/DShader/M.dsm", Options{Root: "/a/"}); got != "/a" {
		t.Errorf("given root %q", got)
	}
}

// A Custom node's source markers name the file relative to the source
// root: the same source compiled from two folders gives the same code.
func TestCustomMarkersAreRootRelative(t *testing.T) {
	src := "Function Twice(in float v, out float r)\n{\n\tr = v * 2;\n}\n" +
		"ShaderFunction(Name=\"MF_C\")\n{\n\tInputs = { float X; }\n\tOutputs = { float Y; }\n\tGraph = { Twice(X, Y); }\n}\n"
	codes := map[string]bool{}
	for _, dir := range []string{"/one/DShader/Fn", "/two/deeper/DShader/Fn"} {
		path := dir + "/MF_C.dsf"
		m, ds := CompileFile(path, Options{ReadFile: func(p string) ([]byte, error) {
			if p == path {
				return []byte(src), nil
			}
			return nil, os.ErrNotExist
		}})
		if m == nil || ds.HasErrors() {
			t.Fatalf("%s: %s", path, ds.String())
		}
		found := false
		for _, n := range m.Products[0].Nodes {
			if code, ok := n.Prop("Code"); ok {
				found = true
				codes[code.Str] = true
				if !strings.Contains(code.Str, "source: Fn/MF_C.dsf\n") || strings.Contains(code.Str, dir) {
					t.Errorf("%s: markers not root-relative:\n%s", dir, code.Str)
				}
			}
		}
		if !found {
			t.Fatalf("%s: no Custom node", path)
		}
	}
	if len(codes) != 1 {
		t.Errorf("the code differs between folders: %d versions", len(codes))
	}
}
