package verify

import (
	"fmt"
	"strings"

	"reuselab/ir"
	"reuselab/prove"
	"reuselab/reuse"
	"reuselab/rules/eval"
)

// Claim is one equation a pack's result rests on: two outputs (or lanes)
// of the build graph are equal, or one equals a constant.
type Claim struct {
	Kind  string // merge, fold, alias, rewrite
	Build int    // the build node it is about
	Other int    // a merge's other node, else -1
	What  string // in words, for the report
	A, B  prove.Side
	Konst []float64 // a fold: A equals this constant
	Fold  bool
}

// ClaimsOf lists the claims behind res (o is the same evaluation's
// outcome): the extra merges and extra work, or with all every merge,
// fold, alias and rewrite.
func ClaimsOf(build *ir.Graph, res *ir.Result, o *eval.Outcome, extra []reuse.ExtraMerge, work []ExtraWork, all bool) []Claim {
	var out []Claim
	merge := func(x, y int) {
		if x < 0 || y < 0 || x >= len(build.Nodes) || y >= len(build.Nodes) {
			return
		}
		for k := range build.Nodes[y].Outputs {
			out = append(out, Claim{Kind: "merge", Build: y, Other: x, What: fmt.Sprintf("b%d#%d = b%d#%d (%s)", x, k, y, k, OpLabel(build.Nodes[y])),
				A: prove.Output(ir.Ref{Node: x, Out: k}), B: prove.Output(ir.Ref{Node: y, Out: k})})
		}
	}
	fold := func(id int) {
		f, ok := o.Fold[id]
		if !ok || id >= len(build.Nodes) {
			return
		}
		out = append(out, Claim{Kind: "fold", Build: id, Other: -1, What: fmt.Sprintf("b%d (%s) = %v", id, OpLabel(build.Nodes[id]), f.Vals),
			A: prove.Output(ir.Ref{Node: id}), Konst: f.Vals, Fold: true})
	}
	alias := func(id int) {
		if id >= len(build.Nodes) {
			return
		}
		to, ok := o.Alias[id]
		if !ok {
			// a Swizzle the swizzle rules read as its source: its fate says whose
			to = ir.Ref{Node: int(res.Fates[id].Into)}
		}
		out = append(out, Claim{Kind: "alias", Build: id, Other: -1, What: fmt.Sprintf("b%d (%s) = b%d#%d", id, OpLabel(build.Nodes[id]), to.Node, to.Out),
			A: prove.Output(ir.Ref{Node: id}), B: prove.Output(to)})
	}
	rewrite := func(id int) {
		s, ok := o.Rewrite[id]
		if !ok || id >= len(build.Nodes) {
			return
		}
		for k, ch := range s.Mask {
			c := strings.IndexRune("xyzw", ch)
			if c < 0 {
				c = strings.IndexRune("rgba", ch)
			}
			out = append(out, Claim{Kind: "rewrite", Build: id, Other: -1, What: fmt.Sprintf("b%d (%s) lane %d = b%d#%d.%c", id, OpLabel(build.Nodes[id]), k, s.Src.Node, s.Src.Out, ch),
				A: prove.Lane(ir.Ref{Node: id}, k), B: prove.Lane(s.Src, c)})
		}
	}
	if !all {
		for _, e := range extra {
			for _, y := range e.Build[1:] {
				merge(e.Build[0], y)
			}
		}
		for _, w := range work {
			switch w.Kind {
			case "fold":
				fold(w.Build)
			case "alias":
				alias(w.Build)
			case "rewrite":
				rewrite(w.Build)
			}
		}
		return out
	}
	for i, f := range res.Fates {
		switch {
		case f.Kind == ir.Folded:
			fold(i)
		case f.Kind == ir.Rewritten:
			rewrite(i)
		case f.Kind == ir.Merged && (f.Pass == passAlias || f.Pass == passSwizzles):
			alias(i)
		case f.Kind == ir.Merged && int(f.Into) != i:
			merge(int(f.Into), i)
		}
	}
	return out
}
