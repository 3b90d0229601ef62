package legacy

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"reuselab/compiler/front"
	"reuselab/compiler/passes"
	"reuselab/internal/shared"
)

// corpusDir seeds the fuzzer with the shared corpus's 1.x sources.
var corpusDir = shared.Corpus()

// FuzzCompile: no input makes the compiler or the passes panic, and the
// compiler never reports an internal error (DSH4350).
func FuzzCompile(f *testing.F) {
	if _, err := os.Stat(corpusDir); err == nil {
		filepath.Walk(corpusDir, func(path string, info os.FileInfo, err error) error {
			if err != nil || info.IsDir() {
				if info != nil && info.IsDir() && info.Name() == "_versions" {
					return filepath.SkipDir
				}
				return nil
			}
			switch filepath.Ext(path) {
			case ".dsm", ".dsf", ".dsh":
				if data, err := os.ReadFile(path); err == nil && len(data) < 64<<10 {
					f.Add(string(data))
				}
			}
			return nil
		})
	}
	f.Add(material("        ScalarParameter K = 0.5;", "        Alpha = K * 2.0;"))
	// long flat chains (issue 13): a chain at the parser's limit must lower,
	// one past it is refused, never a stack overflow
	f.Add(material("        ScalarParameter K = 0.5;", "        Alpha = K"+strings.Repeat(" + K", 10000)+";"))
	f.Add(material("        ScalarParameter K = 0.5;", "        Alpha = K"+strings.Repeat(" * K", 20000)+";"))
	f.Fuzz(func(t *testing.T, src string) {
		read := func(p string) ([]byte, error) {
			if p == "/mem/F.dsm" {
				return []byte(src), nil
			}
			return nil, os.ErrNotExist
		}
		m, ds := CompileFile("/mem/F.dsm", front.Options{Root: "/mem", ReadFile: read})
		for _, d := range ds.Items {
			if d.Code == "DSH4350" && strings.Contains(d.Message, "internal compiler error") {
				t.Fatalf("internal error: %s", d.Message)
			}
		}
		if m != nil && !ds.HasErrors() {
			passes.RunModule(m, passes.Options{Mode: "2.0"})
		}
	})
}
