// Package explain is the last stage of the Datalog engine: it says why two
// build nodes are one node under a pack — the rule, the facts, and why
// their operands are equal — or the first part of the R5 key in which they
// differ, from an outcome that package rules/eval recorded.
package explain

import (
	"fmt"
	"strings"

	"github.com/google/mangle/ast"

	"reuselab/ir"
	"reuselab/rules/eval"
	"reuselab/rules/facts"
	"reuselab/rules/pack"
)

// Explain says why build nodes a and b of g are one node under a pack —
// the rule, the facts, and recursively why their operands are equal — or,
// when they are not, the first part of the R5 key in which they differ
// (following the first differing operand down). o must come from an
// evaluation with eval.Options.Record set.
func Explain(g *ir.Graph, p *pack.Pack, o *eval.Outcome, a, b int) string {
	x := &explainer{g: g, p: p, o: o, surv: o.Survivors(), seen: map[[2]int]bool{}}
	for _, id := range []int{a, b} {
		if id < 0 || id >= len(g.Nodes) {
			return fmt.Sprintf("no build node b%d (the asset has b0..b%d)\n", id, len(g.Nodes)-1)
		}
	}
	fa, fb := o.FinalRef(x.surv, a, 0), o.FinalRef(x.surv, b, 0)
	x.line(0, "b%d = %s", a, ir.NodeExprNamed(g.Nodes[a], ir.BuildName))
	x.line(0, "b%d = %s", b, ir.NodeExprNamed(g.Nodes[b], ir.BuildName))
	switch {
	case !o.Live[a] || !o.Live[b]:
		for _, id := range []int{a, b} {
			if !o.Live[id] {
				x.line(0, "b%d is pruned before any merge: no statement or FunctionInput reaches it (R2, live/1)", id)
			}
		}
	case fa.Valid() && fa == fb:
		x.line(0, "one node under %s: both become b%d", p.Name, fa.Node)
		x.same(1, a, b)
	default:
		x.line(0, "not one node under %s: %s, %s", p.Name, x.fate(a, fa), x.fate(b, fb))
		x.differ(1, a, b)
	}
	return x.b.String()
}

type explainer struct {
	g    *ir.Graph
	p    *pack.Pack
	o    *eval.Outcome
	surv []int
	seen map[[2]int]bool
	b    strings.Builder
}

func (x *explainer) line(depth int, format string, args ...any) {
	x.b.WriteString(strings.Repeat("  ", depth))
	fmt.Fprintf(&x.b, format, args...)
	x.b.WriteByte('\n')
}

// fate says what became of build node id, whose class lead is r.
func (x *explainer) fate(id int, r ir.Ref) string {
	switch {
	case !r.Valid():
		return fmt.Sprintf("b%d is pruned", id)
	case r.Node == id && r.Out == 0:
		return fmt.Sprintf("b%d stays itself", id)
	}
	return fmt.Sprintf("b%d is one node with %s", id, x.ref(r))
}

func (x *explainer) ref(r ir.Ref) string {
	if !r.Valid() {
		return "nothing (pruned)"
	}
	return ir.FormatRefNamed(r, ir.BuildName)
}

// inputs are a node's slots as the pack saw them: the rewritten source of a
// composed swizzle, the build refs otherwise.
func (x *explainer) inputs(i int) []ir.Pin {
	s := facts.Slots(x.g.Nodes[i])
	if rw, ok := x.o.Rewrite[i]; ok && len(s) > 0 {
		s[0].Ref = rw.Src
	}
	return s
}

// same explains why a and b end as one node.
func (x *explainer) same(depth, a, b int) {
	if a == b {
		x.line(depth, "b%d is b%d itself", a, b)
		return
	}
	k := [2]int{min(a, b), max(a, b)}
	if x.seen[k] || depth > 8 {
		x.line(depth, "b%d and b%d: as above", a, b)
		return
	}
	x.seen[k] = true
	for _, pair := range [][2]int{{a, b}, {b, a}} {
		if t, ok := x.o.Alias[pair[0]]; ok {
			x.line(depth, "b%d goes and its readers read %s (alias/3%s)", pair[0], ir.FormatRefNamed(t, ir.BuildName), x.rule(pack.PredAlias, pair[0]))
			if t.Node != pair[1] {
				x.same(depth+1, t.Node, pair[1])
			}
			return
		}
	}
	for _, id := range []int{a, b} {
		if f, ok := x.o.Fold[id]; ok {
			x.line(depth, "b%d folds to Constant(Value=%s) : %s (fold/3%s)", id, ir.Tuple(f.Vals...).String(), f.Type, x.rule(pack.PredFold, id))
		}
	}
	shared := ""
	for _, s := range x.sigs(a) {
		for _, t := range x.sigs(b) {
			if s == t && shared == "" {
				shared = s
			}
		}
	}
	if shared != "" {
		x.line(depth, "b%d and b%d share the signature %q (sig/2%s)", a, b, shared, x.ruleFor(pack.PredSig, a, shared))
	} else {
		lead := x.surv[a]
		x.line(depth, "b%d and b%d share no signature directly; both join the class of b%d through signatures %q and %q", a, b, lead, x.sigs(a), x.sigs(b))
	}
	_, fa := x.o.Fold[a]
	_, fb := x.o.Fold[b]
	if fa || fb {
		return // a constant's signature is its value: no operands
	}
	ia, ib := x.inputs(a), x.inputs(b)
	final := func(r ir.Ref) ir.Ref { return x.o.FinalRef(x.surv, facts.RefNode(r), r.Out) }
	used := map[int]bool{}
	for k := 0; k < min(len(ia), len(ib)); k++ {
		ra, rb := ia[k].Ref, ib[k].Ref
		note := ""
		if final(ra) != final(rb) {
			// A pack that compares operands as a set (commutative) pairs
			// them by value, not by position.
			for j := range ib {
				if !used[j] && final(ib[j].Ref) == final(ra) {
					rb, note = ib[j].Ref, fmt.Sprintf(" (paired with operand %d of b%d: operands compared as a set)", j, b)
					used[j] = true
					break
				}
			}
		}
		if ra == rb || !ra.Valid() || !rb.Valid() {
			continue
		}
		name := ia[k].Name
		if name == "" {
			name = fmt.Sprintf("operand %d", k)
		}
		if final(ra) != final(rb) {
			// The signature is not the positional one (double's "x + x is
			// x * 2"): the operands need not be equal, and are not.
			x.line(depth, "%s: %s and %s are different nodes: the shared signature does not compare the operands position by position", name, ir.FormatRefNamed(ra, ir.BuildName), ir.FormatRefNamed(rb, ir.BuildName))
			return
		}
		x.line(depth, "%s: %s and %s are one node%s because", name, ir.FormatRefNamed(ra, ir.BuildName), ir.FormatRefNamed(rb, ir.BuildName), note)
		x.same(depth+1, ra.Node, rb.Node)
	}
}

// ruleFor is rule, preferring the clause that writes the signature's own
// leading literal (a pack's "commutes|…" signature, say).
func (x *explainer) ruleFor(sym ast.PredicateSym, i int, sig string) string {
	if lead, _, ok := strings.Cut(sig, "|"); ok && lead != "" {
		for _, s := range x.p.Statements() {
			head := s.Clause != nil && s.Clause.Head.Predicate == sym ||
				s.Clause == nil && strings.HasPrefix(s.Text, sym.Symbol+"(") // a user's pack, unparsed here
			if head && strings.Contains(s.Text, `"`+lead+`|"`) {
				return fmt.Sprintf(", %s:%d: %s", s.Pos.File, s.Pos.Line, shorten(s.Text, 90))
			}
		}
	}
	return x.rule(sym, i)
}

// differ finds the first part of the key in which a and b differ.
func (x *explainer) differ(depth, a, b int) {
	if depth > 8 {
		return
	}
	na, nb := x.g.Nodes[a], x.g.Nodes[b]
	_, fa := x.o.Fold[a]
	_, fb := x.o.Fold[b]
	switch {
	case na.Role != ir.RoleValue || nb.Role != ir.RoleValue:
		x.line(depth, "a statement or FunctionInput is never merged (R7)")
	case fa != fb:
		for _, id := range []int{a, b} {
			if f, ok := x.o.Fold[id]; ok {
				x.line(depth, "b%d folds to Constant(Value=%s) and the other does not", id, ir.Tuple(f.Vals...).String())
			}
		}
	case fa && fb:
		x.line(depth, "both fold, to different values: %s and %s (compared at 9 significant digits)",
			ir.Tuple(x.o.Fold[a].Vals...), ir.Tuple(x.o.Fold[b].Vals...))
	case na.Op != nb.Op:
		x.line(depth, "operation: %s vs %s", na.Op, nb.Op)
	case na.Class != nb.Class:
		x.line(depth, "class: %s vs %s", na.Class, nb.Class)
	case ir.FormatType(na.Outputs) != ir.FormatType(nb.Outputs):
		x.line(depth, "outputs: %s vs %s", ir.FormatType(na.Outputs), ir.FormatType(nb.Outputs))
	case facts.StaticKey(na) != facts.StaticKey(nb) && x.o.Rewrite[a].Mask == "" && x.o.Rewrite[b].Mask == "":
		pa, pb := na.SortedProps(), nb.SortedProps()
		for k := 0; k < max(len(pa), len(pb)); k++ {
			sa, sb := "(none)", "(none)"
			if k < len(pa) {
				sa = pa[k].Name + "=" + pa[k].Value.String()
			}
			if k < len(pb) {
				sb = pb[k].Name + "=" + pb[k].Value.String()
			}
			if sa != sb {
				x.line(depth, "property: %s vs %s", sa, sb)
				return
			}
		}
	default:
		ia, ib := x.inputs(a), x.inputs(b)
		if len(ia) != len(ib) {
			x.line(depth, "inputs: %d vs %d", len(ia), len(ib))
			return
		}
		if ma, mb := x.o.Rewrite[a].Mask, x.o.Rewrite[b].Mask; ma != mb {
			x.line(depth, "swizzle mask after composition: %q vs %q", ma, mb)
			return
		}
		for k := range ia {
			if ia[k].Name != ib[k].Name {
				x.line(depth, "input %d: pin %s vs %s", k, ia[k].Name, ib[k].Name)
				return
			}
			ra := x.o.FinalRef(x.surv, facts.RefNode(ia[k].Ref), ia[k].Ref.Out)
			rb := x.o.FinalRef(x.surv, facts.RefNode(ib[k].Ref), ib[k].Ref.Out)
			if ra != rb {
				name := ia[k].Name
				if name == "" {
					name = fmt.Sprintf("operand %d", k)
				}
				x.line(depth, "%s: %s reads %s, %s reads %s (R5 compares operands in order, pins by name)",
					name, fmt.Sprintf("b%d", a), ir.FormatRefNamed(ia[k].Ref, ir.BuildName), fmt.Sprintf("b%d", b), ir.FormatRefNamed(ib[k].Ref, ir.BuildName))
				if ra.Node != rb.Node && ia[k].Ref.Valid() && ib[k].Ref.Valid() {
					x.line(depth+1, "b%d = %s", ia[k].Ref.Node, ir.NodeExprNamed(x.g.Nodes[ia[k].Ref.Node], ir.BuildName))
					x.line(depth+1, "b%d = %s", ib[k].Ref.Node, ir.NodeExprNamed(x.g.Nodes[ib[k].Ref.Node], ir.BuildName))
					x.differ(depth+1, ia[k].Ref.Node, ib[k].Ref.Node)
				} else if ra.Out != rb.Out {
					x.line(depth+1, "the same node read through different outputs: #%d vs #%d", ra.Out, rb.Out)
				}
				return
			}
		}
		x.line(depth, "the keys agree but the pack gave no common signature: %q vs %q", x.sigs(a), x.sigs(b))
	}
}

func (x *explainer) sigs(i int) []string {
	if x.o.Sigs == nil || i >= len(x.o.Sigs) {
		return nil
	}
	return x.o.Sigs[i]
}

// rule names the clause of the pack that most plausibly derived sym for
// node i: Mangle keeps no provenance, so this matches the clause's first
// premise against the node (its op and slot count for cur/3; fold,
// rewrite and swizzle heads by what happened to the node).
func (x *explainer) rule(sym ast.PredicateSym, i int) string {
	n := x.g.Nodes[i]
	_, folded := x.o.Fold[i]
	_, rewritten := x.o.Rewrite[i]
	slots := len(facts.Slots(n))
	for _, s := range x.p.Statements() {
		c := s.Clause
		if c == nil || c.Head.Predicate != sym || len(c.Premises) == 0 {
			continue
		}
		first, ok := c.Premises[0].(ast.Atom)
		if !ok {
			continue
		}
		switch first.Predicate.Symbol {
		case "foldtype", "fstr", "fo1", "fo2", "fo3":
			if !folded {
				continue
			}
			if first.Predicate.Symbol != "foldtype" && len(first.Args) > 1 {
				if op, ok := first.Args[1].(ast.Constant); ok && op.Type == ast.StringType && op.Symbol != n.Op.String() {
					continue
				}
			}
		case "rewrite":
			if !rewritten {
				continue
			}
		case "swz0", "ident1", "ident2":
			if n.Op != ir.OpSwizzle || rewritten && first.Predicate.Symbol == "swz0" {
				continue
			}
		case "cur":
			if folded || len(first.Args) < 3 {
				continue
			}
			if op, ok := first.Args[1].(ast.Constant); ok && op.Type == ast.StringType && op.Symbol != n.Op.String() {
				continue
			}
			if k, ok := first.Args[2].(ast.Constant); ok && k.Type == ast.NumberType && int(k.NumValue) != slots {
				continue
			}
			if _, ok := first.Args[2].(ast.Variable); ok && slots <= 5 && strings.Contains(c.String(), "> 5") {
				continue
			}
		default:
			continue
		}
		return fmt.Sprintf(", %s:%d: %s", s.Pos.File, s.Pos.Line, shorten(s.Text, 90))
	}
	return ""
}

func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
