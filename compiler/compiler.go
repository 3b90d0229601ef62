// Package compiler picks the front end for a source by its extension: a
// `.dss` goes to the 2.0 front end (compiler/dss), everything else to the
// 1.x one (compiler/legacy). Every tool compiles through CompileFile, so
// that the choice is made in one place.
package compiler

import (
	"path/filepath"
	"strings"

	"reuselab/compiler/dss"
	"reuselab/compiler/front"
	"reuselab/compiler/legacy"
	"reuselab/diag"
	"reuselab/ir"
)

// Options configure a compile, whichever front end runs it: front's one
// type, which package legacy takes as it is.
type Options = front.Options

// CompileFile loads path with its imports and compiles it with the front
// end its extension names.
func CompileFile(path string, opts Options) (*ir.Module, diag.List) {
	if strings.EqualFold(filepath.Ext(path), ".dss") {
		return dss.CompileFile(path, dss.Options{Root: opts.Root, ReadFile: opts.ReadFile, MarkerPath: opts.MarkerPath, Catalog: opts.Catalog})
	}
	return legacy.CompileFile(path, opts)
}

// SourceRoot is the source root a compile of main uses: opts.Root, else
// the nearest DShader folder above main, else main's own folder. The tools
// name source files relative to it, as the front ends' markers do.
func SourceRoot(main string, opts Options) string {
	return front.SourceRoot(main, opts.Root)
}

// RootRelative writes path relative to root with forward slashes, the way
// every output names a source file; a path outside the root keeps only its
// base name, so that an output never holds a machine's folders.
func RootRelative(root, path string) string { return front.RootRelative(root, path) }
