//go:build linux

package main

import (
	"bytes"
	"os/exec"
	"testing"
	"time"

	"reuselab/internal/cputime"
	"reuselab/internal/shared"
	"reuselab/internal/tooltest"
)

// BenchmarkValidateProveCost is what --prove adds to validate on the real
// corpus (issue 29: within 3×). Each iteration runs both, one after the
// other, so that the two are measured interleaved; the CPU figures count
// this process and the children it waited for (the pack's evaluator, z3),
// as the machine is noisy and wall time is not the cost. Quote the ratios
// of one run:
//
//	go test ./cmd/reuselab -run '^$' -bench ValidateProveCost -benchtime 6x
func BenchmarkValidateProveCost(b *testing.B) {
	corpus := shared.Corpus()
	if corpus == "" {
		b.Skip("../shared is absent: the real corpus is not here")
	}
	if _, err := exec.LookPath("z3"); err != nil {
		tooltest.Skip(b, "z3", "z3 is not installed (apt-get install z3)")
	}
	plain := []string{"validate", "-q", "--rules", "identities", corpus}
	proved := []string{"validate", "-q", "--rules", "identities", "--prove", corpus}
	run := func(args []string) (wall, cpu time.Duration) {
		var out, errs bytes.Buffer
		t0, c0 := time.Now(), cputime.WithChildren()
		if code := dispatch(args, &out, &errs); code != 0 {
			b.Fatalf("%v: exit %d\n%s%s", args, code, out.String(), errs.String())
		}
		return time.Since(t0), cputime.WithChildren() - c0
	}
	var wallPlain, wallProved, cpuPlain, cpuProved time.Duration
	for b.Loop() {
		w, c := run(plain)
		wallPlain, cpuPlain = wallPlain+w, cpuPlain+c
		w, c = run(proved)
		wallProved, cpuProved = wallProved+w, cpuProved+c
	}
	n := float64(b.N)
	b.ReportMetric(cpuPlain.Seconds()/n, "validate-cpu-s/op")
	b.ReportMetric(cpuProved.Seconds()/n, "prove-cpu-s/op")
	b.ReportMetric(cpuProved.Seconds()/cpuPlain.Seconds(), "cpu-ratio")
	b.ReportMetric(wallProved.Seconds()/wallPlain.Seconds(), "wall-ratio")
}
