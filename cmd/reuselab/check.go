package main

import (
	"flag"
	"fmt"
	"io"

	"reuselab/diag"
)

func init() {
	register("check", "print diagnostics only; exit 1 on any error", runCheck)
}

func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	applyCatalog := catalogFlag(fs)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	restoreCatalog, err := applyCatalog()
	defer restoreCatalog()
	if err != nil {
		fmt.Fprintf(stderr, "check: %v\n", err)
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "usage: reuselab check [--catalog engine|test] FILE…")
		return 2
	}
	code := 0
	for _, path := range fs.Args() {
		_, _, ds := compileWithPasses(path, "2.0")
		// the parser caps its own flood; binding and lowering may add one
		ds.Cap(diag.MaxPerFile)
		fmt.Fprint(stdout, ds.String())
		if ds.HasErrors() {
			code = 1
		}
	}
	return code
}
