package assetinterp

import (
	"testing"

	"reuselab/emit"
	"reuselab/ir"
)

// FuzzCheckWiring rewires emitted assets at random (sources, output
// indices, pins, reroute declarations, outputs): Check reports, never
// panics, and an asset left as emitted still agrees.
func FuzzCheckWiring(f *testing.F) {
	f.Add([]byte{0, 0, 0, 5})
	f.Add([]byte{1, 2, 1, 200, 3, 1, 0, 9})
	f.Add([]byte{2, 7, 3, 1, 4, 0, 0, 0, 5, 1, 1, 1})
	graphs := []func() *emitGraph{
		func() *emitGraph { g := mathMaterial(); return &emitGraph{g, emit.FromGraph(g, nil, emit.Options{})} },
		func() *emitGraph { g := breakFunction(); return &emitGraph{g, emit.FromGraph(g, nil, emit.Options{})} },
		func() *emitGraph {
			g := textureMaterial()
			return &emitGraph{g, emit.FromGraph(g, nil, emit.Options{Legacy1x: true})}
		},
		func() *emitGraph {
			g := previewFunction()
			return &emitGraph{g, emit.FromGraph(g, nil, emit.Options{})}
		},
	}
	pins := []string{"A", "B", "Input", "MaterialAttributes", "Coordinates", "Preview", ""}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		eg := graphs[int(data[0])%len(graphs)]()
		a := eg.a
		changed := false
		for k := 1; k+3 < len(data); k += 4 {
			op, x, y, z := data[k]%6, int(data[k+1]), int(data[k+2]), int(data[k+3])
			i := x % len(a.Nodes)
			n := &a.Nodes[i]
			switch {
			case op == 0 && len(n.Inputs) > 0:
				n.Inputs[y%len(n.Inputs)].From = z - 8
			case op == 1 && len(n.Inputs) > 0:
				n.Inputs[y%len(n.Inputs)].OutputIndex = z - 8
			case op == 2 && len(n.Inputs) > 0:
				n.Inputs[y%len(n.Inputs)].Pin = pins[z%len(pins)]
			case op == 3:
				n.Decl = z - 8
			case op == 4 && len(a.Outputs) > 0:
				a.Outputs[y%len(a.Outputs)].Node = z - 8
			case op == 5:
				n.Inputs = append(n.Inputs, emit.Input{Pin: pins[y%len(pins)], From: z % len(a.Nodes), Mask: "xw"[:z%3]})
			default:
				continue
			}
			changed = true
		}
		rep := Check(a, eg.g, Options{Runs: 2, Seed: uint64(len(data))})
		if !changed && (!rep.OK() || len(rep.Faults()) > 0) {
			t.Fatalf("unchanged asset fails: %v", rep)
		}
		_ = rep.String()
	})
}

type emitGraph struct {
	g *ir.Graph
	a *emit.Asset
}
