package main

import (
	"strings"

	"reuselab/rules/pack"
)

// packErrorCode is the exit code for a --rules name engines.Resolve
// refused: a usage error when there is no such pack (a name neither built
// in nor a readable .mg file), a finding when the pack was read and its
// source has errors (as check on a source with errors).
func packErrorCode(name string) int {
	if !strings.HasSuffix(name, ".mg") {
		return exitUsage
	}
	if pack.CheckUserFile(name) != nil {
		return exitUsage
	}
	return exitFindings
}
