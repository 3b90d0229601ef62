//go:build !unix

package cputime

import "time"

// Process is 0 where getrusage is not: the CPU figures read 0.
func Process() time.Duration { return 0 }

// WithChildren is 0 where getrusage is not.
func WithChildren() time.Duration { return 0 }
