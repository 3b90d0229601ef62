package layout_test

import (
	"testing"

	"reuselab/emit"
	"reuselab/emit/layout"
)

var fuzzClasses = []string{"Add", "Multiply", "Constant", "TextureSample", "VectorParameter", "ComponentMask",
	"MaterialFunctionCall", "NamedRerouteDeclaration", "NamedRerouteUsage", "FunctionOutput", "Custom"}

// assetFrom builds an asset from fuzz bytes: each node takes a class, a pin
// count and inputs from any node (cycles and self-loops included), so the
// layout sees shapes emission never makes.
func assetFrom(data []byte) *emit.Asset {
	a := &emit.Asset{Name: "Fuzz"}
	for i := 0; i+2 < len(data) && len(a.Nodes) < 64; i += 3 {
		id := len(a.Nodes)
		n := emit.AssetNode{ID: id, Class: fuzzClasses[int(data[i])%len(fuzzClasses)], IR: -1, Decl: -1, Outs: []string{""}}
		pins := int(data[i+1] % 5)
		for p := 0; p < pins; p++ {
			n.Pins = append(n.Pins, string(rune('A'+p)))
		}
		if id > 0 && pins > 0 {
			n.Inputs = append(n.Inputs, emit.Input{Pin: n.Pins[int(data[i+2])%pins], From: int(data[i+2]) % (id + 1)})
		}
		if n.Class == "NamedRerouteUsage" {
			n.Role, n.Decl = emit.RoleRerouteTo, int(data[i+2])%(id+1)
		}
		a.Nodes = append(a.Nodes, n)
	}
	return a
}

// Whatever the wiring, Place terminates, puts every node on the grid and
// lets no two rectangles overlap (there are no hints to obey).
func FuzzPlace(f *testing.F) {
	f.Add([]byte{0, 2, 0, 1, 2, 0, 3, 3, 1, 7, 1, 2, 8, 0, 3})
	f.Add([]byte{4, 4, 4, 4, 4, 4, 4, 4, 4})
	f.Fuzz(func(t *testing.T, data []byte) {
		a := assetFrom(data)
		layout.Place(a, nil)
		for _, n := range a.Nodes {
			if n.Pos.X%layout.Grid != 0 || n.Pos.Y%layout.Grid != 0 {
				t.Fatalf("node %d off the grid: %+v", n.ID, n.Pos)
			}
		}
		if ov := layout.Overlapping(a); len(ov) > 0 {
			t.Fatalf("overlapping pairs %v", ov)
		}
	})
}
