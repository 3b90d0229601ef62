//go:build unix

package compiler

import (
	"os"
	"reuselab/internal/cputime"
	"testing"
	"time"
)

// BenchmarkCompileCorpus compiles every 1.x source of the real corpus from
// memory, so b.SetBytes turns ns/op into the whole-corpus compile
// throughput in MB/s: the front end only (load with imports, parse, the
// checks, lowering to raw IR; no passes, no output). Every read, an import
// or a candidate path that does not exist, is answered from what an untimed
// first pass read, so no file I/O is timed. Files with genuine errors are
// compiled too: reporting them is part of the work. cpu-MB/s is the same
// throughput over the process's CPU time (user+system, GC workers
// included), which other load on a shared machine disturbs less than wall
// time.
func BenchmarkCompileCorpus(b *testing.B) {
	files := corpusFiles(b)
	type readResult struct {
		data []byte
		err  error
	}
	mem := map[string]readResult{}
	var total int64
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		mem[f] = readResult{data: data}
		total += int64(len(data))
	}
	read := func(p string) ([]byte, error) {
		r, ok := mem[p]
		if !ok {
			r.data, r.err = os.ReadFile(p)
			mem[p] = r
		}
		return r.data, r.err
	}
	for _, f := range files { // the untimed pass
		CompileFile(f, Options{ReadFile: read})
	}
	b.SetBytes(total)
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cputime.Process()
	for i := 0; i < b.N; i++ {
		for _, f := range files {
			CompileFile(f, Options{ReadFile: read})
		}
	}
	reportCPU(b, cputime.Process()-cpu0, total)
	b.ReportMetric(float64(len(files)), "files/op")
}

// reportCPU adds cpu-ns/op and cpu-MB/s for a loop of b.N iterations that
// each handled bytes of source and together used cpu.
func reportCPU(b *testing.B, cpu time.Duration, bytes int64) {
	if cpu <= 0 || b.N == 0 {
		return
	}
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(bytes)*float64(b.N)/1e6/cpu.Seconds(), "cpu-MB/s")
}
