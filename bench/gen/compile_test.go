package gen_test

import (
	"io/fs"
	"testing"

	"reuselab/bench/gen"
	"reuselab/compiler"
	"reuselab/compiler/passes"
	"reuselab/diag"
	"reuselab/ir"
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

// Generated `.dss` programs compile in the 2.0 front end without one
// error, build about the estimated raw node count, and with duplicates
// written in, the 2.0 passes' dedupe merges nodes and the result is
// smaller than the raw graph.
func TestGeneratedDSSCompile(t *testing.T) {
	for seed := uint64(1); seed <= 16; seed++ {
		cfg := gen.Config{Nodes: []int{20, 80, 300, 1200}[seed%4], Seed: seed, DupRate: float64(seed%5) / 5, Branches: int(seed % 4), Lang: "dss"}
		src, est := gen.Program(cfg)
		mod, ds := compileMemory(cfg.FileName(), src)
		if ds.HasErrors() || mod == nil {
			t.Errorf("%+v: %s\n%s", cfg, firstErrors(ds), src)
			continue
		}
		if len(mod.Products) != 1 {
			t.Errorf("%+v: %d products, want 1", cfg, len(mod.Products))
			continue
		}
		// The .dss estimate follows the lowering closely (within a few
		// per cent at every rate measured), so the bound is tighter.
		raw := mod.Products[0].Len()
		if raw < est*9/10 || raw > est*11/10 {
			t.Errorf("%+v: %d raw nodes built, generator estimated %d", cfg, raw, est)
		}
		res := passes.Run(mod.Products[0], passes.Options{Mode: "2.0"})
		merged := 0
		for _, p := range res.Passes {
			if p.Pass == "dedupe" {
				merged += p.Changed
			}
		}
		if cfg.DupRate > 0 && (merged == 0 || res.Graph.Len() >= raw) {
			t.Errorf("%+v: dup-rate %g but dedupe merged %d, %d nodes after 2.0 of %d raw", cfg, cfg.DupRate, merged, res.Graph.Len(), raw)
		}
	}
}

func compileMemory(name, src string) (*ir.Module, diag.List) {
	return compiler.CompileFile(name, compiler.Options{ReadFile: func(p string) ([]byte, error) {
		if p == name {
			return []byte(src), nil
		}
		return nil, fs.ErrNotExist
	}})
}
