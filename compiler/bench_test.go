package compiler

import (
	"os"
	"testing"
)

// BenchmarkCompileCorpus compiles every 1.x source of the real corpus from
// memory (imports included), so b.SetBytes turns ns/op into the
// whole-corpus compile throughput in MB/s. Files with genuine errors are
// compiled too: reporting them is part of the work.
func BenchmarkCompileCorpus(b *testing.B) {
	files := corpusFiles(b)
	mem := map[string][]byte{}
	var total int64
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		mem[f] = data
		total += int64(len(data))
	}
	read := func(p string) ([]byte, error) {
		if d, ok := mem[p]; ok {
			return d, nil
		}
		return os.ReadFile(p)
	}
	b.SetBytes(total)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, f := range files {
			CompileFile(f, Options{ReadFile: read})
		}
	}
	b.ReportMetric(float64(len(files)), "files/op")
}
