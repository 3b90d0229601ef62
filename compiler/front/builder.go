package front

import "reuselab/ir"

// Builder appends the nodes of the graph being built (Graph) for a front
// end, so that both make a node, its span, its debug name and a constant
// the same way. A node, its operand list and its output list are carved
// from chunks rather than allocated one by one, because they are most of
// what a front end allocates. One Builder serves graph after graph (set
// Graph); its chunks carry over.
type Builder struct {
	Graph *ir.Graph
	nodes Chunk[ir.Node]
	refs  Chunk[ir.Ref]
	outs  Chunk[ir.Output]
}

// Add appends a copy of n with the given span and returns the copy, which
// is what the graph holds: keep that one, not n.
func (b *Builder) Add(n *ir.Node, span ir.Span) *ir.Node {
	p := &b.nodes.Carve(1)[0]
	*p = *n
	p.Span = span
	b.Graph.Add(p)
	return p
}

// Refs is an operand list of rs.
func (b *Builder) Refs(rs ...ir.Ref) []ir.Ref {
	d := b.refs.Carve(len(rs))
	copy(d, rs)
	return d
}

// Out1 is an output list of one unnamed output of type t.
func (b *Builder) Out1(t string) []ir.Output {
	d := b.outs.Carve(1)
	d[0].Type = t
	return d
}

// Constant is a `Constant(Value=(k…))` node with one output of type t.
func (b *Builder) Constant(k []float64, t string, span ir.Span, debug string) *ir.Node {
	return b.Add(&ir.Node{Op: ir.OpConstant, Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(k...)}}, Outputs: b.Out1(t), Debug: debug}, span)
}

// Mark is where the nodes made from now on begin (for NameFrom).
func (b *Builder) Mark() int { return len(b.Graph.Nodes) }

// NameFrom gives every node made since mark that has no name yet the
// statement target's name (upstream's SetDebugName after a statement).
func (b *Builder) NameFrom(mark int, name string) {
	if name == "" {
		return
	}
	for _, n := range b.Graph.Nodes[mark:] {
		if n.Debug == "" {
			n.Debug = name
		}
	}
}

// Chunk hands out elements of T carved from chunks that grow from 8 to
// maxChunk elements, so that a small source does not pay for a big one.
type Chunk[T any] struct {
	free []T
	size int
}

const maxChunk = 256

// Carve is the next n elements (zero), with no room to grow: an append to
// them copies them away.
func (ch *Chunk[T]) Carve(n int) []T {
	if len(ch.free) < n {
		ch.size = min(max(2*ch.size, 8), maxChunk)
		ch.free = make([]T, max(ch.size, n))
	}
	d := ch.free[:n:n]
	ch.free = ch.free[n:]
	return d
}
