package passes

// Dedupe: hashing in index order (R5, R6, R7).
//
// Two nodes are one node when their dedupe keys (ir.DedupeKey, LANGUAGE-2.0
// §1.4) are equal: op, class, outputs with names and types, properties as a
// set with numbers to 9 significant digits, operands in order, named inputs
// as a set. The key names operands by node id, so it only says "equal" when
// the operands are the *same* nodes. That is made to mean "equal values" by
// induction: the node array is in build (topological) order, and before a
// node is keyed every operand and pin of it is replaced by its canonical
// node — the survivor it was merged into, followed through s.canon. Operands
// come earlier, so they were keyed (and merged) already; two nodes whose
// operands were merged now name the same ids and get the same key.
//
// One table maps key → the live node with that key. A live value node whose
// key is in the table dies and its readers go to that node; otherwise it
// enters the table. The survivor is therefore the lowest index (R6), and it
// keeps its own span and debug name. Statements and FunctionInputs (Role !=
// RoleValue) are keyed for nothing: their inputs are canonicalised but they
// never enter the table and are never merged (R7).
//
// The key is split in two, where ir.AppendPackedStatic cuts it. The fixed
// part — op, class, outputs, properties, the input names (fixedkey.go) — no
// merge can change. It is spelled once per node as a few words, strings as
// ids and numbers as their keys, and interned: the first node with a given
// fixed part is the class's representative, its words kept, and every
// later one that hashes alike is compared with them word by word (a
// hundred thousand nodes have about five thousand fixed parts, so the
// representatives stay in cache). A node's class (sig,
// the representative plus one) changes only when fold or a composed swizzle
// rewrites it. The round key is then the sig and the reads, compared as
// numbers in the state's compact arrays (refs and outs): no key bytes are
// built, and a match is confirmed without reading the earlier node.
//
// The table outlives the round: a later round re-keys only the nodes whose
// reads moved (a read of a node that died since) or that were rewritten,
// and skips the rest, whose entries still stand; rounds 2 and 3 merge a
// handful of nodes, so they visit the nodes rewritten since (rekeyed) and
// scan from the first death on (diedDedupe; state.backward): nothing at
// all when fold and swizzles changed nothing. That equals a full pass
// (Options.fullRounds): visiting in index order, a re-keyed node that finds an
// untouched later node with its key takes its place as the survivor (the
// later node would have found it), and a node that is still to be re-keyed
// cannot match, since it reads a dead node or has no sig.
//
// From scratch about half of the pass is interning, bound by reading every
// node's fields in shapes that vary from node to node.

import (
	"math/bits"
	"slices"

	"reuselab/ir"
)

func dedupe(g *ir.Graph, s *state) int {
	d := s.dedupe
	if s.fullRounds {
		d.reset()
	}
	if !d.interned { // the first time: every node is keyed
		// Interning every fixed part first, in a loop of its own, keeps
		// the representatives in cache while the node fields stream by;
		// the keying loop then streams only the compact arrays.
		d.internAll(s)
	}
	if !d.keyTable {
		d.newKeys(s)
	}
	merged := 0
	// Below full, no node died since the last scan, which left every live
	// node keyed and reading live nodes (state.backward): only the nodes
	// rewritten since are to be keyed again, in index order. From full
	// on, every node is visited; a merge lowers full to the dead node,
	// whose readers all come after it.
	full := s.revisitFrom(s.diedDedupe)
	marks := s.rekeyed
	if full > 0 {
		slices.Sort(marks) // fold's and then swizzles'
	}
	for i := 0; i < len(g.Nodes); i++ {
		if full = min(full, s.revisitFrom(s.diedDedupe)); i < full {
			for len(marks) > 0 && int(marks[0]) < i {
				marks = marks[1:]
			}
			if len(marks) == 0 || int(marks[0]) >= full {
				i = full - 1
				continue
			}
			i = int(marks[0])
		}
		if !s.alive[i] {
			continue
		}
		moved := s.canonicalise(i)
		if (!moved && d.ent[i].slot != 0) || !s.has(i, flagValue) {
			continue // its entry stands, or it is never merged
		}
		d.drop(i)
		if d.ent[i].sig == 0 {
			d.ent[i].sig = d.intern(s, i)
		}
		if sig := d.ent[i].sig; d.nreads[sig-1] == 0 {
			// A key of no reads is its fixed part: the class is the entry.
			switch j := int(d.first[sig-1]) - 1; {
			case j < 0:
			case j < i:
				s.merge(i, j)
				merged++
				continue
			default: // a later node nothing changed: i comes first
				s.merge(j, i)
				merged++
			}
			d.first[sig-1] = int32(i + 1)
			d.ent[i].slot = inFirst
			continue
		}
		h := d.keyHash(s, i)
		k, first, found := d.find(s, i, h)
		switch {
		case !found:
			d.insertAt(s, k, h, i)
		case int(first) < i:
			s.merge(i, int(first))
			merged++
		default: // a later node nothing changed has this key: i comes first
			s.merge(int(first), i)
			d.insertAt(s, k, h, i)
			merged++
		}
	}
	s.diedDedupe = noneTouched
	s.rekeyed = s.rekeyed[:0]
	return merged
}

// dedupeEntry is what dedupe knows of one node, in one place: the pass
// reads both for every node.
type dedupeEntry struct {
	sig  uint32 // 1 + the index of its fixed part's representative; 0 = not interned
	slot uint32 // 1 + its slot in keys, or inFirst; 0 = not in the table
}

// dedupeState is dedupe's memory from round to round.
type dedupeState struct {
	ent []dedupeEntry // per node
	// fixed maps a fixed part to its representative, keys a round key to
	// its entry: open addressing with linear probing. A fixed slot is the
	// hash's upper 32 bits (the tag) and 1 + the representative's index; a
	// key slot is less (see none).
	fixed []uint64
	keys  []uint32
	used  int // keys' slots not empty, tombstones included
	bits  int // how many of a key slot's bits are the index
	// The representatives are the fixed parts' words, one after another:
	// sig-1's are words[at[sig-1]:at[sig]]. nreads[sig-1] is how many reads
	// the key of a node of that fixed part has (a folded node keeps slots
	// in refs its key does not count).
	words  []uint32
	at     []uint32
	nreads []int32
	// first[sig-1] is 1 + the live node whose key is that fixed part and
	// no reads (a constant, a parameter): those never go to keys, whose
	// slots are random reads of a big table, but stay with their class.
	first  []int32
	coder  fixedCoder
	buf    []uint32     // the words of the node being interned
	simple []simpleSlot // sigs of simple nodes' fixed parts, by their number (intern)
	// arena holds one entry per key in the table, in the words a
	// comparison reads: the node, its sig, then each read and its output.
	arena []uint32
	// lastOf is, by op, the last node intern spelled (fixedkey.go).
	lastOf [256]lastInterned
	// interned says every node's fixed part was interned once; gen counts
	// the starts, so that a sig kept outside (fold's Constants) is known
	// to be of this table.
	interned bool
	gen      uint32
	keyed    int  // interned nodes whose keys have reads: keys is sized by it
	keyTable bool // keys was made for this graph (its array may be an earlier graph's)
}

func (d *dedupeState) reset() {
	*d = dedupeState{gen: d.gen}
}

// start readies d for a graph of n nodes, in the arrays an earlier graph
// left when it has them (Run's scratch). The coder's ids stay: they name
// strings by their text, whatever graph they came from.
func (d *dedupeState) start(n int) {
	d.gen++
	d.used, d.interned, d.keyed, d.keyTable = 0, false, 0, false
	d.ent = zeroed(d.ent, n)
	// A 100k-node graph has about 5k fixed parts as built and 11k once
	// fold has made its Constants, of 8 words each on average: sized so
	// that none of these grows.
	d.fixed = zeroed(d.fixed, tableSize(n/8))
	d.words = emptied(d.words, n)
	d.at = append(emptied(d.at, n/8+1), 0)
	d.nreads = emptied(d.nreads, n/8)
	d.first = emptied(d.first, n/8)
	d.arena = emptied(d.arena, 2*n)
	if d.gen == 0 { // wrapped: a slot of that generation may still lie there
		clear(d.simple)
	}
	clear(d.lastOf[:])
	if len(d.coder.ids) > maxCoderIDs {
		d.coder = fixedCoder{}
	}
}

// maxCoderIDs bounds the strings a coder kept from graph to graph knows.
const maxCoderIDs = 1 << 16

// tableSize is a power of two of at least n slots (16 at least); a table
// grows past 3/4 full, and a small one is a table in cache.
func tableSize(n int) int {
	size := 16
	for size < n {
		size <<= 1
	}
	return size
}

// internAll interns the fixed part of every live value node that has none
// yet: what the first round does on the way, done beforehand
// (BenchmarkDedupe measures the pass with it done and without).
func (d *dedupeState) internAll(s *state) {
	if d.ent == nil {
		d.start(len(s.g.Nodes))
	}
	d.interned = true
	for i := range s.g.Nodes {
		if s.alive[i] && s.has(i, flagValue) && d.ent[i].sig == 0 {
			d.ent[i].sig = d.intern(s, i)
		}
	}
}

// intern returns the sig of node i's fixed part: 1 + the index of its
// representative, the words of the first node that had it.
func (d *dedupeState) intern(s *state, i int) uint32 {
	// A simple node (no class, properties or named inputs, one output:
	// half of a graph) has a fixed part of three words that one number
	// holds whole, so a small cache of those numbers finds its sig without
	// spelling, hashing or comparing words. Another node is first held
	// against the last of its op (lastOf).
	n := s.g.Nodes[i]
	if n.Class != "" || len(n.Props)|len(n.Pins) != 0 || len(n.Outputs) != 1 || len(n.Operands) >= countMax {
		last := &d.lastOf[n.Op]
		if last.tries >= memoTrial && 2*last.hits < last.tries {
			return d.internWords(s, i) // an op of many shapes: the memo would cost more than it saves
		}
		last.tries++
		if last.node != nil && sameFixedFields(last.node, n) {
			last.hits++
			if d.nreads[last.sig-1] > 0 {
				d.keyed++
			}
			return last.sig
		}
		sig := d.internWords(s, i)
		last.node, last.sig = n, sig
		return sig
	}
	a, b := d.coder.id(n.Outputs[0].Name), d.coder.id(n.Outputs[0].Type)
	if a|b >= 0xffff {
		return d.internWords(s, i)
	}
	key := uint64(keyOp(n.Op)) | uint64(len(n.Operands))<<8 | 1<<16 | uint64(a<<16|b)<<32
	if len(d.simple) == 0 {
		d.simple = make([]simpleSlot, 1024)
	}
	sl := &d.simple[mix(key, 0)&uint64(len(d.simple)-1)]
	if sl.key == key && sl.gen == d.gen {
		if d.nreads[sl.sig-1] > 0 {
			d.keyed++
		}
		return sl.sig
	}
	sig := d.internWords(s, i)
	*sl = simpleSlot{key, sig, d.gen}
	return sig
}

// simpleSlot is a simple node's fixed part as one number (intern) and its
// sig; key 0 is empty, and so is a slot of another generation.
type simpleSlot struct {
	key uint64
	sig uint32
	gen uint32 // the start it was written in: a slot of an earlier graph's is empty (no clear per graph)
}

// internWords is intern by the fixed part's words.
func (d *dedupeState) internWords(s *state, i int) uint32 {
	if 4*(len(d.nreads)+1) > 3*len(d.fixed) {
		d.fixed = regrow(d.fixed, len(d.fixed)*2, func(rep int) uint64 {
			return hashWords(d.rep(rep))
		})
	}
	n := s.g.Nodes[i]
	w := d.coder.words(d.buf[:0], n)
	d.buf = w
	h := hashWords(w)
	tag := h >> 32
	mask := uint64(len(d.fixed) - 1)
	for k := h & mask; ; k = (k + 1) & mask {
		sl := d.fixed[k]
		if sl == 0 {
			d.words = append(d.words, w...)
			d.at = append(d.at, uint32(len(d.words)))
			d.nreads = append(d.nreads, int32(len(n.Operands)+len(n.Pins)))
			if len(n.Operands)+len(n.Pins) > 0 {
				d.keyed++
			}
			d.first = append(d.first, 0)
			d.fixed[k] = tag<<32 | uint64(len(d.nreads))
			return uint32(len(d.nreads))
		}
		if sl>>32 == tag && slices.Equal(w, d.rep(int(uint32(sl))-1)) {
			if d.nreads[uint32(sl)-1] > 0 {
				d.keyed++
			}
			return uint32(sl)
		}
	}
}

// rep is the words of representative r (sig r+1).
func (d *dedupeState) rep(r int) []uint32 { return d.words[d.at[r]:d.at[r+1]] }

// keyHash hashes node i's round key: its sig and its reads, each read its
// node and output (an absent slot whatever its output).
func (d *dedupeState) keyHash(s *state, i int) uint64 {
	sig := d.ent[i].sig
	h := uint64(sig)
	lo := s.readStart[i]
	hi := lo + d.nreads[sig-1]
	for k := lo; k < hi; k++ {
		r := s.refs[k]
		if r < 0 {
			h = mix(h, 1<<63)
			continue
		}
		h = mix(h, uint64(uint32(r))|uint64(uint32(s.outs[k]))<<32)
	}
	return mix(h, uint64(hi-lo))
}

// sameKey reports whether node i's round key is the one the arena entry
// at off holds.
func (d *dedupeState) sameKey(s *state, i int, off uint32) bool {
	sig := d.ent[i].sig
	if d.arena[off+1] != sig {
		return false
	}
	lo := s.readStart[i]
	n := d.nreads[sig-1]
	e := d.arena[off+2 : off+2+2*uint32(n)]
	for k := range n {
		ra, oa := s.refs[lo+k], s.outs[lo+k]
		rb, ob := int32(e[2*k]), int32(e[2*k+1])
		if ra != rb || ra >= 0 && oa != ob {
			return false
		}
		if ra >= 0 && oa == outWide && s.outAt(i, int(k)) != s.outAt(int(d.arena[off]), int(k)) {
			return false
		}
	}
	return true
}

// find returns the slot where node i's key (hash h) is or would go, and
// the node there if any.
func (d *dedupeState) find(s *state, i int, h uint64) (int, int32, bool) {
	if 4*(d.used+1) > 3*len(d.keys) {
		d.growKeys(s)
	}
	tag := d.tag(h)
	none := d.none()
	mask := uint64(len(d.keys) - 1)
	for k := h & mask; ; k = (k + 1) & mask {
		sl := d.keys[k]
		if sl == 0 {
			return int(k), 0, false
		}
		if sl&^none == tag && sl&none != none {
			if off := 2 * (sl&none - 1); d.sameKey(s, i, off) {
				return int(k), int32(d.arena[off]), true
			}
		}
	}
}

// A key slot is the entry's arena offset, halved (entries are an even
// number of words) plus one, in its low bits bits, and the hash's top
// bits, the tag, in the rest: 4-byte slots make the table half the size,
// twice as likely to be in cache. An index of all ones (none) is a
// tombstone: it ends no probe and matches nothing.
func (d *dedupeState) none() uint32        { return 1<<d.bits - 1 }
func (d *dedupeState) tag(h uint64) uint32 { return uint32(h>>32) &^ d.none() }

// newKeys makes the key table: sized for the keys there would be if
// nothing merged (a third of value nodes have no reads: constants,
// parameters, which never go in), and with index bits for the most arena
// the live entries can take, two words a node and two a read.
func (d *dedupeState) newKeys(s *state) {
	d.keys = zeroed(d.keys, tableSize(d.keyed)) // in an earlier Run's array when it is big enough
	d.bits = min(32, bits.Len(uint(len(s.g.Nodes)+len(s.refs)+2)))
	d.keyTable = true
	if s.smallKeys {
		d.keys, d.bits = make([]uint32, 16), 2
	}
}

// insertAt records node i (key hash h) in slot k, which the find of its
// key just returned (empty, or its key's own).
func (d *dedupeState) insertAt(s *state, k int, h uint64, i int) {
	sig := d.ent[i].sig
	n := d.nreads[sig-1]
	if (len(d.arena)+2+2*int(n))/2 >= int(d.none()) {
		// Only later rounds' entries pile up past the bound: dropping
		// the dead ones makes room (or more index bits do).
		for d.rekey(s, len(d.keys), d.bits); (len(d.arena)+2+2*int(n))/2 >= int(d.none()); {
			d.rekey(s, len(d.keys), d.bits+1)
		}
		mask := uint64(len(d.keys) - 1)
		k = int(h & mask)
		for d.keys[k] != 0 {
			k = (k + 1) & int(mask)
		}
	}
	if d.keys[k] == 0 {
		d.used++
	}
	off := len(d.arena)
	d.arena = append(d.arena, uint32(i), sig)
	lo := s.readStart[i]
	for j := lo; j < lo+n; j++ {
		d.arena = append(d.arena, uint32(s.refs[j]), uint32(s.outs[j]))
	}
	d.keys[k] = d.tag(h) | uint32(off/2+1)
	d.ent[i].slot = uint32(k + 1)
}

// growKeys doubles the key table, or rehashes it in place when it is
// mostly tombstones.
func (d *dedupeState) growKeys(s *state) {
	live := 0
	for _, sl := range d.keys {
		if sl != 0 && sl&d.none() != d.none() {
			live++
		}
	}
	size := 2 * len(d.keys)
	if d.used-live > len(d.keys)/2 {
		size = len(d.keys)
	}
	d.rekey(s, size, d.bits)
}

// rekey rehashes the live entries into a table of size slots, with bits
// index bits, copying them to a new arena without the dead ones, and keeps
// slot up to date.
func (d *dedupeState) rekey(s *state, size, bits int) {
	old, oldNone := d.keys, d.none()
	d.keys, d.bits = make([]uint32, size), bits
	d.used = 0
	arena := make([]uint32, 0, len(d.arena))
	mask := uint64(size - 1)
	for _, sl := range old {
		if sl == 0 || sl&oldNone == oldNone {
			continue
		}
		off := 2 * (sl&oldNone - 1)
		node, sig := d.arena[off], d.arena[off+1]
		e := d.arena[off : off+2+2*uint32(d.nreads[sig-1])]
		h := entryHash(e)
		k := h & mask
		for d.keys[k] != 0 {
			k = (k + 1) & mask
		}
		d.keys[k] = d.tag(h) | uint32(len(arena)/2+1)
		d.used++
		d.ent[node].slot = uint32(k + 1)
		arena = append(arena, e...)
	}
	d.arena = arena
}

// entryHash is keyHash of the node an arena entry holds.
func entryHash(e []uint32) uint64 {
	h := uint64(e[1])
	for k := 2; k < len(e); k += 2 {
		if int32(e[k]) < 0 {
			h = mix(h, 1<<63)
			continue
		}
		h = mix(h, uint64(e[k])|uint64(e[k+1])<<32)
	}
	return mix(h, uint64(len(e)/2-1))
}

// regrow rehashes the entries of an open-addressing table into one of
// size slots (a power of two). A slot holds 1 + its entry's index in its
// low 32 bits (0: empty; the fixed table keeps a tag above them); hash
// gives the hash of the entry at an index.
func regrow[S ~int32 | ~uint64](slots []S, size int, hash func(int) uint64) []S {
	out := make([]S, size)
	mask := uint64(size - 1)
	for _, sl := range slots {
		if uint32(sl) == 0 {
			continue
		}
		k := hash(int(uint32(sl))-1) & mask
		for out[k] != 0 {
			k = (k + 1) & mask
		}
		out[k] = sl
	}
	return out
}

// forget says node i changed or died: its fixed part is to be interned
// again and its entry no longer stands.
func (d *dedupeState) forget(i int) {
	if d.ent != nil {
		d.drop(i)
		if sig := d.ent[i].sig; sig != 0 && d.nreads[sig-1] > 0 {
			d.keyed-- // so that the key table is sized for the keys there will be
		}
		d.ent[i].sig = 0
	}
}

// inFirst in slot says a node's entry is its class's first.
const inFirst = ^uint32(0)

// drop removes i's entry, leaving a tombstone in its slot.
func (d *dedupeState) drop(i int) {
	switch k := d.ent[i].slot; k {
	case 0:
		return
	case inFirst:
		d.first[d.ent[i].sig-1] = 0
	default:
		d.keys[k-1] = d.none()
	}
	d.ent[i].slot = 0
}

// appendReadsOf is the reads part of node i's packed key
// (ir.AppendPackedStatic): operands in order, then the named inputs in
// ir.PinOrder, which is the order refs holds them in.
func appendReadsOf(dst []byte, s *state, i int) []byte {
	for k, r := range s.reads(i) {
		dst = ir.AppendPackedRead(dst, int(r), s.outAt(i, k))
	}
	return dst
}
