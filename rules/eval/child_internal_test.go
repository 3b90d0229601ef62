package eval

import (
	"os/exec"
	"strings"
	"testing"

	"reuselab/ir"
)

// exitErr is a real *exec.ExitError (status 2), as a crashed child gives.
func exitErr(t *testing.T) error {
	err := exec.Command("sh", "-c", "exit 2").Run()
	if err == nil {
		t.Skip("no sh")
	}
	return err
}

// The cause of a dead child is one line.
func TestChildCauseIsOneLine(t *testing.T) {
	dump := "fatal error: out of memory\n\ngoroutine 1 [running]:\nruntime.throw(...)\n"
	for _, c := range []struct {
		stderr string
		reason ir.StopReason
		want   string
	}{
		{dump, ir.StopMemory, "was refused an allocation past its memory limit of 2048 MiB"},
		{"panic: boom\x1b[2J\n\ngoroutine 7:\n", ir.StopError, `crashed: panic: boom\x1b[2J`},
		{"memory-limit 3 2\n", ir.StopMemory, "passed the memory limit of 2048 MiB"},
	} {
		reason, _, cause := childCause(exitErr(t), c.stderr, ir.DefaultMaxMemory)
		if reason != c.reason || !strings.Contains(cause, c.want) || strings.Contains(cause, "\n") || strings.Contains(cause, "goroutine") {
			t.Errorf("%q: %s %q", c.stderr, reason, cause)
		}
	}
}
