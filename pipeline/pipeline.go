// Package pipeline assembles the stages every tool runs on a source:
// compile (package compiler picks the front end) → a reuse engine over each
// asset (reuse.RunModule, or RunBatch over many assets at once) → emit and
// layout → checks (Evaluate). What steers a run is one Options value the
// caller builds, so no package below cmd reads a switch set elsewhere.
//
// The engine is a value the caller hands in (Options.Engine), resolved by
// reuse/engines: the pipeline links neither engine, so a tool built on it
// that never runs a rule pack (reduce) links no Mangle. The checks that
// hold a pack against the reference need the pack itself and live in
// pipeline/packcheck.
package pipeline

import (
	"path/filepath"

	"reuselab/compiler"
	"reuselab/compiler/dss"
	"reuselab/diag"
	"reuselab/emit"
	"reuselab/emit/layout"
	"reuselab/ir"
	"reuselab/reuse"
	"reuselab/sourcefile"
)

// Options steer one run of the pipeline.
type Options struct {
	// Engine runs over every asset: a reference mode or a rule pack, as
	// reuse/engines resolves it (with the reference's own switches, such
	// as CheckIR and Observe, set there). nil runs none: the module is
	// the graphs as built.
	Engine reuse.Engine
	// Limits bound every run of Engine.
	Limits ir.Limits
	// Catalog is what a `.dss` binds against (compiler.Options.Catalog;
	// the zero value is dss.EngineCatalog).
	Catalog dss.Catalog
	// Root is the source root imports may not leave (compiler.Options.Root;
	// "" is the nearest DShader folder above the file).
	Root string
	// ReadFile reads the source and its imports (compiler.Options.ReadFile;
	// nil is the compiler's careful read).
	ReadFile func(string) ([]byte, error)
	// Source, when not nil, is the text of the compiled file itself, held in
	// memory (a reducer's candidate); what it imports is still read from
	// disk, by ReadFile or else carefully under the source root.
	Source []byte
}

// Compile compiles path and, when it has no errors and opt.Engine is set,
// runs the engine over every asset; the engine's notes (the passes'
// DSH4390) join the diagnostics. A broken IR contract is reported as
// DSH4350 at the file and yields no module. Without an engine the results
// are nil and the module is the graphs as built.
func Compile(path string, opt Options) (m *ir.Module, results []*ir.Result, ds diag.List) {
	if e := opt.Engine; e != nil && e.Info().Kind == "reference" {
		if ds := dss.CheckReuseMode(path, e.Name()); ds.HasErrors() {
			return nil, nil, ds // 1x on a .dss: nothing to replay
		}
	}
	m, ds = compiler.CompileFile(path, compiler.Options{Root: opt.Root, ReadFile: readFile(path, opt), Catalog: opt.Catalog})
	if m == nil || ds.HasErrors() || opt.Engine == nil {
		return m, nil, ds
	}
	out, results, rds := Run(m, path, opt)
	ds.Items = append(ds.Items, rds.Items...)
	return out, results, ds
}

// readFile is the compiler's read for opt: opt.Source served for path
// itself, everything else as opt.ReadFile (or the careful read) has it.
func readFile(path string, opt Options) func(string) ([]byte, error) {
	if opt.Source == nil {
		return opt.ReadFile
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	root := compiler.SourceRoot(path, compiler.Options{Root: opt.Root})
	src, read := opt.Source, opt.ReadFile
	return func(p string) ([]byte, error) {
		if p == path {
			return src, nil
		}
		if a, err := filepath.Abs(p); err == nil && a == abs {
			return src, nil
		}
		if read != nil {
			return read(p)
		}
		// the compiler's careful read: regular files under the root only
		return sourcefile.Read(p, root, sourcefile.MaxFileBytes)
	}
}

// Run runs opt.Engine over every asset of m, compiled from path, and
// returns the surviving graphs, one Result per product and the engine's
// notes as diagnostics. A broken IR contract (a reference engine's
// CheckIR) yields no module, only DSH4350 at the file.
func Run(m *ir.Module, path string, opt Options) (*ir.Module, []*ir.Result, diag.List) {
	out, results, ds := reuse.RunModule(m, opt.Engine, opt.Limits, path)
	for _, r := range results {
		if broken := contractBreak(r); broken != "" {
			var cds diag.List
			cds.Errorf(diag.Pos{File: path, Line: 1, Col: 1}, CodeContract, "%s", broken)
			return nil, nil, cds
		}
	}
	return out, results, ds
}

// CodeContract is the code a broken IR contract is reported with
// (compiler/passes' CodeContract, which the reference's CheckIR notes
// carry; a test holds the two equal). It is spelled here so that the
// pipeline links no engine.
const CodeContract = "DSH4350"

// contractBreak is the message of r's broken IR contract, "" if none.
func contractBreak(r *ir.Result) string {
	if r == nil || r.StopReason != ir.StopError {
		return ""
	}
	for _, n := range r.Notes {
		if n.Code == CodeContract {
			return n.Message
		}
	}
	return ""
}

// Batcher is an engine that runs over many graphs at once faster than
// over each alone (a rule pack: one evaluation of the disjoint union, see
// rules/eval's EvaluateBatch). Each result must be the one Run gives the
// graph alone, but for the run's Wall and Levels, which are the batch's.
type Batcher interface {
	RunBatch(gs []*ir.Graph, lim ir.Limits) []*ir.Result
}

// RunBatch runs e over every graph of gs under lim: at once when e is a
// Batcher, else one by one. results[i] is gs[i]'s.
func RunBatch(e reuse.Engine, gs []*ir.Graph, lim ir.Limits) []*ir.Result {
	if b, ok := e.(Batcher); ok {
		return b.RunBatch(gs, lim)
	}
	out := make([]*ir.Result, len(gs))
	for i, g := range gs {
		out[i] = e.Run(g, lim)
	}
	return out
}

// Batches reports whether RunBatch runs e over many graphs at once.
func Batches(e reuse.Engine) bool {
	_, ok := e.(Batcher)
	return ok
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

// AssetClasses counts the Unreal expressions the emitter writes for r's
// surviving graph (SEMANTICS D2) by class, without the MaterialExpression
// prefix; their sum is the asset's node count. Layout places nodes and
// adds none, so it is left out.
func AssetClasses(r *ir.Result) map[string]int {
	byClass := map[string]int{}
	for _, n := range emit.FromGraph(r.Graph, nil, emit.Options{}).Nodes {
		byClass[n.Class]++
	}
	return byClass
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

// ReadSource reads a source file as its compile reads it (opt.Root's, or
// the default, source root): the careful read of package sourcefile.
func ReadSource(path string, opt Options) ([]byte, error) {
	return sourcefile.Read(path, compiler.SourceRoot(path, compiler.Options{Root: opt.Root}), sourcefile.MaxFileBytes)
}

// SourceName is how outputs name a source file: relative to the source
// root its compile used (the default one), so that the output is the same
// in any folder.
func SourceName(file string) string {
	return compiler.RootRelative(compiler.SourceRoot(file, compiler.Options{}), file)
}
