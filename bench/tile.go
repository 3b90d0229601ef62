package bench

import (
	"fmt"

	"reuselab/ir"
)

// Tile builds a graph of at least n build nodes out of copies of base, for
// the scaling curve: compiling a generated program of a million nodes takes
// the front end far longer than the engines take, while a tiled graph has
// the shape of a real compiled material at any size and costs O(n) to make.
//
// Each copy keeps base's value nodes and their wiring. Constants of copy t
// are shifted by t·1024, so that copies do not merge with each other
// wholesale; parameters keep their names, so they merge across copies, as
// re-read parameters do. Every statement of base becomes, per copy, one
// FunctionOutput per input it reads, so the result is a MaterialFunction
// whose outputs keep every copy alive.
func Tile(base *ir.Graph, n int) *ir.Graph {
	g := ir.NewGraph(ir.MaterialFunction, fmt.Sprintf("Scaling/MF_Tiled_%d", n))
	remap := make([]int, len(base.Nodes))
	for t := 0; len(g.Nodes) < n || t == 0; t++ {
		for i, nd := range base.Nodes {
			if nd.IsStatement() {
				continue
			}
			c := nd.Clone()
			c.MapInputs(func(r ir.Ref) ir.Ref { return ir.Ref{Node: remap[r.Node], Out: r.Out} })
			if c.Op == ir.OpConstant && t > 0 {
				for _, p := range c.Props {
					for k := range p.Value.Nums {
						p.Value.Nums[k] += float64(t) * 1024
					}
				}
			}
			remap[i] = g.Add(c)
		}
		for _, nd := range base.Nodes {
			if !nd.IsStatement() {
				continue
			}
			k := 0
			nd.Inputs(func(r ir.Ref) {
				out := &ir.Node{
					Op:       ir.OpFunctionOutput,
					Operands: []ir.Ref{{Node: remap[r.Node], Out: r.Out}},
					Props: []ir.Prop{
						{Name: "OutputName", Value: ir.Str(fmt.Sprintf("T%d_%d", t, k))},
						{Name: "SortPriority", Value: ir.Num(float64(len(g.Outputs)))},
					},
					Role: ir.RoleStatement,
				}
				g.Outputs = append(g.Outputs, g.Add(out))
				k++
			})
		}
	}
	return g
}
