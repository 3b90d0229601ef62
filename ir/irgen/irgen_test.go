package irgen

import (
	"strings"
	"testing"

	"reuselab/ir"
)

func TestGenerateIsDeterministicAndExact(t *testing.T) {
	for seed := uint64(0); seed < 200; seed++ {
		cfg := Config{Seed: seed, Nodes: 1 + int(seed%300), DupRate: float64(seed%4) / 4,
			Shape: []string{Forest, Deep}[seed%2], Function: seed%3 == 0, Legacy: seed%5 == 0}
		a, b := Generate(cfg), Generate(cfg)
		if ir.DumpGraph(a) != ir.DumpGraph(b) {
			t.Fatalf("seed %d: two graphs differ", seed)
		}
		wantN := max(cfg.Nodes, 2)
		if cfg.Function {
			wantN = max(cfg.Nodes, 3)
		}
		if a.Len() != wantN {
			t.Fatalf("seed %d: %d nodes, want %d", seed, a.Len(), wantN)
		}
		checkValid(t, a)
	}
}

// checkValid: topological order, references to existing outputs, operand
// widths as the op needs them, one sink (Material) or inputs and outputs
// (function), roles where they belong.
func checkValid(t *testing.T, g *ir.Graph) {
	t.Helper()
	for i, n := range g.Nodes {
		if n.ID != i {
			t.Fatalf("%%%d has ID %d", i, n.ID)
		}
		n.Inputs(func(r ir.Ref) {
			if r.Node >= i {
				t.Fatalf("%%%d reads %%%d", i, r.Node)
			}
			if r.Out >= len(g.Nodes[r.Node].Outputs) {
				t.Fatalf("%%%d reads a missing output %%%d#%d", i, r.Node, r.Out)
			}
		})
		stmt := n.Op == ir.OpMaterialSink || n.Op == ir.OpFunctionOutput || (n.Op == ir.OpReflected && len(n.Outputs) == 0)
		if stmt != (n.Role == ir.RoleStatement) || (n.Op == ir.OpFunctionInput) != (n.Role == ir.RoleInput) {
			t.Fatalf("%%%d: role %d for %s", i, n.Role, n.Op)
		}
		switch n.Op {
		case ir.OpSwizzle:
			m, _ := n.Prop("Mask")
			w := ir.TypeWidth(g.Nodes[n.Operands[0].Node].Type(n.Operands[0].Out))
			for k := 0; k < len(m.Str); k++ {
				if strings.IndexByte("xyzw", m.Str[k]) >= w {
					t.Fatalf("%%%d: mask %q of a %d-wide value", i, m.Str, w)
				}
			}
		case ir.OpAppend:
			a := ir.TypeWidth(g.Nodes[n.Operands[0].Node].Type(n.Operands[0].Out))
			b := ir.TypeWidth(g.Nodes[n.Operands[1].Node].Type(n.Operands[1].Out))
			if a+b != ir.TypeWidth(n.Outputs[0].Type) {
				t.Fatalf("%%%d: Append of %d and %d is %s", i, a, b, n.Outputs[0].Type)
			}
		case ir.OpAdd, ir.OpMultiply, ir.OpSubtract, ir.OpDivide:
			w := ir.TypeWidth(n.Outputs[0].Type)
			for _, r := range n.Operands {
				if ow := ir.TypeWidth(g.Nodes[r.Node].Type(r.Out)); ow != w && ow != 1 {
					t.Fatalf("%%%d: %d-wide operand of a %d-wide %s", i, ow, w, n.Op)
				}
			}
		}
	}
	if g.Kind == ir.Material {
		if g.Sink != len(g.Nodes)-1 || g.Nodes[g.Sink].Op != ir.OpMaterialSink {
			t.Fatalf("sink %d", g.Sink)
		}
	} else if len(g.Inputs) == 0 || len(g.Outputs) == 0 {
		t.Fatalf("function with %d inputs, %d outputs", len(g.Inputs), len(g.Outputs))
	}
}

// The generated graphs hold what the brief lists, across a few seeds.
func TestGenerateCoversTheOps(t *testing.T) {
	seen := map[ir.Op]int{}
	identity, maskOfMask, dups := 0, 0, 0
	for seed := uint64(1); seed <= 20; seed++ {
		for _, shape := range []string{Forest, Deep} {
			g := Generate(Config{Seed: seed, Nodes: 300, DupRate: 0.3, Shape: shape})
			keys := map[string]bool{}
			for _, n := range g.Nodes {
				seen[n.Op]++
				if n.Op == ir.OpSwizzle {
					src := g.Nodes[n.Operands[0].Node]
					m, _ := n.Prop("Mask")
					if len(m.Str) == ir.TypeWidth(src.Type(n.Operands[0].Out)) {
						identity++
					}
					if src.Op == ir.OpSwizzle {
						maskOfMask++
					}
				}
				if n.Op == ir.OpConstant && keys[ir.DedupeKey(n, nil)] {
					dups++
				}
				keys[ir.DedupeKey(n, nil)] = true
			}
		}
	}
	for _, o := range []ir.Op{ir.OpConstant, ir.OpParameter, ir.OpTextureParameter, ir.OpReflected, ir.OpSwizzle,
		ir.OpAppend, ir.OpNegate, ir.OpAdd, ir.OpMultiply, ir.OpLerp, ir.OpDot, ir.OpCross, ir.OpGreater,
		ir.OpConvert, ir.OpBroadcast, ir.OpCompare, ir.OpSelect, ir.OpStaticSwitch, ir.OpCustom,
		ir.OpFunctionCall, ir.OpTextureSample, ir.OpMaterialSink, ir.OpDDX} {
		if seen[o] == 0 {
			t.Errorf("no %s in 40 graphs", o)
		}
	}
	if identity == 0 || maskOfMask == 0 || dups == 0 {
		t.Errorf("identity masks %d, masks of masks %d, duplicate constants %d", identity, maskOfMask, dups)
	}
}

func TestConfigFromBytes(t *testing.T) {
	a, b := ConfigFromBytes([]byte{1, 2, 3, 7, 9}), ConfigFromBytes([]byte{1, 2, 3, 7, 9})
	if a != b || a.Shape != Deep || !a.Function || !a.Legacy || a.Nodes < 2 {
		t.Errorf("%+v", a)
	}
	if c := ConfigFromBytes(nil); c.Nodes < 2 || c.Shape != Forest {
		t.Errorf("%+v", c)
	}
}
