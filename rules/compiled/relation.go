package compiled

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
}

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
	h := hashVals(vs)
	for k := r.set.head.get(h); k != 0; k = r.set.next[k-1] {
		if r.equalRow(int(k-1), vs) {
			return false
		}
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
	for _, x := range r.idx {
		x.built = 0
		x.c.reset()
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
		r.cols[k] = append(c, vs[k])
	}
	r.n++
}

// contains reports whether the row is stored.
func (r *relation) contains(vs []Val) bool {
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
	var key [maxArity]Val
	for ; x.built < r.n; x.built++ {
		for j, c := range cols {
			key[j] = r.cols[c][x.built]
		}
		h := hashVals(key[:len(cols)])
		x.c.next = append(x.c.next, x.c.head.put(h, int32(x.built+1)))
	}
	return x
}

// first is the newest row (+1) whose indexed columns may equal key;
// follow with x.c.next and check the columns (hashes collide).
func (x *index) first(key []Val) int32 { return x.c.head.get(hashVals(key)) }

// maxArity bounds the arguments of a predicate the evaluator compiles;
// a wider one is reported as unsupported.
const maxArity = 32
