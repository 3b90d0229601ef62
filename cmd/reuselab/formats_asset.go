package main

import (
	"io"

	"reuselab/compiler/layout"
	"reuselab/emit"
	"reuselab/ir"
)

// assetFormats are the `compile --format` values that print the generated
// assets rather than the IR: the merged graph of each product is emitted
// (emit), laid out (compiler/layout, LANGUAGE-2.0 §2.11) and printed.
// results[i] is the reuse result of m.Products[i] (nil: print the graph as
// it stands).
var assetFormats = map[string]func(w io.Writer, file string, m *ir.Module, results []*ir.Result, ds []emit.Diagnostic) error{
	"table": func(w io.Writer, file string, m *ir.Module, results []*ir.Result, ds []emit.Diagnostic) error {
		return emit.WriteTable(w, buildAssets(file, m, results))
	},
	"json": func(w io.Writer, file string, m *ir.Module, results []*ir.Result, ds []emit.Diagnostic) error {
		return emit.WriteJSON(w, file, buildAssets(file, m, results), ds)
	},
	"t3d": func(w io.Writer, file string, m *ir.Module, results []*ir.Result, ds []emit.Diagnostic) error {
		return emit.WriteT3D(w, buildAssets(file, m, results))
	},
	"dot": func(w io.Writer, file string, m *ir.Module, results []*ir.Result, ds []emit.Diagnostic) error {
		return emit.WriteDOT(w, buildAssets(file, m, results))
	},
	"svg": func(w io.Writer, file string, m *ir.Module, results []*ir.Result, ds []emit.Diagnostic) error {
		return emit.WriteSVG(w, buildAssets(file, m, results))
	},
}

func buildAssets(file string, m *ir.Module, results []*ir.Result) []*emit.Asset {
	return emit.FromModule(file, m, results, emit.Options{PlaceFor: placeByLayout})
}

// placeByLayout adapts compiler/layout to emit (which imports only ir).
func placeByLayout(g *ir.Graph) (emit.Placement, []emit.Comment) {
	l := layout.Compute(g)
	place := func(i int) (emit.Pos, bool) {
		if i < 0 || i >= len(l.Pos) {
			return emit.Pos{}, false
		}
		return emit.Pos{X: l.Pos[i].X, Y: l.Pos[i].Y}, true
	}
	var boxes []emit.Comment
	for _, b := range l.Boxes {
		boxes = append(boxes, emit.Comment{Text: b.Name, X: b.X, Y: b.Y, W: b.W, H: b.H})
	}
	return place, boxes
}
