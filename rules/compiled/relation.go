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
	head map[uint64]int32
	next []int32
}

type index struct {
	cols  []int
	c     chains
	built int // rows indexed so far
}

func newRelation(arity int) *relation {
	return &relation{arity: arity, cols: make([][]Val, arity), set: chains{head: map[uint64]int32{}},
		idx: map[uint64]*index{}}
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
	for k := r.set.head[h]; k != 0; k = r.set.next[k-1] {
		if r.equalRow(int(k-1), vs) {
			return false
		}
	}
	for k, c := range r.cols {
		r.cols[k] = append(c, vs[k])
	}
	r.n++
	r.set.next = append(r.set.next, r.set.head[h])
	r.set.head[h] = int32(r.n)
	return true
}

// contains reports whether the row is stored.
func (r *relation) contains(vs []Val) bool {
	h := hashVals(vs)
	for k := r.set.head[h]; k != 0; k = r.set.next[k-1] {
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
		x = &index{cols: cols, c: chains{head: make(map[uint64]int32, r.n)}}
		r.idx[mask] = x
	}
	var key [maxArity]Val
	for ; x.built < r.n; x.built++ {
		for j, c := range cols {
			key[j] = r.cols[c][x.built]
		}
		h := hashVals(key[:len(cols)])
		x.c.next = append(x.c.next, x.c.head[h])
		x.c.head[h] = int32(x.built + 1)
	}
	return x
}

// first is the newest row (+1) whose indexed columns may equal key;
// follow with x.c.next and check the columns (hashes collide).
func (x *index) first(key []Val) int32 { return x.c.head[hashVals(key)] }

// maxArity bounds the arguments of a predicate the evaluator compiles;
// a wider one is reported as unsupported.
const maxArity = 32
