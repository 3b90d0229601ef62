package gen_test

import (
	"io/fs"
	"testing"

	"reuselab/bench/gen"
	"reuselab/compiler"
	"reuselab/compiler/diag"
)

// Generated programs are valid 1.x sources: the real front end compiles
// them without one error, over sizes, duplicate rates and branch counts,
// and builds about as many raw nodes as the generator estimated.
func TestGeneratedProgramsCompile(t *testing.T) {
	for seed := uint64(1); seed <= 12; seed++ {
		cfg := gen.Config{Nodes: []int{20, 80, 300, 1200}[seed%4], Seed: seed, DupRate: float64(seed%5) / 5, Branches: int(seed % 4)}
		src, est := gen.Program(cfg)
		name := cfg.FileName()
		mod, ds := compiler.CompileFile(name, compiler.Options{ReadFile: func(p string) ([]byte, error) {
			if p == name {
				return []byte(src), nil
			}
			return nil, fs.ErrNotExist
		}})
		if ds.HasErrors() || mod == nil {
			t.Errorf("%+v: %s", cfg, firstErrors(ds))
			continue
		}
		if len(mod.Products) != 1 {
			t.Errorf("%+v: %d products, want 1", cfg, len(mod.Products))
			continue
		}
		// The estimate counts what the program writes; the front end adds
		// conversions and masks the estimate does not see.
		if got := mod.Products[0].Len(); got < est*7/10 || got > est*3/2 {
			t.Errorf("%+v: %d raw nodes built, generator estimated %d", cfg, got, est)
		}
	}
}

func firstErrors(ds diag.List) string {
	s := ""
	for i, d := range ds.Sorted() {
		if d.Severity == diag.Error && i < 5 {
			s += "\n" + d.String()
		}
	}
	return s
}
