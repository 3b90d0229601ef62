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
// The key is split in two (ir.AppendPackedStatic, the binary form of
// DedupeKey cut where the reads begin; same equality). The static part —
// op, class, outputs, properties, the input names — no merge can change:
// it is interned once per node and graph into a small number (sig), and only
// fold or a composed swizzle, which rewrite a node, make it be interned
// again. What is hashed per round is the sig and the reads, a dozen bytes
// rather than three dozen. The table outlives the round: a later round
// re-keys only the nodes whose reads moved (a read of a node that died
// since) or that were rewritten, and skips the rest, whose entries still
// stand; rounds 2 and 3 merge a handful of nodes, so they cost a scan of
// the reads. That is the old full pass exactly: visiting in index order, a
// re-keyed node that finds an untouched later node with its key takes its
// place as the survivor (the later node would have found it), and a node
// that is still to be re-keyed cannot match, since it reads a dead node or
// has no sig.
//
// Measured (issue 16; BenchmarkDedupe, 100k-node irgen graphs, CPU time,
// benchstat over 10 interleaved runs against the pass before the split, on
// a shared 2-core machine): with the static parts interned beforehand the
// pass costs 0.66-0.71x the old one (280-300 ns a node there, 0 B); interning
// them on the way ("cold", as Run's first round does) costs 1.27-1.36x,
// since building the static bytes is most of what building the whole key
// was, and a second (hot: ~5k distinct static parts in 100k nodes) probe
// comes on top. The pass is neither purely compute- nor memory-bound: with
// the statics known, half its time is keyTable.find, mostly the load of the
// slot (131072 slots of 8 bytes, 1 MB) and the arena read that confirms a
// hit; cold, building the static bytes (appendPackedHead, props and their
// numbers) is as much again. What the split buys is the later rounds, which
// re-key a handful of nodes. Hashing the fields without building a key and
// confirming a hit by comparing the two nodes was slower (the comparison
// reads the earlier node, far away in memory, where the arena holds its key
// in a few bytes); so was keying a batch of nodes before inserting any.

import (
	"bytes"
	"encoding/binary"
	"hash/maphash"

	"reuselab/ir"
)

func dedupe(g *ir.Graph, s *state) int {
	d := &s.dd
	if !incremental {
		*d = dedupeState{}
	}
	if d.sig == nil { // the first time: every node is keyed
		d.start(len(g.Nodes))
	}
	merged := 0
	for i, n := range g.Nodes {
		if !s.alive[i] {
			continue
		}
		moved := s.canonicalise(i)
		if (!moved && d.slot[i] != 0) || n.Role != ir.RoleValue {
			continue // its entry stands, or it is never merged
		}
		d.drop(i)
		if d.sig[i] == 0 {
			d.buf = ir.AppendPackedStatic(d.buf[:0], n)
			d.sig[i] = d.statics.intern(d.buf)
		}
		d.buf = d.appendReads(d.buf[:0], s, i, n)
		k, first, found := d.keys.find(d.buf)
		switch {
		case !found:
			d.slot[i] = d.keys.insertAt(k, d.buf, int32(i))
		case int(first) < i:
			s.merge(i, int(first))
			merged++
		default: // a later node nothing changed has this key: i comes first
			s.merge(int(first), i)
			d.slot[i] = d.keys.insertAt(k, d.buf, int32(i))
			merged++
		}
	}
	return merged
}

// incremental lets a later round revisit only what changed (dedupe, fold,
// swizzles); off, every round visits every node from scratch, as before
// issue 16 — the reference TestIncrementalRoundsAreFullRounds compares with.
var incremental = true

// dedupeState is dedupe's memory from round to round.
type dedupeState struct {
	sig     []uint32 // node → its interned static part; 0 = not interned
	slot    []uint32 // node → 1 + its slot in keys; 0 = not in the table
	statics keyTable // static part → sig (the "node" of an entry)
	keys    keyTable // sig and reads → node
	buf     []byte
	order   [16]int32
}

func (d *dedupeState) start(n int) {
	d.sig = make([]uint32, n)
	d.slot = make([]uint32, n)
	d.statics.reset(n / 16) // ~5k static parts in a 100k-node graph
	d.keys.reset(n)
	d.keys.owner = d.slot
}

// internAll interns the static part of every live value node that has
// none yet: what the first round does on the way, done beforehand
// (BenchmarkDedupe measures the pass with it done and without).
func (d *dedupeState) internAll(s *state) {
	if d.sig == nil {
		d.start(len(s.g.Nodes))
	}
	for i, n := range s.g.Nodes {
		if s.alive[i] && n.Role == ir.RoleValue && d.sig[i] == 0 {
			d.buf = ir.AppendPackedStatic(d.buf[:0], n)
			d.sig[i] = d.statics.intern(d.buf)
		}
	}
}

// forget says node i changed or died: its static part is to be interned
// again and its entry no longer stands.
func (d *dedupeState) forget(i int) {
	if d.sig != nil {
		d.sig[i] = 0
		d.drop(i)
	}
}

// drop removes i's entry, leaving a tombstone in its slot.
func (d *dedupeState) drop(i int) {
	if k := d.slot[i]; k != 0 {
		d.keys.slots[k-1] = tombstone
		d.slot[i] = 0
	}
}

// appendReads is node i's sig and its reads.
func (d *dedupeState) appendReads(dst []byte, s *state, i int, n *ir.Node) []byte {
	return appendReadsOf(binary.AppendUvarint(dst, uint64(d.sig[i])), s, i, n, d.order[:0])
}

// appendReadsOf is the reads part of node i's packed key
// (ir.AppendPackedStatic): operands in order, then the named inputs in
// ir.PinOrder, as refs and the node's outputs give them.
func appendReadsOf(dst []byte, s *state, i int, n *ir.Node, order []int32) []byte {
	rs := s.reads(i)
	for k := range n.Operands {
		dst = ir.AppendPackedRead(dst, int(rs[k]), n.Operands[k].Out)
	}
	if len(n.Pins) > 0 {
		pins := rs[len(n.Operands):]
		for _, k := range ir.PinOrder(order, n) {
			dst = ir.AppendPackedRead(dst, int(pins[k]), n.Pins[k].Ref.Out)
		}
	}
	return dst
}

// keyTable maps a key to a number (a node, or a sig): open addressing with
// linear probing over 8-byte slots, each the key's 32-bit hash tag and its
// place in an arena that holds, per key, the number, the key's length and
// the key itself. The slots stay small so that most probes hit the cache.
// A slot whose entry was dropped is a tombstone: it ends no probe and
// matches nothing.
type keyTable struct {
	slots []uint64 // tag<<32 | (arena offset + 1); 0 = empty
	used  int      // slots not empty, tombstones included
	arena []byte
	next  uint32   // intern: the last number handed out
	tag   uint64   // the hash tag of the key find looked for last
	owner []uint32 // when set, owner[number] = 1 + slot, kept up as slots move
}

const tombstone = uint64(0xffffffff) << 32

var tableSeed = maphash.MakeSeed()

// reset empties the table for up to n keys: n slots, rounded up to a power
// of two. It grows past 3/4 full; a small table is a table in cache.
func (t *keyTable) reset(n int) {
	size := 16
	for size < n {
		size <<= 1
	}
	if cap(t.slots) >= size {
		t.slots = t.slots[:size]
		clear(t.slots)
	} else {
		t.slots = make([]uint64, size)
	}
	t.used, t.next = 0, 0
	if cap(t.arena) == 0 {
		t.arena = make([]byte, 0, 8*n)
	}
	t.arena = t.arena[:0]
}

// find returns the slot where key is or would go, and its number if there.
func (t *keyTable) find(key []byte) (int, int32, bool) {
	if 4*(t.used+1) > 3*len(t.slots) {
		t.grow()
	}
	h := maphash.Bytes(tableSeed, key)
	tag := h >> 32
	t.tag = tag
	mask := uint64(len(t.slots) - 1)
	for k := h & mask; ; k = (k + 1) & mask {
		sl := t.slots[k]
		if sl == 0 {
			return int(k), 0, false
		}
		if sl>>32 == tag && uint32(sl) != 0 {
			if num, stored := t.entry(sl); bytes.Equal(stored, key) {
				return int(k), num, true
			}
		}
	}
}

// insertAt records key → num in slot k, which the find of key just
// returned (empty, or key's own), and returns 1 + k.
func (t *keyTable) insertAt(k int, key []byte, num int32) uint32 {
	if t.slots[k] == 0 {
		t.used++
	}
	t.slots[k] = t.tag<<32 | uint64(len(t.arena)+1)
	t.arena = binary.LittleEndian.AppendUint32(t.arena, uint32(num))
	t.arena = binary.AppendUvarint(t.arena, uint64(len(key)))
	t.arena = append(t.arena, key...)
	return uint32(k + 1)
}

// intern returns key's number, handing out the next one to a new key.
func (t *keyTable) intern(key []byte) uint32 {
	k, num, found := t.find(key)
	if found {
		return uint32(num)
	}
	t.next++
	t.insertAt(k, key, int32(t.next))
	return t.next
}

// entry reads the number and key a slot points at.
func (t *keyTable) entry(sl uint64) (int32, []byte) {
	off := int(uint32(sl)) - 1
	num := int32(binary.LittleEndian.Uint32(t.arena[off:]))
	n, w := binary.Uvarint(t.arena[off+4:])
	start := off + 4 + w
	return num, t.arena[start : start+int(n)]
}

// grow doubles the slots, rehashing every entry and dropping tombstones.
func (t *keyTable) grow() {
	old := t.slots
	size := 2 * len(old)
	if t.used-t.live(old) > len(old)/2 { // mostly tombstones: rehash in place
		size = len(old)
	}
	t.slots = make([]uint64, size)
	t.used = 0
	mask := uint64(size - 1)
	for _, sl := range old {
		if sl == 0 || uint32(sl) == 0 {
			continue
		}
		num, key := t.entry(sl)
		k := maphash.Bytes(tableSeed, key) & mask
		for t.slots[k] != 0 {
			k = (k + 1) & mask
		}
		t.slots[k] = sl
		t.used++
		if t.owner != nil {
			t.owner[num] = uint32(k + 1)
		}
	}
}

func (t *keyTable) live(slots []uint64) int {
	n := 0
	for _, sl := range slots {
		if uint32(sl) != 0 {
			n++
		}
	}
	return n
}
