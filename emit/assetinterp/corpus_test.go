package assetinterp

import (
	"testing"

	"reuselab/compiler"
	"reuselab/compiler/passes"
	"reuselab/emit"
	"reuselab/internal/shared"
	"reuselab/ir"
)

type corpusAsset struct {
	file, mode string
	g          *ir.Graph
	a          *emit.Asset
}

// corpusAssets emits every product of every compiling real-corpus file
// in each mode, as `compile --reuse MODE` would.
func corpusAssets(t *testing.T, modes ...string) (assets []corpusAsset, skipped int) {
	root := shared.CorpusOrSkip(t)
	for _, f := range shared.SourceFiles(root) {
		m, ds := compiler.CompileFile(f, compiler.Options{})
		if m == nil || ds.HasErrors() {
			skipped++
			continue
		}
		for _, g := range m.Products {
			for _, mode := range modes {
				res := passes.Run(g, passes.Options{Mode: mode})
				assets = append(assets, corpusAsset{f, mode, res.Graph, emit.FromGraph(res.Graph, res, emit.Options{Legacy1x: mode == "1x"})})
			}
		}
	}
	return assets, skipped
}

// TestRealCorpusAssetsAgree: every asset of the real corpus, raw, merged
// and as 1.5 emitted it, computes what its IR computes, with no wiring
// fault.
func TestRealCorpusAssetsAgree(t *testing.T) {
	assets, skipped := corpusAssets(t, "none", "2.0", "1x")
	roots, breaks := 0, 0
	for _, c := range assets {
		rep := Check(c.a, c.g, Options{Runs: 32, Seed: 1})
		roots += rep.Roots
		if !rep.OK() || len(rep.Faults()) > 0 || rep.Uncomparable > 0 {
			t.Errorf("%s (%s): %v", c.file, c.mode, rep)
		}
		for _, n := range c.a.Nodes {
			if n.Class == "BreakMaterialAttributes" {
				breaks++
			}
		}
	}
	if len(assets) == 0 || roots == 0 || breaks == 0 {
		t.Fatalf("checked %d assets, %d roots, %d Break nodes: the corpus test saw nothing", len(assets), roots, breaks)
	}
	t.Logf("%d assets (3 modes), %d roots, %d Break nodes; %d files not compiling, skipped", len(assets), roots, breaks, skipped)
}

// TestRealCorpusMiswiringCaught: cutting the wire that carries any root of
// any corpus asset (a reroute's input, a FunctionOutput's A, a custom
// output's pin) is caught.
func TestRealCorpusMiswiringCaught(t *testing.T) {
	assets, _ := corpusAssets(t, "2.0")
	cut := 0
	for _, c := range assets {
		for i, n := range c.a.Nodes {
			if n.Class != "NamedRerouteDeclaration" && n.Class != "FunctionOutput" && n.Role != emit.RoleStatement {
				continue
			}
			for _, in := range n.Inputs {
				b := cloneAsset(c.a)
				disconnect(b, i, in.Pin)
				cut++
				if rep := Check(b, c.g, Options{Runs: 4, Seed: 1}); rep.OK() {
					t.Errorf("%s: cutting #%d %s pin %s passed: %v", c.file, i, n.Class, in.Pin, rep)
				}
			}
		}
	}
	if cut == 0 {
		t.Fatal("no wire cut")
	}
}
