package front

import (
	"testing"

	"reuselab/ir"
)

// A carved list has no room to grow: appending to one must not write into
// the next node's list, which shares the chunk.
func TestCarvedListsDoNotShare(t *testing.T) {
	var b Builder
	a := b.Out1("float")
	c := b.Out1("float2")
	a = append(a, ir.Output{Type: "float3"})
	if c[0].Type != "float2" || len(a) != 2 {
		t.Errorf("append to one carved list changed the next: %v %v", a, c)
	}
	many := b.refs.Carve(300) // longer than a chunk: a chunk of its own
	if len(many) != 300 {
		t.Errorf("carved %d refs, want 300", len(many))
	}
}

// Add keeps the copy in the graph; NameFrom names only the unnamed nodes
// made since the mark, and a constant carries its value and type.
func TestBuilderAddsNamesAndConstants(t *testing.T) {
	b := Builder{Graph: ir.NewGraph(ir.Material, "M")}
	first := b.Add(&ir.Node{Op: ir.OpAdd, Debug: "kept"}, ir.Span{Line: 1, Col: 1})
	mark := b.Mark()
	named := b.Add(&ir.Node{Op: ir.OpAdd, Debug: "own"}, ir.Span{Line: 2, Col: 1})
	k := b.Constant([]float64{1, 2}, "float2", ir.Span{Line: 3, Col: 5}, "")
	b.NameFrom(mark, "Target")
	if b.Graph.Nodes[first.ID] != first || first.Debug != "kept" {
		t.Errorf("the node before the mark: %+v", first)
	}
	if named.Debug != "own" || k.Debug != "Target" {
		t.Errorf("after NameFrom: %q and %q, want own and Target", named.Debug, k.Debug)
	}
	if k.Op != ir.OpConstant || len(k.Outputs) != 1 || k.Outputs[0].Type != "float2" || k.Span.Col != 5 {
		t.Errorf("constant: %+v", k)
	}
	if v, ok := k.Prop("Value"); !ok || v.String() != ir.Tuple(1, 2).String() {
		t.Errorf("constant value: %v", v)
	}
}

func TestNameListAndSetProp(t *testing.T) {
	if got := NameList([]string{"A", "B"}).Str; got != "[A, B]" {
		t.Errorf("NameList = %q, want [A, B]", got)
	}
	ps := SetProp(nil, "X", ir.Num(1))
	ps = SetProp(ps, "Y", ir.Num(2))
	ps = SetProp(ps, "X", ir.Num(3))
	if len(ps) != 2 || ps[0].Name != "X" || ps[0].Value.Nums[0] != 3 {
		t.Errorf("SetProp kept %+v, want X=3 replaced in place, then Y", ps)
	}
}
