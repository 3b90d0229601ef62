package dss_test

import (
	"os"
	"testing"

	"reuselab/compiler"
	"reuselab/compiler/dss"
	"reuselab/internal/shared"
)

// Front-end throughput in MB/s of source (go test -bench . -benchmem):
// the `.dss` front end over every `.dss` of the corpus, beside the 1.x
// front end over every 1.x source, each file read from memory.
func BenchmarkCompileDSSCorpus(b *testing.B) {
	c := shared.Corpus()
	if c == "" {
		b.Skip("../shared/corpus/real is absent")
	}
	benchFiles(b, dssFiles(c), func(p string, read func(string) ([]byte, error)) {
		dss.CompileFile(p, dss.Options{ReadFile: read, Catalog: dss.TestCatalog})
	})
}

func BenchmarkCompile1xCorpus(b *testing.B) {
	c := shared.Corpus()
	if c == "" {
		b.Skip("../shared/corpus/real is absent")
	}
	benchFiles(b, shared.SourceFiles(c), func(p string, read func(string) ([]byte, error)) {
		compiler.CompileFile(p, compiler.Options{ReadFile: read})
	})
}

func benchFiles(b *testing.B, files []string, compile func(string, func(string) ([]byte, error))) {
	srcs := map[string][]byte{}
	total := 0
	for _, f := range files {
		if data, err := os.ReadFile(f); err == nil {
			srcs[f] = data
			total += len(data)
		}
	}
	read := func(p string) ([]byte, error) {
		if d, ok := srcs[p]; ok {
			return d, nil
		}
		return os.ReadFile(p)
	}
	b.SetBytes(int64(total))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for f := range srcs {
			compile(f, read)
		}
	}
}
