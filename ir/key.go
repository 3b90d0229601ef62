package ir

import (
	"sort"
	"strconv"
	"strings"
)

// DedupeKey is the equality key of R5 / LANGUAGE-2.0 §1.4: op, class,
// outputs with names and types, properties sorted by name with numbers to 9
// significant digits, operands in order, named inputs sorted. canon maps a
// node id to its representative (the survivor it was merged into), so that
// equality is structural by induction; pass nil for identity.
//
// Two nodes are one node exactly when their keys are equal and neither is a
// statement or a FunctionInput (R7). The key is computed once per node;
// nothing in reuselab compares nodes pairwise.
func DedupeKey(n *Node, canon func(int) int) string {
	var b strings.Builder
	b.Grow(64)
	b.WriteString(n.Op.String())
	b.WriteByte('|')
	b.WriteString(n.Class)
	b.WriteByte('|')
	for i, o := range n.Outputs {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(o.Name)
		b.WriteByte(':')
		b.WriteString(o.Type)
	}
	b.WriteByte('|')
	for i, p := range n.SortedProps() {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(p.Name)
		b.WriteByte('=')
		b.WriteString(p.Value.String())
	}
	b.WriteByte('|')
	ref := func(r Ref) {
		if !r.Valid() {
			b.WriteByte('_')
			return
		}
		id := r.Node
		if canon != nil {
			id = canon(id)
		}
		b.WriteString(strconv.Itoa(id))
		b.WriteByte('#')
		b.WriteString(strconv.Itoa(r.Out))
	}
	for i, r := range n.Operands {
		if i > 0 {
			b.WriteByte(',')
		}
		ref(r)
	}
	b.WriteByte('|')
	pins := append([]Pin(nil), n.Pins...)
	sort.SliceStable(pins, func(i, j int) bool { return pins[i].Name < pins[j].Name })
	for i, p := range pins {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(p.Name)
		b.WriteByte('=')
		ref(p.Ref)
	}
	return b.String()
}
