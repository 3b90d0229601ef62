package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reuselab/internal/shared"
	"strings"
	"testing"

	"reuselab/compiler"
	"reuselab/compiler/passes"
	"reuselab/diag"
	"reuselab/emit"
	"reuselab/ir"
)

// Every asset format runs on a small material with a region and a Node
// hint; the laid-out JSON carries the region box and the hinted position.
func TestAssetFormats(t *testing.T) {
	g := ir.NewGraph(ir.Material, "M_Formats")
	g.Regions = []ir.Region{{Name: "Body", Parent: -1}}
	g.Layout = []ir.LayoutHint{{Name: "Half", X: -800, Y: 96}}
	p := g.Add(&ir.Node{Op: ir.OpParameter, Props: []ir.Prop{{Name: "ParameterName", Value: ir.Str("K")}},
		Outputs: []ir.Output{{Type: "float"}}, Debug: "K", Span: ir.Span{Line: 3, Col: 5, Region: "Body"}})
	h := g.Add(&ir.Node{Op: ir.OpMultiply, Operands: []ir.Ref{{Node: p}, {Node: p}},
		Outputs: []ir.Output{{Type: "float"}}, Debug: "Half", Span: ir.Span{Line: 4, Col: 5, Region: "Body"}})
	g.Sink = g.Add(&ir.Node{Op: ir.OpMaterialSink, Pins: []ir.Pin{{Name: "Opacity", Ref: ir.Ref{Node: h}}}, Role: ir.RoleStatement})
	m := &ir.Module{Leaf: "M_Formats.dsm", Products: []*ir.Graph{g}}
	for _, name := range []string{"table", "json", "t3d", "dot", "svg"} {
		var buf bytes.Buffer
		err := assetFormats[name](&buf, "M_Formats.dsm", m, nil, nil)
		if name == "svg" && errors.Is(err, emit.ErrNoGraphviz) {
			continue
		}
		if err != nil || buf.Len() == 0 {
			t.Errorf("%s: %v (%d bytes)", name, err, buf.Len())
		}
		if name == "json" {
			s := buf.String()
			if !strings.Contains(s, `"text": "Body"`) || !strings.Contains(s, `"x": -800`) {
				t.Errorf("json lacks the region box or the hinted position:\n%s", s)
			}
		}
	}
}

// A real material with five #Regions, laid out by emit/layout: the
// T3D reads back, every region has its box, and every node sits left of
// the nodes that read it.
func TestAssetLayoutOnCorpus(t *testing.T) {
	src := filepath.Join(shared.Corpus(), "TypeDreamMoon__MoonToon/DShader/Materials/Core/M_MoonToonOutline.dsm")
	if _, err := os.Stat(src); err != nil {
		t.Skipf("corpus not present: %v", err)
	}
	m, ds := compiler.CompileFile(src, compiler.Options{})
	if m == nil || ds.HasErrors() {
		t.Skipf("the compiler does not build it yet: %v", ds.Codes(diag.Error))
	}
	_, res := passes.RunModule(m, passes.Options{Mode: "2.0"})
	assets := buildAssets("M_MoonToonOutline.dsm", m, res)
	a := assets[0]
	if err := emit.CheckT3D(a); err != nil {
		t.Fatal(err)
	}
	if len(a.Comments) != len(res[0].Graph.Regions) || len(a.Comments) == 0 {
		t.Errorf("%d comment boxes for %d regions", len(a.Comments), len(res[0].Graph.Regions))
	}
	for _, n := range a.Nodes {
		if n.Pos.X%16 != 0 || n.Pos.Y%16 != 0 {
			t.Errorf("node %d off the grid: %+v", n.ID, n.Pos)
		}
		for _, in := range n.Inputs {
			if src := a.Nodes[in.From]; src.Role == emit.RoleValue && n.Role == emit.RoleValue && src.Pos.X >= n.Pos.X {
				t.Errorf("%s %d (x=%d) not left of its reader %s %d (x=%d)", src.Class, src.ID, src.Pos.X, n.Class, n.ID, n.Pos.X)
			}
		}
	}
}
