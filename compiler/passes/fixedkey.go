package passes

import (
	"math"
	"math/bits"

	"reuselab/ir"
)

// The fixed part of a dedupe key is what no merge can change: op, class,
// outputs, properties, how many operands and named inputs a node has and
// the input names (ir.AppendPackedStatic says the same in bytes). Dedupe
// hashes it once per node straight from the node's fields, builds no key
// bytes, and confirms a hash match by comparing the fields themselves, so
// that the relation is exactly the packed key's (and the text key's):
// sameFixed(a, b) holds exactly when ir.AppendPackedStatic(a) equals
// ir.AppendPackedStatic(b), and then fixedHash(a) == fixedHash(b)
// (TestFixedKeyAgreesWithPackedStatic, FuzzFixedKey).
//
// Lists the key sorts by name (properties, named inputs) are hashed as
// multisets, by adding one hash per element, so that hashing needs no sort:
// equal sorted lists are equal multisets. Only the comparison sorts, on the
// stack, and only lists of two or more.

// numberKeys caches ir.NumberKey by the bits of the double: a graph holds
// few distinct constants, and a number off the short-decimal path (one
// perturbed below 9 digits) costs a formatting otherwise.
type numberKeys struct {
	slots [1024][2]uint64 // the bits of a double and its key; bits 0 = empty
}

func (c *numberKeys) key(x float64) uint64 {
	b := math.Float64bits(x)
	if x == 0 || b == 0 {
		return ir.NumberKey(0)
	}
	sl := &c.slots[(b*0x9e3779b97f4a7c15)>>54]
	if sl[0] == b {
		return sl[1]
	}
	nk := ir.NumberKey(x)
	sl[0], sl[1] = b, nk
	return nk
}

// mix is one step of the hash: a 128-bit multiply folded to 64 bits, as
// wyhash does.
func mix(h, x uint64) uint64 {
	hi, lo := bits.Mul64(h^0xa0761d6478bd642f, x^0xe7037ed1a0b428db)
	return hi ^ lo
}

// hashString hashes s as wyhash does: a short string by two overlapping
// loads from its ends, a long one sixteen bytes at a time (the compiler
// turns each load into one instruction; no byte loop).
func hashString(s string) uint64 {
	n := len(s)
	var a, b uint64
	switch {
	case n == 0:
	case n < 4:
		a = uint64(s[0])<<16 | uint64(s[n>>1])<<8 | uint64(s[n-1])
	case n <= 8:
		a, b = uint64(load32(s)), uint64(load32(s[n-4:]))
	case n <= 16:
		a, b = load64(s), load64(s[n-8:])
	default:
		h := uint64(n)
		rest := s
		for len(rest) > 16 {
			h = mix(load64(rest)^h, load64(rest[8:]))
			rest = rest[16:]
		}
		a, b = load64(s[n-16:])^h, load64(s[n-8:])
	}
	return mix(a^uint64(n)<<56, b)
}

func load32(s string) uint32 {
	_ = s[3]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}

func load64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// keyOp is the op as the key names it: every op without a name is Invalid.
func keyOp(op ir.Op) ir.Op { return keyOps[op] }

var keyOps = func() (t [256]ir.Op) {
	for k := range t {
		if op := ir.Op(k); op.String() != ir.OpInvalid.String() {
			t[k] = op
		}
	}
	return t
}()

// The value tags of the key (ir.AppendPackedKey): every kind past Bool is
// one "other" value.
const (
	tagNumber = iota + 1
	tagTuple
	tagString
	tagFalse
	tagTrue
	tagOther
)

func valueTag(v *ir.Value) int {
	switch v.Kind {
	case ir.KindNumber:
		return tagNumber
	case ir.KindTuple:
		return tagTuple
	case ir.KindString:
		return tagString
	case ir.KindBool:
		if v.Bool {
			return tagTrue
		}
		return tagFalse
	}
	return tagOther
}

func hashValue(v *ir.Value, nk *numberKeys) uint64 {
	tag := valueTag(v)
	switch tag {
	case tagNumber:
		x := 0.0
		if len(v.Nums) > 0 {
			x = v.Nums[0]
		}
		return mix(tagNumber, nk.key(x))
	case tagTuple:
		h := mix(tagTuple, uint64(len(v.Nums)))
		for _, x := range v.Nums {
			h = mix(h, nk.key(x))
		}
		return h
	case tagString:
		return mix(tagString, hashString(v.Str))
	}
	return uint64(tag)
}

// fixedHash hashes n's fixed part. Only the class and string values are
// hashed whole; a name or a type is hashed by its length and its first and
// last bytes, which tell apart the names one op's nodes use (Value, Mask;
// float2, float3) without reading more than a word of each. A collision
// costs a comparison with a representative, never a wrong answer.
func fixedHash(n *ir.Node, nk *numberKeys) uint64 {
	h := mix(uint64(keyOp(n.Op))|uint64(len(n.Outputs))<<8|uint64(len(n.Props))<<24,
		uint64(len(n.Operands))<<32|uint64(uint32(len(n.Pins))))
	if n.Class != "" {
		h = mix(h, hashString(n.Class))
	}
	for k := range n.Outputs {
		h = mix(h, nameBits(n.Outputs[k].Name)|nameBits(n.Outputs[k].Type)<<32)
	}
	var props uint64
	for k := range n.Props {
		props += mix(nameBits(n.Props[k].Name), hashValue(&n.Props[k].Value, nk))
	}
	var pins uint64
	for k := range n.Pins {
		pins += nameBits(n.Pins[k].Name) * 0x9e3779b97f4a7c15
	}
	return mix(h^pins, props)
}

// nameBits is a name's length and first and last bytes, in 32 bits.
func nameBits(s string) uint64 {
	if s == "" {
		return 0
	}
	return uint64(len(s)&0xffff) | uint64(s[0])<<16 | uint64(s[len(s)-1])<<24
}

// fixedRep is the fixed part of one node, copied into a few compact
// slabs when it becomes a class's representative: comparing a node with
// it reads a hundred bytes in a row rather than five places in the graph,
// and the representatives of the common classes stay in cache. Properties
// are kept sorted by name and the input names in PinOrder, as the key
// lists them.
type fixedRep struct {
	hash       uint64 // fixedHash
	op         ir.Op
	nOps, nPin int
	class      string
	outs       []ir.Output
	props      []ir.Prop
	pins       []string
}

// repSlabs holds what the representatives' slices point into.
type repSlabs struct {
	outs  []ir.Output
	props []ir.Prop
	nums  []float64
	pins  []string
}

func (sl *repSlabs) rep(n *ir.Node) fixedRep {
	r := fixedRep{op: keyOp(n.Op), nOps: len(n.Operands), nPin: len(n.Pins), class: n.Class}
	if len(n.Outputs) > 0 {
		r.outs = take(&sl.outs, len(n.Outputs))
		copy(r.outs, n.Outputs)
	}
	if len(n.Props) > 0 {
		var buf [16]int32
		r.props = take(&sl.props, len(n.Props))
		for j, k := range propOrder(buf[:0], n) {
			r.props[j] = n.Props[k]
			if nums := n.Props[k].Value.Nums; len(nums) > 0 {
				r.props[j].Value.Nums = take(&sl.nums, len(nums))
				copy(r.props[j].Value.Nums, nums)
			}
		}
	}
	if len(n.Pins) > 0 {
		var buf [16]int32
		r.pins = take(&sl.pins, len(n.Pins))
		for j, k := range pinOrder(buf[:0], n) {
			r.pins[j] = n.Pins[k].Name
		}
	}
	return r
}

// sameFixed reports whether n has the fixed part r holds.
func sameFixed(n *ir.Node, r *fixedRep, nk *numberKeys) bool {
	if keyOp(n.Op) != r.op || len(n.Operands) != r.nOps || len(n.Pins) != r.nPin ||
		len(n.Outputs) != len(r.outs) || len(n.Props) != len(r.props) || n.Class != r.class {
		return false
	}
	for k := range r.outs {
		if n.Outputs[k] != r.outs[k] {
			return false
		}
	}
	switch len(r.props) {
	case 0:
	case 1:
		if n.Props[0].Name != r.props[0].Name || !sameValue(&n.Props[0].Value, &r.props[0].Value, nk) {
			return false
		}
	default:
		var buf [16]int32
		for k, p := range propOrder(buf[:0], n) {
			if n.Props[p].Name != r.props[k].Name || !sameValue(&n.Props[p].Value, &r.props[k].Value, nk) {
				return false
			}
		}
	}
	switch len(r.pins) {
	case 0:
	case 1:
		return n.Pins[0].Name == r.pins[0]
	default:
		var buf [16]int32
		for k, p := range ir.PinOrder(buf[:0], n) {
			if n.Pins[p].Name != r.pins[k] {
				return false
			}
		}
	}
	return true
}

// propOrder is the indices of n's properties sorted by name, stably, as
// the key lists them.
func propOrder(buf []int32, n *ir.Node) []int32 {
	idx := buf[:0]
	for i := range n.Props {
		idx = append(idx, int32(i))
		for j := i; j > 0 && n.Props[idx[j]].Name < n.Props[idx[j-1]].Name; j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
	return idx
}

func sameValue(a, b *ir.Value, nk *numberKeys) bool {
	tag := valueTag(a)
	if tag != valueTag(b) {
		return false
	}
	switch tag {
	case tagNumber:
		x, y := 0.0, 0.0
		if len(a.Nums) > 0 {
			x = a.Nums[0]
		}
		if len(b.Nums) > 0 {
			y = b.Nums[0]
		}
		return sameNumber(x, y, nk)
	case tagTuple:
		if len(a.Nums) != len(b.Nums) {
			return false
		}
		for k := range a.Nums {
			if !sameNumber(a.Nums[k], b.Nums[k], nk) {
				return false
			}
		}
	case tagString:
		return a.Str == b.Str
	}
	return true
}

func sameNumber(x, y float64, nk *numberKeys) bool {
	return math.Float64bits(x) == math.Float64bits(y) || nk.key(x) == nk.key(y)
}
