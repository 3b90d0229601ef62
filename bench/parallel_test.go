package bench_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"reuselab/bench"
	"reuselab/diag"
	"reuselab/emit"
	"reuselab/ir"
	"reuselab/reuse"
	"reuselab/reuse/engines"
)

// realCorpus is the shared corpus the issue measures; tests that need it
// skip without it.
const realCorpus = "../../shared/corpus/real"

// fullConfig is what `reuselab bench` runs by default: the three reference
// modes and the reuse-2.0 pack checked against 2.0.
func fullConfig(t testing.TB, jobs int) bench.Config {
	t.Helper()
	vs := []bench.Variant{reference("none"), reference("1x"), reference("2.0")}
	e, ds := engines.Resolve("reuse-2.0", ir.Limits{})
	if e == nil || ds.HasErrors() {
		t.Fatalf("reuse-2.0: %s", ds.String())
	}
	vs = append(vs, bench.Variant{Name: "datalog:" + e.Name(), Engine: e, Versus: reuse.Versus(e)})
	return bench.Config{Compile: compileRaw, Read: nil, Variants: vs, Jobs: jobs,
		AssetNodes: func(r *ir.Result) (int, bool) { return emit.CountAssetNodes(r.Graph), true }}
}

func realSources(t testing.TB) []bench.Source {
	t.Helper()
	if _, err := os.Stat(realCorpus); err != nil {
		t.Skipf("no real corpus at %s: %v", realCorpus, err)
	}
	srcs, err := bench.Discover([]string{realCorpus})
	if err != nil {
		t.Fatal(err)
	}
	return srcs
}

// runReports runs the whole bench and returns every report file that
// carries no time, by name.
func runReports(t *testing.T, cfg bench.Config, srcs []bench.Source) map[string][]byte {
	t.Helper()
	return writeReports(t, cfg, bench.Run(cfg, srcs))
}

func writeReports(t *testing.T, cfg bench.Config, files []*bench.FileResult) map[string][]byte {
	t.Helper()
	s := bench.Summarize(cfg, files)
	dir := t.TempDir()
	if err := bench.Write(dir, cfg, files, s); err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, name := range []string{bench.AssetsCSV, bench.SummaryJSON, bench.MetricsJSON, bench.ReportMD, bench.ReductionPlot, bench.MergesPlot} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		out[name] = b
	}
	return out
}

// The reports do not depend on how many workers ran, nor on the run: every
// engine (the pack pool included) with 1 and 4 workers, and 4 twice.
func TestParallelReportsIdentical(t *testing.T) {
	srcs := writeParallelCorpus(t)
	one := runReports(t, fullConfig(t, 1), srcs)
	// Every file but the broken one is an asset with a pack's column.
	if rows := bytes.Count(one[bench.AssetsCSV], []byte("\n")); rows != len(srcs) || !bytes.Contains(one[bench.AssetsCSV], []byte("datalog:reuse-2.0_ir_nodes")) {
		t.Fatalf("assets.csv has %d lines (want a header and %d assets) or no pack column:\n%s", rows, len(srcs)-1, one[bench.AssetsCSV])
	}
	for run := 0; run < 2; run++ {
		four := runReports(t, fullConfig(t, 4), srcs)
		for name, want := range one {
			if !bytes.Equal(four[name], want) {
				t.Errorf("run %d: %s differs between 1 and 4 jobs", run, name)
			}
		}
	}
}

// bench.Run raises the collector's target while it runs; overlapping runs
// leave it as they found it.
func TestRunRestoresCollector(t *testing.T) {
	srcs := writeParallelCorpus(t)
	old := debug.SetGCPercent(100)
	defer debug.SetGCPercent(old)
	var wg sync.WaitGroup
	for i := 0; i < 3; i++ {
		cfg := fullConfig(t, 2)
		wg.Add(1)
		go func() {
			defer wg.Done()
			bench.Run(cfg, srcs)
		}()
	}
	wg.Wait()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("after the runs the GC percentage is %d, want the 100 it was", got)
	}
}

// writeParallelCorpus writes parallelCorpus to a folder, one corpus.
func writeParallelCorpus(t *testing.T) []bench.Source {
	t.Helper()
	root := t.TempDir()
	for name, src := range parallelCorpus {
		p := filepath.Join(root, "c", filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	srcs, err := bench.Discover([]string{filepath.Join(root, "c")})
	if err != nil {
		t.Fatal(err)
	}
	if len(srcs) < 8 {
		t.Fatalf("discovered %d sources, want the %d written", len(srcs), len(parallelCorpus))
	}
	return srcs
}

// parallelCorpus has files of very different sizes (so that workers finish
// out of order) and one that fails.
var parallelCorpus = func() map[string]string {
	m := map[string]string{
		"M_Broken.dsm": "Shader(Name=\"T/M_Broken\")\n{\n    Graph {\n        float a = ;\n    }\n}\n",
	}
	for i, n := range []int{1, 40, 3, 120, 2, 60, 5, 9} {
		m[filepath.ToSlash(filepath.Join("sub", "M_"+string(rune('A'+i))+".dsm"))] = material(string(rune('A'+i)), n)
	}
	return m
}()

// material writes a 1.x material of about 4n nodes, half of them
// duplicates 2.0 reuse merges.
func material(name string, n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Shader(Name=\"T/M_%s\")\n{\n", name)
	b.WriteString("    Properties { float Scale = 2.0; }\n")
	b.WriteString("    Outputs    { vec3 Color; Base.EmissiveColor = Color; }\n    Graph {\n")
	b.WriteString("        float A0 = UE.TexCoord(Index = 0).x * Scale;\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "        float A%d = A%d + UE.TexCoord(Index = 0).x * Scale + %d.0;\n", i, i-1, i%3)
	}
	fmt.Fprintf(&b, "        Color = vec3(A%d, A%d, 1.0);\n    }\n}\n", n, n)
	return b.String()
}

// timedEngine records how long each call of the wrapped engine takes.
type timedEngine struct {
	reuse.Engine
	mu    sync.Mutex
	total time.Duration
	calls int
}

func (e *timedEngine) Run(g *ir.Graph, lim ir.Limits) *ir.Result {
	start := time.Now()
	r := e.Engine.Run(g, lim)
	d := time.Since(start)
	e.mu.Lock()
	e.total += d
	e.calls++
	e.mu.Unlock()
	return r
}

// TestRealCorpusParallel benches the real corpus with one worker and with
// two: the reports must be the same. The one-worker run is a profile too
// (-v prints it): the time of each stage and of the slowest files, which
// bound what a second worker can gain; no file may take a large part of it.
func TestRealCorpusParallel(t *testing.T) {
	if testing.Short() {
		t.Skip("the real corpus takes seconds")
	}
	srcs := realSources(t)
	cfg := fullConfig(t, 1)
	var timed []*timedEngine
	for i := range cfg.Variants {
		te := &timedEngine{Engine: cfg.Variants[i].Engine}
		cfg.Variants[i].Engine = te
		timed = append(timed, te)
	}
	var mu sync.Mutex
	var compile time.Duration
	perFile := map[string]time.Duration{}
	inner := cfg.Compile
	cfg.Compile = func(path, root string, read bench.ReadFunc) (*ir.Module, diag.List) {
		start := time.Now()
		m, ds := inner(path, root, read)
		mu.Lock()
		compile += time.Since(start)
		mu.Unlock()
		return m, ds
	}
	start := time.Now()
	files := bench.Run(cfg, srcs)
	wall := time.Since(start)
	for _, f := range files {
		var d time.Duration
		for _, a := range f.Assets {
			for _, r := range a.Runs {
				d += r.Time
			}
		}
		perFile[f.Corpus+"/"+f.Rel] = d
	}
	t.Logf("%d files, wall %v; compile %v", len(srcs), wall.Round(time.Millisecond), compile.Round(time.Millisecond))
	for i, te := range timed {
		t.Logf("  %-20s %4d calls %v", cfg.Variants[i].Name, te.calls, te.total.Round(time.Millisecond))
	}
	names := make([]string, 0, len(perFile))
	for n := range perFile {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool { return perFile[names[i]] > perFile[names[j]] })
	for _, n := range names[:min(8, len(names))] {
		t.Logf("  slowest: %v %s", perFile[n].Round(time.Millisecond), n)
	}
	if len(names) > 0 && perFile[names[0]] > wall/3 {
		t.Errorf("one file, %s, takes %v of a %v run: a second worker cannot halve it", names[0], perFile[names[0]], wall)
	}
	one := writeReports(t, cfg, files)
	two := runReports(t, fullConfig(t, 2), srcs)
	for name, want := range one {
		if !bytes.Equal(two[name], want) {
			t.Errorf("real corpus: %s differs between 1 and 2 jobs", name)
		}
	}
}
