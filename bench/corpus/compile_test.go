package corpus_test

import (
	"fmt"
	"io/fs"
	"path"
	"strings"
	"testing"

	"reuselab/bench/corpus"
	"reuselab/compiler"
	"reuselab/compiler/passes"
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

// The node-reuse page's example written in .dss builds, after 2.0 reuse,
// the same graph as the page's own 1.x text: node for node the same
// operations reading the same operands (names, spans and the parameter's
// metadata aside), the nine nodes the page lists plus the vector
// parameter's width Swizzle and the sink.
func TestReuseExampleBothLanguages(t *testing.T) {
	read := func(p string) ([]byte, error) { return fs.ReadFile(corpus.FS, p) }
	shape := func(p string) []string {
		m, ds := compiler.CompileFile(p, compiler.Options{Root: path.Dir(p), ReadFile: read})
		if ds.HasErrors() || m == nil || len(m.Products) != 1 {
			t.Fatalf("%s: %s", p, ds.String())
		}
		g := passes.Run(m.Products[0], passes.Options{Mode: "2.0"}).Graph
		var out []string
		for _, n := range g.Nodes {
			out = append(out, fmt.Sprintf("%v[%s]%v%v", n.Op, n.Class, n.Operands, n.Pins))
		}
		return out
	}
	dsm, dss := shape("examples/M_Reuse.dsm"), shape("examples/M_Reuse.dss")
	if strings.Join(dsm, "\n") != strings.Join(dss, "\n") {
		t.Errorf("the two spellings build different graphs:\n.dsm %v\n.dss %v", dsm, dss)
	}
	if len(dss) != 11 {
		t.Errorf("%d nodes, want the page's nine, the width Swizzle and the sink: %v", len(dss), dss)
	}
}
