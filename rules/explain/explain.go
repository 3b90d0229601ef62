// Package explain is the last stage of the Datalog engine: it says why two
// build nodes are one node under a pack — the clause that derived each
// merge, fold, alias and rewrite, the facts it matched, and why their
// operands are equal — or the first part of the R5 key in which they
// differ and the first premise that kept them apart, from an outcome that
// package rules/eval recorded with provenance (eval.Options.Provenance).
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

// Options is what an evaluation for explaining nodes a and b must ask for.
func Options(lim ir.Limits, a, b int) eval.Options {
	return eval.Options{Limits: lim, Record: true, Provenance: true, Watch: []int{a, b}}
}

// Explain is New(…).String().
func Explain(g *ir.Graph, p *pack.Pack, o *eval.Outcome, a, b int) string {
	return New(g, p, o, a, b).String()
}

// New says why build nodes a and b of g are one node under a pack — the
// derivations, and recursively why their operands are equal — or, when
// they are not, the first part of the R5 key in which they differ
// (following the first differing operand down) and the first premise that
// failed. o must come from an evaluation with Options(…, a, b); without
// provenance the report names no clause.
func New(g *ir.Graph, p *pack.Pack, o *eval.Outcome, a, b int) *Report {
	r := &Report{Pack: p.Name, A: Node{ID: a}, B: Node{ID: b}}
	x := &explainer{g: g, p: p, o: o, seen: map[[2]int]bool{}}
	for _, id := range []int{a, b} {
		if id < 0 || id >= len(g.Nodes) {
			x.line(0, "no build node b%d (the asset has b0..b%d)", id, len(g.Nodes)-1)
			r.Because = nest(x.lines)
			return r
		}
	}
	x.surv = o.Survivors()
	r.A.Expr = fmt.Sprintf("b%d = %s", a, ir.NodeExprNamed(g.Nodes[a], ir.BuildName))
	r.B.Expr = fmt.Sprintf("b%d = %s", b, ir.NodeExprNamed(g.Nodes[b], ir.BuildName))
	fa, fb := o.FinalRef(x.surv, a, 0), o.FinalRef(x.surv, b, 0)
	x.line(0, "%s", r.A.Expr)
	x.line(0, "%s", r.B.Expr)
	switch {
	case !o.Live[a] || !o.Live[b]:
		for _, id := range []int{a, b} {
			if !o.Live[id] {
				x.line(0, "b%d is pruned before any merge: no statement or FunctionInput reaches it (R2, live/1)", id)
			}
		}
	case fa.Valid() && fa == fb:
		r.Same = true
		into := fa.Node
		r.Into = &into
		x.line(0, "one node under %s: both become b%d", p.Name, fa.Node)
		x.same(1, a, b)
	default:
		x.line(0, "not one node under %s: %s, %s", p.Name, x.fate(a, fa), x.fate(b, fb))
		x.contrasts(a, b)
		x.differ(1, a, b)
	}
	if o.Proofs == nil {
		x.line(0, "(no derivations: the evaluation kept no provenance)")
	} else if o.ProofsCut {
		x.line(0, "(derivations cut: the evaluation's record budget ran out before every level was proved)")
		x.cut = true
	}
	if x.cut && !o.ProofsCut {
		x.line(0, "(some derivations are cut where marked: a proof is followed at most 12 clause steps deep and 400 steps long)")
	}
	r.Because = nest(x.lines)
	r.Cut = x.cut
	return r
}

type explainer struct {
	g     *ir.Graph
	p     *pack.Pack
	o     *eval.Outcome
	surv  []int
	seen  map[[2]int]bool
	lines []*Line
	cut   bool
}

// Bounds of an explanation's text: a line (a node whose Custom code is a
// megabyte, a long signature) is shortened with its size said, and the
// lines stop at maxLines, so that what explain builds is bounded whatever
// the graph and the pack.
const (
	maxLineBytes = 8 << 10
	maxLines     = 5000
)

func (x *explainer) line(depth int, format string, args ...any) *Line {
	l := &Line{Text: eval.Shorten(fmt.Sprintf(format, args...), maxLineBytes), depth: depth}
	switch {
	case len(x.lines) < maxLines:
		x.lines = append(x.lines, l)
	case len(x.lines) == maxLines:
		x.lines = append(x.lines, &Line{Text: fmt.Sprintf("(the explanation stops here: it is bounded to %d lines)", maxLines)})
		x.cut = true
	}
	return l // past the bound, a line nothing prints
}

// derive attaches the derivation of fact (as Mangle prints it) to l.
func (x *explainer) derive(l *Line, id int, fact ast.Atom) {
	want := eval.FactText(fact) // as the proof wrote it: long terms shortened
	for _, p := range x.o.Proofs[id] {
		if p.Fact == want {
			l.Derivation = step(p)
			x.cut = x.cut || l.Derivation.cut()
			return
		}
	}
}

// deriveFirst attaches the derivation of the first head fact of id whose
// predicate is sym.
func (x *explainer) deriveFirst(l *Line, id int, sym ast.PredicateSym) {
	for _, p := range x.o.Proofs[id] {
		if strings.HasPrefix(p.Fact, sym.Symbol+"(") {
			l.Derivation = step(p)
			x.cut = x.cut || l.Derivation.cut()
			return
		}
	}
}

// contrasts attaches what kept a and b apart: each clause that gave one a
// signature, tried for the other (eval.Contrast).
func (x *explainer) contrasts(a, b int) {
	l := x.lines[len(x.lines)-1]
	for _, c := range x.o.Contrasts {
		if !(c.From == a && c.To == b || c.From == b && c.To == a) {
			continue
		}
		k := &Contrast{From: c.From, To: c.To, Sig: c.Sig, File: c.Pos.File, Line: c.Pos.Line, Clause: c.Clause, Failed: step(c.Failed), Held: []*Step{}}
		for _, h := range c.Held {
			k.Held = append(k.Held, step(h))
		}
		l.Contrasts = append(l.Contrasts, k)
	}
}

func num(i int) ast.BaseTerm { return ast.Number(int64(i)) }

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
			l := x.line(depth, "b%d goes and its readers read %s (alias/3)", pair[0], ir.FormatRefNamed(t, ir.BuildName))
			x.deriveFirst(l, pair[0], pack.PredAlias)
			l.Claim = &Claim{Kind: "alias", Node: pair[0]}
			if t.Node != pair[1] {
				x.same(depth+1, t.Node, pair[1])
			}
			return
		}
	}
	for _, id := range []int{a, b} {
		x.fold(depth, id, "")
	}
	for _, id := range []int{a, b} {
		if rw, ok := x.o.Rewrite[id]; ok {
			l := x.line(depth, "b%d becomes Swizzle(%s, Mask=%q): its mask composed with its source's (rewrite/4)", id, ir.FormatRefNamed(rw.Src, ir.BuildName), rw.Mask)
			x.deriveFirst(l, id, pack.PredRewrite)
			l.Claim = &Claim{Kind: "rewrite", Node: id}
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
		l := x.line(depth, "b%d and b%d share the signature %q (sig/2)", a, b, shared)
		x.derive(l, a, ast.Atom{Predicate: pack.PredSig, Args: []ast.BaseTerm{num(a), ast.String(shared)}})
		lb := x.line(depth+1, "and b%d's:", b)
		x.derive(lb, b, ast.Atom{Predicate: pack.PredSig, Args: []ast.BaseTerm{num(b), ast.String(shared)}})
		l.Claim, l.evidenceAfter = merge(b, a), 1 // under both derivations
	} else {
		lead := x.surv[a]
		l := x.line(depth, "b%d and b%d share no signature directly; both join the class of b%d through signatures %q and %q", a, b, lead, x.sigs(a), x.sigs(b))
		l.Claim, l.evidenceAfter = merge(b, a), len(x.sigs(a))+len(x.sigs(b))
		for _, id := range []int{a, b} {
			for _, s := range x.sigs(id) {
				l := x.line(depth+1, "b%d's signature %q (sig/2)", id, s)
				x.derive(l, id, ast.Atom{Predicate: pack.PredSig, Args: []ast.BaseTerm{num(id), ast.String(s)}})
			}
		}
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
			x.fold(depth, id, " and the other does not")
		}
	case fa && fb:
		x.line(depth, "both fold, to different values: %s and %s (compared at 9 significant digits)",
			ir.Tuple(x.o.Fold[a].Vals...), ir.Tuple(x.o.Fold[b].Vals...))
		x.fold(depth+1, a, "")
		x.fold(depth+1, b, "")
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

// fold states that id folds (when it does), with the derivation of its
// type and of each component, and the claim for a prover.
func (x *explainer) fold(depth, id int, note string) {
	f, ok := x.o.Fold[id]
	if !ok {
		return
	}
	l := x.line(depth, "b%d folds to Constant(Value=%s) : %s (foldtype/2, fold/3)%s", id, ir.Tuple(f.Vals...).String(), f.Type, note)
	x.derive(l, id, ast.Atom{Predicate: pack.PredFoldType, Args: []ast.BaseTerm{num(id), ast.String(f.Type)}})
	// the evidence goes under the components' derivations too
	l.Claim, l.evidenceAfter = &Claim{Kind: "fold", Node: id}, len(f.Vals)
	for k, v := range f.Vals {
		fl := x.line(depth+1, "component %d is %s (fold/3)", k, ir.Tuple(v).String())
		x.derive(fl, id, ast.Atom{Predicate: pack.PredFold, Args: []ast.BaseTerm{num(id), num(k), ast.Float64(v)}})
	}
}

func (x *explainer) sigs(i int) []string {
	if x.o.Sigs == nil || i >= len(x.o.Sigs) {
		return nil
	}
	return x.o.Sigs[i]
}
