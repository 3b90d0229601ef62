package main

import (
	"bytes"
	"strings"
	"testing"
)

// A zero or negative limit used to mean "no limit" (validate --timeout 0
// ran a looping pack forever); it is a usage error, before any work.
func TestNonPositiveLimitsAreUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"validate", "--rules", "x.mg", "--timeout", "0", "a.dsm"},
		{"validate", "--rules", "x.mg", "--timeout", "-1s", "a.dsm"},
		{"validate", "--rules", "x.mg", "--max-memory", "0", "a.dsm"},
		{"explain", "--rules", "x.mg", "--timeout", "0", "a.dsm", "%1", "%2"},
		{"bench", "--rules", "x.mg", "--pack-timeout", "-5s", "a.dsm"},
		{"bench", "--rules", "x.mg", "--pack-max-memory", "0", "a.dsm"},
	} {
		var stdout, stderr bytes.Buffer
		if code := dispatch(args, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "must be positive") {
			t.Errorf("%v: exit %d, %q", args, code, stderr.String())
		}
	}
}
