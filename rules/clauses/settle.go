package clauses

import "fmt"

// settle finishes the pattern: nodes renamed by later unifications are
// merged, keys equal in the pattern make their nodes' ops and types
// equal, and an op node's missing operands become free values.
func (p *pattern) settle() error {
	merged := map[string]*pnode{}
	for _, n := range p.sortedNodes() {
		v := varOf(p.sub, term{v: n.v})
		if v == "" {
			return fmt.Errorf("a node given as a constant")
		}
		m, ok := merged[v]
		if !ok {
			n.v = v
			merged[v] = n
			continue
		}
		if n.op != "" {
			if err := p.setOp(m, n.op); err != nil {
				return err
			}
		}
		for i, r := range n.operands {
			if old, ok := m.operands[i]; ok && (!p.sub.unify(old.node, r.node) || !p.sub.unify(old.out, r.out)) {
				return errDead
			}
			m.operands[i] = r
		}
		for i, f := range n.lanes {
			if old, ok := m.lanes[i]; ok && old != f {
				return errDead
			}
			m.lanes[i] = f
		}
		for i, x := range n.laneVar {
			m.laneVar[i] = x
		}
		if n.width != 0 {
			if m.width != 0 && m.width != n.width {
				return errDead
			}
			m.width = n.width
		}
		for _, c := range [][2]*int{{&m.slots, &n.slots}, {&m.outs, &n.outs}} {
			if *c[1] >= 0 {
				if *c[0] >= 0 && *c[0] != *c[1] {
					return errDead
				}
				*c[0] = *c[1]
			}
		}
	}
	p.nodes = merged
	for i, r := range p.roots {
		p.roots[i] = varOf(p.sub, term{v: r})
	}
	keyed := map[string][]string{}
	for k, ns := range p.keys {
		k = varOf(p.sub, term{v: k})
		keyed[k] = append(keyed[k], ns...)
	}
	p.keys = keyed
	for _, ns := range keyed {
		first := p.nodes[varOf(p.sub, term{v: ns[0]})]
		for _, v := range ns[1:] {
			n := p.nodes[varOf(p.sub, term{v: v})]
			// one key: one op, class, outputs and properties (R5)
			switch {
			case n.op == "" && first.op != "":
				n.op = first.op
			case first.op == "" && n.op != "":
				first.op = n.op
			case n.op != first.op:
				return errDead
			}
			tv := fmt.Sprintf("T~key~%s", first.v)
			for _, x := range []*pnode{first, n} {
				p.types = append(p.types, typing{at: ref{term{v: x.v}, num(0)}, tvar: tv})
			}
		}
	}
	for _, n := range p.sortedNodes() {
		if n.op == "Constant" && (n.slots > 0 || n.outs > 1 || n.outs == 0) {
			return errDead
		}
		sh, ok := shapes[n.op]
		if !ok {
			continue
		}
		if (n.slots >= 0 && n.slots != sh.arity) || (n.outs >= 0 && n.outs != 1) {
			return errDead // no node of this op has these counts
		}
		for i := range n.operands {
			if i >= sh.arity {
				return errDead
			}
		}
		for i := 0; i < sh.arity; i++ {
			if _, ok := n.operands[i]; !ok {
				fresh := fmt.Sprintf("%s.%d", n.v, i)
				if _, err := p.node(term{v: fresh}); err != nil {
					return err
				}
				n.operands[i] = ref{term{v: fresh}, num(0)}
			}
		}
	}
	// A node read through an output other than 0 is a free value (the
	// ops modelled have one output); an op node is read through 0.
	for _, n := range p.nodes {
		for _, r := range n.operands {
			src := p.nodes[varOf(p.sub, r.node)]
			if src != nil && src.op != "" && !p.sub.unify(r.out, num(0)) {
				return errDead
			}
		}
	}
	for _, n := range p.nodes {
		if n.op == "" && len(n.operands) > 0 {
			return fmt.Errorf("reads the operands of %s, whose op it leaves open", n.v)
		}
	}
	return nil
}
