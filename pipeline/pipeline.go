// Package pipeline assembles the stages every tool runs on a source:
// compile (package compiler picks the front end) → a reuse engine over each
// asset (reuse.RunModule) → emit and layout → checks. What steers a run is
// one Options value the caller builds, so no package below cmd reads a
// switch set elsewhere.
package pipeline

import (
	"reuselab/compiler"
	"reuselab/compiler/dss"
	"reuselab/compiler/passes"
	"reuselab/diag"
	"reuselab/emit"
	"reuselab/emit/layout"
	"reuselab/ir"
	"reuselab/reuse"
	"reuselab/reuse/engines"
)

// Options steer one run of the pipeline.
type Options struct {
	// Mode is the reference mode the assets are merged in: "2.0", "1x" or
	// "none" (reuse.ReferenceModes).
	Mode string
	// Catalog is what a `.dss` binds against (compiler.Options.Catalog;
	// the zero value is dss.EngineCatalog).
	Catalog dss.Catalog
	// CheckIR checks the IR contract after every pass (`compile
	// --check-ir`): a break is an internal error, DSH4350 at the file.
	CheckIR bool
	// Observe, when set, sees the graph as built and after every pass
	// (`compile --passes`).
	Observe func(*ir.Snapshot)
}

// Compile compiles path and, when it has no errors, runs the reference in
// opt.Mode over every asset; the passes' notes (DSH4390) join the
// diagnostics. A broken IR contract is reported as DSH4350 at the file and
// yields no module.
func Compile(path string, opt Options) (m *ir.Module, results []*ir.Result, ds diag.List) {
	if ds := dss.CheckReuseMode(path, opt.Mode); ds.HasErrors() {
		return nil, nil, ds // 1x on a .dss: nothing to replay
	}
	m, ds = compiler.CompileFile(path, compiler.Options{Catalog: opt.Catalog})
	if m == nil || ds.HasErrors() {
		return m, nil, ds
	}
	out, results, rds := Run(m, path, opt)
	ds.Items = append(ds.Items, rds.Items...)
	return out, results, ds
}

// Run runs the reference in opt.Mode over every asset of m, compiled from
// path, and returns the surviving graphs, one Result per product and the
// passes' notes as diagnostics. A broken IR contract (opt.CheckIR) yields
// no module, only DSH4350 at the file.
func Run(m *ir.Module, path string, opt Options) (*ir.Module, []*ir.Result, diag.List) {
	engine := &engines.Reference{Mode: opt.Mode, Observe: opt.Observe, CheckIR: opt.CheckIR}
	out, results, ds := reuse.RunModule(m, engine, ir.Limits{}, path)
	for _, r := range results {
		if broken := contractBreak(r); broken != "" {
			var cds diag.List
			cds.Errorf(diag.Pos{File: path, Line: 1, Col: 1}, passes.CodeContract, "%s", broken)
			return nil, nil, cds
		}
	}
	return out, results, ds
}

// contractBreak is the message of r's broken IR contract, "" if none.
func contractBreak(r *ir.Result) string {
	if r == nil || r.StopReason != ir.StopError {
		return ""
	}
	for _, n := range r.Notes {
		if n.Code == passes.CodeContract {
			return n.Message
		}
	}
	return ""
}

// Assets emits every product of m as Unreal assets and lays each out
// (emit/layout, LANGUAGE-2.0 §2.11). results[i] is the reuse result of
// m.Products[i] (nil: the graph as it stands); results of mode 1x emit as
// the 1.5 generator did (emit.Options.Legacy1x). name is how the assets
// name their source.
func Assets(name string, m *ir.Module, results []*ir.Result) []*emit.Asset {
	assets := emit.FromModule(name, m, results, emit.Options{Legacy1x: Replays1x(results...)})
	layout.Module(assets, m, results)
	return assets
}

// Replays1x reports whether results are `--reuse 1x`'s.
func Replays1x(results ...*ir.Result) bool {
	for _, r := range results {
		if r != nil && r.Mode == "1x" {
			return true
		}
	}
	return false
}

// SourceName is how outputs name a source file: relative to the source
// root its compile used (the default one), so that the output is the same
// in any folder.
func SourceName(file string) string {
	return compiler.RootRelative(compiler.SourceRoot(file, compiler.Options{}), file)
}
