package main

import (
	"io"
	"path/filepath"
	"strings"

	"reuselab/compiler"
	"reuselab/emit"
	"reuselab/emit/layout"
	"reuselab/ir"
)

// assetFormats are the `compile --format` values that print the generated
// assets rather than the IR: the merged graph of each product is emitted
// (emit), laid out (emit/layout, LANGUAGE-2.0 §2.11) and printed.
// results[i] is the reuse result of m.Products[i] (nil: print the graph as
// it stands). Every source path they print is relative to the source root
// (sourceName), so the output is the same in any folder.
var assetFormats = map[string]func(w io.Writer, file string, m *ir.Module, results []*ir.Result, ds []emit.Diagnostic) error{
	"table": func(w io.Writer, file string, m *ir.Module, results []*ir.Result, ds []emit.Diagnostic) error {
		return emit.WriteTable(w, buildAssets(file, m, results))
	},
	"json": func(w io.Writer, file string, m *ir.Module, results []*ir.Result, ds []emit.Diagnostic) error {
		return emit.WriteJSON(w, sourceName(file), buildAssets(file, m, results), rootRelativeDiagnostics(file, ds))
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

// buildAssets emits every product of m and lays each asset out on its own
// nodes, the emitter's included.
func buildAssets(file string, m *ir.Module, results []*ir.Result) []*emit.Asset {
	assets := emit.FromModule(sourceName(file), m, results, emit.Options{Legacy1x: replays1x(results)})
	layout.Module(assets, m, results)
	return assets
}

// replays1x reports whether results are `--reuse 1x`'s, which emit as the
// 1.5 generator did (emit.Options.Legacy1x).
func replays1x(results []*ir.Result) bool {
	for _, r := range results {
		if r != nil && r.Mode == "1x" {
			return true
		}
	}
	return false
}

// sourceName is how outputs name the source file: relative to the source
// root the compile used (compile passes no Root, so the default one).
func sourceName(file string) string {
	return compiler.RootRelative(compiler.SourceRoot(file, compiler.Options{}), file)
}

// rootRelativeDiagnostics rewrites the diagnostics' positions and messages
// so that the source root's folder (as given and absolute) is left out.
func rootRelativeDiagnostics(file string, ds []emit.Diagnostic) []emit.Diagnostic {
	root := compiler.SourceRoot(file, compiler.Options{})
	var prefixes []string
	for _, r := range []string{root, absPath(root)} {
		if r != "" && r != "." && r != string(filepath.Separator) {
			prefixes = append(prefixes, filepath.Clean(r)+string(filepath.Separator))
		}
	}
	strip := func(s string) string {
		for _, p := range prefixes {
			s = strings.ReplaceAll(s, p, "")
		}
		return s
	}
	out := make([]emit.Diagnostic, len(ds))
	for i, d := range ds {
		d.Pos = filepath.ToSlash(strip(d.Pos))
		d.Message = strip(d.Message)
		out[i] = d
	}
	return out
}

func absPath(p string) string {
	a, err := filepath.Abs(p)
	if err != nil {
		return ""
	}
	return a
}
