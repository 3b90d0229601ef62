package interp_test

import (
	"os"
	"testing"

	"reuselab/compiler"
	"reuselab/ir"
)

func TestZZDump(t *testing.T) {
	f := os.Getenv("DUMP")
	if f == "" {
		t.Skip()
	}
	m, ds := compiler.CompileFile(f, compiler.Options{})
	t.Log(ds.String())
	if m != nil {
		t.Log("\n" + ir.Dump(m))
	}
}
