package layout

import (
	"reflect"
	"testing"

	"reuselab/ir"
)

// A diamond with a shared node, a region and a Node hint.
func testGraph() *ir.Graph {
	g := ir.NewGraph(ir.Material, "M_Layout")
	f := []ir.Output{{Type: "float"}}
	g.Regions = []ir.Region{{Name: "Outer", Parent: -1}, {Name: "Inner", Parent: 0}}
	tc := g.Add(&ir.Node{Op: ir.OpReflected, Class: "TextureCoordinate", Outputs: []ir.Output{{Type: "float2"}}, Debug: "UV", Span: ir.Span{Region: "Inner"}})
	x := g.Add(&ir.Node{Op: ir.OpSwizzle, Operands: []ir.Ref{{Node: tc}}, Outputs: f, Debug: "A", Span: ir.Span{Region: "Outer"}})
	two := g.Add(&ir.Node{Op: ir.OpConstant, Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(2)}}, Outputs: f, Debug: "A"})
	a := g.Add(&ir.Node{Op: ir.OpMultiply, Operands: []ir.Ref{{Node: x}, {Node: two}}, Outputs: f, Debug: "A"})
	c := g.Add(&ir.Node{Op: ir.OpMultiply, Operands: []ir.Ref{{Node: two}, {Node: x}}, Outputs: f, Debug: "C"})
	sum := g.Add(&ir.Node{Op: ir.OpAdd, Operands: []ir.Ref{{Node: a}, {Node: c}}, Outputs: f, Debug: "Color"})
	g.Sink = g.Add(&ir.Node{Op: ir.OpMaterialSink, Pins: []ir.Pin{{Name: "EmissiveColor", Ref: ir.Ref{Node: sum}}}, Role: ir.RoleStatement})
	return g
}

func TestColumnsSnapAndOrder(t *testing.T) {
	g := testGraph()
	l := Compute(g)
	wantCols := []int{4, 3, 3, 2, 2, 1, 0}
	if !reflect.DeepEqual(l.Column, wantCols) {
		t.Errorf("columns = %v, want %v (longest path to a root)", l.Column, wantCols)
	}
	for i, p := range l.Pos {
		if p.X%Grid != 0 || p.Y%Grid != 0 {
			t.Errorf("node %d at %v: not on the 16-unit grid", i, p)
		}
	}
	for _, n := range g.Nodes {
		n.Inputs(func(r ir.Ref) {
			if l.Pos[r.Node].X >= l.Pos[n.ID].X {
				t.Errorf("node %d (x=%d) is not left of its reader %d (x=%d)", r.Node, l.Pos[r.Node].X, n.ID, l.Pos[n.ID].X)
			}
		})
	}
	// No overlap within a column.
	for i := range g.Nodes {
		for j := range g.Nodes {
			if i < j && l.Column[i] == l.Column[j] {
				a, b := l.Pos[i], l.Pos[j]
				if a.Y < b.Y+l.Height[j] && b.Y < a.Y+l.Height[i] {
					t.Errorf("nodes %d and %d overlap in column %d", i, j, l.Column[i])
				}
			}
		}
	}
	if !reflect.DeepEqual(l, Compute(testGraph())) {
		t.Error("layout is not deterministic")
	}
}

func TestHintsAndRegions(t *testing.T) {
	g := testGraph()
	g.Layout = []ir.LayoutHint{{Name: "C", X: 120, Y: -40}, {Comment: true, Name: "Note", X: 1, Y: 2, W: 300, H: 200}}
	l := Compute(g)
	if l.Pos[4] != (Pos{120, -40}) || !l.Fixed[4] {
		t.Errorf("Node(C, 120, -40) not obeyed exactly: %v", l.Pos[4])
	}
	var inner, outer, note *Box
	for i := range l.Boxes {
		switch l.Boxes[i].Name {
		case "Inner":
			inner = &l.Boxes[i]
		case "Outer":
			outer = &l.Boxes[i]
		case "Note":
			note = &l.Boxes[i]
		}
	}
	if inner == nil || outer == nil || note == nil {
		t.Fatalf("boxes = %+v", l.Boxes)
	}
	in := func(b *Box, p Pos) bool { return p.X >= b.X && p.Y >= b.Y && p.X < b.X+b.W && p.Y < b.Y+b.H }
	if !in(inner, l.Pos[0]) || !in(outer, l.Pos[0]) || !in(outer, l.Pos[1]) {
		t.Errorf("region boxes do not hold their nodes: inner %+v outer %+v pos %v %v", inner, outer, l.Pos[0], l.Pos[1])
	}
	if note.W != 300 || note.H != 200 {
		t.Errorf("Comment hint changed: %+v", note)
	}
}
