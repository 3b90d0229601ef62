package main

import (
	"fmt"
	"io"
	"runtime/debug"
)

// `reuselab version` says which build produced a measurement: the module
// version ("(devel)" for a build from a checkout) and, when the go command
// stamped them, the VCS revision and whether the tree had local changes.
func init() {
	register("version", "the module version and VCS revision of this binary", runVersion)
}

func runVersion(args []string, stdout, stderr io.Writer) int {
	c := newCmdLine("version", stdout, stderr, []string{"reuselab version"},
		"Prints the module path and version of this binary, its Go version and, for a binary built\nfrom a checkout, the VCS revision (vcs.revision, vcs.time, vcs.modified).", "version")
	pos, code, ok := c.parse(args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return c.usageError("version takes no arguments")
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		fmt.Fprintln(stderr, "reuselab version: no build information in this binary")
		return exitUsage
	}
	path, version := bi.Main.Path, bi.Main.Version
	if version == "" {
		version = "(devel)"
	}
	fmt.Fprintf(stdout, "reuselab %s\nmodule %s\n", version, path)
	fmt.Fprintf(stdout, "go %s\n", bi.GoVersion)
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs", "vcs.revision", "vcs.time", "vcs.modified":
			fmt.Fprintf(stdout, "%s %s\n", s.Key, s.Value)
		}
	}
	return exitOK
}
