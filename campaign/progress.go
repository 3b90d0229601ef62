package campaign

import (
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"
)

// Progress of a run whose workers share the launcher's process (prism's
// loopback workers): the elements done and failed, by run name. A worker
// elsewhere counts into Beam's counters instead ("reuselab-campaign"
// elements and failed), which the runner's own interface shows.
type counts struct{ done, failed atomic.Int64 }

var runs sync.Map // run name → *counts

func progressOf(run string) *counts {
	c, _ := runs.LoadOrStore(run, &counts{})
	return c.(*counts)
}

func (c *counts) add(failed bool) {
	c.done.Add(1)
	if failed {
		c.failed.Add(1)
	}
}

// watch prints the run's progress to w every period until stop is called:
// elements done of total, failures, and the rate since the start.
func watch(w io.Writer, label, run string, total int64, period time.Duration) (stop func()) {
	c := progressOf(run)
	start := time.Now()
	quit, finished := make(chan struct{}), make(chan struct{})
	line := func() {
		d, f := c.done.Load(), c.failed.Load()
		rate := float64(d) / max(time.Since(start).Seconds(), 1e-9)
		fmt.Fprintf(w, "%s: %d/%d elements, %d failed, %.1f/s, %s\n", label, d, total, f, rate, time.Since(start).Round(time.Second))
	}
	go func() {
		defer close(finished)
		t := time.NewTicker(period)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				line()
			case <-quit:
				line()
				return
			}
		}
	}()
	return func() {
		close(quit)
		<-finished
		runs.Delete(run)
	}
}
