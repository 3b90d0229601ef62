package emit_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"reuselab/compiler"
	"reuselab/compiler/passes"
	"reuselab/conform"
	"reuselab/emit"
	"reuselab/internal/shared"
	"reuselab/ir"
)

var corpus = shared.Corpus()

// compileMerged compiles a source and runs the 2.0 passes: the graphs the
// assets are generated from.
func compileMerged(path string) (*ir.Module, []*ir.Result, error) {
	m, ds := compiler.CompileFile(path, compiler.Options{})
	if m == nil || ds.HasErrors() {
		return nil, nil, fmt.Errorf("%d errors, first codes %v", len(ds.Codes(0)), first(ds.Codes(0), 3))
	}
	_, res := passes.RunModule(m, passes.Options{Mode: "2.0"})
	return m, res, nil
}

func first(xs []string, n int) []string {
	if len(xs) > n {
		return xs[:n]
	}
	return xs
}

// The spec's example compiled for real: the table lists the nine nodes of
// node-reuse.txt's "Generated nodes".
func TestReuseExampleCompiled(t *testing.T) {
	m, res, err := compileMerged("testdata/M_Reuse.dsm")
	if err != nil {
		t.Fatal(err)
	}
	assets := emit.FromModule("M_Reuse.dsm", m, res, emit.Options{})
	var buf bytes.Buffer
	emit.WriteTable(&buf, assets)
	t.Log("\n" + buf.String())
	var classes []string
	for _, n := range assets[0].Nodes {
		if n.Role != emit.RoleRerouteIn && n.Role != emit.RoleRerouteTo {
			classes = append(classes, n.Class)
		}
	}
	sort.Strings(classes)
	want := []string{"Add", "Add", "ComponentMask", "Constant", "Multiply", "Multiply", "Multiply", "TextureCoordinate", "VectorParameter"}
	if fmt.Sprint(classes) != fmt.Sprint(want) {
		t.Errorf("generated nodes %v, the spec lists %v", classes, want)
	}
	if !strings.Contains(buf.String(), "-> UV1, UV2") {
		t.Errorf("the TexCoord should name UV1 and the unread UV2 it equals")
	}
	for _, key := range []string{"UV1.x * 2", "2 * UV1.x", "A + A", "Tint * ((A + A) + C)"} {
		if !strings.Contains(buf.String(), key) {
			t.Errorf("table lacks %q", key)
		}
	}
}

// sources lists the DreamShader sources of the real corpus, 1.x and .dss
// (no _versions/ snapshots).
func sources(t *testing.T) []string {
	if _, err := os.Stat(corpus); err != nil {
		t.Skipf("%s not present: %v", corpus, err)
	}
	return shared.AllSourceFiles(corpus)
}

// Every asset of the real corpus, 1.x and .dss, emitted and written as
// T3D, reads back with the same nodes, edges and output indices.
func TestCorpusT3DRoundTrip(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the whole corpus; skipped with -short")
	}
	files, assets, failed, nodes, dssFiles := 0, 0, 0, 0, 0
	for _, p := range sources(t) {
		m, res, err := compileMerged(p)
		if err != nil {
			failed++
			continue
		}
		files++
		if filepath.Ext(p) == ".dss" {
			dssFiles++
		}
		// The merged graphs, and the raw ones (no pass at all) for more shapes.
		merged := emit.FromModule(filepath.Base(p), m, res, emit.Options{})
		for _, a := range append(merged, emit.FromModule(filepath.Base(p), m, nil, emit.Options{})...) {
			assets++
			nodes += len(a.Nodes)
			if err := emit.CheckT3D(a); err != nil {
				t.Errorf("%s %s: %v", strings.TrimPrefix(p, corpus), a.Name, err)
			}
		}
	}
	t.Logf("T3D round trip: %d assets, merged and raw (%d asset nodes), from %d files (%d .dss); %d files did not compile", assets, nodes, files, dssFiles, failed)
	if dssFiles < 60 {
		t.Errorf("only %d .dss files compiled and round-tripped", dssFiles)
	}
}

// The Legacy/Compile goldens, through the comparison `reuselab conform`
// makes (asset node counts, graphDump classes, key properties and edges,
// reroute names): those whose source sits beside them, and a second time,
// apart, those whose source upstream's index lacks, on the ioOvOoi fork's
// copies of their sources (GOLDENS §4.1), which may predate the goldens.
func TestLegacyCompileGoldens(t *testing.T) {
	dir := filepath.Join(corpus, "TypeDreamMoon__DreamShader/Tests/Corpus/Legacy/Compile")
	fork := filepath.Join(corpus, "ioOvOoi__DreamShader/Tests/Corpus/Generate/Material")
	goldens, _ := filepath.Glob(filepath.Join(dir, "*", "*.expected.json"))
	if len(goldens) == 0 {
		t.Skipf("no Legacy/Compile goldens under %s", dir)
	}
	type tally struct{ goldens, compiled, agree int }
	var own, forked tally
	for _, gp := range goldens {
		g, err := conform.ReadGolden(gp)
		if err != nil || g.EntryPoint != "compile" {
			continue
		}
		stem := strings.TrimSuffix(gp, ".expected.json")
		name := filepath.Base(stem)
		src, c := "", &own
		for _, cand := range []string{stem + ".dsm", stem + ".dsf", filepath.Join(fork, name+".dsm")} {
			if _, err := os.Stat(cand); err == nil && src == "" {
				src = cand
				if strings.HasPrefix(cand, fork) {
					c = &forked
				}
			}
		}
		if src == "" {
			continue
		}
		m, res, err := compileMerged(src)
		if strings.EqualFold(g.Outcome, "error") {
			if err == nil {
				t.Errorf("%s: the golden expects errors %v; %s compiles", name, g.ErrorContains, src)
			}
			continue
		}
		c.goldens++
		if err != nil {
			t.Errorf("%s: the golden compiles; %s: %v", name, src, err)
			continue
		}
		c.compiled++
		problems := conform.CompareAssets(g, emit.FromModule(filepath.Base(src), m, res, emit.Options{}))
		if len(problems) > 0 {
			t.Errorf("%s (%s): %s", name, src, strings.Join(problems, "; "))
			continue
		}
		c.agree++
	}
	t.Logf("Legacy/Compile, sources present: %d goldens, %d compiled, %d agree", own.goldens, own.compiled, own.agree)
	t.Logf("Legacy/Compile, fork copies of missing sources: %d goldens, %d compiled, %d agree", forked.goldens, forked.compiled, forked.agree)
	if own.agree == 0 || forked.agree == 0 {
		t.Errorf("nothing compared: %+v, fork %+v", own, forked)
	}
}
