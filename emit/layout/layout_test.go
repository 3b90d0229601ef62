package layout_test

import (
	"reflect"
	"testing"

	"reuselab/compiler"
	"reuselab/compiler/passes"
	"reuselab/emit"
	"reuselab/emit/layout"
	"reuselab/ir"
)

// A node's height follows max(input rows, output rows) and its title lines;
// its width its longest label; a texture sample's preview adds 106 rows'
// worth of height; every size is on the grid.
func TestNodeSize(t *testing.T) {
	one := emit.AssetNode{Class: "Multiply", Pins: []string{"A"}, Outs: []string{""}}
	three := emit.AssetNode{Class: "Multiply", Pins: []string{"A", "B", "C"}, Outs: []string{""}}
	s1, s3 := layout.NodeSize(&one), layout.NodeSize(&three)
	if s3.H-s1.H < 2*layout.PinRow-layout.Grid {
		t.Errorf("3 input rows %+v barely taller than 1 %+v", s3, s1)
	}
	outs := emit.AssetNode{Class: "VectorParameter", Outs: []string{"RGB", "R", "G", "B", "A", "RGBA"},
		Props: []emit.Prop{{Name: "ParameterName", Value: "Tint"}, {Name: "DefaultValue", Value: "(R=1,G=1,B=1,A=1)"}}}
	if s := layout.NodeSize(&outs); s.H < 6*layout.PinRow+2*layout.TitleLine {
		t.Errorf("six outputs and a two-line title in %+v", s)
	}
	tex := emit.AssetNode{Class: "TextureSample", Pins: []string{"Coordinates", "TextureObject"}, Outs: []string{""}}
	noPreview := tex
	noPreview.Class = "Multiply"
	if a, b := layout.NodeSize(&tex), layout.NodeSize(&noPreview); a.H < b.H+layout.Preview-2*layout.PinRow || a.W < layout.Preview {
		t.Errorf("TextureSample %+v lacks its preview (same pins without one: %+v)", a, b)
	}
	long := emit.AssetNode{Class: "MaterialFunctionCall", Props: []emit.Prop{{Name: "MaterialFunction", Value: "/Game/F/MF_AVeryLongFunctionNameIndeed.MF_AVeryLongFunctionNameIndeed"}}, Outs: []string{""}}
	if s := layout.NodeSize(&long); s.W < len("MF_AVeryLongFunctionNameIndeed")*layout.TitleChar {
		t.Errorf("a long title does not widen the node: %+v", s)
	}
	for _, n := range []emit.AssetNode{one, three, outs, tex, long} {
		if s := layout.NodeSize(&n); s.W%layout.Grid != 0 || s.H%layout.Grid != 0 || s.W < layout.MinWidth {
			t.Errorf("%s: size %+v off the grid or under the minimum", n.Class, s)
		}
	}
}

func compileExample(t *testing.T, path, mode string) ([]*emit.Asset, []*ir.Graph) {
	t.Helper()
	m, ds := compiler.CompileFile(path, compiler.Options{})
	if m == nil || ds.HasErrors() {
		t.Fatalf("%s: %s", path, ds.String())
	}
	_, res := passes.RunModule(m, passes.Options{Mode: mode})
	assets := emit.FromModule("M.dsm", m, res, emit.Options{})
	layout.Module(assets, m, res)
	var gs []*ir.Graph
	for i := range assets {
		gs = append(gs, res[i].Graph)
	}
	return assets, gs
}

func find(a *emit.Asset, class string) []*emit.AssetNode {
	var out []*emit.AssetNode
	for i := range a.Nodes {
		if a.Nodes[i].Class == class {
			out = append(out, &a.Nodes[i])
		}
	}
	return out
}

// The example: in M_Reuse the ComponentMask and its Constant, the
// Tint parameter and the Multiply it feeds, and the reroute pair all stood
// on one another; now no rectangle overlaps another, readers stand right
// of what they read, and laying out twice gives the same asset.
func TestReuseExampleHasNoOverlap(t *testing.T) {
	for _, mode := range []string{"2.0", "none"} {
		assets, _ := compileExample(t, "../../bench/corpus/examples/M_Reuse.dsm", mode)
		a := assets[0]
		if ov := layout.Overlapping(a); len(ov) > 0 {
			t.Errorf("%s: overlapping pairs %v", mode, ov)
		}
		mask, tint := find(a, "ComponentMask"), find(a, "VectorParameter")
		if len(mask) == 0 || len(tint) != 1 || len(find(a, "Constant")) == 0 {
			t.Fatalf("%s: the example lost its nodes", mode)
		}
		for _, c := range find(a, "Constant") {
			if layout.NodeRect(c).Overlaps(layout.NodeRect(mask[0])) {
				t.Errorf("%s: Constant %+v on the ComponentMask %+v", mode, layout.NodeRect(c), layout.NodeRect(mask[0]))
			}
		}
		for _, n := range a.Nodes {
			for _, in := range n.Inputs {
				src := a.Nodes[in.From]
				if src.Pos.X+layout.NodeSize(&src).W > n.Pos.X {
					t.Errorf("%s: %s %d not left of its reader %s %d", mode, src.Class, src.ID, n.Class, n.ID)
				}
			}
			if n.Role == emit.RoleRerouteTo && a.Nodes[n.Decl].Pos.X >= n.Pos.X {
				t.Errorf("%s: reroute usage %d not right of its declaration", mode, n.ID)
			}
		}
		again, _ := compileExample(t, "../../bench/corpus/examples/M_Reuse.dsm", mode)
		if !reflect.DeepEqual(a, again[0]) {
			t.Errorf("%s: two layouts of the same source differ", mode)
		}
	}
}

// A hand-made asset: a hinted node stands exactly where the hint says and
// the free nodes of its column keep clear of it; a region's box holds its
// nodes and the box of the region nested in it; the Layout Comment hint
// is carried as written.
func TestHintsAndRegions(t *testing.T) {
	g := ir.NewGraph(ir.Material, "M_Hints")
	f := []ir.Output{{Type: "float"}}
	g.Regions = []ir.Region{{Name: "Outer", Parent: -1}, {Name: "Inner", Parent: 0}}
	var params []int
	for i := 0; i < 4; i++ {
		params = append(params, g.Add(&ir.Node{Op: ir.OpParameter, Props: []ir.Prop{{Name: "ParameterName", Value: ir.Str(string(rune('K' + i)))}},
			Outputs: f, Debug: string(rune('K' + i)), Span: ir.Span{Line: i + 1, Col: 1, Region: "Inner"}}))
	}
	sum := g.Add(&ir.Node{Op: ir.OpAdd, Operands: []ir.Ref{{Node: params[0]}, {Node: params[1]}}, Outputs: f, Debug: "S", Span: ir.Span{Region: "Outer"}})
	sum2 := g.Add(&ir.Node{Op: ir.OpAdd, Operands: []ir.Ref{{Node: params[2]}, {Node: params[3]}}, Outputs: f, Debug: "T", Span: ir.Span{Region: "Outer"}})
	all := g.Add(&ir.Node{Op: ir.OpMultiply, Operands: []ir.Ref{{Node: sum}, {Node: sum2}}, Outputs: f, Debug: "Color"})
	g.Sink = g.Add(&ir.Node{Op: ir.OpMaterialSink, Pins: []ir.Pin{{Name: "EmissiveColor", Ref: ir.Ref{Node: all}}}, Role: ir.RoleStatement})

	free := emit.FromGraph(g, nil, emit.Options{})
	layout.Place(free, g)
	// Pin L where the free layout put K: K must make way.
	var k emit.Pos
	for _, n := range free.Nodes {
		if n.IR == params[0] {
			k = n.Pos
		}
	}
	g.Layout = []ir.LayoutHint{{Name: "L", X: k.X, Y: k.Y}, {Comment: true, Name: "Note", X: 1, Y: 2, W: 300, H: 200}}
	a := emit.FromGraph(g, nil, emit.Options{})
	layout.Place(a, g)
	hinted := layout.Hinted(a, g)
	for _, n := range a.Nodes {
		if n.IR == params[1] {
			if n.Pos != k || !hinted[n.ID] {
				t.Errorf("Node(L, %d, %d) not obeyed: %+v", k.X, k.Y, n.Pos)
			}
		} else if hinted[n.ID] {
			t.Errorf("node %d is pinned without a hint", n.ID)
		}
	}
	if ov := layout.Overlapping(a); len(ov) > 0 {
		t.Errorf("free nodes overlap the hinted one: %v", ov)
	}
	if e := layout.Escaped(a, g); len(e) > 0 {
		t.Errorf("%v", e)
	}
	boxes := map[string]layout.Rect{}
	for _, c := range a.Comments {
		boxes[c.Text] = layout.Rect{X: c.X, Y: c.Y, W: c.W, H: c.H}
	}
	if len(boxes) != 3 || boxes["Note"] != (layout.Rect{X: 1, Y: 2, W: 300, H: 200}) {
		t.Fatalf("boxes = %+v", a.Comments)
	}
	if !boxes["Outer"].Contains(boxes["Inner"]) {
		t.Errorf("Outer %+v does not hold Inner %+v", boxes["Outer"], boxes["Inner"])
	}
}

// Hints that put nodes on one another (written for other node sizes): the
// first stands where its hint says, off the grid as written; the second,
// hinted onto it, moves straight down to the first grid line below it; a
// third, hinted where nothing stands, is obeyed to the unit; nothing
// overlaps.
func TestCollidingHintsMoveDown(t *testing.T) {
	g := ir.NewGraph(ir.Material, "M_Collide")
	f := []ir.Output{{Type: "float"}}
	var ps []int
	for i, name := range []string{"A", "B", "C"} {
		ps = append(ps, g.Add(&ir.Node{Op: ir.OpParameter, Props: []ir.Prop{{Name: "ParameterName", Value: ir.Str(name)}},
			Outputs: f, Debug: name, Span: ir.Span{Line: i + 1, Col: 1}}))
	}
	ab := g.Add(&ir.Node{Op: ir.OpAdd, Operands: []ir.Ref{{Node: ps[0]}, {Node: ps[1]}}, Outputs: f, Debug: "AB"})
	abc := g.Add(&ir.Node{Op: ir.OpAdd, Operands: []ir.Ref{{Node: ab}, {Node: ps[2]}}, Outputs: f, Debug: "ABC"})
	g.Sink = g.Add(&ir.Node{Op: ir.OpMaterialSink, Pins: []ir.Pin{{Name: "EmissiveColor", Ref: ir.Ref{Node: abc}}}, Role: ir.RoleStatement})
	g.Layout = []ir.LayoutHint{{Name: "A", X: -501, Y: 7}, {Name: "B", X: -501, Y: 20}, {Name: "C", X: -501, Y: 3000}}
	a := emit.FromGraph(g, nil, emit.Options{})
	layout.Place(a, g)
	at := map[int]*emit.AssetNode{}
	for i := range a.Nodes {
		at[a.Nodes[i].IR] = &a.Nodes[i]
	}
	first, second, third := at[ps[0]], at[ps[1]], at[ps[2]]
	if first.Pos != (emit.Pos{X: -501, Y: 7}) || third.Pos != (emit.Pos{X: -501, Y: 3000}) {
		t.Errorf("hints on free ground not obeyed: A at %+v, C at %+v", first.Pos, third.Pos)
	}
	bottom := first.Pos.Y + layout.NodeSize(first).H
	want := emit.Pos{X: -501, Y: (bottom + layout.Grid - 1) / layout.Grid * layout.Grid}
	if second.Pos != want {
		t.Errorf("B, hinted onto A (%+v, %+v), at %+v; want %+v, the first grid line below A", first.Pos, layout.NodeSize(first), second.Pos, want)
	}
	if ov := layout.Overlapping(a); len(ov) > 0 {
		t.Errorf("overlapping pairs %v", ov)
	}
}

// A cycle (which emission never makes) and references out of range neither
// hang nor crash the layout; every node still gets a place of its own.
func TestBadWiringIsSafe(t *testing.T) {
	a := &emit.Asset{Name: "Loop", Nodes: []emit.AssetNode{
		{ID: 0, Class: "Add", Pins: []string{"A", "B"}, Outs: []string{""}, Inputs: []emit.Input{{Pin: "A", From: 1}}, IR: -1, Decl: -1},
		{ID: 1, Class: "Add", Pins: []string{"A", "B"}, Outs: []string{""}, Inputs: []emit.Input{{Pin: "A", From: 0}, {Pin: "B", From: 7}}, IR: 5, Decl: -1},
		{ID: 2, Class: "NamedRerouteUsage", Outs: []string{""}, Role: emit.RoleRerouteTo, IR: -1, Decl: 9},
	}}
	layout.Place(a, nil)
	if ov := layout.Overlapping(a); len(ov) > 0 {
		t.Errorf("overlaps %v", ov)
	}
}
