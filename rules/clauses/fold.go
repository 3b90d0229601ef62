package clauses

import (
	"fmt"

	"reuselab/ir"
	"reuselab/prove"
)

// fold judges a fold/3 clause: paired with each foldtype/2 clause of the
// file that can hold of the same node (the driver folds only with both),
// the node equals the constant, lane by lane, on every typed graph.
func (j *judge) fold(i int, own string) outcome {
	var o outcome
	paired := false
	for k, f := range j.all {
		if f.pred != "foldtype/2" || j.stmts[k].Pos.File != own {
			continue
		}
		at := fmt.Sprintf("%s:%d", j.stmts[k].Pos.File, j.stmts[k].Pos.Line)
		ox, live := j.foldPair(rename(j.all[i], ""), rename(f, "~t"))
		if !live {
			continue
		}
		paired = true
		o.worse(ox)
		ft := j.foldtype[at]
		ft.worse(ox)
		j.foldtype[at] = ft
		if o.refuted != "" {
			return o
		}
	}
	if !paired {
		return outcome{why: "no foldtype/2 clause of the file holds of the nodes it folds (their type comes from elsewhere)"}
	}
	return o
}

// foldPair judges fold clause g together with foldtype clause f; live
// is false when the two never hold of one node.
func (j *judge) foldPair(g, f clauseIn) (outcome, bool) {
	if f.why != "" {
		return outcome{why: f.why}, true
	}
	body := append(append([]lit(nil), g.body...), f.body...)
	sub := subst{}
	if !sub.unify(g.head[0], f.head[0]) {
		return outcome{}, false
	}
	ps, _, why := j.patterns(clauseIn{body: body}, sub)
	if why != "" {
		return outcome{why: why}, true
	}
	var o outcome
	for _, p := range ps {
		typ, ok := strArg(p.sub, f.head[1])
		wT := ir.TypeWidth(typ)
		if !ok || wT == 0 {
			o.worse(outcome{why: fmt.Sprintf("the fold's type is not a pinned float type (%s)", p.sub.walk(f.head[1]))})
			continue
		}
		lane, ok := intArg(p.sub, g.head[1])
		if !ok {
			o.worse(outcome{why: "the folded lane is not pinned"})
			continue
		}
		ins, err := p.instances(nil)
		if err != nil {
			o.worse(outcome{why: err.Error()})
			continue
		}
		for _, in := range ins {
			cl, err := foldClaim(p, in, g.head[0], lane, wT, p.sub.walk(g.head[2]))
			if err != nil {
				o.worse(outcome{why: err.Error()})
				break
			}
			if !j.decide(&o, p, in, cl, fmt.Sprintf("fold to a %s constant", typ)) {
				break
			}
		}
		if o.refuted != "" {
			return o, true
		}
	}
	return o, len(ps) > 0
}

// foldClaim: lane of node (a wT-lane constant, broadcast when it has one
// lane, as the driver's Constant is read) is v.
func foldClaim(p *pattern, in instance, node term, lane, wT int, v term) (claim, error) {
	root := p.nodes[varOf(p.sub, node)]
	if root == nil || root.op == "" || root.op == "Constant" {
		return claim{}, fmt.Errorf("its head's node %s is not an op the body names", node)
	}
	n := in.at[root.v]
	wN := ir.TypeWidth(in.g.Nodes[n.Node].Outputs[0].Type)
	if lane >= wT {
		return claim{}, fmt.Errorf("it folds lane %d of a %d-lane constant", lane, wT)
	}
	var lanes []int
	switch {
	case wT == 1:
		for k := 0; k < wN; k++ {
			lanes = append(lanes, k)
		}
	case wT == wN:
		lanes = []int{lane}
	default:
		return claim{}, fmt.Errorf("the fold's type has %d lanes where the node has %d", wT, wN)
	}
	var cl claim
	for _, k := range lanes {
		a := side{s: prove.Lane(n, k)}
		if wN == 1 {
			a = side{s: prove.Output(n)}
		}
		switch {
		case !v.isVar() && v.c.k == kFloat:
			cl.pairs = append(cl.pairs, [2]side{a, {konst: []float64{v.c.f}}})
		case v.isVar():
			r, ok := in.at["lane:"+v.v]
			if !ok {
				return claim{}, fmt.Errorf("its value %s is computed, not a constant's lane the body reads", v)
			}
			cl.pairs = append(cl.pairs, [2]side{a, {s: prove.Output(r)}})
		default:
			return claim{}, fmt.Errorf("its value %s is not a float", v)
		}
	}
	return cl, nil
}
