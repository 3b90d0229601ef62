package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"reuselab/bench"
	"reuselab/bench/corpus"
	"reuselab/compiler"
	"reuselab/compiler/passes"
	"reuselab/emit"
	"reuselab/internal/shared"
	"reuselab/ir"
	"reuselab/reuse/engines"
)

// The whole real corpus (no _versions/ snapshots; 1.x and .dss sources)
// in the three reuse modes, IR and asset node counts side by side, printed
// as `reuselab counts` prints them. 2.0 shares a superset of what 1x
// shares, so no 1.x file has fewer IR nodes in 1x than in 2.0; a .dss has
// no 1x counts at all (DSH9058), and reuse never adds nodes to it; every
// 1x graph stays in topological order and emits T3D (connection masks
// included) that reads back with the same nodes and edges.
func TestCorpusCountsByMode(t *testing.T) {
	corpus := shared.CorpusOrSkip(t)
	if testing.Short() {
		t.Skip("compiles the whole corpus three times; skipped with -short")
	}
	files, err := sourceFiles([]string{corpus}, bench.Walk{})
	if err != nil {
		t.Fatal(err)
	}
	rows := make([]countRow, len(files))
	dssCounted := 0
	for i, f := range files {
		rows[i] = countFile(f)
		r := rows[i]
		isDSS := strings.HasSuffix(f, ".dss")
		if r.No1x != isDSS {
			t.Errorf("%s: No1x %v", strings.TrimPrefix(f, corpus), r.No1x)
		}
		switch {
		case r.Err != "":
		case isDSS:
			dssCounted++
			if r.IR[1] != 0 || r.Asset[1] != 0 || r.IR[2] > r.IR[0] {
				t.Errorf("%s: .dss counts none %d, 1x %d/%d, 2.0 %d", strings.TrimPrefix(f, corpus), r.IR[0], r.IR[1], r.Asset[1], r.IR[2])
			}
		case r.IR[1] < r.IR[2]:
			t.Errorf("%s: IR 1x %d < 2.0 %d", strings.TrimPrefix(f, corpus), r.IR[1], r.IR[2])
		}
	}
	// The corpus's .dss sources are counted, not skipped: most of them
	// compile (the rest are .bad. fixtures and Substrate-on goldens).
	if dssCounted < 60 {
		t.Errorf("%d .dss files counted", dssCounted)
	}
	var buf bytes.Buffer
	writeCounts(&buf, rows, corpus+"/")
	t.Log("\n" + buf.String())

	for _, f := range files {
		if !has1x(f) {
			continue
		}
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
		for _, a := range emit.FromModule(f, m, results, emit.Options{Legacy1x: true}) {
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

// --reuse 1x on a .dss is refused with DSH9058 by every command that takes
// it: compile (every format), counts (empty 1x columns), the bench's 1x
// columns (an error on the run, not a count) and validate --rules
// legacy-1x; the same graph in 1.x is counted.
func TestReuse1xRefusedOnDSS(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "M_Reuse.dss")
	b, err := fs.ReadFile(corpus.FS, "examples/M_Reuse.dss")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(src, b, 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if code := runCompile([]string{"--reuse", "1x", src}, &out, &errOut); code == 0 || !strings.Contains(errOut.String(), "DSH9058") || out.Len() != 0 {
		t.Errorf("compile --reuse 1x: exit %d, stdout %q, stderr %q", code, out.String(), errOut.String())
	}
	out.Reset()
	errOut.Reset()
	if code := runCompile([]string{"--reuse", "2.0", src}, &out, &errOut); code != 0 || !strings.Contains(out.String(), "MaterialSink") {
		t.Errorf("compile --reuse 2.0: exit %d, stderr %q", code, errOut.String())
	}
	r := countFile(src)
	if r.Err != "" || !r.No1x || r.IR[1] != 0 || r.IR[2] != 11 {
		t.Errorf("counts row %+v", r)
	}
	out.Reset()
	writeCounts(&out, []countRow{r}, dir+"/")
	if !strings.Contains(out.String(), "DSH9058") || !strings.Contains(out.String(), "  -  ") {
		t.Errorf("counts table:\n%s", out.String())
	}
	m, ds := compiler.CompileFile(src, compiler.Options{})
	if m == nil || ds.HasErrors() {
		t.Fatal(ds.String())
	}
	if res := engines.MustResolve("1x").Run(m.Products[0], ir.Limits{}); res.StopReason != ir.StopRefused || len(res.Notes) == 0 || res.Notes[0].Code != "DSH9058" {
		t.Errorf("the 1x engine on a .dss graph: stop %s, notes %+v", res.StopReason, res.Notes)
	}
	m1, _ := compiler.CompileFile("../../bench/corpus/examples/M_Reuse.dsm", compiler.Options{})
	if m1 == nil || engines.MustResolve("1x").Run(m1.Products[0], ir.Limits{}).StopReason != ir.StopSaturated {
		t.Error("the 1.x example is refused mode 1x")
	}
	out.Reset()
	errOut.Reset()
	if code := runValidate([]string{"--rules", "legacy-1x", src}, &out, &errOut); code == 0 || !strings.Contains(out.String(), "DSH9058") {
		t.Errorf("validate --rules legacy-1x: exit %d, %q", code, out.String())
	}
}
