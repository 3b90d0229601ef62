package passes

// Dedupe: one pass of hashing in index order (R5, R6, R7).
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
// One table maps key → first live node with that key. A live value node
// whose key is in the table dies and its readers go to that node; otherwise
// it enters the table. The survivor is therefore the lowest index (R6), and
// it keeps its own span and debug name. Statements and FunctionInputs
// (Role != RoleValue) are keyed for nothing: their inputs are canonicalised
// but they never enter the table and are never merged (R7).
//
// Cost: O(N + E + total key length) per run, with no pairwise comparison.
// The key hashed is ir.AppendPackedKey, the binary form of DedupeKey (same
// equality, half the bytes, ids as varints and numbers as decimal mantissa
// and exponent rather than text). Keys go into one reusable buffer (no
// allocation per node); a key that is new is copied once into an arena, and
// the table is open addressing over 8-byte slots (a 32-bit hash tag and an
// arena offset), one slot a node rounded up to a power of two, so the
// memory is the arena plus 8 to 16 bytes a node. A tag hit is confirmed by
// comparing the bytes, so a hash collision costs a comparison, never a
// wrong merge. The table and arena are kept in state and reused from round
// to round.
//
// Measured on the way (BenchmarkDedupe, 100k-node irgen graphs, benchstat
// over 10 interleaved runs): the packed key gives 1.17× the text key's
// nodes/s and allocates 30.6 B a node instead of 42.5.
// Hashing the node's fields and confirming a hit by comparing the two nodes
// (no key built, no arena) was slower: the comparison reads the earlier
// node, far away in memory, where the arena holds its key in ~34 bytes.
// Keying a batch of nodes before inserting any, so that the slot reads
// overlap as in a hash join, gained nothing: the second walk over the
// batch cost what the overlap saved. Building the part of every key that no
// merge changes (op, class, outputs, properties) on all cores before the
// pass gained nothing either (-1%, n=8) and doubled the bytes allocated:
// the key building overlaps the memory stalls that set the pace.

import (
	"bytes"
	"encoding/binary"
	"hash/maphash"

	"reuselab/ir"
)

func dedupe(g *ir.Graph, s *state) int {
	merged := 0
	s.keys.reset(len(g.Nodes))
	for i, n := range g.Nodes {
		if !s.alive[i] {
			continue
		}
		s.canonicalise(n)
		if n.Role != ir.RoleValue {
			continue
		}
		s.buf = ir.AppendPackedKey(s.buf[:0], n, nil)
		if first, found := s.keys.insert(s.buf, int32(i)); found {
			s.merge(i, int(first))
			merged++
		}
	}
	return merged
}

// keyTable maps a dedupe key to the first node that had it: open addressing
// with linear probing over 8-byte slots, each the key's 32-bit hash tag and
// its place in an arena that holds, per key, the node, the key's length and
// the key itself. The slots stay small so that most probes hit the cache.
type keyTable struct {
	slots []uint64 // tag<<32 | (arena offset + 1); 0 = empty
	used  int
	arena []byte
}

var tableSeed = maphash.MakeSeed()

// reset empties the table for up to n keys: n slots, rounded up to a power
// of two. It grows past 3/4 full, which a graph with many duplicates never
// reaches; a small table is a table in cache.
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
	t.used = 0
	if cap(t.arena) == 0 {
		t.arena = make([]byte, 0, 20*n) // about half the keys of a graph are new
	}
	t.arena = t.arena[:0]
}

// insert returns the node that first had key, or records node for it.
func (t *keyTable) insert(key []byte, node int32) (int32, bool) {
	if 4*(t.used+1) > 3*len(t.slots) {
		t.grow()
	}
	h := maphash.Bytes(tableSeed, key)
	tag := h >> 32
	mask := uint64(len(t.slots) - 1)
	for k := h & mask; ; k = (k + 1) & mask {
		sl := t.slots[k]
		if sl == 0 {
			t.slots[k] = tag<<32 | uint64(len(t.arena)+1)
			t.arena = binary.LittleEndian.AppendUint32(t.arena, uint32(node))
			t.arena = binary.AppendUvarint(t.arena, uint64(len(key)))
			t.arena = append(t.arena, key...)
			t.used++
			return node, false
		}
		if sl>>32 == tag {
			if first, stored := t.entry(sl); bytes.Equal(stored, key) {
				return first, true
			}
		}
	}
}

// entry reads the node and key a slot points at.
func (t *keyTable) entry(sl uint64) (int32, []byte) {
	off := int(uint32(sl)) - 1
	node := int32(binary.LittleEndian.Uint32(t.arena[off:]))
	n, w := binary.Uvarint(t.arena[off+4:])
	start := off + 4 + w
	return node, t.arena[start : start+int(n)]
}

func (t *keyTable) grow() {
	old := t.slots
	t.slots = make([]uint64, 2*len(old))
	mask := uint64(len(t.slots) - 1)
	for _, sl := range old {
		if sl == 0 {
			continue
		}
		_, key := t.entry(sl)
		k := maphash.Bytes(tableSeed, key) & mask
		for t.slots[k] != 0 {
			k = (k + 1) & mask
		}
		t.slots[k] = sl
	}
}
