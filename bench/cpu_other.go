//go:build !unix

package bench

import "time"

// cpuTime is unavailable here; scaling reports wall time only.
func cpuTime() time.Duration { return 0 }
