package corpus

import (
	"io/fs"
	"testing"

	"reuselab/bench/gen"
)

// The generated half of the corpus is what the generator writes today: a
// generator change must come with regenerated files (go generate).
func TestGeneratedUpToDate(t *testing.T) {
	for _, c := range gen.Embedded() {
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
	if _, err := fs.Stat(FS, "examples/M_Reuse.dsm"); err != nil {
		t.Error(err)
	}
}
