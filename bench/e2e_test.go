package bench_test

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
	"reuselab/diag"
	"reuselab/emit"
	"reuselab/ir"
	"reuselab/reuse/engines"
)

// These tests run the real front end and reference passes; bench_test.go
// covers the same machinery with stand-ins.

func compileRaw(path, root string, read bench.ReadFunc) (*ir.Module, diag.List) {
	return compiler.CompileFile(path, compiler.Options{Root: root, ReadFile: read})
}

func reference(mode string) bench.Variant {
	return bench.Variant{Name: mode, Engine: engines.MustResolve(mode)}
}

func embedded(t *testing.T, jobs int) (bench.Config, []*bench.FileResult, *bench.Summary) {
	cfg := bench.Config{
		Compile:  compileRaw,
		Read:     func(p string) ([]byte, error) { return fs.ReadFile(corpus.FS, p) },
		Variants: []bench.Variant{reference("none"), reference("2.0")},
		Jobs:     jobs,
		AssetNodes: func(r *ir.Result) (int, bool) {
			return emit.CountAssetNodes(r.Graph), true
		},
	}
	srcs, err := bench.DiscoverFS(corpus.FS, ".", "embedded")
	if err != nil {
		t.Fatal(err)
	}
	files := bench.Run(cfg, srcs)
	return cfg, files, bench.Summarize(cfg, files)
}

// M_Reuse.dsm is node-reuse.txt's example: nine expression nodes under 2.0
// (the page's listing), plus the vec3 parameter's .xyz mask a 1.x source
// keeps (R4) and the MaterialSink: 11 IR nodes (D2).
func TestEmbeddedReuseExample(t *testing.T) {
	_, files, s := embedded(t, 2)
	if len(s.Failures) != 0 {
		t.Fatalf("failures: %+v", s.Failures)
	}
	for _, a := range bench.Assets(files) {
		if a.Asset == "Docs/M_Reuse" {
			if got := a.Runs[1].IRNodes; got != 11 {
				t.Errorf("M_Reuse under 2.0: %d IR nodes, want 11", got)
			}
			if r := a.Runs[1]; !r.HasAssetNodes || r.AssetNodes < 9 {
				t.Errorf("M_Reuse under 2.0: asset nodes %d (counted: %v), want at least the page's nine", r.AssetNodes, r.HasAssetNodes)
			}
			// UV2 is unread, so the first prune removes it before dedupe
			// could merge it; the three 2.0s and the three .x masks are one
			// each, and B is A.
			m := a.Runs[1].MergedByOp
			if m["Constant"] != 2 || m["Swizzle"] != 2 || m["Multiply"] != 1 || len(m) != 3 {
				t.Errorf("M_Reuse merges: %v", a.Runs[1].MergedByOp)
			}
			return
		}
	}
	t.Error("no Docs/M_Reuse asset")
}

func TestEmbeddedDeterministic(t *testing.T) {
	var outs [2]string
	for i, jobs := range []int{1, 4} {
		cfg, files, s := embedded(t, jobs)
		outs[i] = t.TempDir()
		if err := bench.Write(outs[i], cfg, files, s); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{bench.AssetsCSV, bench.SummaryJSON, bench.MetricsJSON, bench.ReportMD, bench.ReductionPlot, bench.MergesPlot} {
		a, _ := os.ReadFile(filepath.Join(outs[0], name))
		b, _ := os.ReadFile(filepath.Join(outs[1], name))
		// No Timing was attached, so the files hold no time at all.
		if !bytes.Equal(a, b) || len(a) == 0 {
			t.Errorf("%s differs between 1 and 4 jobs (or is empty)", name)
		}
	}
}

// A broken file among good ones: its diagnostics are in the report, and the
// other files are all counted.
func TestBrokenFileAmongRealOnes(t *testing.T) {
	root := t.TempDir()
	good, _ := fs.ReadFile(corpus.FS, "examples/M_Reuse.dsm")
	files := map[string]string{
		"c/M_Reuse.dsm":  string(good),
		"c/M_Broken.dsm": "Shader(Name=\"X/M_Broken\")\n{\n    Graph = {\n        float a = ;\n    }\n}\n",
	}
	for p, s := range files {
		full := filepath.Join(root, p)
		os.MkdirAll(filepath.Dir(full), 0o755)
		os.WriteFile(full, []byte(s), 0o644)
	}
	cfg := bench.Config{Compile: compileRaw, Read: os.ReadFile, Variants: []bench.Variant{reference("none"), reference("2.0")}}
	srcs, err := bench.Discover([]string{filepath.Join(root, "c")}) // one PATH, one corpus: c
	if err != nil {
		t.Fatal(err)
	}
	res := bench.Run(cfg, srcs)
	s := bench.Summarize(cfg, res)
	out := t.TempDir()
	if err := bench.Write(out, cfg, res, s); err != nil {
		t.Fatal(err)
	}
	if len(s.Failures) != 1 || s.Failures[0].File != "M_Broken.dsm" || len(s.Failures[0].Diagnostics) == 0 ||
		!strings.HasPrefix(s.Failures[0].Diagnostics[0], "M_Broken.dsm:4:") {
		t.Errorf("failures: %+v", s.Failures)
	}
	if s.Overall.Assets != 1 || s.Overall.Reduction == nil || s.Overall.Reduction.After != 11 {
		t.Errorf("overall: %+v", s.Overall)
	}
	md, _ := os.ReadFile(filepath.Join(out, bench.ReportMD))
	if !bytes.Contains(md, []byte("M_Broken.dsm:4:")) || !bytes.Contains(md, []byte("| c |")) {
		t.Errorf("report.md lacks the failure or the corpus:\n%s", md)
	}
}
