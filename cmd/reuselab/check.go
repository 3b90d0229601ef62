package main

import (
	"fmt"
	"io"

	"reuselab/compiler/diag"
)

func init() {
	register("check", "print diagnostics only; exit 1 on any error", runCheck)
}

func runCheck(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: reuselab check FILE…")
		return 2
	}
	code := 0
	for _, path := range args {
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
