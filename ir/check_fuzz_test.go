package ir

import "testing"

// graphFromBytes decodes data into a graph of arbitrary shape, four bytes
// a node: op, role and output count, then one read (node, output) that may
// point anywhere, forward or out of range; a high bit makes it a Preview
// pin. The sink and the lists take whatever the bytes say.
func graphFromBytes(data []byte) *Graph {
	g := NewGraph(Material, "F")
	for i := 0; i+3 < len(data) && len(g.Nodes) < 64; i += 4 {
		n := &Node{Op: Op(data[i] % uint8(opCount+1)), Role: Role(data[i+1] % 4)}
		for k := 0; k < int(data[i+1]>>2)%3; k++ {
			n.Outputs = append(n.Outputs, Output{Type: "float"})
		}
		r := Ref{Node: int(int8(data[i+2])), Out: int(int8(data[i+3]) % 4)}
		if data[i+3]&0x80 != 0 {
			n.Pins = append(n.Pins, Pin{Name: "Preview", Ref: r})
		} else {
			n.Operands = append(n.Operands, r)
		}
		g.Add(n)
	}
	if len(data) > 0 {
		g.Sink = int(int8(data[0])) % 8
		g.Inputs = []int{int(data[len(data)-1] % 8)}
	}
	return g
}

// Check never panics, whatever the graph; what it accepts reads only
// nodes that exist, through outputs they have, and is acyclic.
func FuzzCheck(f *testing.F) {
	f.Add([]byte{byte(OpConstant), 4, 0xff, 0, byte(OpFunctionInput), 6, 2, 0x80, byte(OpAbs), 4, 0, 0})
	f.Add([]byte{byte(OpMaterialSink), 1, 5, 7})
	f.Fuzz(func(t *testing.T, data []byte) {
		g := graphFromBytes(data)
		if err := Check(g); err != nil {
			if clause(err) == "" {
				t.Fatalf("an error without a clause: %v", err)
			}
			return
		}
		for _, n := range g.Nodes {
			n.Inputs(func(r Ref) {
				if r.Node >= len(g.Nodes) || r.Out >= len(g.Nodes[r.Node].Outputs) {
					t.Fatalf("accepted %s", NodeLine(n))
				}
			})
		}
		_ = DumpGraph(g)
	})
}
