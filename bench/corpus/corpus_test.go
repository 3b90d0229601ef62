package corpus

import (
	"io/fs"
	"path"
	"testing"

	"reuselab/bench/gen"
)

// The generated half of the corpus is what the generator writes today: a
// generator change must come with regenerated files (go generate).
func TestGeneratedUpToDate(t *testing.T) {
	for _, c := range append(gen.Embedded(), gen.EmbeddedDSS()...) {
		want, _ := gen.Program(c)
		got, err := fs.ReadFile(FS, "generated/"+c.FileName())
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != want {
			t.Errorf("generated/%s is stale: run go generate ./bench/corpus", c.FileName())
		}
	}
}

func TestExamplesPresent(t *testing.T) {
	for _, f := range []string{"examples/M_Reuse.dsm", "examples/M_Reuse.dss", "examples/M_HelperLoop.dss", "examples/MF_Blend.dss"} {
		if _, err := fs.Stat(FS, f); err != nil {
			t.Error(err)
		}
	}
}

// Both languages are in the corpus: a `.dss` beside every generated `.dsm`.
func TestBothLanguages(t *testing.T) {
	n := map[string]int{}
	fs.WalkDir(FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			n[path.Dir(p)+" "+path.Ext(p)]++
		}
		return nil
	})
	if n["generated .dss"] != len(gen.EmbeddedDSS()) || n["generated .dsm"] != len(gen.Embedded()) || n["examples .dss"] < 3 {
		t.Errorf("files by folder and language: %v", n)
	}
}
