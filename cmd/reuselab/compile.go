package main

import (
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"

	"reuselab/compiler"
	"reuselab/compiler/diag"
	"reuselab/compiler/passes"
	"reuselab/emit"
	"reuselab/ir"
)

func init() {
	register("compile", "compile sources, run the reuse passes, print the IR or the generated assets", runCompile)
}

// irFormats print the IR itself; assetFormats (formats_asset.go) print the
// Unreal assets emitted from it.
var irFormats = map[string]func(w io.Writer, m *ir.Module) error{
	"ir": func(w io.Writer, m *ir.Module) error {
		_, err := io.WriteString(w, ir.Dump(m))
		return err
	},
	"ir-json": func(w io.Writer, m *ir.Module) error {
		data, err := ir.MarshalModule(m)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(w, "%s\n", data)
		return err
	},
}

func formatNames() string {
	var names []string
	for n := range irFormats {
		names = append(names, n)
	}
	for n := range assetFormats {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, "|")
}

func runCompile(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("compile", flag.ContinueOnError)
	fs.SetOutput(stderr)
	reuse := fs.String("reuse", "2.0", "reuse mode: 2.0 (every pass), 1x (what the 1.5 generator shared; assets emitted as 1.5 did) or none (raw graph, final prune only)")
	format := fs.String("format", "ir", "output: "+formatNames()+" (ir is upstream's text dump)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintf(stderr, "usage: reuselab compile [--reuse 2.0|1x|none] [--format %s] FILE…\n", formatNames())
		return 2
	}
	if *reuse != "2.0" && *reuse != "1x" && *reuse != "none" {
		fmt.Fprintf(stderr, "compile: unknown --reuse %q (2.0, 1x or none)\n", *reuse)
		return 2
	}
	printIR, isIR := irFormats[*format]
	printAsset, isAsset := assetFormats[*format]
	if !isIR && !isAsset {
		fmt.Fprintf(stderr, "compile: unknown --format %q (%s)\n", *format, formatNames())
		return 2
	}
	code := 0
	for _, path := range fs.Args() {
		m, results, ds := compileWithPasses(path, *reuse)
		fmt.Fprint(stderr, ds.String())
		if ds.HasErrors() || m == nil {
			code = 1
			continue
		}
		var err error
		if isIR {
			err = printIR(stdout, m)
		} else {
			err = printAsset(stdout, path, m, results, emitDiagnostics(ds))
		}
		if err != nil {
			fmt.Fprintf(stderr, "compile: %s: %v\n", path, err)
			code = 1
		}
	}
	return code
}

func emitDiagnostics(ds diag.List) []emit.Diagnostic {
	var out []emit.Diagnostic
	for _, d := range ds.Sorted() {
		out = append(out, emit.Diagnostic{Pos: d.Pos.String(), Severity: d.Severity.String(), Code: d.Code, Message: d.Message})
	}
	return out
}

// compileWithPasses compiles path and, when it has no errors, runs the
// passes; the passes' DSH4390 notes become info diagnostics.
func compileWithPasses(path, mode string) (*ir.Module, []*ir.Result, diag.List) {
	m, ds := compiler.CompileFile(path, compiler.Options{})
	if m == nil || ds.HasErrors() {
		return m, nil, ds
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
	return m, results, ds
}
