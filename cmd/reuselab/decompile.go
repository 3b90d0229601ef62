package main

import (
	"fmt"
	"io"

	"reuselab/decompile"
	"reuselab/decompile/raiserules"
	"reuselab/ir"
	"reuselab/pipeline"
	"reuselab/printable"
	"reuselab/reuse"
	"reuselab/reuse/engines"
)

func init() {
	register("decompile", "compile sources, run the reuse passes and print the merged IR raised back to .dss source", runDecompile)
}

func runDecompile(args []string, stdout, stderr io.Writer) int {
	fs := newCmdLine("decompile", stdout, stderr,
		[]string{"reuselab decompile [--reuse 2.0|1x|none] [--catalog engine|test] PATH…"},
		"Compiles each source, runs the reuse passes and prints the merged graph as .dss source (the\n"+
			"same text as compile --format dss): a value read twice or named by its statement becomes a\n"+
			"local, the rest prints inline. Diagnostics go to stderr. Exit 1 when a source has an error.",
		"decompile bench/corpus/examples/M_Reuse.dsm",
		"decompile --reuse none bench/corpus/examples/M_Reuse.dsm   # the raw graph, nothing merged")
	reuseMode := fs.String("reuse", "2.0", "reuse mode: 2.0 (every pass), 1x or none (raw graph, final prune only)")
	applyCatalog := catalogFlag(fs.FlagSet)
	paths, code, ok := fs.parse(args)
	if !ok {
		return code
	}
	catalog, err := applyCatalog()
	if err != nil {
		fmt.Fprintf(stderr, "reuselab decompile: %v\n", err)
		return exitUsage
	}
	if len(paths) == 0 {
		return fs.usageError("no PATH")
	}
	if !reuse.IsReferenceMode(*reuseMode) {
		fmt.Fprintf(stderr, "reuselab decompile: unknown --reuse %q (2.0, 1x or none)\n", *reuseMode)
		return exitUsage
	}
	files, ok := fs.sources(paths)
	if !ok {
		return exitUsage
	}
	raise, err := raiserules.Options(ir.Limits{})
	if err != nil {
		fmt.Fprintf(stderr, "reuselab decompile: %v\n", err)
		return exitUsage
	}
	code = exitOK
	for _, path := range files {
		m, _, ds := pipeline.Compile(path, pipeline.Options{Engine: &engines.Reference{Mode: *reuseMode}, Catalog: catalog})
		fmt.Fprint(stderr, ds.Report())
		if ds.HasErrors() || m == nil {
			code = 1
			continue
		}
		text, notes, err := decompile.Module(m, raise)
		if err != nil {
			fmt.Fprintf(stderr, "reuselab decompile: %s: %s\n", printable.Text(path), printable.Text(err.Error()))
			code = 1
			continue
		}
		for _, n := range notes {
			fmt.Fprintf(stderr, "%s: %s %s: %s\n", printable.Text(path), n.Severity, n.Code, printable.Text(n.Message))
		}
		if _, err := io.WriteString(stdout, printable.Block(text)); err != nil {
			fmt.Fprintf(stderr, "reuselab decompile: %v\n", err)
			return exitUsage
		}
	}
	return code
}
