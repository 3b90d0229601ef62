package main

import (
	"reuselab/diag"
	"reuselab/emit"
	"reuselab/ir"
)

// addNonFinite adds a warning (emit.CodeNonFinite) for every number of the
// graphs compile prints that an engine float cannot hold, at the source of
// the IR node holding it: every format writes the number (T3D a stand-in
// for it), and none of them can say so in its own syntax.
func addNonFinite(ds *diag.List, path string, m *ir.Module, results []*ir.Result) {
	if m == nil {
		return
	}
	for i, g := range m.Products {
		if i < len(results) && results[i] != nil && results[i].Graph != nil {
			g = results[i].Graph
		}
		for _, nf := range emit.NonFiniteNumbers(g) {
			file := path
			if nf.Span.File != "" {
				file = nf.Span.File
			}
			ds.Warnf(diag.Pos{File: file, Line: max(nf.Span.Line, 1), Col: max(nf.Span.Col, 1)}, emit.CodeNonFinite, "%s", nf.Message())
		}
	}
}
