package emit

import (
	"reuselab/ir"
)

// dedupeForTest is a minimal stand-in for compiler/passes (R5, R6): merge
// nodes with equal keys into the earliest, drop what no root reaches,
// re-index. It records fates so the emitter's provenance can be tested
// without the passes package.
func dedupeForTest(build *ir.Graph) *ir.Result {
	g := build.Clone()
	canon := make([]int, len(g.Nodes))
	seen := map[string]int{}
	fates := make([]ir.Fate, len(g.Nodes))
	for i, n := range g.Nodes {
		canon[i] = i
		fates[i] = ir.Fate{Kind: ir.Kept, Into: int32(i)}
		n.MapInputs(func(r ir.Ref) ir.Ref { return ir.Ref{Node: canon[r.Node], Out: r.Out} })
		if n.IsStatement() {
			continue
		}
		k := ir.DedupeKey(n, nil)
		if j, ok := seen[k]; ok {
			canon[i] = j
			fates[i] = ir.Fate{Kind: ir.Merged, Into: int32(j), Pass: ir.PassIDOf(ir.PassDedupe), Round: 1}
			continue
		}
		seen[k] = i
	}
	live := make([]bool, len(g.Nodes))
	var mark func(i int)
	mark = func(i int) {
		if live[i] {
			return
		}
		live[i] = true
		g.Nodes[i].Inputs(func(r ir.Ref) { mark(r.Node) })
	}
	for _, r := range g.Roots() {
		mark(r)
	}
	final := ir.NewGraph(g.Kind, g.Name)
	*final = *g
	final.Nodes = nil
	index := make([]int, len(g.Nodes))
	for i, n := range g.Nodes {
		index[i] = -1
		if live[i] && canon[i] == i {
			index[i] = len(final.Nodes)
			c := n.Clone()
			final.Add(c)
		}
	}
	for _, n := range final.Nodes {
		n.MapInputs(func(r ir.Ref) ir.Ref { return ir.Ref{Node: index[r.Node], Out: r.Out} })
	}
	if g.Sink >= 0 {
		final.Sink = index[g.Sink]
	}
	for i := range fates {
		f := index[canon[i]]
		fates[i].Final = int32(f)
		if f < 0 {
			fates[i] = ir.Fate{Kind: ir.Pruned, Final: -1, Into: int32(i), Pass: ir.PassIDOf(ir.PassPrune)}
		}
	}
	return &ir.Result{Engine: "test", Mode: "2.0", Build: build, Graph: final, Fates: fates, Rounds: 1}
}

// buildGraph is a small builder for hand-written IR in tests.
type buildGraph struct{ g *ir.Graph }

func newBuild(kind ir.ProductKind, name string) *buildGraph {
	g := ir.NewGraph(kind, name)
	g.Legacy = true
	return &buildGraph{g: g}
}

func (b *buildGraph) node(op ir.Op, class, typ, debug string, line, col int, ops []ir.Ref, props ...ir.Prop) ir.Ref {
	n := &ir.Node{Op: op, Class: class, Operands: ops, Props: props, Debug: debug, Span: ir.Span{Line: line, Col: col}}
	if typ != "" {
		n.Outputs = []ir.Output{{Type: typ}}
	}
	return ir.Ref{Node: b.g.Add(n)}
}

func (b *buildGraph) sink(pins ...ir.Pin) {
	b.g.Sink = b.g.Add(&ir.Node{Op: ir.OpMaterialSink, Pins: pins, Role: ir.RoleStatement, Span: ir.Span{Line: 1, Col: 1}})
}

func refs(rs ...ir.Ref) []ir.Ref { return rs }

// reuseBuild is the raw graph the compiler builds for testdata/M_Reuse.dsm
// (node-reuse.txt's example), before any pass: one node per expression.
func reuseBuild() *ir.Graph {
	b := newBuild(ir.Material, "Docs/M_Reuse")
	tc := func(debug string, line int) ir.Ref {
		return b.node(ir.OpReflected, "TextureCoordinate", "float2", debug, line, 20, nil, ir.Prop{Name: "CoordinateIndex", Value: ir.Num(0)})
	}
	two := func(debug string, line, col int) ir.Ref {
		return b.node(ir.OpConstant, "", "float", debug, line, col, nil, ir.Prop{Name: "Value", Value: ir.Tuple(2)})
	}
	x := func(src ir.Ref, debug string, line, col int) ir.Ref {
		return b.node(ir.OpSwizzle, "", "float", debug, line, col, refs(src), ir.Prop{Name: "Mask", Value: ir.Str("x")})
	}
	uv1 := tc("UV1", 8)
	tc("UV2", 9)
	a := b.node(ir.OpMultiply, "", "float", "A", 12, 19, refs(x(uv1, "A", 12, 19), two("A", 12, 27)))
	bb := b.node(ir.OpMultiply, "", "float", "B", 13, 19, refs(x(uv1, "B", 13, 19), two("B", 13, 27)))
	c := b.node(ir.OpMultiply, "", "float", "C", 14, 19, refs(two("C", 14, 19), x(uv1, "C", 14, 25)))
	tint := b.node(ir.OpParameter, "", "float4", "Tint", 3, 18, nil,
		ir.Prop{Name: "ParameterName", Value: ir.Str("Tint")},
		ir.Prop{Name: "DefaultValue", Value: ir.Tuple(1, 0.5, 0.2)},
		ir.Prop{Name: "SortPriority", Value: ir.Num(32)})
	rgb := b.node(ir.OpSwizzle, "", "float3", "Color", 3, 18, refs(tint), ir.Prop{Name: "Mask", Value: ir.Str("xyz")})
	ab := b.node(ir.OpAdd, "", "float", "Color", 16, 25, refs(a, bb))
	abc := b.node(ir.OpAdd, "", "float", "Color", 16, 25, refs(ab, c))
	col := b.node(ir.OpMultiply, "", "float3", "Color", 16, 17, refs(rgb, abc))
	b.sink(ir.Pin{Name: "EmissiveColor", Ref: col})
	return b.g
}
