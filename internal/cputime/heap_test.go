package cputime

import (
	"testing"
	"time"
)

var kept [][]byte

// Holding 64 MiB while f runs shows as a peak of at least that much; a
// function that allocates nothing shows far less.
func TestPeakHeap(t *testing.T) {
	big := PeakHeap(time.Millisecond, func() {
		for range 64 {
			kept = append(kept, make([]byte, 1<<20))
		}
		time.Sleep(20 * time.Millisecond)
	})
	kept = nil
	if big < 64<<20 {
		t.Errorf("peak %d B while holding 64 MiB", big)
	}
	if small := PeakHeap(time.Millisecond, func() { time.Sleep(5 * time.Millisecond) }); small >= 16<<20 {
		t.Errorf("peak %d B for a function that allocates nothing", small)
	}
}
