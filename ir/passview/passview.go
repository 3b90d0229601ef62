// Package passview shows the IR of a product after every pass of a reuse
// engine, the way Go's GOSSAFUNC shows a function after every SSA pass:
// as text (WriteText, `compile --passes`) and as one self-contained HTML
// page with a column per pass (WriteHTML, `compile --format html`).
//
// A node keeps its build id (`b12`) in every column, so it can be followed
// from pass to pass; the last column, after reindex, names nodes as the
// dump of `compile --format ir` does (`%5`). It reads only package ir: the
// snapshots a pass runner hands out (ir.Snapshot) and the result it
// returns (ir.Result), whose fates say what became of every node.
package passview

import (
	"strconv"
	"strings"

	"reuselab/ir"
)

// Run is one product through an engine: the snapshots in the order the
// passes ran, "build" first, and the result.
type Run struct {
	File      string // the source's base name, as the page and the text show it
	Snapshots []*ir.Snapshot
	Result    *ir.Result
}

// Mark is what a pass did to a node, as its column shows it.
type Mark string

const (
	Unchanged Mark = ""
	Merged    Mark = "merged"
	Pruned    Mark = "pruned"
	Folded    Mark = "folded"
	Rewritten Mark = "rewritten"
)

// Row is one node in one column: a node of the snapshot, or (Removed) a
// node the pass removed, shown where it stood.
type Row struct {
	Build   int
	Line    string // the node's dump line, reads named as the column names them
	Mark    Mark
	Removed bool
	Into    int // Merged: the build id of the node it now stands in (its fate's Into)
}

// Column is the graph after one pass.
type Column struct {
	Label   string // "build", "prune", "fold (round 1)"
	Pass    string
	Round   int
	Changed int // as the engine counted it (Result.Passes); -1 for the build
	Final   bool
	Rows    []Row
}

// Columns lays out r: one column per snapshot.
func Columns(r *Run) []Column {
	var cols []Column
	for i, s := range r.Snapshots {
		c := Column{Label: s.Label(), Pass: s.Pass, Round: s.Round, Changed: -1, Final: isFinal(r, i)}
		if i > 0 && i-1 < len(r.Result.Passes) {
			c.Changed = r.Result.Passes[i-1].Changed
		}
		name := buildName(s)
		if c.Final {
			name = dumpName
		}
		var before *ir.Snapshot
		if i > 0 {
			before = r.Snapshots[i-1]
		}
		c.Rows = rows(r.Result, before, s, name)
		cols = append(cols, c)
	}
	return cols
}

// isFinal reports whether snapshot i is the re-indexed graph: the last one,
// when its nodes are numbered as the result's graph is.
func isFinal(r *Run, i int) bool {
	return i == len(r.Snapshots)-1 && i > 0 && r.Snapshots[i].Pass == "reindex"
}

func dumpName(id int) string { return "%" + strconv.Itoa(id) }

// buildName names snapshot node k by its build id.
func buildName(s *ir.Snapshot) func(int) string {
	return func(k int) string {
		if k >= 0 && k < len(s.Build) {
			return "b" + strconv.Itoa(s.Build[k])
		}
		return "b?" + strconv.Itoa(k)
	}
}

// rows merges, in build order, the nodes of after with those the pass
// removed from before, and marks what changed.
func rows(res *ir.Result, before, after *ir.Snapshot, name func(int) string) []Row {
	afterAt := map[int]int{}
	for k, b := range after.Build {
		afterAt[b] = k
	}
	var out []Row
	add := func(b int, n *ir.Node, nm func(int) string, removed bool) {
		row := Row{Build: b, Line: ir.NodeLineNamed(n, nm), Removed: removed, Into: b}
		if removed {
			row.Mark = Pruned
			if b < len(res.Fates) && res.Fates[b].Kind == ir.Merged {
				row.Mark, row.Into = Merged, int(res.Fates[b].Into)
			}
		}
		out = append(out, row)
	}
	k := 0
	emitUpTo := func(limit int) { // after's nodes with build ids below limit
		for ; k < len(after.Build) && after.Build[k] < limit; k++ {
			add(after.Build[k], after.Graph.Nodes[k], name, false)
			if before != nil {
				out[len(out)-1].Mark = changedMark(res, before, after, k)
			}
		}
	}
	if before != nil {
		for j, b := range before.Build {
			emitUpTo(b)
			if _, kept := afterAt[b]; !kept {
				add(b, before.Graph.Nodes[j], buildName(before), true)
			}
		}
	}
	emitUpTo(int(^uint(0) >> 1))
	return out
}

// changedMark says whether after's node k was folded or rewritten in
// place by the pass.
func changedMark(res *ir.Result, before, after *ir.Snapshot, k int) Mark {
	b := after.Build[k]
	j := indexOf(before.Build, b)
	if j < 0 {
		return Unchanged
	}
	was, n := before.Graph.Nodes[j], after.Graph.Nodes[k]
	if n.Op == ir.OpConstant && was.Op != ir.OpConstant {
		return Folded
	}
	if n.Op != ir.OpSwizzle || was.Op != ir.OpSwizzle {
		return Unchanged
	}
	m1, _ := was.Prop("Mask")
	m2, _ := n.Prop("Mask")
	if m1.Str != m2.Str {
		return Rewritten
	}
	if len(n.Operands) == 0 || len(was.Operands) == 0 || !n.Operands[0].Valid() || !was.Operands[0].Valid() {
		return Unchanged
	}
	// The same letters on another source: a composition when the mask read
	// before survives (a read of a removed node moved to its survivor is a
	// redirect), or when the engine says so for this pass.
	oldSrc, newSrc := before.Build[was.Operands[0].Node], after.Build[n.Operands[0].Node]
	if oldSrc == newSrc {
		return Unchanged
	}
	if indexOf(after.Build, oldSrc) >= 0 {
		return Rewritten
	}
	if f := res.Fates[b]; f.Kind == ir.Rewritten && f.Pass.String() == after.Pass && int(f.Round) == after.Round {
		return Rewritten
	}
	return Unchanged
}

func indexOf(sorted []int, b int) int {
	lo, hi := 0, len(sorted)
	for lo < hi {
		m := (lo + hi) / 2
		if sorted[m] < b {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(sorted) && sorted[lo] == b {
		return lo
	}
	return -1
}

// Equal lists, for every build node, the build nodes one with it after
// the engine ran: the survivor and every node merged into it, in build
// order. A node nothing was merged with is alone.
func Equal(res *ir.Result) [][]int {
	rep := func(b int) int {
		if f := res.Fates[b]; f.Kind == ir.Merged {
			return int(f.Into)
		}
		return b
	}
	class := map[int][]int{}
	for b := range res.Fates {
		class[rep(b)] = append(class[rep(b)], b)
	}
	out := make([][]int, len(res.Fates))
	for b := range res.Fates {
		out[b] = class[rep(b)]
	}
	return out
}

// SpanText prints where a node came from as the dump does: `L14:C18`,
// then ` in "file"`, ` via L3:C1`, ` {Region}` when set.
func SpanText(s ir.Span) string {
	var b strings.Builder
	b.WriteString("L" + strconv.Itoa(s.Line) + ":C" + strconv.Itoa(s.Col))
	if s.File != "" {
		b.WriteString(" in " + ir.QuoteString(s.File))
	}
	if s.ViaLine > 0 {
		b.WriteString(" via L" + strconv.Itoa(s.ViaLine) + ":C" + strconv.Itoa(s.ViaCol))
	}
	if s.Region != "" {
		b.WriteString(" {" + s.Region + "}")
	}
	return b.String()
}
