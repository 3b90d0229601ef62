package metrics

import (
	"reflect"
	"testing"

	"reuselab/ir"
)

func ref(id int) ir.Ref { return ir.Ref{Node: id} }

// diamond is a material whose Multiply is read twice by one Add and once by
// a Sin, plus one dead constant:
//
//	%0 = Constant  %1 = Parameter  %2 = Multiply(%0, %1)  %3 = Add(%2, %2)
//	%4 = Sin(%2)   %5 = Add(%3, %4) %6 = MaterialSink(EmissiveColor=%5)
//	%7 = Constant  (nothing reads it)
func diamond() *ir.Graph {
	g := ir.NewGraph(ir.Material, "T/M_Diamond")
	g.Add(&ir.Node{Op: ir.OpConstant})
	g.Add(&ir.Node{Op: ir.OpParameter})
	g.Add(&ir.Node{Op: ir.OpMultiply, Operands: []ir.Ref{ref(0), ref(1)}})
	g.Add(&ir.Node{Op: ir.OpAdd, Operands: []ir.Ref{ref(2), ref(2)}})
	g.Add(&ir.Node{Op: ir.OpSin, Operands: []ir.Ref{ref(2)}})
	g.Add(&ir.Node{Op: ir.OpAdd, Operands: []ir.Ref{ref(3), ref(4)}})
	g.Sink = g.Add(&ir.Node{Op: ir.OpMaterialSink, Role: ir.RoleStatement,
		Pins: []ir.Pin{{Name: "EmissiveColor", Ref: ref(5)}}})
	g.Add(&ir.Node{Op: ir.OpConstant})
	return g
}

// Computed by hand: levels (longest path to an unread node) are
// 6:0 7:0 5:1 3:2 4:2 2:3 0:4 1:4; paths from unread nodes are 1 everywhere
// except %2 (via %3 twice and %4 once: 3) and %0, %1 (3 each), so the
// unfolded tree has 14 nodes; the sink dominates all but the dead constant.
func TestDiamond(t *testing.T) {
	got := Compute(diamond())
	want := Metrics{
		Nodes: 8, Edges: 8, Depth: 4,
		Width: []int{2, 1, 2, 1, 2}, MaxWidth: 2,
		FanIn:    []Bin{{0, 3}, {1, 2}, {2, 3}},
		FanOut:   []Bin{{0, 2}, {1, 5}, {3, 1}},
		MaxFanIn: 2, MaxFanOut: 3,
		Shared:   1,
		TreeSize: 14, SharingFactor: 1.75,
		Components: 2,
		Roots:      []RootShare{{Node: 6, Op: "MaterialSink", Dominated: 7}},
		Unreached:  1,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Compute(diamond)\n got %+v\nwant %+v", got, want)
	}
}

// twoOutputs is a function whose input feeds two outputs: neither output
// dominates the input, each dominates its own operation.
//
//	%0 = FunctionInput  %1 = Multiply(%0, %0)  %2 = FunctionOutput(%1)
//	%3 = Sin(%0)        %4 = FunctionOutput(%3)
func twoOutputs() *ir.Graph {
	g := ir.NewGraph(ir.MaterialFunction, "T/MF_Two")
	g.Add(&ir.Node{Op: ir.OpFunctionInput, Role: ir.RoleInput})
	g.Add(&ir.Node{Op: ir.OpMultiply, Operands: []ir.Ref{ref(0), ref(0)}})
	g.Add(&ir.Node{Op: ir.OpFunctionOutput, Role: ir.RoleStatement, Operands: []ir.Ref{ref(1)}})
	g.Add(&ir.Node{Op: ir.OpSin, Operands: []ir.Ref{ref(0)}})
	g.Add(&ir.Node{Op: ir.OpFunctionOutput, Role: ir.RoleStatement, Operands: []ir.Ref{ref(3)}})
	return g
}

func TestTwoOutputs(t *testing.T) {
	got := Compute(twoOutputs())
	if got.Depth != 2 || !reflect.DeepEqual(got.Width, []int{2, 2, 1}) {
		t.Errorf("depth %d width %v, want 2 [2 2 1]", got.Depth, got.Width)
	}
	// Paths: the outputs and their operands 1 each; the input 1+1 via the
	// Multiply (read twice) + 1 via the Sin = 3. Tree 7 over 5 nodes.
	if got.TreeSize != 7 || got.SharingFactor != 1.4 || got.Shared != 1 {
		t.Errorf("tree %v factor %v shared %d, want 7 1.4 1", got.TreeSize, got.SharingFactor, got.Shared)
	}
	wantRoots := []RootShare{
		{Node: 0, Op: "FunctionInput", Dominated: 1},
		{Node: 2, Op: "FunctionOutput", Dominated: 2},
		{Node: 4, Op: "FunctionOutput", Dominated: 2},
	}
	if !reflect.DeepEqual(got.Roots, wantRoots) || got.Unreached != 0 || got.Components != 1 {
		t.Errorf("roots %+v unreached %d components %d", got.Roots, got.Unreached, got.Components)
	}
}

func TestEmpty(t *testing.T) {
	if got := Compute(ir.NewGraph(ir.Material, "T/M_Empty")); got.Nodes != 0 || got.Depth != 0 {
		t.Errorf("empty graph: %+v", got)
	}
}
