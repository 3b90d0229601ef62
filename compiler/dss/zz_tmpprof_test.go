package dss_test

import (
	"os"
	"testing"

	"reuselab/compiler"
)

func BenchmarkTmpBig(b *testing.B) {
	p := os.Getenv("BIGFILE")
	src, err := os.ReadFile(p)
	if err != nil {
		b.Skip()
	}
	read := func(string) ([]byte, error) { return src, nil }
	b.SetBytes(int64(len(src)))
	for i := 0; i < b.N; i++ {
		compiler.CompileFile(p, compiler.Options{ReadFile: read})
	}
}
