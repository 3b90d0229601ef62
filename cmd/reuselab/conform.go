package main

import (
	"fmt"
	"io"
	"strings"

	"reuselab/conform"
)

func init() {
	register("conform", "run upstream golden files (*.expected.json) and print agreement", runConform)
}

func runConform(args []string, stdout, stderr io.Writer) int {
	fs := newCmdLine("conform", stdout, stderr, []string{"reuselab conform [--corpus-root DIR] [--sources DIR]… [--graph-bytes] PATH…"},
		"Runs upstream's golden files (*.expected.json) under each PATH (a file or a folder) and prints one\n"+
			"line per fixture, then \"N passed, M failed, K skipped\". Exit 1 on a failure not known beforehand.",
		"conform ../shared/corpus/upstream/Tests/Corpus")
	root := fs.String("corpus-root", "", "directory printed as <corpus>/ in Custom source markers (default: the enclosing Tests/Corpus)")
	graphBytes := fs.Bool("graph-bytes", false, "fail a compile golden whose graphDump agrees field by field but not byte for byte")
	var sources []string
	fs.Func("sources", "folder a golden's source is looked for in, by file name, when none stands beside it (repeatable)", func(v string) error {
		sources = append(sources, v)
		return nil
	})
	paths, code, ok := fs.parse(args)
	if !ok {
		return code
	}
	if len(paths) == 0 {
		return fs.usageError("no PATH")
	}
	if !fs.checkPaths(paths) {
		return exitUsage
	}
	rs, err := conform.Run(paths, conform.Options{CorpusRoot: *root, SourceDirs: sources, GraphBytes: *graphBytes})
	if err != nil {
		fmt.Fprintln(stderr, "reuselab conform:", err)
		return exitUsage
	}
	if len(rs) == 0 {
		// as a PATH with no source for the other commands: nothing was run,
		// and "0 passed, 0 failed" with exit 0 would read as agreement
		fs.errorf("no golden file (*.expected.json) under %s: nothing to work on", strings.Join(paths, ", "))
		return exitUsage
	}
	f := conform.Print(stdout, rs)
	if f.UnknownFailures > 0 {
		return exitFindings
	}
	return exitOK
}
