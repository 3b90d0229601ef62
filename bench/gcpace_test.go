package bench

import (
	"math"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
	"time"
)

// collectorSettings reads the GC percentage (-1 when off) and the memory
// limit without changing them.
func collectorSettings() (pct int64, limit int64) {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}, {Name: "/gc/gomemlimit:bytes"}}
	metrics.Read(s)
	pct = int64(s[0].Value.Uint64()) // off reads as MaxUint64: -1
	lim := s[1].Value.Uint64()
	if lim > math.MaxInt64 {
		lim = math.MaxInt64
	}
	return pct, int64(lim)
}

// TestPaceCollectorFollowsTheLiveHeap: while a run paces the collector the
// percentage is off and the limit leaves at least runHeapFloor of room; a
// live heap that grows moves the limit after the next collection to about
// 1+runHeapFactor times itself, so a large asset is not collected over and
// over; the end restores both settings.
func TestPaceCollectorFollowsTheLiveHeap(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	oldPct := debug.SetGCPercent(100)
	defer debug.SetGCPercent(oldPct)
	restore := paceCollector()
	pct, lim := collectorSettings()
	if pct != -1 || lim < runHeapFloor {
		restore()
		t.Fatalf("during a run: GC percent %d, limit %d MB; want off and at least %d MB", pct, lim>>20, runHeapFloor>>20)
	}
	const held = 96 << 20
	live := make([]byte, held)
	for i := range live {
		live[i] = byte(i)
	}
	runtime.GC()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if _, lim = collectorSettings(); lim >= (1+runHeapFactor)*held {
			break
		}
		runtime.Gosched()
		time.Sleep(time.Millisecond)
	}
	runtime.KeepAlive(live)
	restore()
	if lim < (1+runHeapFactor)*held {
		t.Errorf("with %d MB live the limit is %d MB, want at least %d MB", held>>20, lim>>20, (1+runHeapFactor)*held>>20)
	}
	if pct, lim := collectorSettings(); pct != 100 || lim != math.MaxInt64 {
		t.Errorf("after the run: GC percent %d, limit %d; want 100 and none", pct, lim)
	}
}

// TestPaceCollectorLeavesTheUsersSettings: a GOGC in the environment, or a
// collector turned off, is the user's choice.
func TestPaceCollectorLeavesTheUsersSettings(t *testing.T) {
	oldPct := debug.SetGCPercent(150)
	defer debug.SetGCPercent(oldPct)
	t.Setenv("GOGC", "150")
	restore := paceCollector()
	pct, lim := collectorSettings()
	restore()
	if pct != 150 || lim != math.MaxInt64 {
		t.Errorf("with GOGC=150 set: GC percent %d, limit %d during the run; want them untouched", pct, lim)
	}
	t.Setenv("GOGC", "")
	debug.SetGCPercent(-1)
	restore = paceCollector()
	pct, lim = collectorSettings()
	restore()
	if pct != -1 || lim != math.MaxInt64 {
		t.Errorf("with the collector off: GC percent %d, limit %d during the run; want them untouched", pct, lim)
	}
}
