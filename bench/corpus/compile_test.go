package corpus_test

import (
	"io/fs"
	"path"
	"testing"

	"reuselab/bench/corpus"
	"reuselab/compiler"
)

// Every file of the embedded corpus compiles without errors: the default
// `reuselab bench` run must not start with failures.
func TestEmbeddedCorpusCompiles(t *testing.T) {
	read := func(p string) ([]byte, error) { return fs.ReadFile(corpus.FS, p) }
	n := 0
	err := fs.WalkDir(corpus.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		n++
		mod, ds := compiler.CompileFile(p, compiler.Options{Root: path.Dir(p), ReadFile: read})
		if ds.HasErrors() || mod == nil || len(mod.Products) == 0 {
			t.Errorf("%s does not compile:\n%s", p, ds.String())
		}
		return nil
	})
	if err != nil || n < 10 {
		t.Fatalf("walked %d files: %v", n, err)
	}
}
