package prove

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"reuselab/ir"
	"reuselab/ir/interp"
)

// A merge's two sides usually share most of their cones: x*1 and x share
// all of x, a congruent pair shares every operand. What lies below the
// shared frontier is the same value on both sides whatever it computes, so
// the claim is first asked with each frontier node replaced by a free
// value of its type. That formula is small and the same on every asset
// where the rule fires (the cache answers the second time), and an unsat
// answer proves the claim: it holds for every value the frontier could
// take, the real ones among them. A sat answer proves nothing (the free
// values may be ones the cone cannot produce), so the claim is then asked
// whole, with its witness search, as before.

// frontier is the cut of a two-sided claim: the nodes of both cones that a
// node of one cone only reads, or that are a side; constants and leaves
// stay as they are (they are already as small as a free value, and
// keeping them keeps what they pin).
func frontier(g *ir.Graph, a, b ir.Ref) (map[int]bool, []int, error) {
	coneA, err := coneOrder(g, []ir.Ref{a}, nil)
	if err != nil {
		return nil, nil, err
	}
	coneB, err := coneOrder(g, []ir.Ref{b}, nil)
	if err != nil {
		return nil, nil, err
	}
	inA := make(map[int]bool, len(coneA))
	for _, id := range coneA {
		inA[id] = true
	}
	shared := map[int]bool{}
	for _, id := range coneB {
		if inA[id] {
			shared[id] = true
		}
	}
	cut := map[int]bool{}
	mark := func(id int) {
		switch g.Nodes[id].Op {
		case ir.OpConstant, ir.OpParameter, ir.OpFunctionInput, ir.OpTextureParameter:
			return
		}
		cut[id] = true
	}
	for _, side := range []ir.Ref{a, b} {
		if shared[side.Node] {
			mark(side.Node)
		}
	}
	for _, cone := range [][]int{coneA, coneB} {
		for _, id := range cone {
			if shared[id] {
				continue
			}
			g.Nodes[id].Inputs(func(r ir.Ref) {
				if r.Node >= 0 && r.Node < len(g.Nodes) && shared[r.Node] {
					mark(r.Node)
				}
			})
		}
	}
	if len(cut) == 0 {
		return nil, nil, nil
	}
	order, err := coneOrder(g, []ir.Ref{a, b}, cut)
	return cut, order, err
}

// free is a cut node's outputs as free values: numbers lane by lane, an
// identity (a texture, a record) as a fresh identity.
func (t *translator) free(n *ir.Node) []vec {
	outs := make([]vec, len(n.Outputs))
	for k, o := range n.Outputs {
		key := fmt.Sprintf("cut:%d:%d", n.ID, k)
		if interp.KindOf(o.Type) != interp.Num {
			outs[k] = vec{handle: true, h: t.a.f.leaf(key, 0, t.a.f.hsort, false)}
			continue
		}
		v := vec{n: max(interp.WidthOf(o.Type), 1)}
		for i := 0; i < v.n; i++ {
			v.l[i] = t.a.f.leaf(key, i, t.a.sort(), false)
		}
		outs[k] = v
	}
	return outs
}

// decideAbstract asks a two-sided claim over its shared frontier. ok is
// false when that proves nothing: no frontier, a formula it cannot write,
// or a solver that does not say unsat.
//
// note, when the solver found values of the frontier that make the sides
// differ, names them: said beside an Unknown on the whole cone, it tells
// where the claim fails if the program can reach those values.
func (p *Prover) decideAbstract(g *ir.Graph, a, b Side) (v Verdict, ok bool, note string) {
	cut, order, err := frontier(g, a.Ref, b.Ref)
	if err != nil || cut == nil {
		return Verdict{}, false, ""
	}
	k := f32
	if p.opts.Semantics == Real {
		k = real
	}
	q := &query{g: g, a: a, b: sideSpec{side: b}, f: newFormula(p.opts.MaxTerms, k == real), order: order}
	q.narrow = newTranslator(g, ar{k: k, f: q.f})
	q.narrow.cut = cut
	if q.v, err = q.sides(q.narrow); err != nil || q.f.err != nil {
		return Verdict{}, false, ""
	}
	q.differ = q.narrow.differ(q.v[0], q.v[1])
	if q.oneTerm() {
		p.stats.OneTerm++
		return Verdict{Outcome: Proved, Reason: "both sides are one term over their shared inputs"}, true, ""
	}
	key := cacheKey(p.opts.Solver.Name, p.opts.Semantics, "frontier\x00"+canonicalText(q.f, q.differ))
	if e, ok := p.opts.Cache.get(key); ok {
		if e.outcome != Proved {
			return Verdict{}, false, ""
		}
		p.stats.CacheHits++
		return Verdict{Outcome: Proved, Reason: e.reason, Cached: true}, true, ""
	}
	p.stats.SolverChecks++
	start := time.Now()
	ans, _, err := p.sess.check("(reset)\n" + p.opts.Solver.Preamble + q.f.text(q.differ))
	p.stats.SolverTime += time.Since(start)
	switch {
	case err == nil && ans == "unsat":
		e := entry{outcome: Proved, reason: "unsat over the shared inputs: no values of them make the sides differ", cacheable: true}
		p.opts.Cache.put(key, e)
		return Verdict{Outcome: Proved, Reason: e.reason}, true, ""
	case err == nil && ans == "sat":
		note = p.frontierValues(q, cut)
		p.opts.Cache.put(key, entry{outcome: Unknown, cacheable: true})
	case errors.Is(err, errTimeout):
		p.opts.Cache.put(key, entry{outcome: Unknown, cacheable: true})
	}
	return Verdict{}, false, note
}

// frontierValues reads the model's values of the cut nodes, in node order.
func (p *Prover) frontierValues(q *query, cut map[int]bool) string {
	ids := make([]int, 0, len(cut))
	for id := range cut {
		ids = append(ids, id)
	}
	sort.Ints(ids)
	var parts []string
	for _, id := range ids {
		outs := q.narrow.memo[id]
		for k, v := range outs {
			if v.handle || v.n == 0 {
				continue
			}
			xs, err := p.sess.values(v.l[:v.n])
			if err != nil {
				return ""
			}
			lanes := make([]string, len(xs))
			for i, x := range xs {
				f, _, err := number(x)
				if err != nil {
					return ""
				}
				lanes[i] = strconv.FormatFloat(f, 'g', -1, 32)
			}
			parts = append(parts, fmt.Sprintf("%%%d#%d = (%s)", id, k, strings.Join(lanes, ", ")))
			if len(parts) == 8 {
				return strings.Join(parts, ", ") + ", …"
			}
		}
	}
	return strings.Join(parts, ", ")
}
