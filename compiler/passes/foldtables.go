package passes

import (
	"math"

	"reuselab/ir"
)

// constTable holds every value fold reads of a Constant (add) or makes
// (id, once per value: a 100k-node graph has tens of thousands of folds but
// a few thousand values, and fold shares one Constant node per value), and
// kval names them by index.
type constTable struct {
	vals []foldConst
	// Open addressing, linear probing: the hash's upper 32 bits (a tag,
	// so that a probe reads a value only when the tags agree) and 1 + an
	// index into vals; 0 = empty.
	slots  []uint64
	hashed int // the values in slots
}

// id returns 1 + the index of c in the table, adding it when new. Values
// are one value when their components' bits are: fold must not make -0 of 0
// or one NaN of another (R5's 9-digit equality is dedupe's, not fold's).
func (t *constTable) id(c foldConst) int32 {
	if 4*(t.hashed+1) > 3*len(t.slots) {
		t.slots = regrow(t.slots, max(2*len(t.slots), 256), func(k int) uint64 { return t.vals[k].hash() })
	}
	h := c.hash()
	tag := h &^ (1<<32 - 1)
	mask := uint64(len(t.slots) - 1)
	for k := h & mask; ; k = (k + 1) & mask {
		switch sl := t.slots[k]; {
		case sl == 0:
			t.vals = append(t.vals, c)
			t.hashed++
			t.slots[k] = tag | uint64(len(t.vals))
			return int32(len(t.vals))
		case sl&^(1<<32-1) == tag && t.vals[uint32(sl)-1].same(&c):
			return int32(uint32(sl))
		}
	}
}

// add records c under an id of its own, equal or not to a value already
// there: a Constant's value as read is only ever read back (state.kval),
// never compared, so it need not be hashed.
func (t *constTable) add(c foldConst) int32 {
	t.vals = append(t.vals, c)
	return int32(len(t.vals))
}

// reserve sizes the table for about n values of each kind, read and made.
func (t *constTable) reserve(n int) {
	t.vals = emptied(t.vals, 2*n)
	t.slots = zeroed(t.slots, tableSize(n*4/3+1))
	t.hashed = 0
}

// get is the value id names.
func (t *constTable) get(id int32) foldConst { return t.vals[id-1] }

func (c *foldConst) hash() uint64 {
	h := uint64(c.n)
	for k := 0; k < c.n && k < len(c.v); k++ {
		h = mix(h, math.Float64bits(c.v[k]))
	}
	return h
}

func (c *foldConst) same(d *foldConst) bool {
	if c.n != d.n {
		return false
	}
	for k := 0; k < c.n && k < len(c.v); k++ {
		if math.Float64bits(c.v[k]) != math.Float64bits(d.v[k]) {
			return false
		}
	}
	return true
}

// protoTable holds the Constant node a fold makes, one per value, output
// type and role, so that the folds of one value share a node in the view
// and one fixed part for dedupe (its sig, while dedupe's generation lasts).
type protoTable struct {
	protos []protoEntry
	slots  []int32 // as constTable's, into protos
}

type protoEntry struct {
	value  int32 // the constTable id of the value
	isBool bool
	role   ir.Role
	width  uint8 // of node's output (state.width0)
	node   *ir.Node
	sig    uint32
	gen    uint32
}

func protoHash(value int32, isBool bool, role ir.Role) uint64 {
	h := uint64(uint32(value)) | uint64(role)<<32
	if isBool {
		h |= 1 << 40
	}
	return mix(h, 0x9e3779b97f4a7c15)
}

// reserve sizes the table for about n Constants.
func (t *protoTable) reserve(n int) {
	t.protos = emptied(t.protos, n)
	t.slots = zeroed(t.slots, tableSize(n*4/3+1))
}

// find returns the entry for the value, type and role; a new one has no node.
func (t *protoTable) find(value int32, isBool bool, role ir.Role) *protoEntry {
	if 4*(len(t.protos)+1) > 3*len(t.slots) {
		t.slots = regrow(t.slots, max(2*len(t.slots), 256), func(k int) uint64 {
			e := &t.protos[k]
			return protoHash(e.value, e.isBool, e.role)
		})
	}
	mask := uint64(len(t.slots) - 1)
	for k := protoHash(value, isBool, role) & mask; ; k = (k + 1) & mask {
		at := t.slots[k]
		if at == 0 {
			t.protos = append(t.protos, protoEntry{value: value, isBool: isBool, role: role})
			t.slots[k] = int32(len(t.protos))
			return &t.protos[len(t.protos)-1]
		}
		if e := &t.protos[at-1]; e.value == value && e.isBool == isBool && e.role == role {
			return e
		}
	}
}
