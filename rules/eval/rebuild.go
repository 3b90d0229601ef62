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
	if o.Engine == EngineCompiled && len(g.Nodes) > largeGraph {
		// Paced as the evaluation was: at the collector's own pace the
		// garbage the evaluation left and the result graph's copy came on
		// top of its peak. (A small graph's copy is small, and its floor
		// of headroom would only add a collection.)
		defer heapBudget(len(g.Nodes), compiledHeap)()
	}
	return apply(g, diag.Pos{File: packName, Line: 1, Col: 1}, packName, o)
}

// build is Build on an outcome that checkOutcome accepted, or that did not
// answer.
// surv is o.Survivors() (nil: Build works it out).
func build(g *ir.Graph, packName string, o *Outcome, surv []int) *ir.Result {
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
	if surv == nil {
		surv = o.Survivors()
	}
	final := make([]int32, n)
	kept := 0
	for i := range g.Nodes {
		final[i] = -1
		if surv[i] == i && o.Keep[i] {
			final[i] = int32(kept)
			kept++
		}
	}
	// which nodes are aliased, read once from the map: every read of
	// every kept node asks
	marks := o.marks(n)
	remap := func(x, p int) ir.Ref {
		r := o.finalRef(surv, x, p, marks)
		if !r.Valid() || final[r.Node] < 0 {
			return ir.Ref{Node: -1, Out: r.Out}
		}
		return ir.Ref{Node: int(final[r.Node]), Out: r.Out}
	}
	// An alias of a Swizzle is what the reference's swizzles pass does (an
	// identity mask goes); any other alias is the pack's own, and is
	// counted under ir.PassAlias so that it is not read as a rewrite.
	var folded, rewritten, merged, aliasedSwizzles, aliased, prunedFirst, prunedFinal int
	res.Fates = make([]ir.Fate, n)
	for i, nd := range g.Nodes {
		f := ir.Fate{Kind: ir.Kept, Final: final[i], Into: int32(i)}
		switch {
		case !o.Live[i]:
			f = ir.Fate{Kind: ir.Pruned, Final: -1, Into: int32(i), Pass: passPrune}
			prunedFirst++
		case marks[i]&markAlias != 0:
			t := o.finalRef(surv, i, 0, marks)
			f = ir.Fate{Kind: ir.Merged, Final: -1, Into: int32(t.Node), Pass: passSwizzles, Round: 1}
			if nd.Op != ir.OpSwizzle {
				f.Pass = passAlias
				aliased++
			} else {
				aliasedSwizzles++
			}
			if t.Valid() && final[t.Node] >= 0 {
				f.Final = final[t.Node]
			}
		case surv[i] != i:
			f = ir.Fate{Kind: ir.Merged, Final: final[surv[i]], Into: int32(surv[i]), Pass: passDedupe, Round: 1}
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
			if marks[i]&markFold != 0 {
				f.Kind, f.Pass, f.Round = ir.Folded, passFold, 1
			} else if marks[i]&markRewrite != 0 {
				f.Kind, f.Pass, f.Round = ir.Rewritten, passSwizzles, 1
			}
		}
		if marks[i]&markFold != 0 && o.Live[i] {
			folded++
		}
		if marks[i]&markRewrite != 0 && o.Live[i] {
			rewritten++
		}
		res.Fates[i] = f
	}
	out := survivingGraph(g, o, marks, final, kept, remap)
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
		{Pass: ir.PassPruneFinal, Changed: prunedFinal}, {Pass: ir.PassReindex, Changed: n - kept}}
	if aliased > 0 {
		// Only a pack that aliases reports the pass: a mirroring pack's
		// passes stay the reference's, stat for stat.
		res.Passes = append(res.Passes[:3:3], append([]ir.PassStat{{Pass: ir.PassAlias, Round: 1, Changed: aliased}}, res.Passes[3:]...)...)
	}
	return res
}

// Survivors maps every build node in a class to its survivor, the lowest
// build id of the class (R6); -1 for dead and aliased nodes.
func (o *Outcome) Survivors() []int {
	// a class is named by its root, a build id: the lowest member of
	// each is found in one slice indexed by root (checkOutcome has held
	// the roots in range before Build reads them)
	s := make([]int, len(o.Class))
	low := make([]int32, len(o.Class))
	for i := range low {
		low[i] = -1
	}
	for i, c := range o.Class {
		s[i] = -1
		if c < 0 || int(c) >= len(low) {
			continue
		}
		if low[c] < 0 {
			low[c] = int32(i) // ids ascend: the first seen is the lowest
		}
		s[i] = int(low[c])
	}
	return s
}

// FinalRef is what build ref (x, p) reads in the merged graph, as a
// survivor's build id and an output; surv is o.Survivors().
func (o *Outcome) FinalRef(surv []int, x, p int) ir.Ref { return o.finalRef(surv, x, p, nil) }

// finalRef is FinalRef, reading the alias map only for the nodes marks
// has as aliased (all, when marks is nil).
func (o *Outcome) finalRef(surv []int, x, p int, marks outcomeMarks) ir.Ref {
	if x < 0 || x >= len(surv) {
		return ir.NoRef
	}
	if marks.may(x, markAlias) {
		if a, ok := o.Alias[x]; ok {
			return o.finalRef(surv, a.Node, a.Out, marks)
		}
	}
	if surv[x] < 0 {
		return ir.NoRef
	}
	return ir.Ref{Node: surv[x], Out: p}
}

// appendSurvivorInputs appends to out what survivor i reads after fold
// and rewrite.
// marks as for finalRef.
func appendSurvivorInputs(out []ir.Ref, g *ir.Graph, o *Outcome, surv []int, i int, marks outcomeMarks) []ir.Ref {
	if marks.knows(i) {
		if marks[i]&markFold != 0 {
			return out
		}
	} else if _, ok := o.Fold[i]; ok {
		return out
	}
	n := g.Nodes[i]
	for k, r := range n.Operands {
		if k == 0 && marks.may(i, markRewrite) {
			if rw, ok := o.Rewrite[i]; ok {
				out = append(out, o.finalRef(surv, rw.Src.Node, rw.Src.Out, marks))
				continue
			}
		}
		out = append(out, o.finalRef(surv, facts.RefNode(r), r.Out, marks))
	}
	for _, p := range n.Pins {
		out = append(out, o.finalRef(surv, facts.RefNode(p.Ref), p.Ref.Out, marks))
	}
	return out
}

// survivingGraph is the merged graph: g's kept nodes in build order, each
// a copy made into one slab, reading its operands and pins through remap,
// a folded node rewritten into its Constant and a rewritten swizzle given
// its new mask. A node's Props and Outputs are shared with g's node, as
// ir.Result allows (the reference passes do the same), except where the
// outcome changes them: g is never written.
func survivingGraph(g *ir.Graph, o *Outcome, marks outcomeMarks, final []int32, kept int, remap func(x, p int) ir.Ref) *ir.Graph {
	out := *g
	out.Settings = append([]ir.Setting(nil), g.Settings...)
	out.Regions = append([]ir.Region(nil), g.Regions...)
	out.Layout = append([]ir.LayoutHint(nil), g.Layout...)
	out.Inputs = append([]int(nil), g.Inputs...)
	out.Outputs = append([]int(nil), g.Outputs...)
	nodes := make([]ir.Node, kept)
	out.Nodes = make([]*ir.Node, kept)
	var refs []ir.Ref
	var pins []ir.Pin
	for i, nd := range g.Nodes {
		k := final[i]
		if k < 0 {
			continue
		}
		m := &nodes[k]
		*m = *nd
		m.ID = int(k)
		out.Nodes[k] = m
		if marks[i]&markFold != 0 {
			fo := o.Fold[i]
			m.Op, m.Class, m.Operands, m.Pins = ir.OpConstant, "", nil, nil
			m.Props = []ir.Prop{{Name: "Value", Value: ir.Tuple(fo.Vals...)}}
			m.Outputs = []ir.Output{{Type: fo.Type}}
			continue
		}
		m.Operands = slab(&refs, nd.Operands)
		for j, r := range m.Operands {
			if r.Valid() {
				m.Operands[j] = remap(r.Node, r.Out)
			}
		}
		if marks[i]&markRewrite != 0 && len(m.Operands) > 0 {
			rw := o.Rewrite[i]
			m.Operands[0] = remap(rw.Src.Node, rw.Src.Out)
			m.Props = append([]ir.Prop(nil), nd.Props...) // shared with g's node: replaced, not written
			m.SetProp("Mask", ir.Str(rw.Mask))
		}
		m.Pins = slab(&pins, nd.Pins)
		for j, p := range m.Pins {
			if p.Ref.Valid() {
				m.Pins[j].Ref = remap(p.Ref.Node, p.Ref.Out)
			}
		}
	}
	return &out
}

// slab copies xs into the next len(xs) elements of *pool, a chunk of
// many nodes' slices (capacity = length, so that an append to one copy
// reallocates instead of writing over its neighbour); nil for none.
func slab[T any](pool *[]T, xs []T) []T {
	if len(xs) == 0 {
		return nil
	}
	if len(*pool) < len(xs) {
		*pool = make([]T, max(1024, len(xs)))
	}
	c := (*pool)[:len(xs):len(xs)]
	*pool = (*pool)[len(xs):]
	copy(c, xs)
	return c
}

// outcomeMarks says, per build node, which of an Outcome's maps hold it,
// read from them once: Build and the post phase ask of every node and
// every read, and the maps hold a few of them.
type outcomeMarks []uint8

const (
	markAlias uint8 = 1 << iota
	markFold
	markRewrite
)

// marks is o's maps as marks over n nodes.
func (o *Outcome) marks(n int) outcomeMarks {
	m := make(outcomeMarks, n)
	for i := range o.Alias {
		if i >= 0 && i < n {
			m[i] |= markAlias
		}
	}
	for i := range o.Fold {
		if i >= 0 && i < n {
			m[i] |= markFold
		}
	}
	for i := range o.Rewrite {
		if i >= 0 && i < n {
			m[i] |= markRewrite
		}
	}
	return m
}

// may reports whether node i may be in the map of bit: it is marked, or
// there are no marks.
func (m outcomeMarks) may(i int, bit uint8) bool {
	return m == nil || i < 0 || i >= len(m) || m[i]&bit != 0
}

// knows reports whether the marks say of node i which maps hold it (then
// m[i] is the whole answer).
func (m outcomeMarks) knows(i int) bool { return i >= 0 && i < len(m) }
