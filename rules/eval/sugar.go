package eval

import (
	"fmt"
	"sort"

	"github.com/google/mangle/ast"
	"github.com/google/mangle/engine"

	"reuselab/ir"
	"reuselab/rules/facts"
	"reuselab/rules/pack"
)

// Sugar is one sugar/4 fact: node N prints as Form, with operand slots I
// and J (rules/pack/raise/raise.mg).
type Sugar struct {
	N, I, J int
	Form    string
}

// EvaluateSugar runs a pack's raise phase once over g (a compiled graph,
// its schema facts) within lim's fact budget and returns the sugar/4
// facts, in node order. A pack without a raise phase derives none. A
// built-in pack only: a user's pack is evaluated in a child process, and
// the raise phase has none.
func EvaluateSugar(g *ir.Graph, p *pack.Pack, lim ir.Limits) (out []Sugar, err error) {
	if p.Untrusted() {
		return nil, fmt.Errorf("pack %s: the raise phase runs built-in packs only", p.Name)
	}
	pr := p.RaiseProgram()
	if !pr.Defines(pack.PredSugar) {
		return nil, nil
	}
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("pack %s: Mangle panicked in the raise phase: %v", p.Name, r)
		}
	}()
	base := facts.NewStore(g)
	for _, a := range pr.Static {
		base.Add(a)
	}
	round := facts.NewTee(base)
	if _, err := engine.EvalStratifiedProgramWithStats(pr.Info, pr.Strata, pr.PredToStratum, round,
		engine.WithCreatedFactLimit(lim.Facts())); err != nil {
		return nil, fmt.Errorf("pack %s, raise phase: %v", p.Name, err)
	}
	_ = round.Out.GetFacts(ast.NewQuery(pack.PredSugar), func(a ast.Atom) error {
		n, okN := facts.IntArg(a.Args[0])
		form, okF := facts.StringArg(a.Args[1])
		i, okI := facts.IntArg(a.Args[2])
		j, okJ := facts.IntArg(a.Args[3])
		if okN && okF && okI && okJ && n >= 0 && n < len(g.Nodes) {
			out = append(out, Sugar{N: n, Form: form, I: i, J: j})
		}
		return nil
	})
	sort.Slice(out, func(a, b int) bool {
		x, y := out[a], out[b]
		if x.N != y.N {
			return x.N < y.N
		}
		if x.Form != y.Form {
			return x.Form < y.Form
		}
		return x.I < y.I || x.I == y.I && x.J < y.J
	})
	return out, nil
}
