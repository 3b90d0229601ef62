package interp

import (
	"fmt"
	"sort"

	"reuselab/ir"
)

// Finding the merge responsible for a mismatch.
//
// A Result claims, for every group of build nodes sharing one final node F,
// that each member m computes what F computes. Replaying one group checks
// exactly that claim and no other: each member m is replaced, on the raw
// graph, by a copy of F whose inputs are wired to nodes of m's own input
// cone that became F's inputs (the nearest such node, so a merge of m's
// inputs is not replayed with it). Readers of m then read the copy. For a
// dedupe merge of structurally equal nodes the copy is m itself and the
// group is skipped; for an unsound merge (a−b merged into b−a) or a wrong
// fold (x/x into 1) the copy computes something else and the roots show it.
//
// Every group is replayed alone; among those that reproduce a mismatch the
// culprit is the one whose reproducing member was built first (build order
// is topological, so that is the claim furthest upstream). If none does
// (the error needs two claims together) the groups are applied
// cumulatively, in final-index order, and the first whose addition
// reproduces it is reported.

type replacement struct {
	member int
	node   *ir.Node
}

type group struct {
	final   int
	members []int
	repl    []replacement
}

// findCulprit replays the groups of res on the failing runs.
func findCulprit(res *ir.Result, roots []Root, opts Options, failing []int) *Culprit {
	if len(failing) > 4 {
		failing = failing[:4]
	}
	groups := buildGroups(res)
	try := func(redirect map[int]int, nodes []*ir.Node) bool {
		for _, i := range failing {
			run := Run{Seed: RunSeed(opts.Seed, i)}
			raw := NewMachine(res.Build, run)
			rep := newMachine(nodes, run, redirect)
			for _, r := range roots {
				a, _ := raw.Read(r.raw)
				// A replayed statement is read through its copy's inputs.
				ref := r.raw
				if to, ok := redirect[r.Stmt]; ok {
					ref = r.in(nodes[to])
				}
				// A replay that cannot be evaluated (its copy reads
				// nothing the member's cone holds) proves nothing.
				b, err := rep.Read(ref)
				if err == nil && !r.equal(a, b, newMagnitudes(raw), newMagnitudes(rep), r.raw, ref) {
					return true
				}
			}
		}
		return false
	}
	apply := func(g group, redirect map[int]int, nodes []*ir.Node) []*ir.Node {
		for _, r := range g.repl {
			redirect[r.member] = len(nodes)
			n := r.node
			nodes = append(nodes, n)
		}
		return nodes
	}
	base := res.Build.Nodes[:len(res.Build.Nodes):len(res.Build.Nodes)]
	// Every group is replayed alone; of those that reproduce it, the one
	// whose reproducing member was built first wins: build order is
	// topological, so that is the claim furthest upstream: the cause, not
	// a merge downstream that only passes a wrong value on.
	var best *Culprit
	bestID := len(res.Build.Nodes)
	for _, g := range groups {
		if len(g.repl) == 0 {
			continue
		}
		redirect := map[int]int{}
		if !try(redirect, apply(g, redirect, base)) {
			continue
		}
		// Name the members whose claim alone reproduces it, not every
		// member of the group (a sound fold may share the constant).
		var alone []replacement
		for _, r := range g.repl {
			one := group{final: g.final, repl: []replacement{r}}
			rd := map[int]int{}
			if try(rd, apply(one, rd, base)) {
				alone = append(alone, r)
			}
		}
		if len(alone) > 0 {
			g.repl = alone
		}
		if first := g.repl[0].member; first < bestID {
			best, bestID = describe(res, g, false), first
		}
	}
	if best != nil {
		return best
	}
	redirect := map[int]int{}
	nodes := base
	for _, g := range groups {
		if len(g.repl) == 0 {
			continue
		}
		nodes = apply(g, redirect, nodes)
		if try(redirect, nodes) {
			return describe(res, g, true)
		}
	}
	return nil
}

// buildGroups groups build nodes by final node and computes each member's
// replacement; members whose replacement is the member itself are dropped.
func buildGroups(res *ir.Result) []group {
	byFinal := map[int][]int{}
	// rep is the lowest build id of each final node: the fallback input
	// when a member's cone has no node that became F's input.
	rep := map[int]int{}
	for id, f := range res.Fates {
		final := int(f.Final)
		if final < 0 || id >= len(res.Build.Nodes) || final >= len(res.Graph.Nodes) {
			continue
		}
		byFinal[final] = append(byFinal[final], id)
		if _, ok := rep[final]; !ok {
			rep[final] = id
		}
	}
	finals := make([]int, 0, len(byFinal))
	for f := range byFinal {
		finals = append(finals, f)
	}
	sort.Ints(finals)
	var groups []group
	for _, f := range finals {
		g := group{final: f, members: byFinal[f]}
		for _, m := range g.members {
			r := replacementFor(res, m, f, rep)
			if ir.DedupeKey(r, nil) == ir.DedupeKey(res.Build.Nodes[m], nil) {
				continue
			}
			g.repl = append(g.repl, replacement{member: m, node: r})
		}
		groups = append(groups, g)
	}
	return groups
}

// replacementFor is F copied with its inputs wired into m's input cone.
func replacementFor(res *ir.Result, m, f int, rep map[int]int) *ir.Node {
	near := map[int]int{} // final id → nearest build node in m's cone
	seen := map[int]bool{m: true}
	queue := []int{}
	res.Build.Nodes[m].Inputs(func(r ir.Ref) { queue = append(queue, r.Node) })
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if seen[c] || c < 0 || c >= len(res.Build.Nodes) {
			continue
		}
		seen[c] = true
		if c < len(res.Fates) {
			if k := int(res.Fates[c].Final); k >= 0 {
				if _, ok := near[k]; !ok {
					near[k] = c
				}
			}
		}
		res.Build.Nodes[c].Inputs(func(r ir.Ref) { queue = append(queue, r.Node) })
	}
	n := res.Graph.Nodes[f].Clone()
	n.ID = m
	n.MapInputs(func(r ir.Ref) ir.Ref {
		if c, ok := near[r.Node]; ok {
			return ir.Ref{Node: c, Out: r.Out}
		}
		if c, ok := rep[r.Node]; ok {
			return ir.Ref{Node: c, Out: r.Out}
		}
		return ir.Ref{Node: -2, Out: r.Out} // reads nothing: evaluation reports it
	})
	return n
}

func describe(res *ir.Result, g group, cumulative bool) *Culprit {
	c := &Culprit{Final: g.final, FinalLine: ir.NodeLine(res.Graph.Nodes[g.final]), Cumulative: cumulative}
	for _, r := range g.repl {
		c.Members = append(c.Members, r.member)
		c.Lines = append(c.Lines, ir.NodeLineNamed(res.Build.Nodes[r.member], ir.BuildName))
		c.Passes = append(c.Passes, fateLabel(res, res.Fates[r.member]))
		var ins []string
		res.Build.Nodes[r.member].Inputs(func(in ir.Ref) {
			if in.Node < len(res.Build.Nodes) {
				ins = append(ins, ir.NodeLineNamed(res.Build.Nodes[in.Node], ir.BuildName))
			}
		})
		c.Inputs = append(c.Inputs, ins)
	}
	return c
}

// fateLabel says what decided a culprit member's fate: the reference's pass
// and round ("merged by dedupe round 1"), or for a rule pack the pack and
// the head of the clauses that decided it ("merged by pack identities,
// sig/2"): a pack has no dedupe pass and no rounds, and naming the
// reference's would blame it for the pack's clause.
func fateLabel(res *ir.Result, f ir.Fate) string {
	label := f.Kind.String()
	if res.Engine == "datalog" && f.Kind != ir.Kept {
		if head := packHead(f); head != "" {
			return label + " by pack " + res.Mode + ", " + head
		}
		return label + " by pack " + res.Mode
	}
	if f.Pass != ir.NoPass {
		label += " by " + f.Pass.String()
	}
	if f.Round > 0 {
		label += fmt.Sprintf(" round %d", f.Round)
	}
	return label
}

// packHead is the predicate of a pack's clauses that decides a fate of
// f (rules/eval's rebuild: sig/2 merges, alias/3 aliases, fold/3
// folds, rewrite/4 rewrites, an identity Swizzle's alias/3).
func packHead(f ir.Fate) string {
	switch f.Pass.String() {
	case ir.PassDedupe:
		return "sig/2"
	case ir.PassAlias:
		return "alias/3"
	case ir.PassFold:
		return "fold/3"
	case ir.PassSwizzles:
		if f.Kind == ir.Rewritten {
			return "rewrite/4"
		}
		return "alias/3"
	case ir.PassPrune:
		return "live/1"
	case ir.PassPruneFinal:
		return "keep/1"
	}
	return ""
}
