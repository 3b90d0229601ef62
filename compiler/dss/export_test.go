package dss

import (
	"reuselab/diag"
	"reuselab/ir"
)

// CompileFileEverySlot is CompileFile with an if's snapshot keeping every
// slot (true) or only those its arms may change (false, CompileFile's way).
func CompileFileEverySlot(path string, opts Options, every bool) (*ir.Module, diag.List) {
	return compileWithSnapshots(path, opts, every)
}
