package passes

import "reuselab/ir"

// cloneGraph deep-copies g as ir.Graph.Clone does, but into a few slabs (one
// array of nodes, one of operands, one of properties…) instead of five or
// six allocations per node. Every slice is cut with its capacity equal to
// its length, so an append to one node's slice reallocates instead of
// writing over the next node's. Run does not copy its input (state.go);
// the snapshots of --passes and the contract checks do.
func cloneGraph(g *ir.Graph) *ir.Graph {
	c := *g
	c.Settings = append([]ir.Setting(nil), g.Settings...)
	c.Regions = append([]ir.Region(nil), g.Regions...)
	c.Layout = append([]ir.LayoutHint(nil), g.Layout...)
	c.Inputs = append([]int(nil), g.Inputs...)
	c.Outputs = append([]int(nil), g.Outputs...)
	var nOps, nPins, nProps, nNums, nOuts int
	for _, n := range g.Nodes {
		nOps += len(n.Operands)
		nPins += len(n.Pins)
		nProps += len(n.Props)
		nOuts += len(n.Outputs)
		for _, p := range n.Props {
			nNums += len(p.Value.Nums)
		}
	}
	nodes := make([]ir.Node, len(g.Nodes))
	ops := make([]ir.Ref, 0, nOps)
	pins := make([]ir.Pin, 0, nPins)
	props := make([]ir.Prop, 0, nProps)
	nums := make([]float64, 0, nNums)
	outs := make([]ir.Output, 0, nOuts)
	c.Nodes = make([]*ir.Node, len(g.Nodes))
	for i, n := range g.Nodes {
		m := &nodes[i]
		*m = *n
		m.Operands = slab(&ops, n.Operands)
		m.Pins = slab(&pins, n.Pins)
		m.Outputs = slab(&outs, n.Outputs)
		m.Props = slab(&props, n.Props)
		for k := range m.Props {
			m.Props[k].Value.Nums = slab(&nums, m.Props[k].Value.Nums)
		}
		c.Nodes[i] = m
	}
	return &c
}

// slab appends xs to *pool and returns the copy, with capacity = length; nil
// stays nil.
func slab[T any](pool *[]T, xs []T) []T {
	if xs == nil {
		return nil
	}
	start := len(*pool)
	*pool = append(*pool, xs...)
	return (*pool)[start:len(*pool):len(*pool)]
}
