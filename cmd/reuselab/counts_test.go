package main

import (
	"bytes"
	"strings"
	"testing"

	"reuselab/compiler"
	"reuselab/compiler/passes"
	"reuselab/emit"
	"reuselab/internal/shared"
)

// The whole real corpus (no _versions/ snapshots, no .dss) in the three
// reuse modes, IR and asset node counts side by side, printed as
// `reuselab counts` prints them. 2.0 shares a superset of what 1x shares,
// so no file has fewer IR nodes in 1x than in 2.0; every 1x graph stays in
// topological order and emits T3D (connection masks included) that reads
// back with the same nodes and edges.
func TestCorpusCountsByMode(t *testing.T) {
	corpus := shared.CorpusOrSkip(t)
	if testing.Short() {
		t.Skip("compiles the whole corpus three times; skipped with -short")
	}
	files, err := sourceFiles([]string{corpus})
	if err != nil {
		t.Fatal(err)
	}
	rows := make([]countRow, len(files))
	for i, f := range files {
		rows[i] = countFile(f)
		r := rows[i]
		if r.Err == "" && r.IR[1] < r.IR[2] {
			t.Errorf("%s: IR 1x %d < 2.0 %d", strings.TrimPrefix(f, corpus), r.IR[1], r.IR[2])
		}
	}
	var buf bytes.Buffer
	writeCounts(&buf, rows, corpus+"/")
	t.Log("\n" + buf.String())

	for _, f := range files {
		m, ds := compiler.CompileFile(f, compiler.Options{})
		if m == nil || ds.HasErrors() {
			continue
		}
		out, results := passes.RunModule(m, passes.Options{Mode: "1x"})
		for _, g := range out.Products {
			for i, n := range g.Nodes {
				for _, r := range n.Operands {
					if r.Valid() && r.Node >= i {
						t.Errorf("%s %s: %%%d reads %%%d", f, g.Name, i, r.Node)
					}
				}
			}
		}
		for _, a := range emit.FromModule(f, m, results, emit.Options{}) {
			for _, w := range a.Warnings {
				if strings.Contains(w, "beyond") {
					t.Errorf("%s: %s", f, w)
				}
			}
			if err := emit.CheckT3D(a); err != nil {
				t.Errorf("%s %s: 1x T3D: %v", f, a.Name, err)
			}
		}
	}
}
