package reuse

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"reuselab/ir"
)

// Difference is one way two results of the same build graph disagree.
type Difference struct {
	Build []int  // the build nodes the engines grouped differently
	What  string // what differs
}

// Comparison is the outcome of Compare: empty when the engines agree
// (D6: same partition, same surviving graph).
type Comparison struct {
	A, B  *ir.Result
	Diffs []Difference
}

// Agree reports whether nothing differs.
func (c *Comparison) Agree() bool { return len(c.Diffs) == 0 }

// String lists the differences, each with the build nodes' IR lines.
func (c *Comparison) String() string {
	if c.Agree() {
		return ""
	}
	var b strings.Builder
	for k, d := range c.Diffs {
		if k == 20 {
			fmt.Fprintf(&b, "… and %d more differences\n", len(c.Diffs)-k)
			break
		}
		b.WriteString(d.What)
		b.WriteByte('\n')
		for _, i := range d.Build {
			if i >= 0 && i < len(c.A.Build.Nodes) {
				fmt.Fprintf(&b, "    %s  [%s: %s, %s: %s]\n", ir.NodeLineNamed(c.A.Build.Nodes[i], ir.BuildName),
					c.A.Engine, fateString(c.A, i), c.B.Engine, fateString(c.B, i))
			}
		}
	}
	return b.String()
}

func fateString(r *ir.Result, i int) string {
	if i >= len(r.Fates) {
		return "?"
	}
	f := r.Fates[i]
	s := f.Kind.String()
	if f.Final >= 0 {
		s += fmt.Sprintf(" → %%%d", f.Final)
	}
	if f.Kind == ir.Merged {
		s += fmt.Sprintf(" (into b%d)", f.Into)
	}
	return s
}

// Compare holds two results of one build graph side by side: the
// partitions (which build nodes end as which final node), then the
// surviving graphs' dumps line by line. Neither engine is imported: the
// caller runs them.
func Compare(a, b *ir.Result) *Comparison {
	c := &Comparison{A: a, B: b}
	if !a.StopReason.Answered() || !b.StopReason.Answered() {
		c.Diffs = append(c.Diffs, Difference{What: fmt.Sprintf("stopped: %s %s, %s %s", a.Engine, a.StopReason, b.Engine, b.StopReason)})
		return c
	}
	pa, pb := a.Partition(), b.Partition()
	if len(pa) != len(pb) {
		c.Diffs = append(c.Diffs, Difference{What: fmt.Sprintf("fates for %d and %d build nodes", len(pa), len(pb))})
		return c
	}
	// Group build nodes by final node in each result; report every build
	// node whose group differs, once per group.
	groups := func(p []int) map[int][]int {
		m := map[int][]int{}
		for i, f := range p {
			m[f] = append(m[f], i)
		}
		return m
	}
	ga, gb := groups(pa), groups(pb)
	seen := map[int]bool{}
	for i := range pa {
		if seen[i] {
			continue
		}
		xa, xb := ga[pa[i]], gb[pb[i]]
		if pa[i] == pb[i] && slices.Equal(xa, xb) {
			continue
		}
		set := union(xa, xb)
		for _, j := range set {
			seen[j] = true
		}
		c.Diffs = append(c.Diffs, Difference{Build: set,
			What: fmt.Sprintf("partition: %s puts b%d in final %%%d with %s, %s in %%%d with %s",
				a.Engine, i, pa[i], buildList(xa), b.Engine, pb[i], buildList(xb))})
	}
	da, db := strings.Split(ir.DumpGraph(a.Graph), "\n"), strings.Split(ir.DumpGraph(b.Graph), "\n")
	for k := 0; k < max(len(da), len(db)); k++ {
		la, lb := "", ""
		if k < len(da) {
			la = da[k]
		}
		if k < len(db) {
			lb = db[k]
		}
		if la != lb {
			d := Difference{What: fmt.Sprintf("surviving graph, line %d:\n  %s: %s\n  %s: %s", k+1, a.Engine, la, b.Engine, lb)}
			// The build nodes behind the first differing final node.
			for i, f := range pa {
				if f >= 0 && k >= 1 && f == k-1-headerLines(a.Graph) {
					d.Build = append(d.Build, i)
				}
			}
			c.Diffs = append(c.Diffs, d)
			break
		}
	}
	return c
}

// headerLines counts the dump lines before the first node line, after the
// product line.
func headerLines(g *ir.Graph) int {
	h := len(g.Regions) + len(g.Layout)
	if g.Legacy {
		h++
	}
	if g.Library != "" {
		h++
	}
	if g.Desc != "" {
		h++
	}
	return h
}

func union(a, b []int) []int {
	m := map[int]bool{}
	var out []int
	for _, x := range append(append([]int(nil), a...), b...) {
		if !m[x] {
			m[x] = true
			out = append(out, x)
		}
	}
	return out
}

// ExtraMerge is a group of build nodes an experimental pack made one node
// where the reference kept several: reported per operation, never counted
// as a disagreement (D6), and checked by evaluation where a checker is
// linked.
type ExtraMerge struct {
	Op    string // the operation of the group's lowest build node
	Final int    // the node they became in the pack's graph
	Build []int  // the build nodes, one per reference group joined
}

// Coarsens compares an experimental pack's result b with the reference a.
// The pack may merge more (its partition joins reference groups) and may
// prune what the extra merges left unread; anything else — a reference
// merge the pack misses, a node the pack keeps that the reference pruned —
// is a disagreement in the returned Comparison.
func Coarsens(a, b *ir.Result) ([]ExtraMerge, *Comparison) {
	c := &Comparison{A: a, B: b}
	if !b.StopReason.Answered() {
		c.Diffs = append(c.Diffs, Difference{What: fmt.Sprintf("stopped: %s %s", b.Engine, b.StopReason)})
		return nil, c
	}
	pa, pb := a.Partition(), b.Partition()
	if len(pa) != len(pb) {
		c.Diffs = append(c.Diffs, Difference{What: "different build graphs"})
		return nil, c
	}
	// Each reference group must land in one pack node (or be pruned).
	to := map[int]int{}
	first := map[int]int{}
	for i := range pa {
		if pa[i] < 0 {
			if pb[i] >= 0 && b.Fates[i].Kind != ir.Merged {
				c.Diffs = append(c.Diffs, Difference{Build: []int{i},
					What: fmt.Sprintf("%s keeps b%d, which %s prunes", b.Engine, i, a.Engine)})
			}
			continue
		}
		if t, ok := to[pa[i]]; ok {
			if t != pb[i] && pb[i] >= 0 && t >= 0 {
				c.Diffs = append(c.Diffs, Difference{Build: []int{first[pa[i]], i},
					What: fmt.Sprintf("%s merges b%d and b%d, %s does not", a.Engine, first[pa[i]], i, b.Engine)})
			}
			continue
		}
		to[pa[i]], first[pa[i]] = pb[i], i
	}
	// Pack nodes that join several reference groups are the extra merges.
	groups := map[int][]int{}
	for ra, t := range to {
		if t >= 0 {
			groups[t] = append(groups[t], first[ra])
		}
	}
	// One extra merge per reference group joined to an earlier one, named
	// by that group's first node: b*a joining a*b is a Multiply merge, and
	// so is x*1 joining x (an alias).
	var extra []ExtraMerge
	for t, ids := range groups {
		sortInts(ids)
		for _, id := range ids[min(1, len(ids)):] {
			extra = append(extra, ExtraMerge{Op: opName(a.Build.Nodes[id]), Final: t, Build: []int{ids[0], id}})
		}
	}
	sort.Slice(extra, func(i, j int) bool { return extra[i].Build[1] < extra[j].Build[1] })
	return extra, c
}

func opName(n *ir.Node) string {
	if n.Op.HasClass() {
		return n.Op.String() + "[" + n.Class + "]"
	}
	return n.Op.String()
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// buildList prints build ids as people read them: [b3 b7].
func buildList(ids []int) string {
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = ir.BuildName(id)
	}
	return "[" + strings.Join(names, " ") + "]"
}
