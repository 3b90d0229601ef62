package main

import (
	"flag"
	"fmt"
	"io"

	"reuselab/compiler"
	"reuselab/compiler/diag"
	"reuselab/compiler/passes"
	"reuselab/ir"
)

func init() {
	register("compile", "compile sources, run the reuse passes, print the IR", runCompile)
}

func runCompile(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("compile", flag.ContinueOnError)
	fs.SetOutput(stderr)
	reuse := fs.String("reuse", "2.0", "reuse mode: 2.0 (every pass) or none (raw graph, final prune only)")
	format := fs.String("format", "ir", "output: ir (upstream's text dump) or ir-json")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "usage: reuselab compile [--reuse 2.0|none] [--format ir|ir-json] FILE…")
		return 2
	}
	if *reuse != "2.0" && *reuse != "none" {
		fmt.Fprintf(stderr, "compile: unknown --reuse %q (2.0 or none)\n", *reuse)
		return 2
	}
	if *format != "ir" && *format != "ir-json" {
		fmt.Fprintf(stderr, "compile: unknown --format %q (ir or ir-json)\n", *format)
		return 2
	}
	code := 0
	for _, path := range fs.Args() {
		m, ds := compileWithPasses(path, *reuse)
		fmt.Fprint(stderr, ds.String())
		if ds.HasErrors() || m == nil {
			code = 1
			continue
		}
		switch *format {
		case "ir":
			fmt.Fprint(stdout, ir.Dump(m))
		case "ir-json":
			data, err := ir.MarshalModule(m)
			if err != nil {
				fmt.Fprintln(stderr, "compile:", err)
				code = 1
				continue
			}
			stdout.Write(data)
			fmt.Fprintln(stdout)
		}
	}
	return code
}

// compileWithPasses compiles path and, when it has no errors, runs the
// passes; the passes' DSH4390 notes become info diagnostics.
func compileWithPasses(path, mode string) (*ir.Module, diag.List) {
	m, ds := compiler.CompileFile(path, compiler.Options{})
	if m == nil || ds.HasErrors() {
		return m, ds
	}
	m, results := passes.RunModule(m, passes.Options{Mode: mode})
	for _, r := range results {
		for _, n := range r.Notes {
			sev := diag.Info
			switch n.Severity {
			case "error":
				sev = diag.Error
			case "warning":
				sev = diag.Warning
			}
			ds.Add(diag.Pos{File: path, Line: n.Span.Line, Col: n.Span.Col}, sev, n.Code, "%s", n.Message)
		}
	}
	return m, ds
}
