package compiled

import "slices"

// relation is one predicate's facts in a run: a column of Vals per
// argument (append-only, so a round's delta is a range of rows), a hash
// set over whole rows for duplicates, and hash indexes keyed by the
// columns a join binds, built on first use and extended as rows arrive.
type relation struct {
	arity int
	cols  [][]Val
	n     int
	set   chains
	idx   map[uint64]*index // by bound-column mask
	// dense holds the rows of a unary relation whose value is below
	// denseMax, as a bitset (set holds the rest): the reachability
	// predicates of the once-only phases hold every node of a graph,
	// and a hash chain per node was most of their time and heap.
	dense denseSet
}

// denseSet is a bitset over small Vals; lo and hi bound the words set
// since the last reset, so that a level's reset clears only those.
type denseSet struct {
	bits   []uint64
	lo, hi int
}

// denseMax bounds the Vals a unary relation holds in its bitset: node
// ids, in practice; the bitset grows to the largest one held.
const denseMax = 1 << 22

// add sets v's bit; false when it was set.
func (d *denseSet) add(v Val) bool {
	w := int(v >> 6)
	if w >= len(d.bits) {
		d.bits = append(d.bits, make([]uint64, max(w+1, 2*len(d.bits))-len(d.bits))...)
	}
	b := uint64(1) << (v & 63)
	if d.bits[w]&b != 0 {
		return false
	}
	if d.lo == d.hi {
		d.lo, d.hi = w, w+1
	} else {
		d.lo, d.hi = min(d.lo, w), max(d.hi, w+1)
	}
	d.bits[w] |= b
	return true
}

func (d *denseSet) has(v Val) bool {
	w := int(v >> 6)
	return w < len(d.bits) && d.bits[w]&(uint64(1)<<(v&63)) != 0
}

func (d *denseSet) reset() {
	clear(d.bits[d.lo:d.hi])
	d.lo, d.hi = 0, 0
}

// chains is a hash table of row chains: head maps a hash to its newest
// row (+1, 0 ends) and next links each row to the older one.
type chains struct {
	head heads
	next []int32
}

type index struct {
	cols  []int
	c     chains
	built int // rows indexed so far
	// byKey, when set, is the head table of a one-column index over small
	// direct Vals (node ids): byKey[v] is the newest row (+1) with key v,
	// addressed instead of hashed. A large relation's index (denseIndexMin
	// rows when first built) whose keys all qualify gets one: a graph's
	// edges indexed by node were a hash table of a dozen bytes a slot at
	// twice the rows, most of the post phase's heap. A key that does not
	// qualify later turns it back into a hash table.
	byKey []int32
}

// denseIndexMin is the rows from which an index may be addressed by key;
// denseIndexSpan bounds its table to that many slots a row (and
// denseMax in all), so that a few large keys do not make it sparse.
const (
	denseIndexMin  = 4096
	denseIndexSpan = 8
)

func newRelation(arity int) *relation {
	return &relation{arity: arity, cols: make([][]Val, arity), idx: map[uint64]*index{}}
}

func (r *relation) row(i int, buf []Val) []Val {
	buf = buf[:0]
	for _, c := range r.cols {
		buf = append(buf, c[i])
	}
	return buf
}

func (r *relation) equalRow(i int, vs []Val) bool {
	for k, c := range r.cols {
		if c[i] != vs[k] {
			return false
		}
	}
	return true
}

// insert adds a row; false when it was there.
func (r *relation) insert(vs []Val) bool {
	if r.arity == 1 && vs[0] < denseMax {
		if !r.dense.add(vs[0]) {
			return false
		}
		r.appendRow(vs)
		return true
	}
	h := hashVals(vs)
	for k := r.set.head.get(h); k != 0; k = r.set.next[k-1] {
		if r.equalRow(int(k-1), vs) {
			return false
		}
	}
	// the chains are indexed by row: rows the bitset holds have none
	for len(r.set.next) < r.n {
		r.set.next = append(r.set.next, 0)
	}
	r.appendRow(vs)
	r.set.next = append(r.set.next, r.set.head.put(h, int32(r.n)))
	return true
}

// reset empties the relation, keeping the storage of its columns, set and
// indexes.
func (r *relation) reset() {
	for k := range r.cols {
		r.cols[k] = r.cols[k][:0]
	}
	r.n = 0
	r.set.reset()
	r.dense.reset()
	for _, x := range r.idx {
		x.built = 0
		x.c.reset()
		x.byKey = x.byKey[:0]
	}
}

func (c *chains) reset() {
	c.next = c.next[:0]
	if c.head.n > 0 {
		clear(c.head.keys)
		clear(c.head.rows)
		c.head.n = 0
	}
}

// appendRow adds a row without the duplicate check: a fed relation's
// rows, which the driver gives once each (such a relation has no set, so
// insert must never be called on it).
func (r *relation) appendRow(vs []Val) {
	for k, c := range r.cols {
		r.cols[k] = append(grow(c), vs[k])
	}
	r.n++
}

// grow makes room for one more value, doubling: append grows a large
// slice by a quarter, so a column filled to a graph's size was
// allocated about five times over.
func grow(c []Val) []Val {
	if len(c) < cap(c) {
		return c
	}
	return slices.Grow(c, max(len(c), 64))
}

// contains reports whether the row is stored.
func (r *relation) contains(vs []Val) bool {
	if r.arity == 1 && vs[0] < denseMax {
		return r.dense.has(vs[0])
	}
	h := hashVals(vs)
	for k := r.set.head.get(h); k != 0; k = r.set.next[k-1] {
		if r.equalRow(int(k-1), vs) {
			return true
		}
	}
	return false
}

// index is the index over the columns of mask, brought up to date.
func (r *relation) index(mask uint64, cols []int) *index {
	x := r.idx[mask]
	if x == nil {
		x = &index{cols: cols}
		r.idx[mask] = x
	}
	r.update(x)
	return x
}

// update brings x, one of r's indexes, up to date.
func (r *relation) update(x *index) {
	cols := x.cols
	if x.built == 0 && r.n > 0 {
		// built at once over the rows there (a fed relation's, most
		// often): sized for them
		x.byKey = x.byKey[:0]
		if top, ok := smallKeys(r, cols); ok {
			x.byKey = slices.Grow(x.byKey, int(top)+1)[:top+1]
			clear(x.byKey)
		} else {
			x.c.head.reserve(r.n)
		}
		if cap(x.c.next) < r.n {
			x.c.next = make([]int32, 0, r.n)
		}
	}
	var key [maxArity]Val
	for x.built < r.n {
		if len(x.byKey) > 0 {
			v := r.cols[cols[0]][x.built]
			if v >= Val(len(x.byKey)) && !x.widen(v, r.n) {
				// hashed from here on: index every row again
				x.byKey, x.built = x.byKey[:0], 0
				x.c.reset()
				x.c.head.reserve(r.n)
				continue
			}
			x.c.next = append(x.c.next, x.byKey[v])
			x.byKey[v] = int32(x.built + 1)
			x.built++
			continue
		}
		for j, c := range cols {
			key[j] = r.cols[c][x.built]
		}
		h := hashVals(key[:len(cols)])
		x.c.next = append(x.c.next, x.c.head.put(h, int32(x.built+1)))
		x.built++
	}
}

// smallKeys reports whether r's index over cols can be addressed by key:
// one column, enough rows, every key a direct Val within the span; top is
// the largest.
func smallKeys(r *relation, cols []int) (top Val, ok bool) {
	if len(cols) != 1 || r.n < denseIndexMin {
		return 0, false
	}
	limit := Val(min(denseIndexSpan*r.n, denseMax))
	for _, v := range r.cols[cols[0]][:r.n] {
		if v >= limit {
			return 0, false
		}
		top = max(top, v)
	}
	return top, true
}

// widen makes room in the key table for key v; false when v does not
// qualify (an interned Val, or past the span of rows rows).
func (x *index) widen(v Val, rows int) bool {
	if v >= Val(min(denseIndexSpan*rows, denseMax)) {
		return false
	}
	n := len(x.byKey)
	x.byKey = slices.Grow(x.byKey, int(v)+1-n)[:v+1]
	clear(x.byKey[n:])
	return true
}

// first is the newest row (+1) whose indexed columns may equal key;
// follow with x.c.next and check the columns (hashes collide).
func (x *index) first(key []Val) int32 {
	if len(x.byKey) > 0 {
		if key[0] < Val(len(x.byKey)) {
			return x.byKey[key[0]]
		}
		return 0
	}
	return x.c.head.get(hashVals(key))
}

// maxArity bounds the arguments of a predicate the evaluator compiles;
// a wider one is reported as unsupported.
const maxArity = 32
