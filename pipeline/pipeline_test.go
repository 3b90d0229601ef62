package pipeline

import (
	"strings"
	"testing"

	"reuselab/compiler/passes"
	"reuselab/emit"
	"reuselab/ir"
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
