package eval

import (
	"reuselab/diag"
	"reuselab/ir"
	"reuselab/rules/facts"
)

// The passes a pack's phases are reported as, in its fates.
var (
	passPrune      = ir.PassIDOf(ir.PassPrune)
	passFold       = ir.PassIDOf(ir.PassFold)
	passSwizzles   = ir.PassIDOf(ir.PassSwizzles)
	passAlias      = ir.PassIDOf(ir.PassAlias)
	passDedupe     = ir.PassIDOf(ir.PassDedupe)
	passPruneFinal = ir.PassIDOf(ir.PassPruneFinal)
)

// Build turns an Outcome into the ir.Result the reference engine would
// give: the surviving graph re-indexed stably, every build node's fate and
// the DSH4390 notes. It applies what the pack decided the way the
// reference passes apply their own decisions (a fold rewrites its node in
// place, a composed mask keeps its index, a merged node's readers go to
// the survivor), so that the two results can be compared field by field.
//
// The outcome is checked before it is applied and the result after
// (outcome.go): an outcome that does not fit g, or whose result breaks the
// IR contract, is refused — o becomes a stopped outcome with a diagnostic
// at packName, and the result is g untouched with that stop reason.
func Build(g *ir.Graph, packName string, o *Outcome) *ir.Result {
	return apply(g, diag.Pos{File: packName, Line: 1, Col: 1}, packName, o)
}

// build is Build on an outcome that checkOutcome accepted, or that did not
// answer.
func build(g *ir.Graph, packName string, o *Outcome) *ir.Result {
	res := &ir.Result{Engine: "datalog", Mode: packName, Build: g, StopReason: o.Stop, Levels: o.Levels, Wall: o.Wall}
	n := len(g.Nodes)
	if !o.Stop.Answered() {
		// Nothing the evaluation decided is trustworthy: the graph is the
		// build graph, untouched, and the stop reason says why. The why
		// travels with the result, so that no caller can take the untouched
		// graph for the pack's answer.
		un := ir.Untouched(g, o.Stop)
		un.Engine, un.Mode, un.Levels, un.Wall = res.Engine, res.Mode, res.Levels, res.Wall
		for _, d := range o.Diags {
			un.Notes = append(un.Notes, ir.Note{Code: d.Code, Severity: d.Severity.String(), Node: -1,
				File: d.Pos.File, Span: ir.Span{Line: d.Pos.Line, Col: d.Pos.Col}, Message: d.Message})
		}
		return un
	}
	surv := o.Survivors()
	final := make([]int, n)
	out := g.Clone()
	var kept []*ir.Node
	for i := range g.Nodes {
		final[i] = -1
		if surv[i] == i && o.Keep[i] {
			final[i] = len(kept)
			kept = append(kept, out.Nodes[i])
		}
	}
	remap := func(x, p int) ir.Ref {
		r := o.FinalRef(surv, x, p)
		if !r.Valid() || final[r.Node] < 0 {
			return ir.Ref{Node: -1, Out: r.Out}
		}
		return ir.Ref{Node: final[r.Node], Out: r.Out}
	}
	// An alias of a Swizzle is what the reference's swizzles pass does (an
	// identity mask goes); any other alias is the pack's own, and is
	// counted under ir.PassAlias so that it is not read as a rewrite.
	var folded, rewritten, merged, aliasedSwizzles, aliased, prunedFirst, prunedFinal int
	res.Fates = make([]ir.Fate, n)
	for i, nd := range g.Nodes {
		f := ir.Fate{Kind: ir.Kept, Final: int32(final[i]), Into: int32(i)}
		switch {
		case !o.Live[i]:
			f = ir.Fate{Kind: ir.Pruned, Final: -1, Into: int32(i), Pass: passPrune}
			prunedFirst++
		case hasAlias(o, i):
			t := o.FinalRef(surv, i, 0)
			f = ir.Fate{Kind: ir.Merged, Final: -1, Into: int32(t.Node), Pass: passSwizzles, Round: 1}
			if nd.Op != ir.OpSwizzle {
				f.Pass = passAlias
				aliased++
			} else {
				aliasedSwizzles++
			}
			if t.Valid() && final[t.Node] >= 0 {
				f.Final = int32(final[t.Node])
			}
		case surv[i] != i:
			f = ir.Fate{Kind: ir.Merged, Final: int32(final[surv[i]]), Into: int32(surv[i]), Pass: passDedupe, Round: 1}
			merged++
		case !o.Keep[i]:
			f = ir.Fate{Kind: ir.Pruned, Final: -1, Into: int32(i), Pass: passPruneFinal}
			prunedFinal++
			if nd.Op == ir.OpParameter || nd.Op == ir.OpTextureParameter {
				note := ir.UnreadParameterNote(nd)
				note.Node = i
				res.Notes = append(res.Notes, note)
			}
		default:
			if _, ok := o.Fold[i]; ok {
				f.Kind, f.Pass, f.Round = ir.Folded, passFold, 1
			} else if _, ok := o.Rewrite[i]; ok {
				f.Kind, f.Pass, f.Round = ir.Rewritten, passSwizzles, 1
			}
		}
		if _, ok := o.Fold[i]; ok && o.Live[i] {
			folded++
		}
		if _, ok := o.Rewrite[i]; ok && o.Live[i] {
			rewritten++
		}
		res.Fates[i] = f
	}
	for k, nd := range kept {
		i := nd.ID
		if fo, ok := o.Fold[i]; ok {
			nd.Op, nd.Class, nd.Operands, nd.Pins = ir.OpConstant, "", nil, nil
			nd.Props = []ir.Prop{{Name: "Value", Value: ir.Tuple(fo.Vals...)}}
			nd.Outputs = []ir.Output{{Type: fo.Type}}
		} else {
			for j, r := range nd.Operands {
				if rw, ok := o.Rewrite[i]; ok && j == 0 {
					nd.Operands[0] = remap(rw.Src.Node, rw.Src.Out)
					nd.SetProp("Mask", ir.Str(rw.Mask))
					continue
				}
				if r.Valid() {
					nd.Operands[j] = remap(r.Node, r.Out)
				}
			}
			for j, p := range nd.Pins {
				if p.Ref.Valid() {
					nd.Pins[j].Ref = remap(p.Ref.Node, p.Ref.Out)
				}
			}
		}
		nd.ID = k
	}
	out.Nodes = kept
	one := func(i int) int {
		if i < 0 || i >= n {
			return -1
		}
		return remap(i, 0).Node
	}
	if out.Sink >= 0 {
		out.Sink = one(out.Sink)
	}
	list := func(ids []int) []int {
		r := []int{}
		for _, id := range ids {
			if k := one(id); k >= 0 {
				r = append(r, k)
			}
		}
		if len(r) == 0 && ids == nil {
			return nil
		}
		return r
	}
	out.Inputs, out.Outputs = list(out.Inputs), list(out.Outputs)
	res.Graph = out
	res.Passes = []ir.PassStat{{Pass: ir.PassPrune, Changed: prunedFirst}, {Pass: ir.PassFold, Round: 1, Changed: folded},
		{Pass: ir.PassSwizzles, Round: 1, Changed: rewritten + aliasedSwizzles}, {Pass: ir.PassDedupe, Round: 1, Changed: merged},
		{Pass: ir.PassPruneFinal, Changed: prunedFinal}, {Pass: ir.PassReindex, Changed: n - len(kept)}}
	if aliased > 0 {
		// Only a pack that aliases reports the pass: a mirroring pack's
		// passes stay the reference's, stat for stat.
		res.Passes = append(res.Passes[:3:3], append([]ir.PassStat{{Pass: ir.PassAlias, Round: 1, Changed: aliased}}, res.Passes[3:]...)...)
	}
	return res
}

func hasAlias(o *Outcome, i int) bool {
	_, ok := o.Alias[i]
	return ok
}

// Survivors maps every build node in a class to its survivor, the lowest
// build id of the class (R6); -1 for dead and aliased nodes.
func (o *Outcome) Survivors() []int {
	low := map[int32]int{}
	for i, c := range o.Class {
		if c >= 0 {
			if _, ok := low[c]; !ok {
				low[c] = i // ids ascend: the first seen is the lowest
			}
		}
	}
	s := make([]int, len(o.Class))
	for i, c := range o.Class {
		s[i] = -1
		if c >= 0 {
			s[i] = low[c]
		}
	}
	return s
}

// FinalRef is what build ref (x, p) reads in the merged graph, as a
// survivor's build id and an output; surv is o.Survivors().
func (o *Outcome) FinalRef(surv []int, x, p int) ir.Ref {
	if x < 0 || x >= len(surv) {
		return ir.NoRef
	}
	if a, ok := o.Alias[x]; ok {
		return o.FinalRef(surv, a.Node, a.Out)
	}
	if surv[x] < 0 {
		return ir.NoRef
	}
	return ir.Ref{Node: surv[x], Out: p}
}

// survivorInputs lists what survivor i reads after fold and rewrite.
func survivorInputs(g *ir.Graph, o *Outcome, surv []int, i int) []ir.Ref {
	if _, ok := o.Fold[i]; ok {
		return nil
	}
	n := g.Nodes[i]
	var out []ir.Ref
	for k, r := range n.Operands {
		if rw, ok := o.Rewrite[i]; ok && k == 0 {
			out = append(out, o.FinalRef(surv, rw.Src.Node, rw.Src.Out))
			continue
		}
		out = append(out, o.FinalRef(surv, facts.RefNode(r), r.Out))
	}
	for _, p := range n.Pins {
		out = append(out, o.FinalRef(surv, facts.RefNode(p.Ref), p.Ref.Out))
	}
	return out
}
