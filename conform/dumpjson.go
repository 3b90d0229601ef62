package conform

// The canonical JSON of upstream's graph dump (GOLDENS.md §2, the
// `graphDump` of a compile golden): two-space indents, object keys sorted
// byte-wise at every level, LF line ends, numbers in the text they were
// given. The dump is compared byte for byte, so the writer follows that
// shape exactly rather than going through encoding/json (whose indented
// form differs on empty containers and escapes <, > and &).

import (
	"fmt"
	"math"
	"sort"
	"strings"
)

type jsonKind uint8

const (
	jsonNull jsonKind = iota
	jsonBool
	jsonNumber
	jsonString
	jsonObject
	jsonArray
)

// dumpValue is one JSON value of a graph dump.
type dumpValue struct {
	kind  jsonKind
	b     bool
	text  string // a number's spelling, a string's characters
	keys  []string
	vals  []*dumpValue
	items []*dumpValue
}

func jNull() *dumpValue           { return &dumpValue{kind: jsonNull} }
func jBool(b bool) *dumpValue     { return &dumpValue{kind: jsonBool, b: b} }
func jString(s string) *dumpValue { return &dumpValue{kind: jsonString, text: s} }
func jInt(i int64) *dumpValue     { return &dumpValue{kind: jsonNumber, text: fmt.Sprint(i)} }
func jObject() *dumpValue         { return &dumpValue{kind: jsonObject} }
func jArray() *dumpValue          { return &dumpValue{kind: jsonArray} }

// jFloat prints a float property as the dump does: %.9g, which round-trips
// a float32 and leaves a double that holds one without noise digits. A
// non-finite value has no JSON spelling, so it is a string.
func jFloat(f float64) *dumpValue {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return jString(fmt.Sprintf("%f", f))
	}
	return &dumpValue{kind: jsonNumber, text: fmt.Sprintf("%.9g", f)}
}

// jFloat32 is a float property's value as the engine stores it (float32).
func jFloat32(f float64) *dumpValue { return jFloat(float64(float32(f))) }

// set adds or replaces a member.
func (v *dumpValue) set(key string, val *dumpValue) *dumpValue {
	for i, k := range v.keys {
		if k == key {
			v.vals[i] = val
			return v
		}
	}
	v.keys = append(v.keys, key)
	v.vals = append(v.vals, val)
	return v
}

func (v *dumpValue) add(val *dumpValue) *dumpValue {
	v.items = append(v.items, val)
	return v
}

// sortedMembers returns the member indices in key order.
func (v *dumpValue) sortedMembers() []int {
	idx := make([]int, len(v.keys))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return v.keys[idx[a]] < v.keys[idx[b]] })
	return idx
}

// write appends the indented text of v at the given depth.
func (v *dumpValue) write(b *strings.Builder, depth int) {
	switch v.kind {
	case jsonNull:
		b.WriteString("null")
	case jsonBool:
		if v.b {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case jsonNumber:
		b.WriteString(v.text)
	case jsonString:
		quoteDump(b, v.text)
	case jsonObject:
		if len(v.keys) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteString("{\n")
		order := v.sortedMembers()
		for n, i := range order {
			indent(b, depth+1)
			quoteDump(b, v.keys[i])
			b.WriteString(": ")
			v.vals[i].write(b, depth+1)
			if n+1 < len(order) {
				b.WriteString(",")
			}
			b.WriteString("\n")
		}
		indent(b, depth)
		b.WriteString("}")
	case jsonArray:
		if len(v.items) == 0 {
			b.WriteString("[]")
			return
		}
		b.WriteString("[\n")
		for n, it := range v.items {
			indent(b, depth+1)
			it.write(b, depth+1)
			if n+1 < len(v.items) {
				b.WriteString(",")
			}
			b.WriteString("\n")
		}
		indent(b, depth)
		b.WriteString("]")
	}
}

// sortKey is the one-line form upstream sorts unreached nodes by: members
// as key=value; in key order, array items as value;, strings bare.
func (v *dumpValue) sortKey(b *strings.Builder) {
	switch v.kind {
	case jsonNull:
		b.WriteString("null")
	case jsonBool:
		if v.b {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case jsonNumber, jsonString:
		b.WriteString(v.text)
	case jsonObject:
		b.WriteString("{")
		for _, i := range v.sortedMembers() {
			b.WriteString(v.keys[i])
			b.WriteString("=")
			v.vals[i].sortKey(b)
			b.WriteString(";")
		}
		b.WriteString("}")
	case jsonArray:
		b.WriteString("[")
		for _, it := range v.items {
			it.sortKey(b)
			b.WriteString(";")
		}
		b.WriteString("]")
	}
}

func indent(b *strings.Builder, depth int) {
	for i := 0; i < depth; i++ {
		b.WriteString("  ")
	}
}

// quoteDump escapes as the dump does: the two-character escapes, \u00XX
// for other control characters, everything else as it is.
func quoteDump(b *strings.Builder, s string) {
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		default:
			if r < 0x20 {
				fmt.Fprintf(b, `\u%04x`, r)
			} else {
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
}
