package layout_test

import (
	"os"
	"path/filepath"
	"testing"

	"reuselab/compiler"
	"reuselab/compiler/passes"
	"reuselab/emit"
	"reuselab/emit/layout"
	"reuselab/internal/shared"
	"reuselab/ir"
)

// corpusAsset is one asset of the real corpus with the graph it came from.
type corpusAsset struct {
	file, mode string
	asset      *emit.Asset
	graph      *ir.Graph
}

// corpusAssets compiles every source of the real corpus that compiles and
// emits its products raw (--reuse none) and merged (2.0), placed by place.
func corpusAssets(t testing.TB, place func([]*emit.Asset, *ir.Module, []*ir.Result, string) []*emit.Asset) []corpusAsset {
	t.Helper()
	root := shared.Corpus()
	if _, err := os.Stat(root); root == "" || err != nil {
		t.Skipf("the real corpus (../shared/corpus/real) is not present")
	}
	var out []corpusAsset
	for _, src := range shared.SourceFiles(root) {
		for _, mode := range []string{"none", "2.0"} {
			m, ds := compiler.CompileFile(src, compiler.Options{})
			if m == nil || ds.HasErrors() {
				continue
			}
			_, res := passes.RunModule(m, passes.Options{Mode: mode})
			rel, _ := filepath.Rel(root, src)
			assets := place(nil, m, res, rel)
			for i, a := range assets {
				g := m.Products[i]
				if i < len(res) && res[i] != nil && res[i].Graph != nil {
					g = res[i].Graph
				}
				out = append(out, corpusAsset{rel, mode, a, g})
			}
		}
	}
	return out
}

func placeNew(_ []*emit.Asset, m *ir.Module, res []*ir.Result, file string) []*emit.Asset {
	assets := emit.FromModule(file, m, res, emit.Options{})
	layout.Module(assets, m, res)
	return assets
}

// Every asset of the real corpus, raw and merged: no two node rectangles
// overlap, the nodes the source's own `Node(Var, X, Y)` hints pin
// included (a hinted node that would cover an earlier one moves down, see
// the package doc; the others stand where the hint says); every region's box holds its
// nodes, and (in assets without hints, whose pinned nodes may stand
// anywhere) no other node and no unrelated region's box; every node is on
// the grid and left of the nodes that read it (hinted ones aside); an IR
// node, merged or not, has one node and so one place.
func TestCorpusLayoutHasNoOverlap(t *testing.T) {
	assets := corpusAssets(t, placeNew)
	if len(assets) < 50 {
		t.Fatalf("only %d corpus assets compiled; the corpus walk is broken", len(assets))
	}
	nodes, boxes, regioned, hintedAssets, hintedNodes, moved := 0, 0, 0, 0, 0, 0
	for _, ca := range assets {
		a := ca.asset
		nodes += len(a.Nodes)
		boxes += len(a.Comments)
		hinted := layout.Hinted(a, ca.graph)
		for _, h := range ca.graph.Layout {
			for _, n := range a.Nodes {
				if !h.Comment && hinted[n.ID] && len(n.Names) > 0 && n.Names[0] == h.Name {
					hintedNodes++
					if n.Pos != (emit.Pos{X: h.X, Y: h.Y}) {
						moved++
						if n.Pos.X != h.X || n.Pos.Y < h.Y {
							t.Errorf("%s (%s) %s: Node(%s, %d, %d) put at %+v: a hinted node only moves down", ca.file, ca.mode, a.Name, h.Name, h.X, h.Y, n.Pos)
						}
					}
					break
				}
			}
		}
		for _, p := range layout.Overlapping(a) {
			t.Errorf("%s (%s) %s: %s %d at %+v overlaps %s %d at %+v", ca.file, ca.mode, a.Name,
				a.Nodes[p[0]].Class, p[0], layout.NodeRect(&a.Nodes[p[0]]), a.Nodes[p[1]].Class, p[1], layout.NodeRect(&a.Nodes[p[1]]))
		}
		for _, e := range layout.Escaped(a, ca.graph) {
			t.Errorf("%s (%s) %s: %s", ca.file, ca.mode, a.Name, e)
		}
		if len(ca.graph.Layout) == 0 {
			if len(ca.graph.Regions) > 0 {
				regioned++
			}
			for _, e := range layout.Clashes(a, ca.graph) {
				t.Errorf("%s (%s) %s: %s", ca.file, ca.mode, a.Name, e)
			}
		} else {
			hintedAssets++
		}
		// A merged node is one asset node: one place for all it stands for.
		own := map[int]int{}
		for _, n := range a.Nodes {
			if n.Role == emit.RoleValue {
				if other, dup := own[n.IR]; dup {
					t.Errorf("%s (%s) %s: IR node %d has two places, nodes %d and %d", ca.file, ca.mode, a.Name, n.IR, other, n.ID)
				}
				own[n.IR] = n.ID
			}
		}
		for _, n := range a.Nodes {
			if !hinted[n.ID] && (n.Pos.X%layout.Grid != 0 || n.Pos.Y%layout.Grid != 0) {
				t.Errorf("%s %s: node %d off the grid at %+v", ca.file, a.Name, n.ID, n.Pos)
			}
			for _, in := range n.Inputs {
				src := a.Nodes[in.From]
				if hinted[src.ID] || hinted[n.ID] {
					continue
				}
				if right := src.Pos.X + layout.NodeSize(&src).W; right > n.Pos.X {
					t.Errorf("%s %s: %s %d (right edge %d) is not left of its reader %s %d (x=%d)", ca.file, a.Name,
						src.Class, src.ID, right, n.Class, n.ID, n.Pos.X)
				}
			}
		}
	}
	if hintedNodes == 0 {
		t.Errorf("no hinted node found: the corpus's Layout hints were lost")
	}
	t.Logf("%d assets (%d with node hints), %d nodes, %d comment boxes: 0 overlapping pairs; %d hinted nodes, %d moved down off an earlier hinted node; %d assets with regions and no hints: no box clashes",
		len(assets), hintedAssets, nodes, boxes, hintedNodes, moved, regioned)
}
