package passes

import (
	"math"

	"reuselab/ir"
)

// constTable holds every value fold reads of a Constant (add, as
// newState or fold first reads it) or makes (protoTable.find, once per
// value, type and role), and foldState.constIndex names them by index. It is never
// searched: the values fold makes are shared by the protos' table.
type constTable struct {
	vals []foldConst
}

// add records c under an id of its own, 1 + its index.
func (t *constTable) add(c foldConst) int32 {
	t.vals = append(t.vals, c)
	return int32(len(t.vals))
}

// reserve sizes the table for about n values of each kind, read and made.
func (t *constTable) reserve(n int) {
	t.vals = emptied(t.vals, 2*n)
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
// Values are one value when their components' bits are: fold must not make
// -0 of 0 or one NaN of another (R5's 9-digit equality is dedupe's, not
// fold's).
type protoTable struct {
	protos []protoEntry
	// Open addressing, linear probing: the hash's upper 32 bits (a tag,
	// so that a probe reads an entry only when the tags agree) and 1 + an
	// index into protos; 0 = empty.
	slots []uint64
}

type protoEntry struct {
	val    foldConst // the value, here so that a probe reads one entry, not consts too
	value  int32     // its constTable id
	isBool bool
	role   ir.Role
	width  uint8 // of node's output (state.width0)
	node   *ir.Node
	sig    uint32
	gen    uint32
}

func protoHash(c *foldConst, isBool bool, role ir.Role) uint64 {
	h := c.hash() ^ uint64(role)<<8
	if isBool {
		h ^= 1
	}
	return mix(h, 0x9e3779b97f4a7c15)
}

// reserve sizes the table for about n Constants.
func (t *protoTable) reserve(n int) {
	t.protos = emptied(t.protos, n)
	t.slots = zeroed(t.slots, tableSize(n*4/3+1))
}

// find returns the entry for the value c, type and role; a new one has no
// node, and its value is added to consts.
func (t *protoTable) find(consts *constTable, c *foldConst, isBool bool, role ir.Role) *protoEntry {
	if 4*(len(t.protos)+1) > 3*len(t.slots) {
		t.slots = regrow(t.slots, max(2*len(t.slots), 256), func(k int) uint64 {
			e := &t.protos[k]
			return protoHash(&e.val, e.isBool, e.role)
		})
	}
	h := protoHash(c, isBool, role)
	tag := h &^ (1<<32 - 1)
	mask := uint64(len(t.slots) - 1)
	for k := h & mask; ; k = (k + 1) & mask {
		sl := t.slots[k]
		if sl == 0 {
			t.protos = append(t.protos, protoEntry{val: *c, value: consts.add(*c), isBool: isBool, role: role})
			t.slots[k] = tag | uint64(len(t.protos))
			return &t.protos[len(t.protos)-1]
		}
		if sl&^(1<<32-1) != tag {
			continue
		}
		if e := &t.protos[uint32(sl)-1]; e.isBool == isBool && e.role == role && e.val.same(c) {
			return e
		}
	}
}
