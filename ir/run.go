package ir

import (
	"fmt"
	"sync"
	"time"
)

// RunLimits bound a whole run — every asset a command reads, across all of
// its jobs — where Limits bound one asset. Per-asset limits alone let a
// pack that loops keep a corpus run busy for hours (a minute per asset),
// and the memory limits of children running side by side add up. They
// hold where the per-asset time and memory limits hold: in the child
// processes a rule pack is evaluated in (package rules/eval keeps the
// account, in State).
//
// One RunLimits is shared by every Limits of a run (Limits.Run); a nil one
// bounds nothing beyond each asset.
type RunLimits struct {
	// Timeout bounds the wall time of the run from NewRunLimits on: a pack
	// evaluation still running when it passes is stopped, and none starts
	// after it.
	Timeout time.Duration
	// Memory bounds, in bytes, the total of the memory limits of the child
	// processes alive at once: a child waits for room rather than over-commit.
	Memory int64
	// GiveUpAfter: a pack that ran past its per-asset time limit on this
	// many assets in a row is not run on the rest of the run (0: never).
	GiveUpAfter int

	start time.Time
	mu    sync.Mutex
	state map[any]any
}

// Defaults of the whole-run limits the commands start from.
const (
	// DefaultRunTimeout is far beyond what a terminating pack needs on the
	// real corpus, and a thirtieth of the ~4.4 h a looping pack took there
	// at a minute per asset.
	DefaultRunTimeout = 30 * time.Minute
	// DefaultGiveUpAfter: a pack loops in its rules, not in one asset, so a
	// looping pack times out on every asset; three in a row is that pattern
	// and not one slow asset.
	DefaultGiveUpAfter = 3
)

// NewRunLimits starts a run's clock.
func NewRunLimits(timeout time.Duration, memory int64, giveUpAfter int) *RunLimits {
	return &RunLimits{Timeout: timeout, Memory: memory, GiveUpAfter: giveUpAfter, start: time.Now()}
}

// Validate refuses whole-run limits that cannot mean anything.
func (r *RunLimits) Validate() error {
	switch {
	case r.Timeout <= 0:
		return fmt.Errorf("the whole-run time limit is %v; it must be positive", r.Timeout)
	case r.Memory <= 0:
		return fmt.Errorf("the whole-run memory budget is %d bytes; it must be positive", r.Memory)
	case r.GiveUpAfter < 0:
		return fmt.Errorf("giving up after %d timeouts in a row: it must be 0 (never) or more", r.GiveUpAfter)
	}
	return nil
}

// Remaining is the run's time left (negative once it has passed).
func (r *RunLimits) Remaining() time.Duration {
	return r.Timeout - time.Since(r.start)
}

// State is the run's value for key, made by make the first time it is
// asked for: the account a package keeps of the run (rules/eval: its child
// processes and each pack's timeouts in a row). Keys are unexported types
// of the package that keeps the value, as with context.Context.
func (r *RunLimits) State(key any, make func() any) any {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.state == nil {
		r.state = map[any]any{}
	}
	v, ok := r.state[key]
	if !ok {
		v = make()
		r.state[key] = v
	}
	return v
}
