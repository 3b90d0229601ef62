package passes

import (
	"math"
	"math/bits"
	"unsafe"

	"reuselab/ir"
)

// The fixed part of a dedupe key is what no merge can change: op, class,
// outputs, properties, how many operands and named inputs a node has and
// the input names (ir.AppendPackedStatic says the same in bytes). Dedupe
// spells it once per node as a few 32-bit words (fixedCoder.words) and
// interns the words: equal words are equal fixed parts and nothing else,
// so that the relation is exactly the packed key's (and the text key's):
// words(a) == words(b) exactly when ir.AppendPackedStatic(a) equals
// ir.AppendPackedStatic(b) (TestFixedKeyAgreesWithPackedStatic,
// FuzzFixedKey).
//
// A string is spelled as its id, the order of its first sight, which the
// coder finds by the string's address first: a graph's names and types are
// shared (a parser or generator interns them), so a node's strings cost a
// load each, not a hash and a comparison each as text; a string met at a
// new address is looked up by content, once. Lists the key sorts by name (properties, named inputs) are
// sorted by id instead: any one order of the names makes equal sorted
// lists of equal lists and of no others, and ids sort as integers. A
// number is the id of its ir.NumberKey.
// A simple node (no class, properties or named inputs, one output: half
// of a graph) is four words, hashed in two steps and compared as two.

// numberKeys numbers the numbers by ir.NumberKey: equal ids are equal
// keys, so a number is one word of a fixed part. It caches the id by the
// bits of the double: a graph holds few distinct constants, and a number
// off the short-decimal path (one perturbed below 9 digits) costs a
// formatting otherwise.
type numberKeys struct {
	slots [1024]numberSlot
	ids   map[uint64]uint32 // by key; the key of 0 is id 0
}

type numberSlot struct {
	bits uint64 // 0 = empty
	id   uint32
}

func (c *numberKeys) id(x float64) uint32 {
	b := math.Float64bits(x)
	if x == 0 || b == 0 {
		return 0
	}
	sl := &c.slots[(b*0x9e3779b97f4a7c15)>>54]
	if sl.bits == b {
		return sl.id
	}
	nk := ir.NumberKey(x)
	id, ok := c.ids[nk]
	if !ok && nk != ir.NumberKey(0) {
		if c.ids == nil {
			c.ids = make(map[uint64]uint32)
		}
		id = uint32(len(c.ids) + 1)
		c.ids[nk] = id
	}
	*sl = numberSlot{b, id}
	return id
}

// mix is one step of the hash: a 128-bit multiply folded to 64 bits, as
// wyhash does.
func mix(h, x uint64) uint64 {
	hi, lo := bits.Mul64(h^0xa0761d6478bd642f, x^0xe7037ed1a0b428db)
	return hi ^ lo
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
// one "other" value. 7 (tagWide) says the property's name id did not fit
// beside the tag.
const (
	tagNumber = iota + 1
	tagTuple
	tagString
	tagFalse
	tagTrue
	tagOther
	tagWide
)

// fixedCoder spells fixed parts as words; its ids last as long as it does.
type fixedCoder struct {
	numbers numberKeys
	seen    [2048]seenString // by address: the strings looked up last
	// A string met at an address not in seen is found by content: one of
	// at most 8 bytes in short, a longer one in ids. An id is 1 + the order
	// of first sight; "" is 0.
	short []shortSlot
	used  int // short's slots
	ids   map[string]uint32
	nids  uint32
}

type shortSlot struct {
	w     uint64 // shortWord
	n, id uint32 // the length; id 0 = empty
}

type seenString struct {
	s  string // kept, so that its address is not another string's later
	id uint32
}

// id is s's id.
func (c *fixedCoder) id(s string) uint32 {
	if len(s) == 0 {
		return 0
	}
	return c.seenID(s)
}

func (c *fixedCoder) seenID(s string) uint32 {
	p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	e := &c.seen[(p>>3^p>>11^uintptr(len(s)))%uintptr(len(c.seen))]
	if unsafe.StringData(e.s) == unsafe.StringData(s) && len(e.s) == len(s) {
		return e.id
	}
	var id uint32
	if len(s) <= 8 {
		id = c.shortID(s)
	} else {
		var ok bool
		if id, ok = c.ids[s]; !ok {
			if c.ids == nil {
				c.ids = make(map[string]uint32)
			}
			c.nids++
			id = c.nids
			c.ids[s] = id
		}
	}
	*e = seenString{s, id}
	return id
}

// shortWord is a string of 1 to 8 bytes as a word: with its length, every
// byte of it.
func shortWord(s string) uint64 {
	n := len(s)
	if n < 4 {
		return uint64(s[0]) | uint64(s[n>>1])<<8 | uint64(s[n-1])<<16
	}
	return uint64(load32(s)) | uint64(load32(s[n-4:]))<<32
}

func load32(s string) uint32 {
	_ = s[3]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}

// shortID finds a string of 1 to 8 bytes by its bytes, in a table of
// their own (open addressing, grown past half full): cheaper than a map,
// for names met at many addresses (swizzle masks).
func (c *fixedCoder) shortID(s string) uint32 {
	w, n := shortWord(s), uint32(len(s))
	if len(c.short) == 0 {
		c.short = make([]shortSlot, 64)
	}
	mask := uint64(len(c.short) - 1)
	for k := shortHash(w, n) & mask; ; k = (k + 1) & mask {
		sl := &c.short[k]
		if sl.id == 0 {
			c.nids++
			*sl = shortSlot{w, n, c.nids}
			if c.used++; 2*c.used > len(c.short) {
				c.growShort()
			}
			return c.nids
		}
		if sl.w == w && sl.n == n {
			return sl.id
		}
	}
}

func shortHash(w uint64, n uint32) uint64 { return (w ^ uint64(n)) * 0x9e3779b97f4a7c15 >> 32 }

func (c *fixedCoder) growShort() {
	old := c.short
	c.short = make([]shortSlot, 2*len(old))
	mask := uint64(len(c.short) - 1)
	for _, sl := range old {
		if sl.id == 0 {
			continue
		}
		k := shortHash(sl.w, sl.n) & mask
		for c.short[k].id != 0 {
			k = (k + 1) & mask
		}
		c.short[k] = sl
	}
}

// The head word holds the op and the four counts, countMax standing for
// "this many or more", the counts then following in full.
const (
	countBits = 6
	countMax  = 1<<countBits - 1
)

// words appends n's fixed part to dst: the head word, the class, each
// output, the properties in order of name id, then the input names'
// ids in order.
func (c *fixedCoder) words(dst []uint32, n *ir.Node) []uint32 {
	nOps, nOuts, nProps, nPins := len(n.Operands), len(n.Outputs), len(n.Props), len(n.Pins)
	head := uint32(keyOp(n.Op)) | uint32(min(nOps, countMax))<<8 | uint32(min(nOuts, countMax))<<(8+countBits) |
		uint32(min(nProps, countMax))<<(8+2*countBits) | uint32(min(nPins, countMax))<<(8+3*countBits)
	dst = append(dst, head, c.id(n.Class))
	if max(nOps, nOuts, nProps, nPins) >= countMax {
		dst = appendCount(appendCount(appendCount(appendCount(dst, nOps), nOuts), nProps), nPins)
	}
	for k := range n.Outputs {
		// Name and type in one word when both ids fit in 16 bits; a word
		// that does not is all ones (the name's half never is), then both.
		a, b := c.id(n.Outputs[k].Name), c.id(n.Outputs[k].Type)
		if a|b < 0xffff {
			dst = append(dst, a<<16|b)
		} else {
			dst = append(dst, ^uint32(0), a, b)
		}
	}
	switch nProps {
	case 0:
	case 1:
		dst = c.prop(dst, c.id(n.Props[0].Name), &n.Props[0].Value)
	default:
		// Stably by name id: the index breaks ties.
		var buf [16]uint64
		order := buf[:0]
		for k := range n.Props {
			order = append(order, uint64(c.id(n.Props[k].Name))<<32|uint64(k))
		}
		insertionSort(order)
		for _, o := range order {
			dst = c.prop(dst, uint32(o>>32), &n.Props[uint32(o)].Value)
		}
	}
	if nPins > 0 {
		at := len(dst)
		for k := range n.Pins {
			dst = append(dst, c.id(n.Pins[k].Name))
		}
		insertionSort(dst[at:])
	}
	return dst
}

// appendCount appends a count in one word, or in three past 32 bits.
func appendCount(dst []uint32, n int) []uint32 {
	if uint64(n) < math.MaxUint32 {
		return append(dst, uint32(n))
	}
	return append(dst, math.MaxUint32, uint32(n), uint32(uint64(n)>>32))
}

// prop appends one property: its name id and value tag in a word, then
// the value.
func (c *fixedCoder) prop(dst []uint32, name uint32, v *ir.Value) []uint32 {
	tag := uint32(tagOther)
	switch v.Kind {
	case ir.KindNumber:
		tag = tagNumber
	case ir.KindTuple:
		tag = tagTuple
	case ir.KindString:
		tag = tagString
	case ir.KindBool:
		tag = tagFalse
		if v.Bool {
			tag = tagTrue
		}
	}
	if name < 1<<29 {
		dst = append(dst, name<<3|tag)
	} else {
		dst = append(dst, tagWide, name, tag)
	}
	switch tag {
	case tagNumber:
		x := 0.0
		if len(v.Nums) > 0 {
			x = v.Nums[0]
		}
		dst = append(dst, c.numbers.id(x))
	case tagTuple:
		dst = appendCount(dst, len(v.Nums))
		for _, x := range v.Nums {
			dst = append(dst, c.numbers.id(x))
		}
	case tagString:
		dst = append(dst, c.id(v.Str))
	}
	return dst
}

func insertionSort[T uint32 | uint64](xs []T) {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
}

// hashWords hashes a fixed part's words, two at a step.
func hashWords(w []uint32) uint64 {
	h := uint64(len(w))
	k := 0
	for ; k+1 < len(w); k += 2 {
		h = mix(h, uint64(w[k])|uint64(w[k+1])<<32)
	}
	if k < len(w) {
		h = mix(h, uint64(w[k]))
	}
	return h
}

// lastInterned is, for one op, the last node intern spelled as words and
// its sig, and how often the next node had the same fields. The nodes of
// some ops come in one or two shapes (irgen's texture samples: one), and
// checking fields against the last node's, in cache, costs less than
// spelling them; an op whose nodes miss more than they hit in their first
// memoTrial tries (irgen's constants, custom nodes) goes straight to the
// words.
type lastInterned struct {
	node        *ir.Node
	sig         uint32
	tries, hits uint32
}

// memoTrial is how many nodes of an op try the memo before the hits
// decide whether the rest do.
const memoTrial = 64

// sameFixedFields reports whether a and b have the same fixed part because
// their fields are equal as stored: op, class, counts, outputs, input names
// and properties in the same order, numbers with the same bits. It is
// enough, not needed (the words sort lists and compare numbers by key): a
// false sends the node to the words.
func sameFixedFields(a, b *ir.Node) bool {
	if a.Op != b.Op || a.Class != b.Class || len(a.Operands) != len(b.Operands) || len(a.Pins) != len(b.Pins) ||
		len(a.Props) != len(b.Props) || len(a.Outputs) != len(b.Outputs) {
		return false
	}
	for k := range a.Outputs {
		if a.Outputs[k] != b.Outputs[k] {
			return false
		}
	}
	for k := range a.Pins {
		if a.Pins[k].Name != b.Pins[k].Name {
			return false
		}
	}
	for k := range a.Props {
		p, q := &a.Props[k], &b.Props[k]
		if p.Name != q.Name || p.Value.Kind != q.Value.Kind || p.Value.Str != q.Value.Str ||
			p.Value.Bool != q.Value.Bool || len(p.Value.Nums) != len(q.Value.Nums) {
			return false
		}
		for j, x := range p.Value.Nums {
			if math.Float64bits(x) != math.Float64bits(q.Value.Nums[j]) {
				return false
			}
		}
	}
	return true
}
