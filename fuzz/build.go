package fuzz

import (
	"fmt"
	"strings"

	"reuselab/ir"
)

// builder makes one search graph: a Material whose value nodes are the
// instances of shapes over shared parameters, each instance's result read
// by a statement, so that every instance survives pruning and instances
// over the same parameters meet (a - b in one, b - a in another).
type builder struct {
	g     *ir.Graph
	roots []ir.Ref
}

func newBuilder(name string) *builder {
	return &builder{g: ir.NewGraph(ir.Material, name)}
}

func floatType(w int) string {
	if w == 1 {
		return "float"
	}
	return fmt.Sprintf("float%d", w)
}

// width is the lane count of output r.
func (b *builder) width(r ir.Ref) int {
	return ir.TypeWidth(b.g.Nodes[r.Node].Type(r.Out))
}

// param adds a scalar Parameter.
func (b *builder) param(name string, def float64) ir.Ref {
	id := b.g.Add(&ir.Node{Op: ir.OpParameter, Debug: name, Outputs: []ir.Output{{Type: "float"}},
		Props: []ir.Prop{{Name: "DefaultValue", Value: ir.Tuple(def)}, {Name: "ParameterName", Value: ir.Str(name)},
			{Name: "SortPriority", Value: ir.Num(32)}}})
	return ir.Ref{Node: id}
}

// constant adds a Constant of len(vs) lanes.
func (b *builder) constant(vs ...float64) ir.Ref {
	id := b.g.Add(&ir.Node{Op: ir.OpConstant, Outputs: []ir.Output{{Type: floatType(len(vs))}},
		Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(vs...)}}})
	return ir.Ref{Node: id}
}

// op adds op over args (a Swizzle with mask); false when the operands do
// not fit it.
func (b *builder) op(op ir.Op, mask string, args ...ir.Ref) (ir.Ref, bool) {
	sp, ok := spellings[op]
	if !ok || len(args) != sp.arity {
		return ir.NoRef, false
	}
	ws := make([]int, len(args))
	for k, a := range args {
		if ws[k] = b.width(a); ws[k] == 0 {
			return ir.NoRef, false
		}
	}
	w := sp.width(ws)
	n := &ir.Node{Op: op, Operands: append([]ir.Ref(nil), args...)}
	if op == ir.OpSwizzle {
		if !ascendingMask(mask, ws[0]) || ws[0] < 2 {
			return ir.NoRef, false
		}
		w = len(mask)
		n.Props = []ir.Prop{{Name: "Mask", Value: ir.Str(mask)}}
	}
	if w == 0 {
		return ir.NoRef, false
	}
	n.Outputs = []ir.Output{{Type: floatType(w)}}
	return ir.Ref{Node: b.g.Add(n)}, true
}

// ascendingMask reports whether mask picks channels of a w-wide value in
// strictly ascending order: the swizzles 1.x builds as one node.
func ascendingMask(mask string, w int) bool {
	last := -1
	for i := 0; i < len(mask); i++ {
		c := strings.IndexByte("xyzw", mask[i])
		if c <= last || c >= w {
			return false
		}
		last = c
	}
	return len(mask) > 0
}

// masks are the ascending masks of a w-wide value, shortest first.
func masks(w int) []string {
	var out []string
	for size := 1; size <= w; size++ {
		for set := 1; set < 1<<w; set++ {
			var m []byte
			for c := 0; c < w; c++ {
				if set&(1<<c) != 0 {
					m = append(m, "xyzw"[c])
				}
			}
			if len(m) == size {
				out = append(out, string(m))
			}
		}
	}
	return out
}

// root marks r as a result the graph keeps.
func (b *builder) root(r ir.Ref) { b.roots = append(b.roots, r) }

// sinkPins are the material outputs a root of each width is bound to
// (LANGUAGE.md §7), in the order the witness printer uses them.
var sinkPins = map[int][]string{
	1: {"Opacity", "Roughness", "Metallic", "Specular", "AmbientOcclusion", "OpacityMask", "PixelDepthOffset"},
	2: {"CustomizedUV0", "CustomizedUV1", "CustomizedUV2", "CustomizedUV3"},
	3: {"BaseColor", "EmissiveColor", "Normal", "SubsurfaceColor"},
}

// finish binds the roots: to the MaterialSink while its pins of the
// root's width last, then to custom-output statements (a Reflected class
// without outputs, as irgen makes them), four roots each.
func (b *builder) finish() *ir.Graph {
	sink := &ir.Node{Op: ir.OpMaterialSink, Role: ir.RoleStatement}
	used := map[int]int{}
	var rest []ir.Ref
	for _, r := range b.roots {
		w := b.width(r)
		if pins := sinkPins[w]; used[w] < len(pins) && b.g.Sink < 0 {
			sink.Pins = append(sink.Pins, ir.Pin{Name: pins[used[w]], Ref: r})
			used[w]++
			continue
		}
		rest = append(rest, r)
	}
	for len(rest) > 0 {
		n := &ir.Node{Op: ir.OpReflected, Class: "DreamPassOutput", Role: ir.RoleStatement,
			Props: []ir.Prop{{Name: "Pass", Value: ir.Num(0)}}}
		for k := 0; k < 4 && len(rest) > 0; k++ {
			n.Pins = append(n.Pins, ir.Pin{Name: fmt.Sprintf("Input%d", k), Ref: rest[0]})
			rest = rest[1:]
		}
		b.g.Add(n)
	}
	if len(sink.Pins) > 0 {
		b.g.Sink = b.g.Add(sink)
	}
	return b.g
}
