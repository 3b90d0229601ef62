package clauses

import (
	"fmt"
	"strings"
)

// unmet names a dropped premise the witness graph may not satisfy: a
// comparison of ids false on it, or a negation other than of the fold
// gates on a node that cannot fold. "" when every one holds, so that the
// refutation is the clause's own.
func (j *judge) unmet(p *pattern, in instance) string {
	if miss := p.ordered(in); miss != "" {
		return miss
	}
	if miss := j.preempted(p); miss != "" {
		return miss
	}
	for _, l := range p.restrictions {
		if l.kind == cmpLit {
			continue
		}
		if (l.pred != "folds/1" && l.pred != "folded/1") || len(l.args) != 1 {
			return "the pattern drops !" + l.pred + ", which the witness may not satisfy"
		}
		n := p.nodes[varOf(p.sub, l.args[0])]
		switch {
		case n == nil:
			return "the pattern drops !" + l.pred + ", which the witness may not satisfy"
		case n.op == "":
			// a Parameter never folds
		case n.op == "Constant" || j.ownFolds:
			return fmt.Sprintf("the pattern drops !%s(%s), which may not hold of the witness", strings.TrimSuffix(l.pred, "/1"), display(n.v))
		default:
			// reuse-2.0 folds a node whose operands are all constants (R3)
			free := false
			for _, r := range n.operands {
				src := p.nodes[varOf(p.sub, r.node)]
				free = free || (src != nil && src.op != "Constant")
			}
			if !free {
				return fmt.Sprintf("the pattern drops !%s(%s), which may not hold of the witness", strings.TrimSuffix(l.pred, "/1"), display(n.v))
			}
		}
	}
	return ""
}

var cmpText = map[string]string{":lt": "<", ":le": "<=", ":gt": ">", ":ge": ">=", "!=": "!="}

// ordered checks the dropped comparisons on the witness's ids. The free
// values are leaves, so any numbering of them is a graph of its own: up
// to 6 of them are renumbered until every comparison holds. "" when one
// numbering satisfies all, else the first comparison that fails.
func (p *pattern) ordered(in instance) string {
	var cmps []lit
	for _, l := range p.restrictions {
		if l.kind == cmpLit {
			cmps = append(cmps, l)
		}
	}
	// the groups renumbered: the free nodes' ids, and each free node's
	// output pins the body names by variables
	groups := [][]string{nil}
	for _, n := range p.sortedNodes() {
		if _, ok := in.ids[n.v]; ok && n.op == "" {
			groups[0] = append(groups[0], n.v)
		}
		if pins := in.pins[n.v]; len(pins) > 1 {
			groups = append(groups, pins)
		}
	}
	ids := make(map[string]int, len(in.ids))
	for k, v := range in.ids {
		ids[k] = v
	}
	first := ""
	check := func() bool {
		for _, l := range cmps {
			if known, holds := p.compare(l, ids); !known || !holds {
				if first == "" {
					first = fmt.Sprintf("the pattern drops %s %s %s, which no numbering of the witness's free values and pins satisfies", display(p.sub.walk(l.args[0]).String()), cmpText[l.pred], display(p.sub.walk(l.args[1]).String()))
				}
				return false
			}
		}
		return true
	}
	if len(cmps) == 0 || check() {
		return ""
	}
	// every numbering: an odometer over each group's permutations, at
	// most maxNumberings in all
	perms := make([][][]int, len(groups))
	total := 1
	for g, vs := range groups {
		perms[g] = permutations(len(vs))
		total *= len(perms[g])
		if total > maxNumberings {
			return first
		}
	}
	slots := make([][]int, len(groups))
	for g, vs := range groups {
		for _, v := range vs {
			slots[g] = append(slots[g], in.ids[v])
		}
	}
	at := make([]int, len(groups))
	for n := 0; n < total; n++ {
		x := n
		for g := range groups {
			at[g] = x % len(perms[g])
			x /= len(perms[g])
			for k, v := range groups[g] {
				ids[v] = slots[g][perms[g][at[g]][k]]
			}
		}
		if check() {
			return ""
		}
	}
	return first
}

const maxNumberings = 5040

// permutations lists every order of 0..n-1 (Heap's algorithm, by a loop).
func permutations(n int) [][]int {
	a := make([]int, n)
	for i := range a {
		a[i] = i
	}
	out := [][]int{append([]int(nil), a...)}
	c := make([]int, n)
	for i := 0; i < n; {
		if c[i] < i {
			if i%2 == 0 {
				a[0], a[i] = a[i], a[0]
			} else {
				a[c[i]], a[i] = a[i], a[c[i]]
			}
			out = append(out, append([]int(nil), a...))
			c[i]++
			i = 0
			continue
		}
		c[i] = 0
		i++
	}
	return out
}

// rank orders the driver's heads: fold wins over alias, which wins over
// rewrite and sig.
var rank = map[string]int{"foldtype/2": 4, "fold/3": 4, "alias/3": 3, "rewrite/4": 2, "sig/2": 1}

type preempting struct {
	pred, at string
	ops      map[string]bool // "*": an op the clause leaves open
}

// preempted names a clause that may fire first on a node the claim is
// about, so that the witness would not be the judged clause's instance
// (its fact would lose to that clause's).
func (j *judge) preempted(p *pattern) string {
	for _, v := range p.roots {
		n := p.nodes[v]
		if n == nil {
			continue
		}
		if rank[j.kind] < 4 && n.op != "" && n.op != "Constant" && len(n.operands) > 0 {
			folds := true
			for _, r := range n.operands {
				src := p.nodes[varOf(p.sub, r.node)]
				folds = folds && src != nil && src.op == "Constant"
			}
			if folds {
				return fmt.Sprintf("its %s = %s reads constants only, and R3 folds it first", display(v), n.op)
			}
		}
		for _, c := range j.pre {
			if rank[c.pred] > rank[j.kind] && (c.ops["*"] || c.ops[n.op]) {
				return fmt.Sprintf("its %s = %s may be taken first by %s (%s wins)", display(v), n.op, c.at, c.pred)
			}
		}
	}
	return ""
}
