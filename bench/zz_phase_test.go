package bench_test

import (
	"syscall"
	"testing"
	"time"

	"reuselab/bench"
)

func cpuNow() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func TestZZPhases(t *testing.T) {
	for _, jobs := range []int{1, 2, 1, 2} {
		w0, c0 := time.Now(), cpuNow()
		lap := func(name string) {
			t.Logf("jobs %d %-10s wall %6v cpu %6v", jobs, name, time.Since(w0).Round(time.Millisecond), (cpuNow() - c0).Round(time.Millisecond))
			w0, c0 = time.Now(), cpuNow()
		}
		cfg := fullConfig(t, jobs)
		lap("resolve")
		srcs, _ := bench.Discover([]string{realCorpus})
		lap("discover")
		files := bench.Run(cfg, srcs)
		lap("run")
		s := bench.Summarize(cfg, files)
		s.Timing = bench.Timings(cfg, files, time.Second, jobs)
		lap("summarize")
		bench.Write(t.TempDir(), cfg, files, s)
		lap("write")
	}
}
