package main

import (
	"flag"
	"fmt"
	"io"

	"reuselab/conform"
)

func init() {
	register("conform", "run upstream golden files (*.expected.json) and print agreement", runConform)
}

func runConform(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("conform", flag.ContinueOnError)
	fs.SetOutput(stderr)
	root := fs.String("corpus-root", "", "directory printed as <corpus>/ in Custom source markers (default: the enclosing Tests/Corpus)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "usage: reuselab conform [--corpus-root DIR] PATH…")
		return 2
	}
	rs, err := conform.Run(fs.Args(), conform.Options{CorpusRoot: *root})
	if err != nil {
		fmt.Fprintln(stderr, "conform:", err)
		return 2
	}
	f := conform.Print(stdout, rs)
	if f.UnknownFailures > 0 {
		return 1
	}
	return 0
}
