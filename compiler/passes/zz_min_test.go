package passes

import (
	"runtime"
	"testing"
	"time"

	"reuselab/ir/irgen"
)

func TestZZMinCPU(t *testing.T) {
	for _, shape := range []string{irgen.Forest, irgen.Deep} {
		g := benchGraph(shape)
		best := time.Hour
		for range 40 {
			c := cloneGraph(g)
			s := newState(c)
			runtime.GC()
			c0 := cpuTime()
			dedupe(c, s)
			best = min(best, cpuTime()-c0)
		}
		t.Logf("%s: best cpu %v = %.2f M nodes/s", shape, best, float64(len(g.Nodes))/best.Seconds()/1e6)
	}
}
