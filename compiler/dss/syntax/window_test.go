package syntax

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"reuselab/internal/shared"
)

// parseBothWays parses src with a window of one token lexed one at a
// time, the smallest the parser can work with, and with every token
// lexed before parsing starts; it reports any difference in the tree,
// the regions or the diagnostics.
func parseBothWays(t *testing.T, path, src string) {
	t.Helper()
	small, smallDs := parse(path, src, 1, 1)
	whole, wholeDs := parse(path, src, len(src)+1, len(src)+1)
	if smallDs.String() != wholeDs.String() {
		t.Fatalf("%s: diagnostics differ:\nwindow of 1:\n%s\nall tokens:\n%s", path, smallDs.String(), wholeDs.String())
	}
	if !reflect.DeepEqual(small, whole) {
		t.Fatalf("%s: the parse with a window of one token differs from the parse of all tokens", path)
	}
}

// The parser reads no token behind the one just before its cursor, so a
// window of tokens parses every .dss and .dsh of the corpus, and the
// fuzz seeds, as all the file's tokens do.
func TestTokenWindowParsesAsAllTokens(t *testing.T) {
	seeds := []string{
		"export void M(inout material m) { m.Opacity = a ? b : c; }",
		"/// @custom\nfloat C() { return UE.Time() + \"}\"; }\n#pragma region A\nuniform float U = 1;\n#pragma endregion",
		"Shader(Name=\"X\") { Graph = { a = 1; } }\n/// doc\nfloat F(float x) { return x; }",
	}
	for i, s := range seeds {
		parseBothWays(t, "seed"+strings.Repeat("x", i)+".dss", s)
	}
	c := shared.Corpus()
	if c == "" {
		t.Skip("corpus absent: only the seeds were compared")
	}
	n := 0
	for _, f := range shared.AllSourceFiles(c) {
		if ext := filepath.Ext(f); ext != ".dss" && ext != ".dsh" {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		n++
		parseBothWays(t, f, string(src))
	}
	if n == 0 {
		t.Errorf("no .dss or .dsh under %s", c)
	}
}

func FuzzTokenWindow(f *testing.F) {
	f.Add("export void M(inout material m) { m.Opacity = a ? b : c; }", false)
	f.Add("/// @custom\nfloat C() { return UE.Time(); }\n#pragma region A\nuniform float U = 1;\n#pragma endregion", true)
	f.Add("Function F() {}\nNamespace(Name=\"N\") { Function G() {} }", true)
	f.Fuzz(func(t *testing.T, src string, header bool) {
		path := "t.dss"
		if header {
			path = "t.dsh"
		}
		parseBothWays(t, path, src)
	})
}
