package eval

import (
	"fmt"

	"reuselab/diag"
	"reuselab/ir"
)

// An Outcome crosses a process boundary: a user's pack is evaluated in a
// child process, and what comes back is applied to the parent's graph. The
// driver in the child checks what a pack derives, but the parent trusts
// none of it: a driver bug, or a pack the driver let through, must not
// crash the parent (an index of -1 did, issue 28) or hand it a merged
// graph that breaks the IR contract. So before an Outcome is applied its
// every id, length, fold, alias and rewrite is checked against the graph
// (checkOutcome), and the result Build makes of it is checked against the
// IR contract (ir.CheckResult). An outcome that fails either is replaced
// by a stopped one (refuse): the build graph untouched, StopError, and a
// diagnostic that says what was wrong.

// outcomeError is why an Outcome was refused, and the code it is reported
// with: CodeChild for what no correct driver sends (a wrong length, an id
// out of range), CodePackOutput for what a pack made the driver send (a
// fold that does not fit its type, a merged graph that breaks the IR
// contract).
type outcomeError struct {
	code string
	msg  string
}

func (e *outcomeError) Error() string { return e.msg }

func malformed(format string, args ...any) *outcomeError {
	return &outcomeError{code: CodeChild, msg: fmt.Sprintf(format, args...)}
}

func unfit(format string, args ...any) *outcomeError {
	return &outcomeError{code: CodePackOutput, msg: fmt.Sprintf(format, args...)}
}

// checkOutcome checks an answered Outcome against the graph it was made
// for: what Build reads of it is in range and consistent, so that Build
// neither panics nor loops, and every decision is one the driver could
// have made.
//
// It returns o.Survivors(), which Build reads too, when o passes.
func checkOutcome(g *ir.Graph, o *Outcome) ([]int, *outcomeError) {
	n := len(g.Nodes)
	if len(o.Live) != n || len(o.Keep) != n || len(o.Class) != n {
		return nil, malformed("%d live, %d keep and %d class entries for %d nodes", len(o.Live), len(o.Keep), len(o.Class), n)
	}
	if o.Sigs != nil && len(o.Sigs) != n {
		return nil, malformed("%d signature lists for %d nodes", len(o.Sigs), n)
	}
	// Every decided node leads or joins a class; dead and aliased nodes do
	// not; a class's root is a member of it.
	marks := o.marks(n)
	for i, c := range o.Class {
		aliased := marks[i]&markAlias != 0
		switch {
		case c < -1 || int(c) >= n:
			return nil, malformed("b%d is in class %d, past the nodes b0..b%d", i, c, n-1)
		case c >= 0 && (!o.Live[i] || aliased):
			return nil, malformed("b%d is dead or aliased, yet in class b%d", i, c)
		case c < 0 && o.Live[i] && !aliased:
			return nil, malformed("b%d is live, yet in no class and not aliased", i)
		case c >= 0 && o.Class[c] != c:
			return nil, malformed("b%d is in class b%d, whose root is in class %d", i, c, o.Class[c])
		}
	}
	surv := o.Survivors()
	for i, k := range o.Keep {
		if k && surv[i] != i {
			return nil, malformed("b%d is kept, but it is not the survivor of a class", i)
		}
	}
	for i, a := range o.Alias {
		if err := checkRead(g, o, surv, i, a, "alias"); err != nil {
			return nil, err
		}
	}
	for i, f := range o.Fold {
		if i < 0 || i >= n {
			return nil, malformed("a fold of b%d, past the nodes b0..b%d", i, n-1)
		}
		if _, ok := o.Alias[i]; ok || o.Class[i] < 0 {
			return nil, malformed("b%d is folded, but dead or aliased", i)
		}
		if err := checkFold(i, f); err != nil {
			return nil, err
		}
	}
	for i, rw := range o.Rewrite {
		if err := checkRead(g, o, surv, i, rw.Src, "rewrite"); err != nil {
			return nil, err
		}
		if _, ok := o.Fold[i]; ok {
			return nil, malformed("b%d is both folded and rewritten", i)
		}
		if _, ok := o.Alias[i]; ok || o.Class[i] < 0 {
			return nil, malformed("b%d is rewritten, but dead or aliased", i)
		}
		if err := checkMask(g, i, rw); err != nil {
			return nil, err
		}
	}
	return surv, nil
}

// checkRead checks that node i, once aliased to r or rewritten to read r,
// reads a decided node that is not aliased itself (so no alias chain, and
// no cycle, can form) whose survivor comes before i, through an output it
// has.
func checkRead(g *ir.Graph, o *Outcome, surv []int, i int, r ir.Ref, what string) *outcomeError {
	n := len(g.Nodes)
	if i < 0 || i >= n {
		return malformed("an %s of b%d, past the nodes b0..b%d", what, i, n-1)
	}
	if !o.Live[i] {
		return malformed("an %s of b%d, which is dead", what, i)
	}
	if r.Node < 0 || r.Node >= n {
		return malformed("the %s of b%d reads b%d, past the nodes b0..b%d", what, i, r.Node, n-1)
	}
	if _, ok := o.Alias[r.Node]; ok {
		return malformed("the %s of b%d reads b%d, which is aliased itself", what, i, r.Node)
	}
	if o.Class[r.Node] < 0 {
		return malformed("the %s of b%d reads b%d, which is dead", what, i, r.Node)
	}
	if s := surv[r.Node]; s >= i {
		return unfit("the %s of b%d reads b%d, which is b%d in the merged graph: not an earlier node", what, i, r.Node, s)
	}
	if outs := len(g.Nodes[surv[r.Node]].Outputs); r.Out < 0 || r.Out >= outs {
		return unfit("the %s of b%d reads output %d of b%d, which has %d", what, i, r.Out, surv[r.Node], outs)
	}
	return nil
}

// checkFold checks that a fold's components fit its type: a float or bool
// type of one to four components, one value each, a bool's 0 or 1.
func checkFold(i int, f FoldOut) *outcomeError {
	w := ir.TypeWidth(f.Type)
	if w == 0 {
		return unfit("b%d folds to type %q, not float, bool or a vector of 2-4 of them", i, shortText(f.Type))
	}
	if len(f.Vals) != w {
		return unfit("b%d folds to %s with %d components (fold/3), not %d", i, f.Type, len(f.Vals), w)
	}
	if f.Type[0] == 'b' {
		for k, v := range f.Vals {
			if v != 0 && v != 1 {
				return unfit("b%d folds to %s with component %d = %v, not 0 or 1", i, f.Type, k, v)
			}
		}
	}
	return nil
}

// checkMask checks a rewritten swizzle: a Swizzle, its new mask of one to
// four of x, y, z, w, each a component its new source has, as many as the
// swizzle's own type has.
func checkMask(g *ir.Graph, i int, rw SwzOut) *outcomeError {
	nd := g.Nodes[i]
	if nd.Op != ir.OpSwizzle || len(nd.Operands) == 0 {
		return unfit("b%d is rewritten (rewrite/4), but it is a %s, not a Swizzle with an operand", i, nd.Op)
	}
	m := rw.Mask
	if len(m) < 1 || len(m) > 4 {
		return unfit("b%d is rewritten with mask %q: not 1 to 4 components", i, shortText(m))
	}
	src := g.Nodes[rw.Src.Node].Type(rw.Src.Out)
	sw := ir.TypeWidth(src)
	for k := range len(m) {
		c := ir.MaskChannel(m[k])
		if c < 0 || (sw > 0 && c >= sw) {
			return unfit("b%d is rewritten with mask %q, which reads past its source b%d (%s)", i, m, rw.Src.Node, src)
		}
	}
	if w := ir.TypeWidth(nd.Type(0)); w > 0 && w != len(m) {
		return unfit("b%d is rewritten with mask %q, but it is a %s", i, m, nd.Type(0))
	}
	return nil
}

// refuse replaces what o decided by a stop: nothing of it is applied, the
// stop reason is an error, and a diagnostic at the pack says why.
func refuse(o *Outcome, at diag.Pos, packName string, err *outcomeError) {
	*o = Outcome{Stop: ir.StopError, Facts: o.Facts, Levels: o.Levels, Wall: o.Wall, Diags: o.Diags, Profile: o.Profile}
	o.Diags = append(o.Diags, diag.Diagnostic{Pos: at, Severity: diag.Error, Code: err.code,
		Message: fmt.Sprintf("rule pack %s: the evaluation's outcome was not applied: %s", packName, err.msg)})
}

// apply is Build on an outcome it checks first, whose result it checks
// after: an outcome that fails either check is refused (o is then the
// stopped outcome refuse makes), and the result is the build graph
// untouched.
func apply(g *ir.Graph, at diag.Pos, packName string, o *Outcome) *ir.Result {
	if !o.Stop.Known() {
		refuse(o, at, packName, malformed("stop reason %q", shortText(string(o.Stop))))
	}
	var surv []int
	if o.Stop.Answered() {
		var err *outcomeError
		if surv, err = checkOutcome(g, o); err != nil {
			refuse(o, at, packName, err)
		}
	}
	res := build(g, packName, o, surv)
	if o.Stop.Answered() {
		// A build graph that breaks the contract is the compiler's
		// finding, not the pack's: only a result made from a sound one
		// is held to it (the build graph is checked only when the
		// result fails, which is rare).
		if err := ir.CheckResultOfBuild(res); err != nil && ir.Check(g) == nil {
			refuse(o, at, packName, unfit("the merged graph breaks the IR contract: %v", err))
			res = build(g, packName, o, nil)
		}
	}
	return res
}
