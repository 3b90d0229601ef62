package ir

import (
	"encoding/binary"
	"math"
	"strconv"
)

// AppendPackedKey appends a binary form of DedupeKey(n, canon) to dst: the
// same fields in the same order, but with the op as a number, strings and
// lists length-prefixed, numbers as a decimal mantissa and exponent, and
// node ids as varints. It is about half as long as the text key and
// quicker to build, so it is what the dedupe pass hashes; DedupeKey stays
// the readable definition (the dump, emit, the rules and the tests use it).
//
// Two nodes have equal packed keys exactly when they have equal DedupeKeys
// (TestPackedKeyAgreesWithDedupeKey; FuzzPackedKey over nodes and numbers):
// ops print the same name (every unknown op is "Invalid"); properties and
// named inputs are lists sorted by name, stably, as the key prints them; a
// number is its 9 significant digits (2 and 2.0000000001 are one number, -0
// is 0, every NaN is one NaN); values of an unknown kind are all '?'; an
// absent operand is '_' whatever its fields. The one difference is in the
// packed key's favour: a class or name holding the text key's separators
// ('|', ',', ':', '=') cannot run into the next field, which the text can
// (TestPackedKeyKeepsFieldsApart).
func AppendPackedKey(dst []byte, n *Node, canon func(int) int) []byte {
	dst = appendPackedHead(dst, n)

	dst = binary.AppendUvarint(dst, uint64(len(n.Operands)))
	for _, r := range n.Operands {
		dst = appendPackedRef(dst, r, canon)
	}

	dst = binary.AppendUvarint(dst, uint64(len(n.Pins)))
	if len(n.Pins) > 0 {
		var stack [16]int32
		for _, i := range PinOrder(stack[:0], n) {
			dst = appendPackedString(dst, n.Pins[i].Name)
			dst = appendPackedRef(dst, n.Pins[i].Ref, canon)
		}
	}
	return dst
}

// AppendPackedStatic appends the part of n's packed key that no merge can
// change: op, class, outputs and properties, then how many operands and
// named inputs n has and the names of the inputs in PinOrder. The rest of
// the key is the reads, which AppendPackedRead encodes: two nodes have
// equal packed keys exactly when their static parts are equal and so are
// their reads, the operands in order and then the named inputs in PinOrder
// (every field is length-prefixed, so the parts cannot run into each
// other; TestPackedStaticSplitsTheKey). The dedupe pass interns the static
// part once per node and graph, and re-keys only the reads.
func AppendPackedStatic(dst []byte, n *Node) []byte {
	dst = appendPackedHead(dst, n)
	dst = binary.AppendUvarint(dst, uint64(len(n.Operands)))
	dst = binary.AppendUvarint(dst, uint64(len(n.Pins)))
	switch len(n.Pins) {
	case 0:
	case 1:
		dst = appendPackedString(dst, n.Pins[0].Name)
	default:
		var stack [16]int32
		for _, i := range PinOrder(stack[:0], n) {
			dst = appendPackedString(dst, n.Pins[i].Name)
		}
	}
	return dst
}

// AppendPackedRead appends one read of the packed key's reads: an absent
// slot (node < 0) as 0 whatever its output, else the node id zigzagged plus
// one (a varint whose first byte is never 0) and the output index. It is
// the encoding AppendPackedKey uses with canon applied to node.
func AppendPackedRead(dst []byte, node, out int) []byte {
	return appendPackedRef(dst, Ref{Node: node, Out: out}, nil)
}

// PinOrder returns the indices of n's named inputs sorted by name, stably
// (the order the keys list them in), in buf when it is big enough.
func PinOrder(buf []int32, n *Node) []int32 {
	if len(n.Pins) == 1 {
		return append(buf[:0], 0)
	}
	return sortedIndices(buf, len(n.Pins), func(a, b int) bool { return n.Pins[a].Name < n.Pins[b].Name })
}

// appendPackedHead is the key's op, class, outputs and properties.
func appendPackedHead(dst []byte, n *Node) []byte {
	op := n.Op
	if int(op) >= len(opNames) || opNames[op] == "" {
		op = OpInvalid
	}
	dst = binary.AppendUvarint(dst, uint64(op))
	dst = appendPackedString(dst, n.Class)
	dst = binary.AppendUvarint(dst, uint64(len(n.Outputs)))
	for _, o := range n.Outputs {
		dst = appendPackedString(dst, o.Name)
		dst = appendPackedString(dst, o.Type)
	}

	dst = binary.AppendUvarint(dst, uint64(len(n.Props)))
	switch len(n.Props) {
	case 0:
	case 1: // most nodes that have properties: nothing to sort
		dst = appendPackedProp(dst, &n.Props[0])
	default:
		var stack [16]int32
		for _, i := range sortedIndices(stack[:0], len(n.Props), func(a, b int) bool { return n.Props[a].Name < n.Props[b].Name }) {
			dst = appendPackedProp(dst, &n.Props[i])
		}
	}
	return dst
}

func appendPackedString(dst []byte, s string) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(s)))
	return append(dst, s...)
}

// The value tags of the packed key, and of its numbers.
const (
	packedNumber byte = iota + 1
	packedTuple
	packedString
	packedFalse
	packedTrue
	packedOther

	numberZero
	numberNaN
	numberInf
	numberNegInf
	numberDecimal // then the mantissa and the exponent, zigzag varints
)

func appendPackedProp(dst []byte, p *Prop) []byte {
	dst = appendPackedString(dst, p.Name)
	v := &p.Value
	switch v.Kind {
	case KindNumber:
		dst = append(dst, packedNumber)
		if len(v.Nums) == 0 {
			return append(dst, numberZero)
		}
		return appendPackedNumber(dst, v.Nums[0])
	case KindTuple:
		dst = append(dst, packedTuple)
		dst = binary.AppendUvarint(dst, uint64(len(v.Nums)))
		for _, x := range v.Nums {
			dst = appendPackedNumber(dst, x)
		}
		return dst
	case KindString:
		return appendPackedString(append(dst, packedString), v.Str)
	case KindBool:
		if v.Bool {
			return append(dst, packedTrue)
		}
		return append(dst, packedFalse)
	}
	return append(dst, packedOther)
}

// appendPackedRef writes an absent slot as 0 and a node id as its zigzag
// form plus one (a varint whose first byte is never 0; canon may map to any
// int), then the output index, zigzagged too.
func appendPackedRef(dst []byte, r Ref, canon func(int) int) []byte {
	if !r.Valid() {
		return append(dst, 0)
	}
	id := int64(r.Node)
	if canon != nil {
		id = int64(canon(r.Node))
	}
	dst = binary.AppendUvarint(dst, uint64(id<<1)^uint64(id>>63)+1)
	return binary.AppendVarint(dst, int64(r.Out))
}

// appendPackedNumber writes x as the decimal appendNumber prints.
func appendPackedNumber(dst []byte, x float64) []byte {
	switch {
	case x == 0:
		return append(dst, numberZero) // -0 too, as "0"
	case x != x:
		return append(dst, numberNaN)
	case math.IsInf(x, 1):
		return append(dst, numberInf)
	case math.IsInf(x, -1):
		return append(dst, numberNegInf)
	}
	m, e := decimalOf(x)
	dst = append(dst, numberDecimal)
	dst = binary.AppendVarint(dst, m)
	return binary.AppendVarint(dst, int64(e))
}

// NumberKey is x as the packed key writes a number, in one word: two
// numbers have equal NumberKeys exactly when their packed keys (and so
// their text keys) write them alike — 9 significant digits, -0 is 0, every
// NaN is one NaN (TestPackedKeyNumbers, FuzzPackedKeyNumber). The dedupe
// pass hashes and compares properties with it instead of building keys.
func NumberKey(x float64) uint64 {
	switch {
	case x == 0:
		return uint64(numberZero)
	case x != x:
		return uint64(numberNaN)
	case math.IsInf(x, 1):
		return uint64(numberInf)
	case math.IsInf(x, -1):
		return uint64(numberNegInf)
	}
	// A 9-digit mantissa fits in 31 bits and a float64's decimal exponent
	// in 16, so the word holds the decimal whole.
	m, e := decimalOf(x)
	return uint64(uint32(int32(m)))<<32 | uint64(uint16(int16(e)))<<16 | uint64(numberDecimal)
}

// decimalOf is a finite, non-zero x to 9 significant digits, as
// appendNumber prints it: m×10^e with m free of trailing zeros, so that one
// decimal has one form.
func decimalOf(x float64) (m int64, e int) {
	m, e, ok := shortDecimal(x)
	if !ok {
		var text [32]byte
		m, e = parseDecimal(strconv.AppendFloat(text[:0], x, 'g', 9, 64))
	}
	for m != 0 && m%10 == 0 {
		m /= 10
		e++
	}
	return m, e
}

var pow10 = [...]float64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8}

// shortDecimal finds x = m×10^-k for a mantissa of at most 9 digits without
// formatting x, which is most constants (0.5, 0.25, -3, 0.1). The check
// m/10^k == x means x is the double nearest that decimal (the division of
// two exact doubles is correctly rounded), so x is within half an ulp of it
// and %.9g, whose 9-digit grid is far coarser than an ulp, prints exactly
// it. An x it cannot place (1.0000000001, 1e-12) is formatted instead.
func shortDecimal(x float64) (m int64, e int, ok bool) {
	if x == math.Trunc(x) && math.Abs(x) < 1e9 {
		return int64(x), 0, true
	}
	for k := 1; k < len(pow10); k++ {
		y := x * pow10[k]
		if math.Abs(y) >= 1e9 {
			break
		}
		if y == math.Trunc(y) && float64(int64(y))/pow10[k] == x {
			return int64(y), -k, true
		}
	}
	return 0, 0, false
}

// parseDecimal reads the mantissa and exponent of a number strconv printed
// with %.9g ("-1.23456789e+10", "0.000123"): at most 9 digits.
func parseDecimal(text []byte) (m int64, e int) {
	neg, frac, inFrac := false, 0, false
	i := 0
	for ; i < len(text) && text[i] != 'e'; i++ {
		switch c := text[i]; {
		case c == '-':
			neg = true
		case c == '.':
			inFrac = true
		case c >= '0' && c <= '9':
			m = 10*m + int64(c-'0')
			if inFrac {
				frac++
			}
		}
	}
	if i < len(text) {
		e, _ = strconv.Atoi(string(text[i+1:]))
	}
	if neg {
		m = -m
	}
	return m, e - frac
}

// sortedIndices returns 0..n-1 in the stable order less gives, in buf when
// it is big enough: an insertion sort, as lists of properties and pins are
// short (a long one is sorted all the same, only more slowly).
func sortedIndices(buf []int32, n int, less func(a, b int) bool) []int32 {
	idx := buf[:0]
	for i := range n {
		idx = append(idx, int32(i))
		for j := i; j > 0 && less(int(idx[j]), int(idx[j-1])); j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
	return idx
}
