package syntax

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"reuselab/internal/shared"
)

// BenchmarkParseCorpus: parser throughput in MB/s over every `.dss` of the
// corpus (go test -bench Parse).
func BenchmarkParseCorpus(b *testing.B) {
	c := shared.Corpus()
	if c == "" {
		b.Skip("../shared/corpus/real is absent")
	}
	var srcs []string
	total := 0
	filepath.WalkDir(c, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".dss") {
			if data, err := os.ReadFile(p); err == nil {
				srcs = append(srcs, string(data))
				total += len(data)
			}
		}
		return nil
	})
	b.SetBytes(int64(total))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, s := range srcs {
			Parse("b.dss", s)
		}
	}
}
