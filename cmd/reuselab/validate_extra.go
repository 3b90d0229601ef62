package main

import (
	"fmt"
	"io"
	"strings"

	"reuselab/ir"
	"reuselab/reuse"
	"reuselab/reuse/engines"
	"reuselab/rules/eval"
)

// A pack without `# mirrors:` is compared with the reference by partition
// (reuse.Coarsens): its extra merges are listed and evaluated. A fold, an
// alias or a rewrite changes no partition, so a pack that folded every
// Multiply to 1 was "1 agree, 0 evaluated" (issue 28). What a pack folds,
// aliases or rewrites beyond the reference is extra work like an extra
// merge: listed, counted, and evaluated.

// extraWork is one build node the pack folded, aliased or rewritten where
// the reference did not, or did otherwise.
type extraWork struct {
	Kind  string // "fold", "alias", "rewrite"
	Op    string // the build node's operation
	Build int
	Into  string // what the pack made of it
}

func (w extraWork) key() string { return w.Kind + " " + w.Op }

var (
	passAlias    = ir.PassIDOf(ir.PassAlias)
	passSwizzles = ir.PassIDOf(ir.PassSwizzles)
)

// extraWorkOf lists what res (the pack's) folded, aliased or rewrote
// beyond want (the reference's); an alias Coarsens already counts as an
// extra merge is not listed again.
func extraWorkOf(want, res *ir.Result, merges []reuse.ExtraMerge) []extraWork {
	if len(want.Fates) != len(res.Fates) || res.Graph == nil || want.Graph == nil {
		return nil
	}
	merged := map[int]bool{}
	for _, m := range merges {
		merged[m.Build[len(m.Build)-1]] = true
	}
	final := func(r *ir.Result, f ir.Fate) *ir.Node {
		if f.Final < 0 || int(f.Final) >= len(r.Graph.Nodes) {
			return nil
		}
		return r.Graph.Nodes[f.Final]
	}
	var out []extraWork
	for i, pf := range res.Fates {
		wf := want.Fates[i]
		pn, wn := final(res, pf), final(want, wf)
		w := extraWork{Build: i, Op: opLabel(res.Build.Nodes[i])}
		switch {
		case pf.Kind == ir.Folded && pn != nil:
			if wf.Kind == ir.Folded && wn != nil && sameConstant(pn, wn) {
				continue
			}
			w.Kind, w.Into = "fold", ir.NodeExpr(pn)+" : "+ir.FormatType(pn.Outputs)
		case pf.Kind == ir.Rewritten && pn != nil:
			pm, _ := pn.Prop("Mask")
			if wf.Kind == ir.Rewritten && wn != nil {
				if wm, _ := wn.Prop("Mask"); wm.String() == pm.String() {
					continue
				}
			}
			w.Kind, w.Into = "rewrite", "Swizzle(…, Mask="+pm.String()+")"
		case pf.Kind == ir.Merged && (pf.Pass == passAlias || pf.Pass == passSwizzles):
			if wf.Kind == ir.Merged || merged[i] {
				continue
			}
			w.Kind, w.Into = "alias", fmt.Sprintf("read as b%d", pf.Into)
		default:
			continue
		}
		out = append(out, w)
	}
	return out
}

// sameConstant reports whether two folded nodes are the same Constant:
// value and type.
func sameConstant(a, b *ir.Node) bool {
	va, _ := a.Prop("Value")
	vb, _ := b.Prop("Value")
	return va.String() == vb.String() && ir.FormatType(a.Outputs) == ir.FormatType(b.Outputs)
}

func opLabel(n *ir.Node) string {
	if n.Op.HasClass() {
		return n.Op.String() + "[" + n.Class + "]"
	}
	return n.Op.String()
}

// derivations names, for each extra fold, alias or rewrite among ids,
// the clauses of the pack that derived it: the evaluation run again with
// provenance (rules/eval, record.go), only when one failed evaluation.
func derivations(e reuse.Engine, g *ir.Graph, lim ir.Limits, work []extraWork, ids []int) []string {
	p, ok := e.(*engines.Pack)
	if !ok {
		return nil
	}
	suspects := map[int]extraWork{}
	var watch []int
	for _, id := range ids {
		for _, w := range work {
			if w.Build == id && len(watch) < 4 {
				suspects[id] = w
				watch = append(watch, id)
			}
		}
	}
	if len(watch) == 0 {
		return nil
	}
	_, o := p.Evaluate(g, lim, eval.Options{Provenance: true, Watch: watch})
	heads := map[string][]string{"fold": {"foldtype(", "fold("}, "alias": {"alias("}, "rewrite": {"rewrite("}}
	var lines []string
	for _, id := range watch {
		w := suspects[id]
		line := fmt.Sprintf("the %s of b%d (%s), %s, beyond the reference", w.Kind, id, w.Op, w.Into)
		var by []string
		if o != nil {
			seen := map[string]bool{}
			for _, pr := range o.Proofs[id] {
				for _, h := range heads[w.Kind] {
					if !strings.HasPrefix(pr.Fact, h) || pr.Pos.File == "" {
						continue
					}
					at := fmt.Sprintf("%s:%d", pr.Pos.File, pr.Pos.Line)
					if pr.Clause != "" {
						at += ": " + pr.Clause
					}
					if !seen[at] {
						seen[at] = true
						by = append(by, at)
					}
				}
			}
		}
		if len(by) > 0 {
			line += ": derived by " + strings.Join(by, " and ")
		} else {
			line += " (the clause that derived it is not known)"
		}
		lines = append(lines, line)
	}
	return lines
}

func printExtraWork(w io.Writer, pack string, extra map[string]int) {
	if len(extra) == 0 {
		return
	}
	printCounts(w, "extra folds, aliases and rewrites of "+pack+" over the reference", extra)
}
