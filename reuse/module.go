package reuse

import (
	"reuselab/diag"
	"reuselab/ir"
)

// RunModule runs e over every product of m, independently (R1), under lim,
// and returns the module of surviving graphs with one Result per product.
// The engines know no file names: RunModule turns their notes into
// diagnostics once, at file (a note with its own File, such as a rule
// pack's, points there). A product whose run stopped keeps its build graph.
func RunModule(m *ir.Module, e Engine, lim ir.Limits, file string) (*ir.Module, []*ir.Result, diag.List) {
	out := &ir.Module{Leaf: m.Leaf, Includes: append([]string(nil), m.Includes...)}
	results := make([]*ir.Result, len(m.Products))
	var ds diag.List
	for i, g := range m.Products {
		results[i] = e.Run(g, lim)
		out.Products = append(out.Products, results[i].Graph)
		ds.Items = append(ds.Items, NoteDiagnostics(results[i], file)...)
	}
	return out, results, ds
}

// NoteDiagnostics are a Result's notes as diagnostics at file.
func NoteDiagnostics(r *ir.Result, file string) []diag.Diagnostic {
	var out []diag.Diagnostic
	for _, n := range r.Notes {
		sev := diag.Info
		switch n.Severity {
		case "error":
			sev = diag.Error
		case "warning":
			sev = diag.Warning
		}
		at := diag.Pos{File: file, Line: n.Span.Line, Col: n.Span.Col}
		if n.File != "" {
			at.File = n.File
		}
		if at.Line <= 0 {
			at.Line, at.Col = 1, 1
		}
		out = append(out, diag.Diagnostic{Pos: at, Severity: sev, Code: n.Code, Message: n.Message})
	}
	return out
}
