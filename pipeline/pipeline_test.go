package pipeline

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"reuselab/compiler/passes"
	"reuselab/emit"
	"reuselab/ir"
	"reuselab/reuse"
	"reuselab/reuse/engines"
)

const example = "../bench/corpus/examples/M_Reuse.dsm"

// Compile runs the mode it is given, with the contract checked, and the
// assets it yields are laid out: no two nodes of an asset share a
// position, as they all would (at the origin) without layout.
func TestCompileAndAssets(t *testing.T) {
	for _, mode := range []string{"2.0", "1x", "none"} {
		m, results, ds := Compile(example, Options{Engine: &engines.Reference{Mode: mode, CheckIR: true}})
		if m == nil || ds.HasErrors() || len(results) != len(m.Products) || len(results) == 0 {
			t.Fatalf("mode %s: module %v, %d results, diagnostics:\n%s", mode, m != nil, len(results), ds.Report())
		}
		for _, r := range results {
			if r.Mode != mode || r.StopReason != ir.StopSaturated {
				t.Errorf("mode %s: result of mode %q, stop %q", mode, r.Mode, r.StopReason)
			}
		}
		assets := Assets(SourceName(example), m, results)
		if len(assets) != len(m.Products) {
			t.Fatalf("mode %s: %d assets for %d products", mode, len(assets), len(m.Products))
		}
		for _, a := range assets {
			seen := map[emit.Pos]bool{}
			for _, n := range a.Nodes {
				if seen[n.Pos] {
					t.Errorf("mode %s: asset %s: two nodes at %v: not laid out", mode, a.Name, n.Pos)
				}
				seen[n.Pos] = true
			}
		}
	}
}

// 1x on a .dss is refused before anything runs (DSH9058), as compile
// refuses it.
func TestCompileRefuses1xOnDSS(t *testing.T) {
	m, results, ds := Compile("../bench/corpus/examples/M_Reuse.dss", Options{Engine: &engines.Reference{Mode: "1x"}})
	if m != nil || results != nil || !strings.Contains(ds.Report(), ir.CodeNo1x) {
		t.Errorf("module %v, results %v, diagnostics:\n%s", m != nil, results, ds.Report())
	}
}

// The pipeline spells the contract's code itself, so as to link no
// engine: it must be the code the reference's CheckIR notes carry.
func TestContractCodeIsThePasses(t *testing.T) {
	if CodeContract != passes.CodeContract {
		t.Errorf("pipeline.CodeContract %q, compiler/passes' %q", CodeContract, passes.CodeContract)
	}
}

// A broken IR contract comes back from the engine as a stopped result with
// an error note; contractBreak finds it, and nothing else.
func TestContractBreakIsFound(t *testing.T) {
	g := &ir.Graph{Name: "M", Sink: -1}
	r := ir.Untouched(g, ir.StopError)
	if contractBreak(r) != "" {
		t.Error("a stopped result without the contract's note counts as a break")
	}
	r.Notes = append(r.Notes, ir.Note{Code: passes.CodeContract, Severity: "error", Message: "internal error: x"})
	if got := contractBreak(r); got != "internal error: x" {
		t.Errorf("contractBreak = %q", got)
	}
	if contractBreak(nil) != "" || contractBreak(ir.Untouched(g, ir.StopSaturated)) != "" {
		t.Error("a finished or absent result counts as a break")
	}
}

// Evaluate finds a result that changed what the graph computes: here an
// engine result whose graph was rewritten to read a different parameter.
func TestEvaluateCatchesAWrongResult(t *testing.T) {
	m, results, ds := Compile(example, Options{Engine: &engines.Reference{Mode: "2.0"}})
	if m == nil || ds.HasErrors() {
		t.Fatal(ds.Report())
	}
	r := results[0]
	if ok, report, _ := Evaluate(r.Build, r, 16); !ok {
		t.Fatalf("the reference's own result fails evaluation: %s", report)
	}
	bad := *r
	bad.Graph = r.Graph.Clone()
	changed := false
	for _, n := range bad.Graph.Nodes {
		if n.Op == ir.OpAdd {
			n.Op = ir.OpSubtract
			changed = true
			break
		}
	}
	if !changed {
		t.Skip("the example has no Add to break")
	}
	if ok, _, _ := Evaluate(r.Build, &bad, 16); ok {
		t.Error("a result with an Add turned into a Subtract passes evaluation")
	}
}

// Options.Source compiles a candidate held in memory in place of the file
// on disk, while what it imports is still read from disk beside it: the
// file on disk here does not even parse, and the import supplies the
// function the candidate calls.
func TestCompileFromSource(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "DShader")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("Lib.dsh", "Function float Twice(in float x)\n{\n    return x + x;\n}\n")
	path := write("M.dsm", "this is not DreamShader {")
	src := `import "Lib.dsh"
Shader(Name="M")
{
    Properties = {
        float Gain = 0.5;
    }
    Outputs = {
        float Rough;
        Base.Roughness = Rough;
    }
    Graph = {
        Rough = Twice(Gain);
    }
}
`
	if _, _, ds := Compile(path, Options{}); !ds.HasErrors() {
		t.Fatal("the file on disk compiles: the test would not tell the candidate from it")
	}
	m, results, ds := Compile(path, Options{Source: []byte(src)})
	if m == nil || ds.HasErrors() || len(m.Products) != 1 {
		t.Fatalf("the candidate does not compile:\n%s", ds.Report())
	}
	if results != nil {
		t.Errorf("no engine, yet %d results", len(results))
	}
	calls := 0
	for _, n := range m.Products[0].Nodes {
		if n.Op == ir.OpCustom && n.Class == "Twice" {
			calls++
		}
	}
	if calls != 1 {
		t.Errorf("%d calls of the imported Twice, want 1", calls)
	}
}

// countingEngine counts the graphs it is run on, alone or in batches.
type countingEngine struct {
	reuse.Engine
	alone, batched int
}

func (e *countingEngine) Run(g *ir.Graph, lim ir.Limits) *ir.Result {
	e.alone++
	return e.Engine.Run(g, lim)
}

type batchingEngine struct{ countingEngine }

func (e *batchingEngine) RunBatch(gs []*ir.Graph, lim ir.Limits) []*ir.Result {
	e.batched += len(gs)
	out := make([]*ir.Result, len(gs))
	for i, g := range gs {
		out[i] = e.Engine.Run(g, lim)
	}
	return out
}

// RunBatch hands a Batcher the whole batch and runs any other engine graph
// by graph; either way results[i] is the i-th graph's.
func TestRunBatchDispatches(t *testing.T) {
	m, _, ds := Compile(example, Options{})
	if m == nil || ds.HasErrors() || len(m.Products) == 0 {
		t.Fatal(ds.Report())
	}
	gs := append(append([]*ir.Graph(nil), m.Products...), m.Products...)
	plain := &countingEngine{Engine: &engines.Reference{Mode: "2.0"}}
	batcher := &batchingEngine{countingEngine{Engine: &engines.Reference{Mode: "2.0"}}}
	if Batches(plain) || !Batches(batcher) {
		t.Fatalf("Batches: plain %v, batcher %v", Batches(plain), Batches(batcher))
	}
	a, b := RunBatch(plain, gs, ir.Limits{}), RunBatch(batcher, gs, ir.Limits{})
	if plain.alone != len(gs) || batcher.batched != len(gs) || batcher.alone != 0 {
		t.Errorf("plain ran %d alone; batcher %d batched, %d alone; want %d", plain.alone, batcher.batched, batcher.alone, len(gs))
	}
	for i := range gs {
		if a[i].Build != gs[i] || b[i].Build != gs[i] || a[i].Graph.Len() != b[i].Graph.Len() {
			t.Errorf("result %d is not graph %d's", i, i)
		}
	}
}

// AssetClasses counts the nodes the emitter writes, by class: their sum is
// the asset's node count, as Assets emits it.
func TestAssetClassesCountTheEmittedNodes(t *testing.T) {
	m, results, ds := Compile(example, Options{Engine: &engines.Reference{Mode: "2.0"}})
	if m == nil || ds.HasErrors() {
		t.Fatal(ds.Report())
	}
	assets := Assets(SourceName(example), m, results)
	for i, r := range results {
		sum := 0
		for _, n := range AssetClasses(r) {
			sum += n
		}
		if sum != len(assets[i].Nodes) || sum == 0 {
			t.Errorf("asset %d: classes sum to %d, the asset has %d nodes", i, sum, len(assets[i].Nodes))
		}
	}
}

// ReadSource reads a source as its compile would: the file's bytes, and a
// refusal for a link that leaves the source root (the DShader folder).
func TestReadSourceStaysInTheRoot(t *testing.T) {
	want, err := os.ReadFile(example)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := ReadSource(example, Options{}); err != nil || string(got) != string(want) {
		t.Fatalf("ReadSource(%s): %d bytes, %v", example, len(got), err)
	}
	base := t.TempDir()
	outside := filepath.Join(base, "secret.dsm")
	if err := os.WriteFile(outside, want, 0o644); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(base, "DShader")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "M.dsm")
	if err := os.Symlink(outside, link); err != nil {
		t.Skipf("no symlinks here: %v", err)
	}
	if _, err := ReadSource(link, Options{}); err == nil {
		t.Error("ReadSource followed a link out of the source root")
	}
}
