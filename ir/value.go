package ir

import (
	"math"
	"strconv"
	"strings"
)

// ValueKind says how a property value is written in the dump.
type ValueKind uint8

const (
	// KindNumber is a bare number: `CoordinateIndex=0`.
	KindNumber ValueKind = iota
	// KindTuple is a parenthesised list, even of one: `Value=(0.5)`.
	KindTuple
	// KindString is quoted with \\ \n \r \t \" escapes.
	KindString
	// KindBool is bare `true`/`false`.
	KindBool
)

// Value is a node property's value.
type Value struct {
	Kind ValueKind
	Nums []float64 // KindNumber (one) and KindTuple
	Str  string    // KindString
	Bool bool      // KindBool
}

// Num is a bare number value.
func Num(v float64) Value { return Value{Kind: KindNumber, Nums: []float64{v}} }

// Tuple is a parenthesised number list.
func Tuple(vs ...float64) Value {
	return Value{Kind: KindTuple, Nums: append([]float64(nil), vs...)}
}

// Str is a quoted string value.
func Str(s string) Value { return Value{Kind: KindString, Str: s} }

// Bool is a bare boolean value.
func Bool(b bool) Value { return Value{Kind: KindBool, Bool: b} }

// FormatNumber prints v as upstream's FormatIRNumber does: C `%.9g` on a
// double. Negative zero prints as 0 (LANGUAGE-2.0 §1.3), so that -0 and 0,
// which are one constant, also print alike.
func FormatNumber(v float64) string {
	if v == 0 {
		return "0"
	}
	if math.IsInf(v, 1) {
		return "inf"
	}
	if math.IsInf(v, -1) {
		return "-inf"
	}
	if math.IsNaN(v) {
		return "nan"
	}
	return strconv.FormatFloat(v, 'g', 9, 64)
}

// QuoteString writes s with the dump's escapes.
func QuoteString(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\\':
			b.WriteString(`\\`)
		case '"':
			b.WriteString(`\"`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// String prints the value as the dump does.
func (v Value) String() string {
	switch v.Kind {
	case KindNumber:
		if len(v.Nums) == 0 {
			return "0"
		}
		return FormatNumber(v.Nums[0])
	case KindTuple:
		var b strings.Builder
		b.WriteByte('(')
		for i, n := range v.Nums {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(FormatNumber(n))
		}
		b.WriteByte(')')
		return b.String()
	case KindString:
		return QuoteString(v.Str)
	case KindBool:
		if v.Bool {
			return "true"
		}
		return "false"
	}
	return "?"
}

// Equal compares two values as the dedupe key does: numbers to 9
// significant digits.
func (v Value) Equal(w Value) bool { return v.String() == w.String() }
