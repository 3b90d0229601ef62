package main

import (
	"regexp"
	"testing"
)

// --engine picks what evaluates a pack's Datalog: the compiled evaluator
// (the default) and Mangle's engine, the oracle, give the same report
// (timings aside) on every command that runs a pack; a third name is a
// usage error.
func TestEngineFlagSameReport(t *testing.T) {
	timings := regexp.MustCompile(`reference [0-9.]+[µm]?s, datalog [0-9.]+[µm]?s`)
	for _, args := range [][]string{
		{"validate", "../../bench/corpus/examples"},
		{"validate", "--rules", "identities", "../../bench/corpus/examples"},
		{"evalcheck", "--rules", "reuse-2.0", "../../bench/corpus/examples/M_Reuse.dsm"},
	} {
		var outs [2]string
		for i, e := range []string{"mangle", "compiled"} {
			code, out, errs := runCLI(t, append([]string{args[0], "--engine", e}, args[1:]...)...)
			if code != 0 {
				t.Fatalf("%v --engine %s: exit %d\n%s%s", args, e, code, out, errs)
			}
			outs[i] = timings.ReplaceAllString(out, "")
		}
		if outs[0] != outs[1] {
			t.Errorf("%v: the two engines' reports differ:\n--- mangle\n%s\n--- compiled\n%s", args, outs[0], outs[1])
		}
	}
	if code, _, errs := runCLI(t, "validate", "--engine", "souffle", "../../bench/corpus/examples"); code != 2 {
		t.Errorf("--engine souffle: exit %d, want 2\n%s", code, errs)
	}
}
