package ir

import (
	"math"
	"strconv"
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
	return string(AppendDedupeKey(make([]byte, 0, 64), n, canon))
}

// AppendDedupeKey appends DedupeKey(n, canon) to dst and returns the extended
// buffer. The bytes are exactly DedupeKey's; it exists so that a pass keying
// every node of a large graph can reuse one buffer instead of allocating a
// string per node (it allocates nothing itself for up to 16 properties and 16
// pins).
func AppendDedupeKey(dst []byte, n *Node, canon func(int) int) []byte {
	dst = append(dst, n.Op.String()...)
	dst = append(dst, '|')
	dst = append(dst, n.Class...)
	dst = append(dst, '|')
	for i, o := range n.Outputs {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, o.Name...)
		dst = append(dst, ':')
		dst = append(dst, o.Type...)
	}
	dst = append(dst, '|')

	// Properties sorted by name, stably (as SortedProps), without copying
	// them: an insertion sort of their indices on the stack.
	var pidx [16]uint8
	if len(n.Props) > len(pidx) {
		for i, p := range n.SortedProps() {
			dst = appendProp(dst, i, p)
		}
	} else {
		order := sortedOrder(pidx[:0], len(n.Props), func(i int) string { return n.Props[i].Name })
		for i, k := range order {
			dst = appendProp(dst, i, n.Props[k])
		}
	}
	dst = append(dst, '|')

	for i, r := range n.Operands {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendKeyRef(dst, r, canon)
	}
	dst = append(dst, '|')

	var qidx [16]uint8
	if len(n.Pins) > len(qidx) {
		pins := append([]Pin(nil), n.Pins...)
		order := make([]int, len(pins))
		for i := range order {
			order[i] = i
		}
		// Insertion sort: stable, and pins are few.
		for i := 1; i < len(order); i++ {
			for j := i; j > 0 && pins[order[j]].Name < pins[order[j-1]].Name; j-- {
				order[j], order[j-1] = order[j-1], order[j]
			}
		}
		for i, k := range order {
			dst = appendPin(dst, i, pins[k], canon)
		}
	} else {
		order := sortedOrder(qidx[:0], len(n.Pins), func(i int) string { return n.Pins[i].Name })
		for i, k := range order {
			dst = appendPin(dst, i, n.Pins[k], canon)
		}
	}
	return dst
}

// sortedOrder fills idx with 0..count-1 ordered stably by name.
func sortedOrder(idx []uint8, count int, name func(int) string) []uint8 {
	for i := 0; i < count; i++ {
		idx = append(idx, uint8(i))
		for j := i; j > 0 && name(int(idx[j])) < name(int(idx[j-1])); j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
	return idx
}

func appendProp(dst []byte, i int, p Prop) []byte {
	if i > 0 {
		dst = append(dst, ',')
	}
	dst = append(dst, p.Name...)
	dst = append(dst, '=')
	return appendValue(dst, p.Value)
}

func appendPin(dst []byte, i int, p Pin, canon func(int) int) []byte {
	if i > 0 {
		dst = append(dst, ',')
	}
	dst = append(dst, p.Name...)
	dst = append(dst, '=')
	return appendKeyRef(dst, p.Ref, canon)
}

func appendKeyRef(dst []byte, r Ref, canon func(int) int) []byte {
	if !r.Valid() {
		return append(dst, '_')
	}
	id := r.Node
	if canon != nil {
		id = canon(id)
	}
	dst = strconv.AppendInt(dst, int64(id), 10)
	dst = append(dst, '#')
	return strconv.AppendInt(dst, int64(r.Out), 10)
}

// appendValue appends v as Value.String prints it.
func appendValue(dst []byte, v Value) []byte {
	switch v.Kind {
	case KindNumber:
		if len(v.Nums) == 0 {
			return append(dst, '0')
		}
		return appendNumber(dst, v.Nums[0])
	case KindTuple:
		dst = append(dst, '(')
		for i, x := range v.Nums {
			if i > 0 {
				dst = append(dst, ", "...)
			}
			dst = appendNumber(dst, x)
		}
		return append(dst, ')')
	case KindString:
		return appendQuoted(dst, v.Str)
	case KindBool:
		if v.Bool {
			return append(dst, "true"...)
		}
		return append(dst, "false"...)
	}
	return append(dst, '?')
}

// appendNumber appends v as FormatNumber prints it.
func appendNumber(dst []byte, v float64) []byte {
	switch {
	case v == 0:
		return append(dst, '0')
	case math.IsInf(v, 1):
		return append(dst, "inf"...)
	case math.IsInf(v, -1):
		return append(dst, "-inf"...)
	case math.IsNaN(v):
		return append(dst, "nan"...)
	}
	return strconv.AppendFloat(dst, v, 'g', 9, 64)
}

func appendQuoted(dst []byte, s string) []byte {
	dst = append(dst, '"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\\':
			dst = append(dst, `\\`...)
		case '"':
			dst = append(dst, `\"`...)
		case '\n':
			dst = append(dst, `\n`...)
		case '\r':
			dst = append(dst, `\r`...)
		case '\t':
			dst = append(dst, `\t`...)
		default:
			dst = append(dst, c)
		}
	}
	return append(dst, '"')
}
