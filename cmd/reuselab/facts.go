package main

import (
	"flag"
	"fmt"
	"io"

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
	fs := flag.NewFlagSet("facts", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asset := fs.String("asset", "", "print only the asset with this name (or product index)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: reuselab facts [--asset NAME] FILE\n\nThe facts are Mangle source (`mg` and parse.Unit accept them), one block per asset;\nthe schema is documented in package rules/facts (schema.go).")
		fs.PrintDefaults()
	}
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	if len(pos) != 1 {
		fs.Usage()
		return 2
	}
	m, ds := compiler.CompileFile(pos[0], compiler.Options{})
	fmt.Fprint(stderr, ds.Report())
	if m == nil || ds.HasErrors() {
		return 1
	}
	found := false
	for _, g := range m.Products {
		if !assetMatches(g, *asset) {
			continue
		}
		found = true
		if err := facts.WriteFacts(stdout, g); err != nil {
			fmt.Fprintln(stderr, "facts:", err)
			return 1
		}
	}
	if !found {
		fmt.Fprintf(stderr, "facts: %s has no asset %q\n", pos[0], *asset)
		return 1
	}
	return 0
}

// assetMatches selects an asset by name or product index ("" selects all).
func assetMatches(g *ir.Graph, sel string) bool {
	return sel == "" || g.Name == sel || fmt.Sprint(g.Index) == sel
}
