package main

import (
	"fmt"
	"io"

	"reuselab/diag"
	"reuselab/pipeline"
	"reuselab/reuse/engines"
)

func init() {
	register("check", "print diagnostics only; exit 1 on any error", runCheck)
}

func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := newCmdLine("check", stdout, stderr, []string{"reuselab check [--catalog engine|test] [-v] [--versions] PATH…"},
		"Compiles each source (a folder: every .dsm/.dsf/.dsh/.dss under it, _versions/ left out unless --versions), runs the\n"+
			"reuse passes and prints the diagnostics only (FILE:LINE:COL: severity DSHnnnn: message) on stdout.\n"+
			"Exit 1 on any error.",
		"check bench/corpus/examples/M_Reuse.dsm",
		"check bench/corpus/examples -v          # every source under the folder")
	applyCatalog := catalogFlag(fs.FlagSet)
	fs.verboseFlag()
	paths, code, ok := fs.parse(args)
	if !ok {
		return code
	}
	catalog, err := applyCatalog()
	if err != nil {
		fmt.Fprintf(stderr, "reuselab check: %v\n", err)
		return exitUsage
	}
	if len(paths) == 0 {
		return fs.usageError("no PATH")
	}
	files, ok := fs.sources(paths)
	if !ok {
		return exitUsage
	}
	for _, path := range files {
		_, _, ds := pipeline.Compile(path, pipeline.Options{Engine: &engines.Reference{Mode: "2.0"}, Catalog: catalog})
		// the parser caps its own flood; binding and lowering may add one
		ds.Cap(diag.MaxPerFile)
		fmt.Fprint(stdout, ds.String())
		if ds.HasErrors() {
			code = exitFindings
		}
	}
	return code
}
