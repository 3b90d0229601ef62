package main

import (
	"fmt"
	"io"
	"strings"

	"reuselab/compiler"
	"reuselab/ir"
	"reuselab/rules/eval"
	"reuselab/rules/facts"
)

func init() {
	// The rule-pack evaluation child is this binary re-executed
	// (rules/eval/child.go): serve it before anything else runs.
	eval.MaybeChild()
	register("facts", "print each asset's IR as Mangle facts (the schema rule packs read)", runFacts)
}

func runFacts(args []string, stdout, stderr io.Writer) int {
	fs := newCmdLine("facts", stdout, stderr, []string{"reuselab facts [--asset NAME] [-v] [--versions] PATH…"},
		"Prints each asset's IR as Mangle facts, the schema rule packs read: Mangle source (`mg` and\n"+
			"parse.Unit accept it), one block per asset; the schema is documented in package rules/facts\n"+
			"(schema.go). A PATH is a source or a folder of them (_versions/ left out unless --versions).",
		"facts bench/corpus/examples/M_Reuse.dsm",
		"facts bench/corpus/examples/M_Reuse.dsm --asset 0")
	asset := fs.String("asset", "", "print only the asset with this name (or product index)")
	fs.verboseFlag()
	_, files, code, ok := fs.parseSources(args)
	if !ok {
		return code
	}
	found := false
	for _, path := range files {
		m, ds := compiler.CompileFile(path, compiler.Options{})
		fmt.Fprint(stderr, ds.Report())
		if m == nil || ds.HasErrors() {
			code = exitFindings
			continue
		}
		for _, g := range m.Products {
			if !assetMatches(g, *asset) {
				continue
			}
			found = true
			if err := facts.WriteFacts(stdout, g); err != nil {
				fmt.Fprintln(stderr, "reuselab facts:", err)
				return exitUsage
			}
		}
	}
	if !found && code == exitOK {
		fmt.Fprintf(stderr, "reuselab facts: %s has no asset %q\n", strings.Join(files, ", "), *asset)
		return exitUsage
	}
	return code
}

// assetMatches selects an asset by name or product index ("" selects all).
func assetMatches(g *ir.Graph, sel string) bool {
	return sel == "" || g.Name == sel || fmt.Sprint(g.Index) == sel
}
