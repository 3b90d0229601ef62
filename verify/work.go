package verify

import (
	"fmt"

	"reuselab/ir"
	"reuselab/reuse"
)

// A pack without `# mirrors:` is compared with the reference by partition
// (reuse.Coarsens): its extra merges are listed and checked. A fold, an
// alias or a rewrite changes no partition, so a pack that folded every
// Multiply to 1 would otherwise agree: what a pack folds, aliases or
// rewrites beyond the reference is extra work, listed and checked like an
// extra merge.

// ExtraWork is one build node the pack folded, aliased or rewrote where
// the reference did not, or did otherwise.
type ExtraWork struct {
	Kind  string // "fold", "alias", "rewrite"
	Op    string // the build node's operation
	Build int
	Into  string // what the pack made of it
}

// Key is the work's kind and op, the unit it is counted by.
func (w ExtraWork) Key() string { return w.Kind + " " + w.Op }

var (
	passAlias    = ir.PassIDOf(ir.PassAlias)
	passSwizzles = ir.PassIDOf(ir.PassSwizzles)
)

// ExtraWorkOf lists what res (the pack's) folded, aliased or rewrote
// beyond want (the reference's); an alias Coarsens already counts as an
// extra merge is not listed again.
func ExtraWorkOf(want, res *ir.Result, merges []reuse.ExtraMerge) []ExtraWork {
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
	var out []ExtraWork
	for i, pf := range res.Fates {
		wf := want.Fates[i]
		pn, wn := final(res, pf), final(want, wf)
		w := ExtraWork{Build: i, Op: OpLabel(res.Build.Nodes[i])}
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

// OpLabel names a node's operation, with its class where it has one.
func OpLabel(n *ir.Node) string {
	if n.Op.HasClass() {
		return n.Op.String() + "[" + n.Class + "]"
	}
	return n.Op.String()
}
