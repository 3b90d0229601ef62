package ir

import (
	"math"
	"sort"
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
	return string(appendDedupeKey(make([]byte, 0, 64), n, canon))
}

// AppendDedupeKey appends DedupeKey(n, canon) to dst: a caller keying
// node after node reuses one buffer instead of a string each.
func AppendDedupeKey(dst []byte, n *Node, canon func(int) int) []byte {
	return appendDedupeKey(dst, n, canon)
}

// appendDedupeKey appends DedupeKey(n, canon) to dst. The dedupe pass does
// not build this text: it hashes AppendPackedKey, the same relation in
// fewer bytes.
func appendDedupeKey(dst []byte, n *Node, canon func(int) int) []byte {
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
	if len(n.Props) > 16 {
		for i, p := range n.SortedProps() {
			dst = appendProp(dst, i, p)
		}
	} else {
		var idx [16]uint8
		for i := range n.Props {
			idx[i] = uint8(i)
			for j := i; j > 0 && n.Props[idx[j]].Name < n.Props[idx[j-1]].Name; j-- {
				idx[j], idx[j-1] = idx[j-1], idx[j]
			}
		}
		for i := range n.Props {
			dst = appendProp(dst, i, n.Props[idx[i]])
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

	// Named inputs sorted by name, stably, the same way.
	if len(n.Pins) > 16 {
		pins := append([]Pin(nil), n.Pins...)
		sort.SliceStable(pins, func(i, j int) bool { return pins[i].Name < pins[j].Name })
		for i, p := range pins {
			dst = appendPin(dst, i, p, canon)
		}
	} else {
		var idx [16]uint8
		for i := range n.Pins {
			idx[i] = uint8(i)
			for j := i; j > 0 && n.Pins[idx[j]].Name < n.Pins[idx[j-1]].Name; j-- {
				idx[j], idx[j-1] = idx[j-1], idx[j]
			}
		}
		for i := range n.Pins {
			dst = appendPin(dst, i, n.Pins[idx[i]], canon)
		}
	}
	return dst
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
	case v == math.Trunc(v) && math.Abs(v) < 1e9:
		// An integer of at most 9 digits: %.9g prints it as is.
		return strconv.AppendInt(dst, int64(v), 10)
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
