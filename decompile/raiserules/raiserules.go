// Package raiserules runs the decompiler's raise rules, a Datalog pack
// (rules/pack/raise/raise.mg), and hands their sugar/4 facts to the
// printer (decompile.Options.Raise).
package raiserules

import (
	"sync"

	"reuselab/decompile"
	"reuselab/diag"
	"reuselab/ir"
	"reuselab/rules/eval"
	"reuselab/rules/pack"
)

var (
	once   sync.Once
	loaded *pack.Pack
	diags  diag.List
)

// Options are decompile options whose raise rules are the pack's, within
// lim's fact budget per graph. The pack is parsed and checked once; a pack
// that does not load (a broken build) is an error here.
func Options(lim ir.Limits) (decompile.Options, error) {
	once.Do(func() { loaded, diags = pack.Raise() })
	if loaded == nil || diags.HasErrors() {
		return decompile.Options{}, diagError{diags}
	}
	p := loaded
	return decompile.Options{Raise: func(g *ir.Graph) ([]decompile.Sugar, error) {
		ss, err := eval.EvaluateSugar(g, p, lim)
		if err != nil {
			return nil, err
		}
		out := make([]decompile.Sugar, len(ss))
		for i, s := range ss {
			out[i] = decompile.Sugar{N: s.N, I: s.I, J: s.J, Form: s.Form}
		}
		return out, nil
	}}, nil
}

type diagError struct{ ds diag.List }

func (e diagError) Error() string { return "the raise rules do not load: " + e.ds.String() }
